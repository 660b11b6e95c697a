//! A tile's artwork: the picture of the printed tile that a tile set names per tile
//! (`image:`, a path relative to the file that writes it), read through the same limits as
//! every input and told by its content (PNG, JPEG or SVG), so that `tessera render
//! --overlay` can embed it under the definition ([`crate::picture::tile_sheet`]) and
//! `tessera validate` can report an image that cannot be read at the line that names it.
//!
//! Play never reads artwork: a missing picture is a warning, not an error.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diag::{Check, Finding, SourceFile};
use crate::model::{Loc, Sp};
use crate::{limits, load};

use super::compose::{self, Part};

/// A tile's image as written in a tile set, resolved (no file read yet).
#[derive(Debug, Clone)]
pub struct ImageRef {
    /// The tile's id.
    pub tile: String,
    /// The path as written (`artwork/FX1.svg`), with its place in `file`.
    pub written: Sp<String>,
    /// The file that writes it (an included tile set for an included tile).
    pub file: SourceFile,
    /// The includes that led to `file`, outermost first (for the finding's notes).
    pub chain: Vec<(SourceFile, Loc)>,
}

/// An image read and recognised: its bytes and their media type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Artwork {
    /// `image/png`, `image/jpeg` or `image/svg+xml`, told from the bytes themselves.
    pub media_type: &'static str,
    /// The file's bytes, as read.
    pub bytes: Vec<u8>,
}

impl Artwork {
    /// The image as a `data:` URI (base64), so that a picture embedding it stands alone.
    pub fn data_uri(&self) -> String {
        use base64::Engine as _;
        format!(
            "data:{};base64,{}",
            self.media_type,
            base64::engine::general_purpose::STANDARD.encode(&self.bytes)
        )
    }
}

/// The media type of an image by its first bytes: PNG (its 8-byte signature), JPEG (`FF
/// D8 FF`) or SVG (text, after an optional byte order mark and an XML declaration or
/// comments, whose first 4 KiB hold an `<svg` element); `None` for anything else.
pub fn media_type(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Some("image/png");
    }
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        return Some("image/jpeg");
    }
    let head = &bytes[..bytes.len().min(4096)];
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let text = String::from_utf8_lossy(head);
    let text = text.trim_start();
    (text.starts_with('<') && text.contains("<svg")).then_some("image/svg+xml")
}

/// Why an image whose first bytes name its kind still cannot be shown: a PNG without its
/// header or end, a JPEG without its end, an SVG that is not well-formed XML with an
/// `<svg>` root, or one that would not stand alone once embedded (a script, or a link to
/// anything but itself or a `data:` URI).
fn unusable(media_type: &str, bytes: &[u8]) -> Option<String> {
    match media_type {
        "image/png" => {
            let tail = &bytes[bytes.len().saturating_sub(12)..];
            let header = bytes.get(12..16) == Some(b"IHDR".as_slice());
            (bytes.len() < 45 || !header || !tail.windows(4).any(|w| w == b"IEND"))
                .then(|| "a PNG cut short: its header or its end is missing".to_string())
        }
        "image/jpeg" => {
            let tail = &bytes[bytes.len().saturating_sub(1024)..];
            (bytes.len() < 100 || !tail.windows(2).any(|w| w == [0xFF, 0xD9]))
                .then(|| "a JPEG cut short: its end marker is missing".to_string())
        }
        _ => {
            let Ok(text) = std::str::from_utf8(bytes) else {
                return Some("an SVG that is not UTF-8 text".to_string());
            };
            let doc = match roxmltree::Document::parse(text) {
                Ok(d) => d,
                Err(e) => return Some(format!("an SVG that is not well-formed XML ({e})")),
            };
            if doc.root_element().tag_name().name() != "svg" {
                return Some("an SVG whose root element is not <svg>".to_string());
            }
            for n in doc.descendants().filter(roxmltree::Node::is_element) {
                let name = n.tag_name().name();
                if name == "script" || name == "foreignObject" {
                    return Some(format!(
                        "an SVG with a <{name}> element, which a picture never embeds"
                    ));
                }
                for a in n.attributes() {
                    let v = a.value().trim();
                    if a.name() == "href" && !(v.starts_with('#') || v.starts_with("data:")) {
                        return Some(format!(
                            "an SVG whose <{name}> links to something outside it: embedded, it would not stand alone"
                        ));
                    }
                }
            }
            None
        }
    }
}

/// The images the parts of a composed tile set name, in the parts' order (a tile left out
/// by an include is skipped; an id defined twice keeps its first image).
pub(crate) fn refs(parts: &[Part]) -> Vec<ImageRef> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for part in parts {
        for def in &part.ts.tiles {
            let id = &def.value.id.value;
            let Some(image) = &def.value.image else {
                continue;
            };
            if part.excluded.contains(id) || !seen.insert(id.clone()) {
                continue;
            }
            out.push(ImageRef {
                tile: id.clone(),
                written: image.clone(),
                file: part.file.clone(),
                chain: part.chain.clone(),
            });
        }
    }
    out
}

/// Why a written image path is refused before anything is read: a URL, a `data:` URI, a
/// `bundled:` path, an absolute path or an empty one.
fn refused(written: &str) -> Option<&'static str> {
    let w = written.trim();
    if w.is_empty() {
        return Some("the path is empty");
    }
    if w.contains("://") || w.starts_with("data:") {
        return Some(
            "it is not a file path: tessera reads artwork from files, never a network or an inline URI",
        );
    }
    if w.starts_with(load::BUNDLED_PREFIX) {
        return Some("bundled files carry no artwork");
    }
    let windows_drive =
        w.len() > 1 && w.as_bytes()[1] == b':' && w.as_bytes()[0].is_ascii_alphabetic();
    if Path::new(w).is_absolute() || w.starts_with(['/', '\\']) || windows_drive {
        return Some("an absolute path ties the tile set to one machine");
    }
    None
}

/// Why an image cannot be used: its check, the reason, and the help.
type Refusal = (Check, String, &'static str);

/// Reads the images `refs` name, each once, through the input limits ([`load::read_bytes`];
/// at most [`limits::MAX_ARTWORK_BYTES`] in all): returns each readable image by tile id,
/// and a finding for each that cannot be used (`tileset::image_path`,
/// `tileset::image_unreadable`, `tileset::image_format`), at the path as written.
pub fn read(refs: &[ImageRef]) -> (BTreeMap<String, Arc<Artwork>>, Vec<Finding>) {
    let mut images = BTreeMap::new();
    let mut findings = Vec::new();
    let mut cache: HashMap<PathBuf, Result<Arc<Artwork>, Refusal>> = HashMap::new();
    let mut counted: std::collections::HashSet<PathBuf> = std::collections::HashSet::new();
    let mut total: u64 = 0;
    for r in refs {
        let at = |check: Check, message: String, help: &str| {
            let f = Finding::new(check, message)
                .in_file(&r.file)
                .at(&r.written.loc, "this image")
                .help(help.to_string());
            compose::with_chain(f, &r.chain)
        };
        if let Some(why) = refused(&r.written.value) {
            findings.push(at(
                Check::ImagePath,
                format!("tile {}: the image `{}` cannot be used: {why}", r.tile, r.written.value),
                "copy the image beside the tile set and write its path relative to this file (`artwork/E.png`)",
            ));
            continue;
        }
        if r.file
            .path
            .to_str()
            .is_some_and(|p| p.starts_with(load::BUNDLED_PREFIX))
        {
            continue;
        }
        let path = load::resolve(&r.file.path, &r.written.value);
        let got = cache.entry(path.clone()).or_insert_with(|| {
            let bytes = load::read_bytes(&path).map_err(|e| {
                let help = match e.kind {
                    load::ReadErrorKind::TooLarge { .. } => {
                        "make the image smaller (a tile needs no more than 300 pixels a side), or raise the limit with --max-file-size"
                    }
                    load::ReadErrorKind::NotRegular(_) => {
                        "name a regular file: a directory, FIFO or device is never read"
                    }
                    _ => "the path is relative to this file: check its spelling and that the image is there",
                };
                (Check::ImageUnreadable, e.reason(), help)
            })?;
            let format_help = "save the tile's picture again as PNG, JPEG or SVG";
            if bytes.is_empty() {
                return Err((Check::ImageFormat, "the file is empty".to_string(), format_help));
            }
            let Some(media_type) = media_type(&bytes) else {
                return Err((
                    Check::ImageFormat,
                    "its first bytes are not those of a PNG, JPEG or SVG image".to_string(),
                    format_help,
                ));
            };
            if let Some(why) = unusable(media_type, &bytes) {
                return Err((Check::ImageFormat, format!("it is {why}"), format_help));
            }
            Ok(Arc::new(Artwork { media_type, bytes }))
        });
        match got {
            Ok(art) => {
                // An image named by several tiles is embedded once.
                if counted.insert(path.clone()) {
                    total = total.saturating_add(art.bytes.len() as u64);
                }
                if total > limits::MAX_ARTWORK_BYTES {
                    findings.push(at(
                        Check::ImageUnreadable,
                        format!(
                            "tile {}: the image `{}` is not embedded: the images before it already fill the {} MiB one picture embeds",
                            r.tile,
                            r.written.value,
                            limits::MAX_ARTWORK_BYTES >> 20
                        ),
                        "make the images smaller (a tile needs no more than 300 pixels a side)",
                    ));
                    continue;
                }
                images.insert(r.tile.clone(), art.clone());
            }
            Err((check, why, help)) => {
                let help = *help;
                // The path as read when it is not the one written (a set in another
                // directory).
                let read_as = match path.to_str() == Some(r.written.value.as_str()) {
                    true => String::new(),
                    false => format!(" ({})", path.display()),
                };
                findings.push(at(
                    *check,
                    format!(
                        "tile {}: the image `{}`{read_as} cannot be used: {why}",
                        r.tile, r.written.value
                    ),
                    help,
                ));
            }
        }
    }
    (images, findings)
}

crate::diag::checks! {
    /// A tile's image is not a path to a file beside the tile set.
    ImagePath => "tileset::image_path", Warning {
        why: "A tile's `image:` is the printed tile's artwork, read by `tessera render \
              --overlay` from a file relative to the tile set that names it, so that the set \
              and its pictures travel together. A URL is never fetched (tessera reads no \
              network), and an absolute path ties the set to one machine.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    image: https://example.org/tiles/E.png
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    image: ../examples/artwork/FX5.svg
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A tile's image cannot be read.
    ImageUnreadable => "tileset::image_unreadable", Warning {
        why: "The image is read like every input: a regular file within the size limit \
              (`--max-file-size`), and at most 64 MiB of images in one picture. Play never \
              needs it, so the set still plays; the overlay shows the tile without it.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    image: artwork/E.png
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    image: ../examples/artwork/FX5.svg
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A tile's image is not a PNG, JPEG or SVG image.
    ImageFormat => "tileset::image_format", Warning {
        why: "A picture that tessera draws must stand alone and show in every browser: it \
              embeds the tile's image, which is therefore a PNG, JPEG or SVG image, told by \
              its first bytes (not its name). A file of another kind is never embedded, and \
              its contents are never shown.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    image: ../README.md
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    image: ../examples/artwork/FX5.svg
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_told_by_their_first_bytes() {
        assert_eq!(
            media_type(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"),
            Some("image/png")
        );
        assert_eq!(
            media_type(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 16]),
            Some("image/jpeg")
        );
        assert_eq!(
            media_type(
                b"\xEF\xBB\xBF<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>"
            ),
            Some("image/svg+xml")
        );
        assert_eq!(
            media_type(b"  <svg viewBox=\"0 0 1 1\"></svg>"),
            Some("image/svg+xml")
        );
        assert_eq!(media_type(b"# README\n<svg>"), None);
        assert_eq!(media_type(b"root:x:0:0:root:/root:/bin/bash"), None);
        assert_eq!(media_type(b""), None);
    }

    #[test]
    fn urls_absolute_and_bundled_paths_are_refused_before_reading() {
        for w in [
            "",
            "https://example.org/E.png",
            "data:image/png;base64,AA",
            "/etc/passwd",
            "C:\\tiles\\E.png",
            "bundled:tiles/E.png",
        ] {
            assert!(refused(w).is_some(), "{w:?} is accepted");
        }
        for w in ["artwork/E.png", "../art/E.svg", "E.jpg"] {
            assert_eq!(refused(w), None, "{w:?} is refused");
        }
    }

    #[test]
    fn a_data_uri_carries_the_media_type_and_the_bytes_in_base64() {
        let art = Artwork {
            media_type: "image/png",
            bytes: b"\x89PNG".to_vec(),
        };
        assert_eq!(art.data_uri(), "data:image/png;base64,iVBORw==");
    }
}
