//! Text positions for the language server: byte offsets of a document's text against the
//! protocol's positions (a 0-based line and a column in UTF-16 code units), and what the
//! text around the cursor says (the key a value is written for, the word under it).

use lsp_types::{Position, Range};

/// A document's line starts, to turn byte offsets into protocol positions and back.
#[derive(Debug, Clone)]
pub struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    /// The lines of `text`.
    pub fn new(text: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines { text, starts }
    }

    /// The protocol position of a byte offset (clamped to the text, on a character
    /// boundary).
    pub fn position(&self, offset: usize) -> Position {
        let mut off = offset.min(self.text.len());
        while !self.text.is_char_boundary(off) {
            off -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= off).max(1) - 1;
        let col: usize = self.text[self.starts[line]..off]
            .chars()
            .map(char::len_utf16)
            .sum();
        Position::new(line as u32, col as u32)
    }

    /// The range of `len` bytes from `offset`.
    pub fn range(&self, offset: usize, len: usize) -> Range {
        Range::new(self.position(offset), self.position(offset + len))
    }

    /// The byte offset of a protocol position (a column past the line's end is its end).
    pub fn offset(&self, p: Position) -> usize {
        let Some(&start) = self.starts.get(p.line as usize) else {
            return self.text.len();
        };
        let end = self
            .starts
            .get(p.line as usize + 1)
            .map_or(self.text.len(), |&e| e.saturating_sub(1));
        let mut units = 0usize;
        for (i, ch) in self.text[start..end].char_indices() {
            if units >= p.character as usize {
                return start + i;
            }
            units += ch.len_utf16();
        }
        end
    }

    /// The text of line `line` (0-based) without its end.
    pub fn line(&self, line: usize) -> &'a str {
        let Some(&start) = self.starts.get(line) else {
            return "";
        };
        let end = self
            .starts
            .get(line + 1)
            .map_or(self.text.len(), |&e| e.saturating_sub(1));
        self.text[start..end].trim_end_matches('\r')
    }
}

/// Whether a character can be part of a name written in a tessera file (a tile id such as
/// `BA/RCr.1`, a slot, a code such as `tileset::count_mismatch`, a path).
pub fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || "_-./:+".contains(c)
}

/// The name under or just before byte `at` of `line`, with its start (bytes).
pub fn word_at(line: &str, at: usize) -> Option<(usize, &str)> {
    let mut at = at.min(line.len());
    while !line.is_char_boundary(at) {
        at -= 1;
    }
    let start = line[..at]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_name_char(c))
        .last()
        .map_or(at, |(i, _)| i);
    let end = line[at..]
        .char_indices()
        .find(|&(_, c)| !is_name_char(c))
        .map_or(line.len(), |(i, _)| at + i);
    let word = line[start..end].trim_end_matches(':');
    (!word.is_empty()).then_some((start, word))
}

/// What the text before the cursor says about the value being written there: the key it
/// is the value of (`feature` in `{id: a, feature: ci`), whether it is inside a flow
/// list (`at: [N, E`), and the keys written before it on the same line (`tile: D` and
/// `rotation: 90` before `piece: {kind: follower, at: `).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Context {
    /// The key whose value is at the cursor; `None` where a key is being written.
    pub key: Option<String>,
    /// The keys of the mappings around the cursor, innermost last, from the indentation
    /// of the lines above (`tiles`, `segments` for a segment's `feature`).
    pub parents: Vec<String>,
    /// `key: value` pairs written on the cursor's line before it, and on the lines of
    /// the same list item above it.
    pub siblings: Vec<(String, String)>,
    /// The part of the value typed so far.
    pub prefix: String,
}

/// The [`Context`] at byte `at` of line `line` of `lines`.
pub fn context(lines: &Lines, line: usize, at: usize) -> Context {
    let text = lines.line(line);
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    // The value typed so far: back to a separator.
    let prefix_start = before
        .rfind([' ', '[', '{', ',', '"', '\''])
        .map_or(0, |i| i + 1);
    let prefix = before[prefix_start..].to_string();
    let mut cx = Context {
        prefix,
        ..Context::default()
    };
    // Walk back from the prefix: brackets opened and not closed, and the nearest `key:`
    // at the same depth.
    let head = &before[..prefix_start];
    let mut depth = 0i32;
    let mut key = None;
    let bytes: Vec<(usize, char)> = head.char_indices().collect();
    let mut i = bytes.len();
    let mut at_key = false;
    while i > 0 {
        i -= 1;
        let (pos, c) = bytes[i];
        match c {
            ']' | '}' => depth += 1,
            '[' if depth == 0 => {}
            '{' if depth == 0 => {
                if key.is_none() {
                    at_key = true;
                }
                break;
            }
            '[' | '{' => depth -= 1,
            ',' if depth == 0 && key.is_none() => {
                // After a comma in a flow mapping a key is written; in a flow list, the
                // list's key still holds.
                let opener = head[..pos].rfind(['[', '{']);
                if opener.is_some_and(|o| head.as_bytes()[o] == b'{') && !inside_list(&head[..pos])
                {
                    at_key = true;
                    break;
                }
            }
            ':' if depth == 0 && key.is_none() => {
                let name_end = pos;
                let name_start = head[..name_end]
                    .char_indices()
                    .rev()
                    .take_while(|&(_, c)| c.is_alphanumeric() || c == '_' || c == '-')
                    .last()
                    .map_or(name_end, |(j, _)| j);
                if name_start < name_end {
                    key = Some(head[name_start..name_end].to_string());
                }
                break;
            }
            _ => {}
        }
    }
    if !at_key {
        cx.key = key;
    }
    // A block list item under a key (`include:` then `  - ba`).
    if cx.key.is_none() && !at_key && head.trim_start().starts_with('-') && !head.contains(':') {
        cx.key = parent_keys(lines, line, indent(text)).pop();
    }
    cx.parents = parent_keys(lines, line, indent(text));
    cx.siblings = pairs(before);
    // The lines of the same list item above (a block-style turn or tile).
    let own = indent(text);
    let item_start = text.trim_start().starts_with("- ");
    if !item_start {
        let mut l = line;
        while l > 0 {
            l -= 1;
            let above = lines.line(l);
            if above.trim().is_empty() || above.trim_start().starts_with('#') {
                continue;
            }
            let ind = indent(above);
            if ind > own || (ind == own && !above.trim_start().starts_with("- ")) {
                cx.siblings.splice(0..0, pairs(above));
                continue;
            }
            // The item's first line (`- tile: U`), whose keys sit where the cursor's do.
            if above.trim_start().starts_with("- ") && ind == own {
                cx.siblings.splice(0..0, pairs(above));
            }
            break;
        }
    }
    cx
}

/// Whether the end of `text` lies inside a flow list (`[` opened after the last `{`).
fn inside_list(text: &str) -> bool {
    let mut stack = Vec::new();
    for c in text.chars() {
        match c {
            '[' | '{' => stack.push(c),
            ']' | '}' => {
                stack.pop();
            }
            _ => {}
        }
    }
    stack.last() == Some(&'[')
}

/// Columns of leading spaces (a `- ` of a list item counts as indentation).
fn indent(line: &str) -> usize {
    let spaces = line.len() - line.trim_start().len();
    let rest = line.trim_start();
    if let Some(after) = rest.strip_prefix("- ") {
        return spaces + 2 + (after.len() - after.trim_start().len());
    }
    spaces
}

/// The keys of the block mappings above `line` that hold a line indented `own`,
/// outermost first.
fn parent_keys(lines: &Lines, line: usize, own: usize) -> Vec<String> {
    let mut keys = Vec::new();
    let mut want = own;
    let mut l = line;
    while l > 0 && want > 0 {
        l -= 1;
        let above = lines.line(l);
        let t = above.trim_start();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let spaces = above.len() - t.len();
        if spaces < want {
            // A list item's own keys are siblings of the lines under it, not parents.
            if t.starts_with("- ") || t == "-" {
                want = spaces;
                continue;
            }
            if let Some((k, _)) = t.split_once(':') {
                let k = k.trim();
                if !k.is_empty()
                    && k.chars()
                        .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
                {
                    keys.push(k.to_string());
                }
            }
            want = spaces;
        }
    }
    keys.reverse();
    keys
}

/// The `key: value` pairs of plain scalars written in `text` (`tile: D`, `rotation: 90`).
pub fn pairs(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(colon) = rest.find(": ") {
        let key: String = rest[..colon]
            .chars()
            .rev()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let after = &rest[colon + 2..];
        let value: String = after
            .trim_start_matches(['"', '\''])
            .chars()
            .take_while(|&c| is_name_char(c) && c != ':')
            .collect();
        if !key.is_empty() {
            out.push((key, value));
        }
        rest = after;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_and_come_back() {
        let text = "name: Ü𝄞x\nb: 2\n";
        let lines = Lines::new(text);
        let x = text.find('x').expect("x");
        assert_eq!(lines.position(x), Position::new(0, 9));
        assert_eq!(lines.offset(Position::new(0, 9)), x);
        assert_eq!(
            lines.offset(Position::new(1, 0)),
            text.find('b').expect("b")
        );
        assert_eq!(lines.offset(Position::new(7, 0)), text.len());
        assert_eq!(lines.line(1), "b: 2");
    }

    #[test]
    fn the_key_of_the_value_at_the_cursor() {
        let text = "tiles:\n  - id: E\n    segments:\n      - {id: city, feature: ci\n      - {id: f, at: [N, E\nturns:\n  - {tile: D, x: 1, y: 0, rotation: 90, piece: {kind: follower, at: \ninclude:\n  - ../t\n";
        let lines = Lines::new(text);
        let end = |l: usize| lines.line(l).len();
        let cx = context(&lines, 3, end(3));
        assert_eq!(cx.key.as_deref(), Some("feature"));
        assert_eq!(cx.prefix, "ci");
        assert_eq!(cx.parents, ["tiles", "segments"]);
        assert!(
            cx.siblings
                .contains(&("id".to_string(), "city".to_string()))
        );
        let cx = context(&lines, 4, end(4));
        assert_eq!(cx.key.as_deref(), Some("at"));
        assert_eq!(cx.prefix, "E");
        let cx = context(&lines, 6, end(6));
        assert_eq!(cx.key.as_deref(), Some("at"));
        assert!(cx.siblings.contains(&("tile".to_string(), "D".to_string())));
        assert!(
            cx.siblings
                .contains(&("rotation".to_string(), "90".to_string()))
        );
        let cx = context(&lines, 8, end(8));
        assert_eq!(cx.key.as_deref(), Some("include"));
        assert_eq!(cx.prefix, "../t");
        // A key being written after a comma in a flow mapping.
        let lines = Lines::new("  - {id: a, fe");
        assert_eq!(context(&lines, 0, 14).key, None);
    }

    #[test]
    fn the_word_under_the_cursor() {
        assert_eq!(
            word_at("    shape: BA/RCr.1 # x", 14),
            Some((11, "BA/RCr.1"))
        );
        assert_eq!(
            word_at("code tileset::count_mismatch.", 8).map(|w| w.1),
            Some("tileset::count_mismatch.")
        );
        assert_eq!(word_at("  ", 1), None);
    }
}
