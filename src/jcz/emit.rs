//! Writing a converted tile set as tessera YAML, in the style of the bundled tile sets:
//! one flow map per segment, tile ids always quoted (JCZ ids hold `/`, `+`, `.`), other
//! names quoted unless they are plain identifiers.

use std::fmt::Write as _;

use super::convert::TileXml;
use crate::model::{Sp, TileDef};

/// What the header of an imported tile set says.
pub struct Header<'a> {
    /// Schema path relative to the output file, for the modeline; `None` when no schema
    /// was found (a comment then says how to get one).
    pub schema: Option<&'a str>,
    /// File name of the source (`basic.xml`).
    pub source_name: &'a str,
    /// Which tile sets of the source were taken (`basic:2`), empty when the file has none.
    pub sets: &'a [String],
    /// Where the data comes from (a URL or repository and commit, with its licence).
    pub source: &'a str,
    /// Rule set path relative to the output file.
    pub ruleset: &'a str,
    /// The start tile's id.
    pub start: &'a str,
    /// Why that tile is the start tile.
    pub start_reason: &'a str,
    /// Tiles of the chosen sets left out, each with what the rule set cannot express of
    /// it (`CO/1 (the City of Carcassonne (The Count))`, `X/C (city-gate on <city>)`).
    pub left_out: &'a [String],
}

/// A YAML double-quoted scalar (JSON string syntax is valid YAML).
pub fn quoted(s: &str) -> String {
    let json = serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into());
    // JSON leaves DEL, the C1 controls and the bidirectional controls as they are; YAML
    // does not allow the first two in a stream, and the last would reorder what an editor
    // shows: escaped (they can only be inside the string; the value read is the same).
    let raw = |c: char| c >= '\u{7f}' && crate::diag::is_unsafe_char(c);
    if !json.chars().any(raw) {
        return json;
    }
    json.chars()
        .map(|c| match c {
            c if raw(c) => format!("\\u{:04X}", c as u32),
            c => c.to_string(),
        })
        .collect()
}

/// Text for a YAML comment: a name from the input (a file name, a tile id) with its
/// control characters (a newline would end the comment and inject YAML) and other unsafe
/// characters escaped ([`crate::diag::escape_text`]).
fn comment(s: &str) -> std::borrow::Cow<'_, str> {
    crate::diag::escape_text(s)
}

/// A plain scalar when `s` is an identifier that no YAML reader takes for something else,
/// a quoted one otherwise.
pub fn scalar(s: &str) -> String {
    const SPECIAL: [&str; 11] = [
        "y", "yes", "n", "no", "true", "false", "on", "off", "null", "nan", "inf",
    ];
    let mut chars = s.chars();
    let plain = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && !SPECIAL.contains(&s.to_ascii_lowercase().as_str());
    if plain { s.to_string() } else { quoted(s) }
}

/// A slot or side name (`N`, `NL`): written plain, as in the bundled sets (tessera reads
/// YAML 1.2 booleans only, so `N` stays a string).
fn slot(s: &str) -> String {
    if s.chars().all(|c| "NESWLR".contains(c)) && !s.is_empty() {
        s.to_string()
    } else {
        quoted(s)
    }
}

fn list(items: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", items.into_iter().collect::<Vec<_>>().join(", "))
}

/// The tile set file's text. `lines` gives each definition's line in the source, `xml`
/// what each lost in the conversion (a comment on the tile).
pub fn tileset_yaml(h: &Header, defs: &[Sp<TileDef>], lines: &[u32], xml: &[TileXml]) -> String {
    let mut o = String::new();
    let total: u32 = defs.iter().map(|d| d.count.value).sum();
    let sets = if h.sets.is_empty() {
        String::new()
    } else {
        format!(
            " (tile set{} {})",
            if h.sets.len() > 1 { "s" } else { "" },
            h.sets.join(" + ")
        )
    };
    match h.schema {
        Some(schema) => {
            let _ = writeln!(o, "# yaml-language-server: $schema={}", comment(schema));
        }
        None => {
            let _ = writeln!(
                o,
                "# No schema/tileset.schema.json was found beside this file or above it. For"
            );
            let _ = writeln!(
                o,
                "# completion and checks in an editor, run `tessera schema` (it writes schema/ in the"
            );
            let _ = writeln!(
                o,
                "# current directory) and make the first line of this file"
            );
            let _ = writeln!(
                o,
                "# `# yaml-language-server: $schema=<path to schema/tileset.schema.json>`."
            );
        }
    }
    let _ = writeln!(o, "#");
    let _ = writeln!(
        o,
        "# Converted by `tessera import jcz` from {}{}; each tile keeps the",
        comment(h.source_name),
        comment(&sets)
    );
    let _ = writeln!(
        o,
        "# orientation of its JCloisterZone definition (its line in the source is noted)."
    );
    for line in h.source.lines() {
        let _ = writeln!(o, "# Source: {}", comment(line));
    }
    let _ = writeln!(
        o,
        "# This file is derived from that source: keep the source's licence notice with it."
    );
    if !h.left_out.is_empty() {
        let _ = writeln!(
            o,
            "# Left out ({} tile definition{}; the rule set cannot express them):",
            h.left_out.len(),
            if h.left_out.len() == 1 { "" } else { "s" }
        );
        for l in h.left_out {
            let _ = writeln!(o, "#   {}", comment(l));
        }
    }
    let _ = writeln!(o, "name: {}", quoted(&format!("{}{sets}", h.source_name)));
    let _ = writeln!(o, "ruleset: {}", quoted(h.ruleset));
    let _ = writeln!(o, "total: {total}");
    let _ = writeln!(o, "# Start tile: {}", comment(h.start_reason));
    let _ = writeln!(o, "start: {{tile: {}}}", quoted(h.start));
    let _ = writeln!(o, "provenance:");
    let _ = writeln!(o, "  status: imported");
    let _ = writeln!(o, "  sources:");
    let _ = writeln!(o, "    - {}", quoted(h.source));
    let mut notes = String::from(
        "Converted mechanically from the source's tile definitions: sides, segments, \
         city contacts of fields, junctions, items and counts are the source's, nothing \
         was added.",
    );
    if xml.iter().any(|x| !x.fixed.is_empty()) {
        notes = String::from(
            "Converted mechanically from the source's tile definitions: sides, segments, \
             city contacts of fields, junctions, items and counts are the source's, except \
             the city contacts changed by `--fix`, each named on its tile (`# fixed:`).",
        );
    }
    if xml.iter().any(|x| !x.not_expressed.is_empty()) {
        notes.push_str(
            " What the rule set cannot express was left out; each tile that lost something says what in a comment.",
        );
    }
    if !h.left_out.is_empty() {
        notes.push_str(
            " Tiles whose shape the rule set cannot express are not in this file; the header names them.",
        );
    }
    let _ = writeln!(o, "  notes: {}", quoted(&notes));
    let _ = writeln!(o);
    let _ = writeln!(o, "tiles:");
    for (i, d) in defs.iter().enumerate() {
        if i > 0 {
            let _ = writeln!(o);
        }
        let line = lines.get(i).copied().unwrap_or(0);
        let _ = writeln!(
            o,
            "  - id: {}   # {} line {line}",
            quoted(&d.id),
            comment(h.source_name)
        );
        if let Some(lost) = xml.get(i).filter(|x| !x.not_expressed.is_empty()) {
            let _ = writeln!(
                o,
                "    # not expressed: {}",
                comment(&lost.not_expressed.join(", "))
            );
        }
        if let Some(x) = xml.get(i) {
            for fixed in &x.fixed {
                let _ = writeln!(o, "    # fixed: {}", comment(fixed));
            }
        }
        let _ = writeln!(o, "    count: {}", d.count.value);
        if let Some(st) = &d.stack {
            let _ = writeln!(o, "    stack: {}", scalar(st));
        }
        if !d.items.is_empty() {
            let items: Vec<String> = d
                .items
                .iter()
                .map(|(k, v)| format!("{}: {}", scalar(k), v.value))
                .collect();
            let _ = writeln!(o, "    items: {{{}}}", items.join(", "));
        }
        if let Some(s) = &d.sides {
            let _ = writeln!(
                o,
                "    sides: {{N: {}, E: {}, S: {}, W: {}}}",
                scalar(&s.n),
                scalar(&s.e),
                scalar(&s.s),
                scalar(&s.w)
            );
        }
        let _ = writeln!(o, "    segments:");
        for seg in &d.segments {
            let mut parts = vec![
                format!("id: {}", scalar(&seg.id)),
                format!("feature: {}", scalar(&seg.feature)),
            ];
            if !seg.at.is_empty() {
                parts.push(format!("at: {}", list(seg.at.iter().map(|a| slot(a)))));
            }
            if !seg.shares.is_empty() {
                parts.push(format!(
                    "shares: {}",
                    list(seg.shares.iter().map(|a| slot(a)))
                ));
            }
            if !seg.items.is_empty() {
                let items: Vec<String> = seg
                    .items
                    .iter()
                    .map(|(k, v)| format!("{}: {}", scalar(k), v.value))
                    .collect();
                parts.push(format!("items: {{{}}}", items.join(", ")));
            }
            if !seg.links.is_empty() {
                let links: Vec<String> = seg
                    .links
                    .iter()
                    .map(|(k, v)| format!("{}: {}", scalar(k), list(v.iter().map(|t| scalar(t)))))
                    .collect();
                parts.push(format!("links: {{{}}}", links.join(", ")));
            }
            let _ = writeln!(o, "      - {{{}}}", parts.join(", "));
        }
        if !d.junctions.is_empty() {
            let _ = writeln!(o, "    junctions:");
            for j in &d.junctions {
                let _ = writeln!(o, "      - {}", list(j.iter().map(|m| scalar(m))));
            }
        }
        if !d.copies.is_empty() {
            let _ = writeln!(o, "    copies:");
            for c in d.copies.iter() {
                if c.decorations.is_empty() {
                    let _ = writeln!(o, "      - {{}}");
                } else {
                    let _ = writeln!(
                        o,
                        "      - {{decorations: {}}}",
                        list(c.decorations.iter().map(|x| scalar(x)))
                    );
                }
            }
        }
    }
    o
}
