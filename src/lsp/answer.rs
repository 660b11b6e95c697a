//! The language server's answers: completion, hover, definitions, references, code
//! actions and document symbols, from a document's text and what its last check loaded
//! ([`super::Names`]).

use std::collections::HashMap;
use std::path::Path;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CompletionItem, CompletionItemKind,
    CompletionResponse, CompletionTextEdit, Diagnostic, DocumentSymbol, Hover, HoverContents,
    Location, MarkupContent, MarkupKind, Position, Range, SymbolKind, TextEdit, WorkspaceEdit,
};

use super::names::{self, FILE_KEYS, Scalar};
use super::text::{self, Lines};
use super::{Doc, Server, uri_of};
use crate::diag::{Check, Finding, LinkEdit};
use crate::geometry::Rotation;
use crate::load;
use crate::report::TileRecord;
use crate::rules::Game;

/// The keys whose values are tile ids.
const TILE_KEYS: [&str; 2] = ["tile", "shape"];

/// The context at a position: the line's text, the cursor's byte in it, and the context.
fn at(doc: &Doc, p: Position) -> (String, usize, text::Context) {
    let lines = Lines::new(&doc.text);
    let line = lines.line(p.line as usize).to_string();
    let start = lines.offset(Position::new(p.line, 0));
    let col = lines.offset(p).saturating_sub(start).min(line.len());
    let mut cx = text::context(&lines, p.line as usize, col);
    // What the rest of the line writes counts too (`{tile: U, x: 0, y: 2, rotation: 90}`
    // hovered at `U`).
    cx.siblings.extend(text::pairs(&line[col..]));
    (line, col, cx)
}

/// The rotation written before the cursor (`rotation: 90`), else none.
fn rotation_of(cx: &text::Context) -> Rotation {
    cx.siblings
        .iter()
        .rev()
        .find(|(k, _)| k == "rotation")
        .and_then(|(_, v)| v.parse::<u32>().ok())
        .and_then(Rotation::from_degrees)
        .unwrap_or(Rotation::NONE)
}

/// The tile id written before the cursor in the same turn or start (`tile: D`).
fn tile_of(cx: &text::Context) -> Option<&str> {
    cx.siblings
        .iter()
        .rev()
        .find(|(k, _)| k == "tile")
        .map(|(_, v)| v.as_str())
}

/// The id of the tile definition the line `line` of a tile set belongs to.
fn enclosing_tile(doc: &Doc, line: usize) -> Option<String> {
    let root = load::parse(&crate::diag::SourceFile::new(&doc.path, doc.text.clone())).ok();
    let lines = Lines::new(&doc.text);
    let offset = lines.offset(Position::new(line as u32, 0));
    if let Some(root) = root {
        let ids: Vec<Scalar> = names::scalars(&root)
            .into_iter()
            .filter(|s| !s.is_key && s.path == ["tiles", "-", "id"])
            .collect();
        return ids
            .iter()
            .rev()
            .find(|s| s.bytes.0 <= offset + lines.line(line).len())
            .map(|s| s.value.clone());
    }
    // Half-written text: the nearest `- id:` line above at the tiles' indentation.
    (0..=line).rev().find_map(|l| {
        let t = lines.line(l);
        let rest = t.strip_prefix("  - id: ")?;
        Some(
            rest.split_whitespace()
                .next()?
                .trim_matches(['"', '\''])
                .to_string(),
        )
    })
}

/// A completion item replacing the value typed so far.
fn item(label: &str, detail: &str, kind: CompletionItemKind, edit: Range) -> CompletionItem {
    CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        detail: (!detail.is_empty()).then(|| detail.to_string()),
        filter_text: Some(label.to_string()),
        text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
            edit,
            label.to_string(),
        ))),
        ..CompletionItem::default()
    }
}

/// Completion at a position: the names the key at the cursor takes (see the module
/// documentation of [`super`]).
pub fn complete(doc: &Doc, p: Position) -> CompletionResponse {
    let (_, col, cx) = at(doc, p);
    let prefix_units: u32 = cx.prefix.chars().map(|c| c.len_utf16() as u32).sum();
    let edit = Range::new(
        Position::new(p.line, p.character.saturating_sub(prefix_units)),
        p,
    );
    let names = &doc.names;
    let rules = names.rules();
    let game = names.game.as_deref();
    let mut out: Vec<CompletionItem> = Vec::new();
    let mut add = |label: &str, detail: &str, kind: CompletionItemKind| {
        if label.starts_with(&cx.prefix) || cx.prefix.is_empty() {
            out.push(item(label, detail, kind, edit));
        }
    };
    // In a comment, check codes (`# tessera validate --allow tileset::…`, a note on why
    // a finding is expected).
    let (line_text, _, _) = at(doc, p);
    let before = &line_text[..col.min(line_text.len())];
    if before.contains('#')
        && (cx.prefix.contains("::")
            || before.contains("allow")
            || before.contains("deny")
            || before.contains("expect"))
    {
        for c in Check::all() {
            let info = c.info();
            add(info.code, info.title, CompletionItemKind::KEYWORD);
        }
        return CompletionResponse::Array(out);
    }
    let key = cx.key.as_deref();
    let container = cx.parents.last().map(String::as_str);
    match key {
        Some(k) if TILE_KEYS.contains(&k) => {
            let mut seen = std::collections::HashSet::new();
            if let Some(game) = game {
                for (_, t) in game.tiles.own_tiles() {
                    if seen.insert(t.id.clone()) {
                        add(&t.id, &tile_line(game, &t.id), CompletionItemKind::CONSTANT);
                    }
                }
            }
            // Tiles of the files named (a `shapes_from` set lends tiles the game lacks).
            for (_, _, scalars) in names::reachable(&doc.path, &doc.text) {
                for s in scalars
                    .iter()
                    .filter(|s| !s.is_key && s.path == ["tiles", "-", "id"])
                {
                    if seen.insert(s.value.clone()) {
                        add(&s.value, "tile", CompletionItemKind::CONSTANT);
                    }
                }
            }
        }
        Some("feature") => {
            for f in rules.map(|r| r.features.as_slice()).unwrap_or_default() {
                add(&f.name, "feature kind", CompletionItemKind::ENUM_MEMBER);
            }
        }
        Some("terrain") => {
            for t in rules.map(|r| r.terrains.as_slice()).unwrap_or_default() {
                add(t, "terrain", CompletionItemKind::ENUM_MEMBER);
            }
        }
        Some("N" | "E" | "S" | "W")
            if cx.parents.iter().any(|k| k == "sides")
                || cx.siblings.iter().any(|(k, _)| k == "N") =>
        {
            for s in rules.map(|r| r.side_kinds.as_slice()).unwrap_or_default() {
                add(&s.name, "side kind", CompletionItemKind::ENUM_MEMBER);
            }
        }
        Some("kind") => {
            for piece in rules.map(|r| r.pieces.as_slice()).unwrap_or_default() {
                add(&piece.name, "piece kind", CompletionItemKind::CLASS);
            }
        }
        Some("stack") => {
            for s in rules.map(|r| r.stacks.as_slice()).unwrap_or_default() {
                add(&s.name, "draw pile", CompletionItemKind::ENUM_MEMBER);
            }
        }
        Some("decorations") => {
            for d in rules.map(|r| r.decorations.as_slice()).unwrap_or_default() {
                add(d, "decoration", CompletionItemKind::ENUM_MEMBER);
            }
        }
        Some("at" | "piece") => {
            for (label, detail) in slots_at(doc, p.line as usize, &cx) {
                add(&label, &detail, CompletionItemKind::FIELD);
            }
        }
        Some(k)
            if rules.is_some_and(|r| r.relations.iter().any(|x| x == k))
                || container == Some("junctions")
                || k == "junctions" =>
        {
            if let (Some(game), Some(id)) = (game, enclosing_tile(doc, p.line as usize)) {
                if let Some(t) = game.tiles.get(&id) {
                    for seg in &game.tiles.tiles[t].segments {
                        add(&seg.id, "segment", CompletionItemKind::FIELD);
                    }
                }
            }
        }
        Some(k) if FILE_KEYS.contains(&k) || k == "image" => {
            for (label, detail) in paths(&doc.path, &cx.prefix, k) {
                add(&label, &detail, CompletionItemKind::FILE);
            }
        }
        _ => {}
    }
    // Keys of maps that take names: `items: {pe`, `options: {`, `links: {`.
    if key.is_none() || key.is_some_and(|k| ["items", "options", "links"].contains(&k)) {
        let flow = cx.siblings.last().map(|(k, _)| k.as_str());
        let inside = key.or(flow).or(container);
        match inside {
            Some("items") => {
                for i in rules.map(|r| r.items.as_slice()).unwrap_or_default() {
                    add(i, "item", CompletionItemKind::ENUM_MEMBER);
                }
            }
            Some("options") => {
                for o in rules.map(|r| r.options.as_slice()).unwrap_or_default() {
                    add(&o.name, &o.description, CompletionItemKind::PROPERTY);
                }
            }
            Some("links") => {
                for r in rules.map(|r| r.relations.as_slice()).unwrap_or_default() {
                    add(r, "relation", CompletionItemKind::PROPERTY);
                }
            }
            _ => {}
        }
    }
    CompletionResponse::Array(out)
}

/// One line about a tile: its sides.
fn tile_line(game: &Game, id: &str) -> String {
    game.tiles.get(id).map_or_else(String::new, |t| {
        let r = TileRecord::new(game, t, Rotation::NONE);
        format!(
            "N {}, E {}, S {}, W {}",
            r.sides[0], r.sides[1], r.sides[2], r.sides[3]
        )
    })
}

/// The slot names at the cursor with what each is: in a position, the slots of the tile
/// written in the turn, turned as written, and its segments without a slot; in a tile
/// set, the slots of the tile being defined (every slot name when it is not known yet).
fn slots_at(doc: &Doc, line: usize, cx: &text::Context) -> Vec<(String, String)> {
    let game = doc.names.game.as_deref();
    let position = doc.names.kind == Some(crate::schema::FileKind::Position)
        || cx.parents.first().is_some_and(|k| k == "turns");
    let (id, rotation) = match position {
        true => (tile_of(cx).map(str::to_string), rotation_of(cx)),
        false => (enclosing_tile(doc, line), Rotation::NONE),
    };
    let record = game.zip(id.as_deref()).and_then(|(g, id)| {
        let t = g.tiles.get(id)?;
        Some(TileRecord::new(g, t, rotation))
    });
    match record {
        Some(r) => {
            let mut out = Vec::new();
            for seg in &r.segments {
                for slot in &seg.slots {
                    out.push((slot.clone(), format!("{} ({})", seg.id, seg.feature)));
                }
                if seg.slots.is_empty() && position {
                    out.push((seg.id.clone(), format!("{} inside the tile", seg.feature)));
                }
            }
            out
        }
        None => [
            "N", "NL", "NR", "E", "EL", "ER", "S", "SL", "SR", "W", "WL", "WR",
        ]
        .iter()
        .map(|s| (s.to_string(), "slot".to_string()))
        .collect(),
    }
}

/// Files a path key may name, from what is typed: the entries of the directory typed so
/// far (relative to the document) that such a key takes, and the bundled files.
fn paths(doc: &Path, typed: &str, key: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let images = key == "image";
    let wanted = |name: &str| {
        let lower = name.to_ascii_lowercase();
        match images {
            true => [".png", ".jpg", ".jpeg", ".svg"]
                .iter()
                .any(|e| lower.ends_with(e)),
            false => [".yaml", ".yml", ".xml"].iter().any(|e| lower.ends_with(e)),
        }
    };
    let (dir_part, _) = typed.rsplit_once('/').unwrap_or(("", typed));
    let base = doc.parent().unwrap_or(Path::new("."));
    let dir = if dir_part.is_empty() {
        base.to_path_buf()
    } else {
        base.join(dir_part)
    };
    if !typed.starts_with(load::BUNDLED_PREFIX) {
        if let Ok(entries) = std::fs::read_dir(&dir) {
            let mut names: Vec<(String, bool)> = entries
                .flatten()
                .take(2000)
                .filter_map(|e| {
                    let name = e.file_name().to_string_lossy().into_owned();
                    let is_dir = e.file_type().ok()?.is_dir();
                    (!name.starts_with('.') && (is_dir || wanted(&name))).then_some((name, is_dir))
                })
                .collect();
            names.sort();
            for (name, is_dir) in names {
                let full = match dir_part.is_empty() {
                    true => name,
                    false => format!("{dir_part}/{name}"),
                };
                match is_dir {
                    true => out.push((format!("{full}/"), "directory".to_string())),
                    false => out.push((full, "file".to_string())),
                }
            }
            if dir_part.is_empty() || dir_part.ends_with("..") {
                out.push((
                    format!(
                        "{}../",
                        if dir_part.is_empty() {
                            String::new()
                        } else {
                            format!("{dir_part}/")
                        }
                    ),
                    "directory".to_string(),
                ));
            }
        }
    }
    if !images {
        let want = match key {
            "ruleset" | "extends" => "rulesets/",
            _ => "tilesets/",
        };
        for (name, _) in load::BUNDLED.iter().filter(|(n, _)| n.starts_with(want)) {
            out.push((
                format!("{}{name}", load::BUNDLED_PREFIX),
                "bundled with tessera".to_string(),
            ));
        }
    }
    out
}

/// Hover at a position: what the name under the cursor is, and the explanation of the
/// code of each finding there (`tessera explain`'s title and why).
pub fn hover(doc: &Doc, p: Position) -> Option<Hover> {
    let named = hover_name(doc, p);
    let inside = |d: &&Diagnostic| d.range.start <= p && p <= d.range.end;
    let explained: Vec<String> = doc
        .diagnostics
        .iter()
        .filter(inside)
        .filter_map(|d| match &d.code {
            Some(lsp_types::NumberOrString::String(code)) => Check::from_code(code),
            _ => None,
        })
        .map(|c| {
            let info = c.info();
            format!(
                "**{}** ({}): {}\n\n{}",
                info.code,
                info.severity.name(),
                info.title,
                info.why
            )
        })
        .collect();
    if explained.is_empty() {
        return named;
    }
    let mut value = named
        .as_ref()
        .and_then(|h| match &h.contents {
            HoverContents::Markup(m) => Some(format!("{}\n\n---\n\n", m.value)),
            _ => None,
        })
        .unwrap_or_default();
    value.push_str(&explained.join("\n\n---\n\n"));
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: named.and_then(|h| h.range),
    })
}

/// What the name under the cursor is.
fn hover_name(doc: &Doc, p: Position) -> Option<Hover> {
    let (line, col, cx) = at(doc, p);
    let (start, word) = text::word_at(&line, col)?;
    let lines = Lines::new(&doc.text);
    let line_start = lines.offset(Position::new(p.line, 0));
    let range = lines.range(line_start + start, word.len());
    let markdown = |value: String| Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: Some(range),
    };
    // A code anywhere (a comment, a help text).
    let code = word.trim_end_matches(['.', ',', ':', ';', ')']);
    if code.contains("::") {
        if let Some(check) = Check::from_code(code) {
            return Some(markdown(format!(
                "```text\n{}```",
                crate::report::explain_text(check)
            )));
        }
    }
    let game = doc.names.game.as_deref();
    let rules = doc.names.rules();
    let key = cx.key.as_deref();
    // A tile id: the tile drawn, turned as the turn writes it.
    if let Some(g) = game {
        let is_tile_key = key.is_some_and(|k| TILE_KEYS.contains(&k) || k == "id");
        if let (true, Some(t)) = (is_tile_key, g.tiles.get(word)) {
            let rotation = match key {
                Some("tile") => rotation_of(&cx),
                _ => Rotation::NONE,
            };
            let r = TileRecord::new(g, t, rotation);
            return Some(markdown(format!("```text\n{}```", r.drawing())));
        }
    }
    // A slot or segment of a turn's tile.
    if key == Some("at") || key == Some("piece") {
        let slots = slots_at(doc, p.line as usize, &cx);
        if let Some((slot, what)) = slots.iter().find(|(s, _)| s == word) {
            let tile = tile_of(&cx)
                .map(|t| format!(" of tile {t}"))
                .unwrap_or_default();
            return Some(markdown(format!("`{slot}`{tile}: segment {what}")));
        }
    }
    let rules = rules?;
    if let Some(piece) = rules.pieces.iter().find(|k| k.name == word) {
        let roles: Vec<String> = piece
            .roles
            .iter()
            .map(|r| format!("{} on a {}", r.name, rules.features[r.feature].name))
            .collect();
        let mut s = format!(
            "**{}**: piece kind, {} per player",
            piece.name, piece.supply
        );
        if !roles.is_empty() {
            s.push_str(&format!("; roles: {}", roles.join(", ")));
        }
        if piece.majority {
            s.push_str(&format!("; counts {} towards a majority", piece.weight));
        }
        if piece.movable {
            s.push_str("; moves");
        }
        return Some(markdown(s));
    }
    if let Some(f) = rules.features.iter().find(|f| f.name == word) {
        let terrain = f
            .terrain
            .map_or("no terrain (inside a tile)".to_string(), |t| {
                format!("terrain {}", rules.terrains[t])
            });
        return Some(markdown(format!(
            "**{}**: feature kind, {terrain}; completes {:?}; scored when completed by {} rule(s), at the end by {}",
            f.name,
            f.completion,
            f.completed.len(),
            f.final_.len()
        )));
    }
    if let Some(o) = rules.options.iter().find(|o| o.name == word) {
        return Some(markdown(format!(
            "**{}**: option (default {}). {}",
            o.name,
            if o.default { "on" } else { "off" },
            o.description
        )));
    }
    if rules.items.iter().any(|i| i == word) {
        return Some(markdown(format!("**{word}**: item")));
    }
    None
}

/// What a name is defined as, by the key path of its definition.
fn defines(s: &Scalar, word: &str) -> Option<&'static str> {
    if s.value != word {
        return None;
    }
    let path: Vec<&str> = s.path.iter().map(String::as_str).collect();
    match (s.is_key, path.as_slice()) {
        (false, ["tiles", "-", "id"]) => Some("tile"),
        (true, ["features"]) => Some("feature"),
        (true, ["pieces"]) => Some("piece"),
        (true, ["items"]) => Some("item"),
        (true, ["options"]) => Some("option"),
        (true, ["relations"]) => Some("relation"),
        (true, ["stacks"]) => Some("stack"),
        (true, ["sides"]) => Some("side"),
        (false, ["terrains", "-"]) => Some("terrain"),
        _ => None,
    }
}

/// The kind of name a key's values are.
fn kind_of_key(key: &str) -> Option<&'static str> {
    Some(match key {
        "tile" | "shape" => "tile",
        "feature" | "features" | "members" => "feature",
        "kind" | "pieces" => "piece",
        "items" => "item",
        "options" => "option",
        "terrain" => "terrain",
        "stack" => "stack",
        _ => return None,
    })
}

/// Go to definition: a path to its file; a name to where it is defined, in this file or
/// the files it reaches.
pub fn definition(doc: &Doc, p: Position) -> Vec<Location> {
    let (line, col, cx) = at(doc, p);
    let Some((_, word)) = text::word_at(&line, col) else {
        return Vec::new();
    };
    let key = cx.key.as_deref();
    if let Some(k) = key.filter(|k| FILE_KEYS.contains(k) || *k == "image") {
        let _ = k;
        let target = load::resolve(&doc.path, word);
        if target.is_file() {
            return uri_of(&target)
                .map(|u| vec![Location::new(u, Range::default())])
                .unwrap_or_default();
        }
        return Vec::new();
    }
    let want = key.and_then(kind_of_key);
    let mut out = Vec::new();
    for (path, file, scalars) in names::reachable(&doc.path, &doc.text) {
        if path
            .to_str()
            .is_some_and(|p| p.starts_with(load::BUNDLED_PREFIX))
        {
            continue;
        }
        let Some(uri) = uri_of(&path) else {
            continue;
        };
        let lines = Lines::new(file.text());
        for s in &scalars {
            match defines(s, word) {
                Some(kind) if want.is_none_or(|w| w == kind) => {
                    out.push(Location::new(
                        uri.clone(),
                        lines.range(s.bytes.0, s.bytes.1),
                    ));
                }
                _ => {}
            }
        }
    }
    out
}

/// References: every place in this document, the files it reaches and the other open
/// documents where the name under the cursor is used as what it is defined as.
pub fn references(server: &Server, doc: &Doc, p: Position) -> Vec<Location> {
    let (line, col, cx) = at(doc, p);
    let Some((_, word)) = text::word_at(&line, col) else {
        return Vec::new();
    };
    let kind = cx.key.as_deref().and_then(|k| match k {
        "id" if cx.parents.last().is_some_and(|p| p == "tiles") || cx.parents.is_empty() => {
            Some("tile")
        }
        k => kind_of_key(k),
    });
    let mut files: Vec<(std::path::PathBuf, String)> = names::reachable(&doc.path, &doc.text)
        .into_iter()
        .map(|(p, f, _)| (p, f.text().to_string()))
        .collect();
    for other in server.docs.values() {
        if !files
            .iter()
            .any(|(p, _)| load::identity(p) == load::identity(&other.path))
        {
            files.push((other.path.clone(), other.text.clone()));
        }
    }
    let mut out = Vec::new();
    for (path, text) in files {
        if path
            .to_str()
            .is_some_and(|p| p.starts_with(load::BUNDLED_PREFIX))
        {
            continue;
        }
        let file = crate::diag::SourceFile::new(&path, text);
        let Ok(root) = load::parse(&file) else {
            continue;
        };
        let (Some(uri), lines) = (uri_of(&path), Lines::new(file.text())) else {
            continue;
        };
        for s in names::scalars(&root).iter().filter(|s| s.value == word) {
            let used_as = defines(s, word).or_else(|| s.key().and_then(kind_of_key));
            if kind.is_none() || used_as == kind {
                out.push(Location::new(
                    uri.clone(),
                    lines.range(s.bytes.0, s.bytes.1),
                ));
            }
        }
    }
    out
}

/// The fix of a finding as the `data` of its diagnostic: `{title, edits: [{range,
/// newText}]}` in the finding's own file, when the fix is mechanical (its text
/// [`crate::diag::Fix::replace`], or link edits written into the YAML segment they change).
pub fn fix_data(f: &Finding) -> Option<serde_json::Value> {
    let file = f.file.as_ref()?;
    let lines = Lines::new(file.text());
    let mut edits = Vec::new();
    let title;
    if let Some((span, new)) = f.fix.as_deref().and_then(|x| x.replace.as_ref()) {
        edits.push(TextEdit::new(
            lines.range(span.offset(), span.len()),
            new.clone(),
        ));
        title = format!("write `{}`", new.trim_end());
    } else if !f.fixes().is_empty() && !file.is_xml() {
        for e in f.fixes() {
            let (a, b, new) = link_edit(file.text(), e)?;
            edits.push(TextEdit::new(lines.range(a, b - a), new));
        }
        let what: Vec<String> = f
            .fixes()
            .iter()
            .map(|e| {
                format!(
                    "{} `{}: [{}]` {} segment {} of {}",
                    if e.add { "add" } else { "remove" },
                    e.relation,
                    e.target,
                    if e.add { "to" } else { "from" },
                    e.segment,
                    e.tile
                )
            })
            .collect();
        title = what.join("; ");
    } else {
        return None;
    }
    serde_json::to_value(serde_json::json!({"title": title, "edits": edits})).ok()
}

/// A link edit written into a YAML tile set: the bytes to replace and the new text.
/// Adding appends the target to the segment's list of the relation (`links: {touches:
/// [city1, city2]}`), or adds `links: {touches: [city]}` to a segment written on one line
/// as a flow mapping; removing takes the target out of the list.
fn link_edit(text: &str, e: &LinkEdit) -> Option<(usize, usize, String)> {
    let file = crate::diag::SourceFile::new(Path::new("edit.yaml"), text.to_string());
    let root = load::parse(&file).ok()?;
    let all = names::scalars(&root);
    let tile = all
        .iter()
        .position(|s| !s.is_key && s.path == ["tiles", "-", "id"] && s.value == e.tile)?;
    let tile_end = all[tile + 1..]
        .iter()
        .position(|s| !s.is_key && s.path == ["tiles", "-", "id"])
        .map_or(all.len(), |i| tile + 1 + i);
    let seg_path = ["tiles", "-", "segments", "-", "id"];
    let seg = (tile..tile_end).find(|&i| {
        let s = &all[i];
        !s.is_key && s.path == seg_path && s.value == e.segment
    })?;
    let seg_end = (seg + 1..tile_end)
        .find(|&i| !all[i].is_key && all[i].path == seg_path)
        .unwrap_or(tile_end);
    let list_path = [
        "tiles",
        "-",
        "segments",
        "-",
        "links",
        e.relation.as_str(),
        "-",
    ];
    let in_list: Vec<&Scalar> = all[seg..seg_end]
        .iter()
        .filter(|s| !s.is_key && s.path == list_path)
        .collect();
    if e.add {
        if let Some(last) = in_list.last() {
            let end = last.bytes.0 + last.bytes.1;
            return Some((end, end, format!(", {}", e.target)));
        }
        // A segment on one line: before its closing brace.
        let start = all[seg].bytes.0;
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let close = text[start..line_end].rfind('}').map(|i| start + i)?;
        let links = all[seg..seg_end]
            .iter()
            .find(|s| s.is_key && s.value == "links" && s.path.len() == 4);
        // The relation's key already written with an empty list (`touches: []`): fill it.
        let empty = all[seg..seg_end].iter().find(|s| {
            s.is_key && s.value == e.relation && s.path.last().is_some_and(|k| k == "links")
        });
        if let Some(k) = empty {
            let open = text[k.bytes.0..line_end]
                .find('[')
                .map(|i| k.bytes.0 + i + 1)?;
            return Some((open, open, e.target.clone()));
        }
        return match links {
            // `links: {other: [x]}` on the line: add the relation inside it (`{}`: alone).
            Some(l) => {
                let inner = text[l.bytes.0..line_end]
                    .find('{')
                    .map(|i| l.bytes.0 + i + 1)?;
                let alone = text[inner..line_end].trim_start().starts_with('}');
                let sep = if alone { "" } else { ", " };
                Some((inner, inner, format!("{}: [{}]{sep}", e.relation, e.target)))
            }
            None => Some((
                close,
                close,
                format!(", links: {{{}: [{}]}}", e.relation, e.target),
            )),
        };
    }
    let i = in_list.iter().position(|s| s.value == e.target)?;
    let s = in_list[i];
    let (a, b) = (s.bytes.0, s.bytes.0 + s.bytes.1);
    if let Some(next) = in_list.get(i + 1) {
        return Some((a, next.bytes.0, String::new()));
    }
    if i > 0 {
        let prev = in_list[i - 1];
        return Some((prev.bytes.0 + prev.bytes.1, b, String::new()));
    }
    Some((a, b, String::new()))
}

/// Code actions: the fix of each diagnostic that carries one ([`fix_data`]): those the
/// client sent, else the document's own that touch `range`.
pub fn code_actions(
    doc: &Doc,
    uri: &lsp_types::Url,
    range: Range,
    sent: &[Diagnostic],
) -> Vec<CodeActionOrCommand> {
    let touches = |d: &Diagnostic| d.range.start <= range.end && range.start <= d.range.end;
    let diagnostics: Vec<&Diagnostic> = match sent.iter().any(|d| d.data.is_some()) {
        true => sent.iter().collect(),
        false => doc.diagnostics.iter().filter(|d| touches(d)).collect(),
    };
    let mut out = Vec::new();
    for d in diagnostics {
        let Some(data) = &d.data else {
            continue;
        };
        let Ok(edits) = serde_json::from_value::<Vec<TextEdit>>(data["edits"].clone()) else {
            continue;
        };
        let title = data["title"].as_str().unwrap_or("fix").to_string();
        let mut changes = HashMap::new();
        changes.insert(uri.clone(), edits);
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title,
            kind: Some(CodeActionKind::QUICKFIX),
            diagnostics: Some(vec![(*d).clone()]),
            edit: Some(WorkspaceEdit {
                changes: Some(changes),
                ..WorkspaceEdit::default()
            }),
            is_preferred: Some(true),
            ..CodeAction::default()
        }));
    }
    out
}

/// Document symbols: tiles (with their segments), feature kinds, piece kinds, items,
/// options, terrains and turns' tiles, as the document writes them.
pub fn symbols(doc: &Doc) -> Vec<DocumentSymbol> {
    let file = crate::diag::SourceFile::new(&doc.path, doc.text.clone());
    let Ok(root) = load::parse(&file) else {
        return Vec::new();
    };
    let lines = Lines::new(&doc.text);
    let mut out: Vec<DocumentSymbol> = Vec::new();
    #[allow(deprecated)]
    let symbol = |name: &str, detail: &str, kind: SymbolKind, s: &Scalar| DocumentSymbol {
        name: name.to_string(),
        detail: (!detail.is_empty()).then(|| detail.to_string()),
        kind,
        tags: None,
        deprecated: None,
        range: lines.range(s.bytes.0, s.bytes.1),
        selection_range: lines.range(s.bytes.0, s.bytes.1),
        children: None,
    };
    for s in names::scalars(&root) {
        let path: Vec<&str> = s.path.iter().map(String::as_str).collect();
        match (s.is_key, path.as_slice()) {
            (false, ["tiles", "-", "id"]) => {
                out.push(symbol(&s.value, "tile", SymbolKind::CLASS, &s))
            }
            (false, ["tiles", "-", "segments", "-", "id"]) => {
                let child = symbol(&s.value, "segment", SymbolKind::FIELD, &s);
                if let Some(tile) = out.iter_mut().rev().find(|t| t.kind == SymbolKind::CLASS) {
                    tile.children.get_or_insert_default().push(child);
                }
            }
            (true, ["features"]) => {
                out.push(symbol(&s.value, "feature kind", SymbolKind::ENUM, &s))
            }
            (true, ["pieces"]) => out.push(symbol(&s.value, "piece kind", SymbolKind::OBJECT, &s)),
            (true, ["items"]) => out.push(symbol(&s.value, "item", SymbolKind::CONSTANT, &s)),
            (true, ["options"]) => out.push(symbol(&s.value, "option", SymbolKind::PROPERTY, &s)),
            (false, ["terrains", "-"]) => {
                out.push(symbol(&s.value, "terrain", SymbolKind::ENUM_MEMBER, &s))
            }
            (false, ["turns", "-", "tile"]) => {
                out.push(symbol(&s.value, "turn", SymbolKind::EVENT, &s))
            }
            _ => {}
        }
    }
    out
}
