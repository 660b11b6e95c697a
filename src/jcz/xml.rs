//! Reading JCZ tile-definition XML into a small located tree ([`Doc`]): every element,
//! attribute and word of text keeps its byte range and line/column, so that later findings
//! point at the XML.
//!
//! Accepted shapes (every generation seen in JCloisterZone and FanCloisterZone files):
//! root `<pack>` or `<defs>`; `<tile>` elements directly under the root or inside
//! `<tiles>`; counts in `<sets><tile-set id=..><ref count=.. tile=../>` (and
//! `<remove tile=../>`) or as a `count` attribute on `<tile>`. Spacing is free (XML allows
//! spaces around `=`; the parser handles it).

use std::ops::Range;

use crate::diag::{Check, Finding, SourceFile};
use crate::model::{Loc, Sp};

/// An XML element of a tile definition, with locations.
#[derive(Debug, Clone)]
pub struct Elem {
    /// Tag name (without namespace prefix).
    pub name: String,
    /// Location of the tag name in the start tag (`<city` → `city`).
    pub loc: Loc,
    /// Attributes in document order.
    pub attrs: Vec<Attr>,
    /// The words of the element's own text (`N W` → `N`, `W`), each at its location.
    pub words: Vec<Sp<String>>,
    /// Child elements in document order.
    pub children: Vec<Elem>,
}

impl Elem {
    /// The attribute with this name.
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.attrs.iter().find(|a| a.name == name)
    }
}

/// An attribute, with the locations of its name and of its value.
#[derive(Debug, Clone)]
pub struct Attr {
    /// Attribute name.
    pub name: String,
    /// Location of the name.
    pub loc: Loc,
    /// Value (entities resolved).
    pub value: String,
    /// Location of the value (between the quotes).
    pub value_loc: Loc,
    /// The words of the value, each at its location (`city="N W"` → `N`, `W`).
    pub words: Vec<Sp<String>>,
}

/// A `<ref>` or `<remove>` of a tile set.
#[derive(Debug, Clone)]
pub struct Ref {
    /// The tile id named, at the `tile` attribute's value.
    pub tile: Sp<String>,
    /// The count (1 when absent), at the `count` attribute's value.
    pub count: Sp<u32>,
}

/// A `<tile-set>`: one distribution of the file's tiles.
#[derive(Debug, Clone)]
pub struct TileSetDef {
    /// Its id (`basic:2`), at the attribute value.
    pub id: Sp<String>,
    /// Location of the element's tag name.
    pub loc: Loc,
    /// The tiles it holds, with counts.
    pub refs: Vec<Ref>,
    /// Tiles it takes out of a combination of sets.
    pub removes: Vec<Ref>,
}

/// A JCZ tile-definition file, read.
#[derive(Debug, Clone)]
pub struct Doc {
    /// Root element name (`pack` or `defs`).
    pub root: String,
    /// Location of the root element's tag name.
    pub root_loc: Loc,
    /// `<tile>` elements, in document order.
    pub tiles: Vec<Elem>,
    /// `<tile-set>` elements, in document order.
    pub sets: Vec<TileSetDef>,
    /// Location of the `<sets>` element, if any.
    pub sets_loc: Option<Loc>,
    /// Other elements under the root or under `<tiles>` / `<sets>` / `<tile-set>` (not
    /// tile definitions: reported as not understood).
    pub other: Vec<Elem>,
}

/// Root element names of tile-definition files: JCloisterZone 3 to 5 (`pack`) and
/// FanCloisterZone (`defs`).
pub const ROOTS: [&str; 2] = ["pack", "defs"];

/// Byte offsets to line/column locations, in time linear in the file however long its
/// lines: a line of ASCII text gives its column by subtraction, and on another line the
/// count of characters goes on from the last location asked for when that lies before on
/// the same line (the reader asks in document order).
struct Locator<'a> {
    text: &'a str,
    line_starts: Vec<usize>,
    /// Whether each line is ASCII (same index as `line_starts`).
    ascii: Vec<bool>,
    /// The last location counted on a line that is not ASCII: (byte offset, its
    /// 1-based column).
    last: std::cell::Cell<(usize, usize)>,
    /// Words read so far, against [`crate::limits::XML_MAX_WORDS`].
    words: std::cell::Cell<usize>,
    /// Where the word budget was passed, if it was: no word is kept after it.
    over_budget: std::cell::Cell<Option<Loc>>,
}

impl<'a> Locator<'a> {
    fn new(text: &'a str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        let ascii = line_starts
            .iter()
            .enumerate()
            .map(|(i, &start)| {
                let end = line_starts.get(i + 1).copied().unwrap_or(text.len());
                text.as_bytes()[start..end].is_ascii()
            })
            .collect();
        Locator {
            text,
            line_starts,
            ascii,
            last: std::cell::Cell::new((0, 1)),
            words: std::cell::Cell::new(0),
            over_budget: std::cell::Cell::new(None),
        }
    }

    fn loc(&self, r: Range<usize>) -> Loc {
        let mut start = r.start.min(self.text.len());
        while !self.text.is_char_boundary(start) {
            start -= 1;
        }
        let end = r.end.clamp(start, self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= start);
        let index = line.saturating_sub(1);
        let line_start = self.line_starts[index];
        let column = if self.ascii[index] {
            start - line_start + 1
        } else {
            let (from, col) = match self.last.get() {
                (off, col) if off >= line_start && off <= start => (off, col),
                _ => (line_start, 1),
            };
            let col = col + self.text[from..start].chars().count();
            self.last.set((start, col));
            col
        };
        Loc::new(
            u32::try_from(line).unwrap_or(u32::MAX),
            u32::try_from(column).unwrap_or(u32::MAX),
            start,
            end - start,
        )
    }

    /// The words of a text or attribute value at `range`, each located. When the source
    /// text differs from the parsed value (entities, CDATA), every word is located at the
    /// whole range.
    fn words(&self, value: &str, range: Range<usize>) -> Vec<Sp<String>> {
        // At most one word past the budget is read: where it is passed.
        let room = crate::limits::XML_MAX_WORDS.saturating_sub(self.words.get());
        let out = self.first_words(value, range, room.saturating_add(1));
        self.words.set(self.words.get().saturating_add(out.len()));
        if out.len() <= room {
            return out;
        }
        if self.over_budget.get().is_none() {
            self.over_budget.set(out.last().map(|w| w.loc));
        }
        Vec::new()
    }

    /// The first `max` words of a value, located (see [`Locator::words`]).
    fn first_words(&self, value: &str, range: Range<usize>, max: usize) -> Vec<Sp<String>> {
        let raw = self.text.get(range.clone()).unwrap_or_default();
        if raw == value {
            let mut out = Vec::new();
            let mut start = None;
            for (i, c) in raw.char_indices().chain(std::iter::once((raw.len(), ' '))) {
                if out.len() >= max {
                    break;
                }
                match (c.is_whitespace(), start) {
                    (false, None) => start = Some(i),
                    (true, Some(s)) => {
                        out.push(Sp::at(
                            raw[s..i].to_string(),
                            self.loc(range.start + s..range.start + i),
                        ));
                        start = None;
                    }
                    _ => {}
                }
            }
            out
        } else {
            let loc = self.loc(range);
            value
                .split_whitespace()
                .take(max)
                .map(|w| Sp::at(w.to_string(), loc))
                .collect()
        }
    }
}

/// How deep elements are collected below the root (from `pack` down through `tiles`,
/// `tile`, `wagon-move` to `neighbouring` is 4 levels): deeper content is no tile data,
/// and the limit keeps a maliciously nested file from exhausting the stack.
const MAX_DEPTH: usize = 8;

fn elem(node: roxmltree::Node, at: &Locator, depth: usize) -> Elem {
    let name = node.tag_name().name().to_string();
    // The tag name follows `<` (and a prefix, if any).
    let start = node.range().start + 1;
    let qname_len = at
        .text
        .get(start..)
        .and_then(|s| s.find(|c: char| c.is_whitespace() || c == '/' || c == '>'))
        .unwrap_or(name.len());
    let loc = at.loc(start..start + qname_len);
    let attrs = node
        .attributes()
        .map(|a| Attr {
            name: a.name().to_string(),
            loc: at.loc(a.range_qname()),
            value: a.value().to_string(),
            value_loc: at.loc(a.range_value()),
            words: at.words(a.value(), a.range_value()),
        })
        .collect();
    let mut words = Vec::new();
    let mut children = Vec::new();
    for c in node.children() {
        if c.is_text() {
            words.extend(at.words(c.text().unwrap_or_default(), c.range()));
        } else if c.is_element() && depth < MAX_DEPTH {
            children.push(elem(c, at, depth + 1));
        }
    }
    Elem {
        name,
        loc,
        attrs,
        words,
        children,
    }
}

/// Whether a file should be read as XML: its first character (after a byte-order mark and
/// white space) is `<`, or its name ends in `.xml`.
pub fn looks_like_xml(file: &SourceFile) -> bool {
    crate::load::markup_at(file).is_some()
        || file
            .path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("xml"))
}

/// The finding for a file past an XML budget ([`crate::limits::XML_MAX_NODES`],
/// [`crate::limits::XML_MAX_WORDS`]): at the place it is passed when known, else at the
/// start of the file (the parser stops counting nodes without saying where).
fn budget(file: &SourceFile, at: Option<Loc>, what: &str) -> Finding {
    let f = Finding::new(
        Check::JczBudget,
        format!("the file has {what}: not read further"),
    )
    .in_file(file)
    .help("real tile-definition files have a few hundred elements and a few thousand words; split the file, or remove the repetition");
    match at {
        Some(loc) => f.at(&loc, "the limit is passed here"),
        None => f.at_span(miette::SourceSpan::new(0.into(), 0), "in this file"),
    }
}

/// The message of a parse error without its trailing position.
fn syntax_message(e: &roxmltree::Error) -> String {
    let msg = e.to_string();
    match msg.rfind(" at ") {
        Some(i) if msg[i + 4..].chars().all(|c| c.is_ascii_digit() || c == ':') => {
            msg[..i].to_string()
        }
        _ => msg,
    }
}

/// Reads a tile-definition file.
///
/// Errors: a `jcz::syntax` finding when the XML is not well-formed (or not UTF-8), a
/// `jcz::structure` finding when its root is not `<pack>` or `<defs>`. Findings about
/// single elements (a tile without id, a bad count) are returned with the document.
pub fn read(file: &SourceFile) -> Result<(Doc, Vec<Finding>), Finding> {
    if let Some(at) = file.invalid_utf8 {
        return Err(
            Finding::new(Check::JczSyntax, "not a text file: the bytes are not UTF-8")
                .in_file(file)
                .at_span(
                    miette::SourceSpan::new(at.into(), 1),
                    "first byte that is not UTF-8",
                )
                .help("save the file as UTF-8 text"),
        );
    }
    let text = file.text();
    let options = roxmltree::ParsingOptions {
        nodes_limit: crate::limits::XML_MAX_NODES,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, options).map_err(|e| {
        if matches!(e, roxmltree::Error::NodesLimitReached) {
            return budget(file, None, &format!("more than {} XML nodes (elements, text runs, comments)", crate::limits::XML_MAX_NODES));
        }
        let pos = e.pos();
        let loc = Loc {
            line: pos.row,
            column: pos.col,
            ..Loc::UNKNOWN
        };
        Finding::new(
            Check::JczSyntax,
            format!("not well-formed XML: {}", syntax_message(&e)),
        )
        .in_file(file)
        .at(&loc, "here")
        .help("fix the XML at the marked place (unclosed or mismatched tags, quotes, `&` written as `&amp;`)")
    })?;
    let at = Locator::new(text);
    let root = elem(doc.root_element(), &at, 0);
    drop(doc);
    if let Some(loc) = at.over_budget.get() {
        return Err(budget(
            file,
            Some(loc),
            &format!(
                "more than {} words in its text and attribute values",
                crate::limits::XML_MAX_WORDS
            ),
        ));
    }
    if !ROOTS.contains(&root.name.as_str()) {
        return Err(Finding::new(
            Check::JczStructure,
            format!(
                "the root element is `<{}>`, not `<pack>` or `<defs>`: not a JCloisterZone tile definition file",
                root.name
            ),
        )
        .in_file(file)
        .at(&root.loc, "root element")
        .help("JCloisterZone tile definitions start with `<pack>`, FanCloisterZone ones with `<defs>`"));
    }
    let mut findings = Vec::new();
    let mut d = Doc {
        root: root.name.clone(),
        root_loc: root.loc,
        tiles: Vec::new(),
        sets: Vec::new(),
        sets_loc: None,
        other: Vec::new(),
    };
    for c in root.children {
        match c.name.as_str() {
            "tile" => d.tiles.push(c),
            "tiles" => {
                for t in c.children {
                    if t.name == "tile" {
                        d.tiles.push(t);
                    } else {
                        d.other.push(t);
                    }
                }
            }
            "sets" => {
                d.sets_loc = Some(c.loc);
                for s in c.children {
                    if s.name == "tile-set" {
                        if let Some(set) = tile_set(file, s, &mut d.other, &mut findings) {
                            d.sets.push(set);
                        }
                    } else {
                        d.other.push(s);
                    }
                }
            }
            _ => d.other.push(c),
        }
    }
    if d.tiles.is_empty() {
        findings.push(
            Finding::new(Check::JczStructure, "the file defines no tile")
                .in_file(file)
                .at(&d.root_loc, "no `<tile>` in here")
                .help("tiles are `<tile id=\"..\">` elements under the root or inside `<tiles>`"),
        );
    }
    for t in &d.tiles {
        if t.attr("id").is_none() {
            findings.push(
                Finding::new(Check::JczStructure, "a `<tile>` has no `id`")
                    .in_file(file)
                    .at(&t.loc, "tile without id")
                    .help("give every tile an id: `<tile id=\"EXP/mnemonic\">`"),
            );
        }
    }
    Ok((d, findings))
}

/// A whole number attribute value, or a `jcz::structure` finding.
pub fn count_value(file: &SourceFile, a: &Attr) -> Result<Sp<u32>, Finding> {
    a.value
        .trim()
        .parse::<u32>()
        .map(|n| Sp::at(n, a.value_loc))
        .map_err(|_| {
            Finding::new(
                Check::JczStructure,
                format!("`{}=\"{}\"` is not a whole number", a.name, a.value),
            )
            .in_file(file)
            .at(&a.value_loc, "not a count")
            .help("counts are whole numbers: `count=\"2\"`")
        })
}

fn tile_set(
    file: &SourceFile,
    s: Elem,
    other: &mut Vec<Elem>,
    findings: &mut Vec<Finding>,
) -> Option<TileSetDef> {
    let Some(id) = s.attr("id") else {
        findings.push(
            Finding::new(Check::JczStructure, "a `<tile-set>` has no `id`")
                .in_file(file)
                .at(&s.loc, "tile set without id")
                .help("give every tile set an id: `<tile-set id=\"my-expansion\">`"),
        );
        return None;
    };
    let mut set = TileSetDef {
        id: Sp::at(id.value.clone(), id.value_loc),
        loc: s.loc,
        refs: Vec::new(),
        removes: Vec::new(),
    };
    for r in s.children {
        let is_ref = r.name == "ref";
        if !is_ref && r.name != "remove" {
            other.push(r);
            continue;
        }
        let Some(tile) = r.attr("tile") else {
            findings.push(
                Finding::new(
                    Check::JczStructure,
                    format!("a `<{}>` names no tile", r.name),
                )
                .in_file(file)
                .at(&r.loc, "no `tile` attribute")
                .help("name the tile: `<ref count=\"2\" tile=\"EXP/id\"/>`"),
            );
            continue;
        };
        let count = match r.attr("count") {
            Some(c) => match count_value(file, c) {
                Ok(n) => n,
                Err(f) => {
                    findings.push(f);
                    continue;
                }
            },
            None => Sp::at(1, tile.value_loc),
        };
        let item = Ref {
            tile: Sp::at(tile.value.clone(), tile.value_loc),
            count,
        };
        if is_ref {
            set.refs.push(item);
        } else {
            set.removes.push(item);
        }
    }
    Some(set)
}
