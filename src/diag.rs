//! Diagnostics: every problem tessera finds in user files is a [`Finding`] with a stable
//! code from the catalogue [`Check`], the file and byte span it concerns, and a help line.
//!
//! The catalogue is the one place where checks are described: each code names one rule and
//! has a one-line title, a default severity ([`Level`]), why it matters and a bad and a fixed
//! example ([`CheckInfo`]); `tessera explain` and `docs/checks.md` are rendered from it
//! ([`crate::report::explain_text`], [`crate::report::checks_markdown`]). A [`Policy`]
//! (`--allow CODE`, `--deny CODE`, `--deny warnings`) changes the severity of a run's
//! findings before they are printed.
//!
//! Findings implement [`miette::Diagnostic`], so the binary prints them with source
//! snippets; the library only collects them. Exit codes: a run with error findings exits 2
//! (warnings and notes do not count unless denied), a tool failure (unreadable argument,
//! I/O, an unknown code in a flag) exits 1 (see `main.rs`).

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, LazyLock, Mutex, OnceLock, Weak};

use miette::{
    Diagnostic, LabeledSpan, MietteError, MietteSpanContents, NamedSource, SourceCode, SourceSpan,
    SpanContents,
};

use crate::limits;

use crate::model::Loc;

/// A source file read by tessera, shared (cheaply cloned) by every finding that points
/// into it.
#[derive(Debug, Clone)]
pub struct SourceFile(Arc<SourceData>);

/// What a [`SourceFile`] holds.
#[derive(Debug)]
pub struct SourceData {
    /// Process-wide identity of this file (never 0), recorded in the [`Loc`] of every value
    /// read from it.
    pub id: u32,
    /// Path as given or resolved (relative to the working directory when possible).
    pub path: PathBuf,
    /// The file's text, as miette source code.
    pub named: NamedSource<String>,
    /// Byte offset of the first byte that is not UTF-8, when the file is not text (the
    /// text then holds a lossy copy).
    pub invalid_utf8: Option<usize>,
    /// Byte offset of the start of every line (after each `\n`), made when first needed:
    /// locating a finding costs a binary search, not a scan of the file.
    lines: OnceLock<Vec<usize>>,
    /// The file as snippets show it, made when a finding is first rendered.
    view: OnceLock<SourceView>,
}

static NEXT_ID: AtomicU32 = AtomicU32::new(1);

/// Files by id, held weakly: a file lives as long as some value or finding holds it.
static REGISTRY: LazyLock<Mutex<HashMap<u32, Weak<SourceData>>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

impl std::ops::Deref for SourceFile {
    type Target = SourceData;
    fn deref(&self) -> &SourceData {
        &self.0
    }
}

impl SourceFile {
    /// Wraps a file's text. `path` is shown as the file name in diagnostics.
    pub fn new(path: &Path, text: String) -> Self {
        Self::with(path, text, None)
    }

    fn with(path: &Path, text: String, invalid_utf8: Option<usize>) -> Self {
        let name = path.display().to_string();
        let language = language_of(path);
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed).max(1);
        let file = SourceFile(Arc::new(SourceData {
            id,
            path: path.to_path_buf(),
            named: NamedSource::new(name, text).with_language(language),
            invalid_utf8,
            lines: OnceLock::new(),
            view: OnceLock::new(),
        }));
        if let Ok(mut reg) = REGISTRY.lock() {
            reg.retain(|_, w| w.strong_count() > 0);
            reg.insert(id, Arc::downgrade(&file.0));
        }
        file
    }

    /// The file with this id, while some value still holds it.
    pub fn by_id(id: u32) -> Option<SourceFile> {
        let reg = REGISTRY.lock().ok()?;
        reg.get(&id).and_then(Weak::upgrade).map(SourceFile)
    }

    /// Runs `f` with this file recorded as the one being read: every [`Loc`] made meanwhile
    /// on this thread (by deserializing a [`crate::model::Sp`]) names it.
    pub fn reading<T>(&self, f: impl FnOnce() -> T) -> T {
        let before = crate::model::set_reading(self.id);
        let out = f();
        crate::model::set_reading(before);
        out
    }

    /// Wraps a file's bytes; bytes that are not UTF-8 are replaced and remembered.
    pub fn from_bytes(path: &Path, bytes: Vec<u8>) -> Self {
        match String::from_utf8(bytes) {
            Ok(text) => SourceFile::new(path, text),
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
                let at = text.len().min(at);
                SourceFile::with(path, text, Some(at))
            }
        }
    }

    /// The file's text.
    pub fn text(&self) -> &str {
        self.named.inner()
    }

    /// Byte span of a YAML location in this file, or `None` for an unknown location.
    ///
    /// serde-saphyr gives byte spans for scalars and points for collections; when only a
    /// line and column are known the span is computed from them.
    pub fn span(&self, loc: &Loc) -> Option<SourceSpan> {
        if loc.is_unknown() {
            return None;
        }
        let text = self.text();
        if let Some((off, len)) = loc.bytes {
            let off = off.min(text.len());
            let len = len.min(text.len() - off);
            return Some(SourceSpan::new(off.into(), len));
        }
        let off = self.offset_of(loc.line as usize, loc.column as usize);
        Some(SourceSpan::new(off.into(), 0))
    }

    /// Byte offset of the start of every line.
    fn line_starts(&self) -> &[usize] {
        self.lines.get_or_init(|| line_starts(self.text()))
    }

    /// Byte offset of a 1-based line and 1-based column (in characters); the end of the
    /// line for a column past it, the end of the file for a line past it.
    fn offset_of(&self, line: usize, column: usize) -> usize {
        let text = self.text();
        let starts = self.line_starts();
        let Some(&start) = line.checked_sub(1).and_then(|l| starts.get(l)) else {
            return text.len();
        };
        let end = starts.get(line).copied().unwrap_or(text.len());
        let l = &text[start..end];
        start
            + l.char_indices()
                .nth(column.saturating_sub(1))
                .map_or(l.len(), |(b, _)| b)
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let text = self.text();
        let mut off = offset.min(text.len());
        while !text.is_char_boundary(off) {
            off -= 1;
        }
        let starts = self.line_starts();
        let line = starts.partition_point(|&s| s <= off).max(1);
        let start = starts[line - 1];
        (line, text[start..off].chars().count() + 1)
    }

    /// Whether the file is XML (JCloisterZone tile definitions, told by the extension
    /// `.xml`), whose tile sides are not written but follow from its elements.
    pub fn is_xml(&self) -> bool {
        language_of(&self.path) == "xml"
    }

    /// The file as snippets show it ([`SourceView`]).
    pub fn view(&self) -> &SourceView {
        self.view.get_or_init(|| {
            SourceView::new(
                escape_text(self.named.name()).into_owned(),
                language_of(&self.path),
                self.text(),
                self.line_starts().to_vec(),
            )
        })
    }
}

/// The language of a file as snippets highlight it, told by its extension: `xml` for
/// JCloisterZone tile definitions, `yaml` for anything else.
fn language_of(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("xml") => "xml",
        _ => "yaml",
    }
}

/// Byte offsets of the starts of the lines of a text (0, and after each `\n`).
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}

/// Whether a character must not reach a terminal as it is: C0 and C1 control characters
/// (ESC starts terminal escape sequences, a newline or carriage return forges lines),
/// DEL, the bidirectional controls (which reorder what is shown) and the line and
/// paragraph separators.
pub fn is_unsafe_char(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'
                | '\u{200E}'
                | '\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2066}'..='\u{2069}'
                | '\u{2028}'
                | '\u{2029}'
        )
}

/// A text as text output shows it: every character of [`is_unsafe_char`] written as an
/// escape (`\n`, `\r`, `\t`, `\u{1b}`, `\u{202e}`), everything else as it is. JSON output
/// keeps the exact text instead.
pub fn escape_text(s: &str) -> Cow<'_, str> {
    if !s.chars().any(is_unsafe_char) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if is_unsafe_char(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// A whole document tessera writes (an SVG picture, the HTML score page) with every
/// character of [`is_unsafe_char`] but its own line feeds and tabs, and the non-characters
/// U+FFFE and U+FFFF, which XML does not allow, written as a visible escape (`\u{1b}`), as
/// text output shows them: names from a rule set, tile set or position reach titles, text
/// and table cells, and must neither make the document ill-formed nor reach a reader raw.
/// Markup is escaped before (by the `svg` and `maud` crates); this adds none.
pub fn escape_document(text: &str) -> Cow<'_, str> {
    let bad = |c: char| {
        (is_unsafe_char(c) && !matches!(c, '\n' | '\t')) || matches!(c, '\u{fffe}' | '\u{ffff}')
    };
    if !text.chars().any(bad) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if bad(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A file's text as snippets show it: every unsafe character ([`is_unsafe_char`]) but
/// tabs, line feeds and the carriage return of a CRLF replaced by a character of the same
/// length in bytes (`?`, `¿` or `\u{FFFD}`), so that every byte span still fits and
/// nothing read from a file can drive the terminal.
fn display_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let keep = match c {
            '\t' | '\n' => true,
            '\r' => chars.peek() == Some(&'\n'),
            c => !is_unsafe_char(c),
        };
        if keep {
            out.push(c);
        } else {
            out.push(match c.len_utf8() {
                1 => '?',
                2 => '\u{BF}',
                _ => '\u{FFFD}',
            });
            // Four-byte characters are never unsafe; the replacement has the same length.
        }
    }
    out
}

/// A file as the snippets of findings show it (the [`miette::SourceCode`] of a finding):
/// unsafe characters replaced (`display_text`), lines indexed so that reading a snippet
/// costs the same wherever it is in the file, and lines longer than
/// [`limits::SNIPPET_MAX_LINE`] shown as a window of [`limits::SNIPPET_WINDOW`] bytes on
/// each side of the mark (long lines around a mark are left out of its context).
#[derive(Debug)]
pub struct SourceView {
    name: String,
    language: &'static str,
    text: String,
    starts: Vec<usize>,
}

impl SourceView {
    fn new(name: String, language: &'static str, text: &str, starts: Vec<usize>) -> Self {
        SourceView {
            name,
            language,
            text: display_text(text),
            starts,
        }
    }

    /// 0-based line of a byte offset.
    fn line_of(&self, off: usize) -> usize {
        self.starts.partition_point(|&s| s <= off).saturating_sub(1)
    }

    /// Start of a 0-based line, and the start of the next one (or the end of the text).
    fn bounds(&self, line: usize) -> (usize, usize) {
        let start = self.starts.get(line).copied().unwrap_or(self.text.len());
        let next = self
            .starts
            .get(line + 1)
            .copied()
            .unwrap_or(self.text.len());
        (start, next)
    }

    /// Whether a 0-based line is too long to print whole.
    fn long(&self, line: usize) -> bool {
        let (start, next) = self.bounds(line);
        next - start > limits::SNIPPET_MAX_LINE
    }

    /// The last line a span touches (its first for an empty span).
    fn last_line(&self, span: &SourceSpan) -> usize {
        self.line_of(span.offset() + span.len().saturating_sub(1))
    }

    /// A label's span as it can be drawn: within one line and [`limits::SNIPPET_MAX_MARK`]
    /// bytes when it touches a long line, on its first line when it covers more than
    /// [`limits::SNIPPET_MAX_LINES`] lines; as it is otherwise.
    pub fn clip(&self, span: SourceSpan) -> SourceSpan {
        if span.offset() + span.len() > self.text.len() {
            return span;
        }
        let (first, last) = (self.line_of(span.offset()), self.last_line(&span));
        let many = last - first >= limits::SNIPPET_MAX_LINES;
        if !many && !(first..=last).any(|l| self.long(l)) {
            return span;
        }
        let (_, next) = self.bounds(first);
        let mut len = span.len().min(next - span.offset());
        if self.long(first) {
            len = len.min(limits::SNIPPET_MAX_MARK);
        }
        // Never end on the line's own line feed.
        if len > 0 && self.text.as_bytes()[span.offset() + len - 1] == b'\n' {
            len -= 1;
        }
        SourceSpan::new(span.offset().into(), len)
    }

    /// The byte range read for a span with its context lines: whole lines, leaving out
    /// long lines around it; a window within the line when the span is in a long line.
    /// `None` when the span cannot be shown (across a long line, or too long in one).
    fn range(&self, span: &SourceSpan, before: usize, after: usize) -> Option<(usize, usize)> {
        let (first, last) = (self.line_of(span.offset()), self.last_line(span));
        if (first..=last).any(|l| self.long(l)) {
            if first != last || span.len() > 2 * limits::SNIPPET_MAX_MARK {
                return None;
            }
            let (start, next) = self.bounds(first);
            let end = span.offset() + span.len();
            let mut lo = span
                .offset()
                .saturating_sub(limits::SNIPPET_WINDOW)
                .max(start);
            let mut hi = end.saturating_add(limits::SNIPPET_WINDOW).min(next);
            while !self.text.is_char_boundary(lo) {
                lo -= 1;
            }
            while !self.text.is_char_boundary(hi) {
                hi += 1;
            }
            // The window stops before the line's end of line.
            let line = &self.text.as_bytes()[lo..hi];
            let trimmed = line
                .iter()
                .rposition(|&b| b != b'\n' && b != b'\r')
                .map_or(0, |i| i + 1);
            return Some((lo, (lo + trimmed).max(end)));
        }
        let mut top = first;
        while top > 0 && first - top < before && !self.long(top - 1) {
            top -= 1;
        }
        let mut bottom = last;
        while bottom + 1 < self.starts.len() && bottom - last < after && !self.long(bottom + 1) {
            bottom += 1;
        }
        Some((self.bounds(top).0, self.bounds(bottom).1))
    }
}

impl SourceCode for SourceView {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        if span.offset() + span.len() > self.text.len() {
            return Err(MietteError::OutOfBounds);
        }
        let (lo, hi) = self
            .range(span, context_lines_before, context_lines_after)
            .ok_or(MietteError::OutOfBounds)?;
        // miette's own reader on the slice, so that snippets look exactly as miette draws
        // them; its coordinates are then moved to the whole file's.
        let slice = &self.text.as_bytes()[lo..hi];
        let inner_span = SourceSpan::new((span.offset() - lo).into(), span.len());
        let inner = slice.read_span(&inner_span, context_lines_before, context_lines_after)?;
        let line0 = self.line_of(lo);
        let column = if context_lines_before == 0 {
            inner.column() + (lo - self.starts[line0])
        } else {
            inner.column()
        };
        let contents = MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            SourceSpan::new((inner.span().offset() + lo).into(), inner.span().len()),
            inner.line() + line0,
            column,
            inner.line_count() + line0,
        )
        .with_language(self.language);
        Ok(Box::new(contents))
    }
}

impl SourceFile {
    /// Span of a top-level key (`players:` at the start of a line), or of the file's start
    /// when the key is absent: findings about the document's shape point there.
    pub fn top_key_span(&self, key: &str) -> SourceSpan {
        let text = self.text();
        let needle = format!("{key}:");
        let mut off = 0;
        for line in text.split_inclusive('\n') {
            if line.starts_with(&needle) {
                return SourceSpan::new(off.into(), key.len());
            }
            off += line.len();
        }
        SourceSpan::new(0.into(), 0)
    }
}

macro_rules! checks {
    ($(
        #[doc = $title:literal]
        $variant:ident => $code:literal, $level:ident {
            why: $why:literal,
            bad: $bad:literal,
            fixed: $fixed:literal $(,)?
        }
    )*) => {
        /// The catalogue of checks: one code per rule. Each has a stable code, namespaced by
        /// area (`io::`, `yaml::`, `schema::`, `compose::`, `ruleset::`, `tileset::`,
        /// `position::`, `jcz::`, `note::`), a one-line title, a default severity, why it matters and an
        /// example of bad and fixed input ([`Check::info`]); `tessera explain CODE` and
        /// `docs/checks.md` are made from it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Check {
            $( #[doc = $title] $variant, )*
        }
        impl Check {
            /// Every check, in catalogue order.
            pub const ALL: &'static [Check] = &[$(Check::$variant),*];
            /// What the catalogue says about this check.
            pub fn info(self) -> &'static CheckInfo {
                match self {
                    $(Check::$variant => const {
                        &CheckInfo {
                            code: $code,
                            title: $title.trim_ascii(),
                            severity: Level::$level,
                            why: $why,
                            bad: $bad,
                            fixed: $fixed,
                        }
                    },)*
                }
            }
        }
    };
}

/// One entry of the check catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckInfo {
    /// The stable code printed with a finding, e.g. `tileset::count_mismatch`.
    pub code: &'static str,
    /// What the check finds, in one line.
    pub title: &'static str,
    /// The severity of its findings unless `--allow` / `--deny` change it.
    pub severity: Level,
    /// Why the problem matters (what goes wrong if it is not fixed).
    pub why: &'static str,
    /// A short example of input that has the problem.
    pub bad: &'static str,
    /// The same example, fixed.
    pub fixed: &'static str,
}

impl Check {
    /// The stable code printed with the finding, e.g. `tileset::count_mismatch`.
    pub fn code(self) -> &'static str {
        self.info().code
    }

    /// The check with this code, if any.
    pub fn from_code(code: &str) -> Option<Check> {
        Check::ALL.iter().copied().find(|c| c.code() == code)
    }

    /// Codes close to `code` (a misspelling, or the part after `::` alone), closest first,
    /// for "did you mean" lists.
    pub fn suggest(code: &str) -> Vec<&'static str> {
        let code = code.trim().to_ascii_lowercase();
        let tail = |c: &str| c.rsplit("::").next().unwrap_or_default().to_string();
        let wanted = tail(&code);
        let mut scored: Vec<(usize, &'static str)> = Check::ALL
            .iter()
            .filter_map(|c| {
                let known = c.code();
                let whole = edit_distance(&code, known);
                let part = edit_distance(&wanted, &tail(known));
                let close = whole <= (known.len() / 4).max(2)
                    || part <= (wanted.len() / 4).max(1)
                    || (wanted.len() >= 3 && tail(known).contains(&wanted));
                close.then_some((whole.min(part), known))
            })
            .collect();
        scored.sort();
        scored.into_iter().take(5).map(|(_, c)| c).collect()
    }
}

/// Edit distance between two strings, in characters: insertions, deletions,
/// substitutions and swaps of two neighbours (`raod` → `road`) each count one (the
/// optimal string alignment distance).
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows: two back (for swaps), one back, and the current one.
    let mut two: Vec<usize> = vec![0; b.len() + 1];
    let mut one: Vec<usize> = (0..=b.len()).collect();
    let mut cur: Vec<usize> = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (one[j] + 1).min(cur[j - 1] + 1).min(one[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(two[j - 2] + 1);
            }
            cur[j] = d;
        }
        std::mem::swap(&mut two, &mut one);
        std::mem::swap(&mut one, &mut cur);
    }
    one[b.len()]
}

/// An unknown code as a message: the code, the close codes, and (with `list_all`) every
/// known code, one line per area.
pub fn unknown_code_message(code: &str, context: &str, list_all: bool) -> String {
    let mut m = format!("unknown check code `{code}`{context}");
    let close = Check::suggest(code);
    if !close.is_empty() {
        m.push_str(&format!("\n  did you mean: {}", close.join(", ")));
    }
    if !list_all {
        m.push_str("\n  `tessera explain` lists every code");
        return m;
    }
    m.push_str("\n  known codes (`tessera explain` lists them with their titles):");
    let mut area = "";
    for c in Check::ALL {
        let code = c.code();
        let this = code.split("::").next().unwrap_or_default();
        if this == area {
            m.push_str(", ");
        } else {
            m.push_str("\n    ");
            area = this;
        }
        m.push_str(code);
    }
    m
}

/// What `--allow` and `--deny` make of findings, applied to every finding of a run before
/// it is printed or counted.
///
/// - `--allow CODE`: findings with that code are dropped. Only warnings and notes can be
///   allowed: an error means the file cannot be used, and a later stage relies on it.
/// - `--deny CODE`: findings with that code are errors (exit code 2).
/// - `--deny warnings`: every warning is an error.
///
/// Notes never change the exit code unless their code is denied.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Policy {
    allow: Vec<Check>,
    deny: Vec<Check>,
    deny_warnings: bool,
}

/// The word that stands for every warning in `--deny`.
pub const WARNINGS: &str = "warnings";

impl Policy {
    /// The policy of the codes given to `--allow` and `--deny` (each repeatable; `warnings`
    /// in `deny` stands for every warning).
    ///
    /// Errors: a message for a code that is not in the catalogue (with close codes and the
    /// known codes), for allowing a check whose findings are errors, and for a code both
    /// allowed and denied.
    pub fn new<S: AsRef<str>>(allow: &[S], deny: &[S]) -> Result<Policy, String> {
        let mut p = Policy::default();
        for code in allow {
            let code = code.as_ref();
            if code == WARNINGS {
                return Err(
                    "`--allow warnings` is not supported: allow warnings one code at a time".into(),
                );
            }
            let check = Check::from_code(code)
                .ok_or_else(|| unknown_code_message(code, " in --allow", true))?;
            if check.info().severity == Level::Error {
                return Err(format!(
                    "`{code}` cannot be allowed: its findings are errors (the file cannot be used as it is); only warnings and notes can be allowed"
                ));
            }
            p.allow.push(check);
        }
        for code in deny {
            let code = code.as_ref();
            if code == WARNINGS {
                p.deny_warnings = true;
                continue;
            }
            let check = Check::from_code(code)
                .ok_or_else(|| unknown_code_message(code, " in --deny", true))?;
            if p.allow.contains(&check) {
                return Err(format!("`{code}` is both allowed and denied"));
            }
            p.deny.push(check);
        }
        Ok(p)
    }

    /// The level a finding of `check` at `level` has under this policy, or `None` when it
    /// is allowed (dropped).
    pub fn level(&self, check: Check, level: Level) -> Option<Level> {
        if self.allow.contains(&check) {
            None
        } else if self.deny.contains(&check) || (self.deny_warnings && level == Level::Warning) {
            Some(Level::Error)
        } else {
            Some(level)
        }
    }

    /// Applies the policy: drops allowed findings and raises denied ones to errors.
    pub fn apply(&self, findings: Vec<Finding>) -> Vec<Finding> {
        findings
            .into_iter()
            .filter_map(|mut f| {
                f.level = self.level(f.check, f.level)?;
                Some(f)
            })
            .collect()
    }
}

checks! {
    /// A file that another file names (rule set, tile set, `shapes_from`) cannot be read.
    Io => "io::read", Error {
        why: "A tile set is checked against the rule set it names and a position is replayed \
              with the tile set it names; when that file cannot be read nothing else can be \
              checked. Paths are relative to the file that names them.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcasonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
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
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// The file is not well-formed YAML.
    YamlSyntax => "yaml::syntax", Error {
        why: "Nothing can be read from a file the YAML parser rejects. The usual causes are a \
              tab used for indentation, an unclosed bracket or quote, and a key given twice \
              in one map.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90, piece: N}
  - {tile: U, x: -1, y: 0, rotation: 90
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90, piece: N}
  - {tile: U, x: -1, y: 0, rotation: 90}
",
    }
    /// The file is not UTF-8 text.
    NotUtf8 => "yaml::not_utf8", Error {
        why: "YAML files are UTF-8 text. A file saved in another encoding (Latin-1, UTF-16) \
              or a binary file cannot be parsed; the finding points at the first byte that \
              is not UTF-8.",
        bad: "\
# saved as Latin-1: `é` is the single byte 0xE9, which is not UTF-8
name: Extension café
",
        fixed: "\
# saved as UTF-8: `é` is the two bytes 0xC3 0xA9
name: Extension café
",
    }
    /// A key or value does not have the shape the format's JSON Schema requires.
    Schema => "schema::invalid", Error {
        why: "Every key and value of a rule set, tile set or position has a type and a set of \
              allowed keys (schema/*.schema.json, `tessera schema`). A misspelt key or a value \
              of the wrong type would otherwise be ignored or misread; every violation is \
              reported at its key.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: E}
tiles:
  - id: E
    count: two
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: E}
tiles:
  - id: E
    count: 2
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// The file's kind (rule set, tile set or position) cannot be told from its keys.
    UnknownKind => "schema::unknown_kind", Error {
        why: "`tessera validate` tells a file's kind from its top-level keys: a rule set has \
              `terrains` or `features`, a position has `players`, a tile set has `tiles`, \
              `total` or `shapes_from`. A file with none of them cannot be checked at all.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
Tiles:
  - id: E
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A file named as one kind (`ruleset:`, `tileset:`, `shapes_from:`) is of another kind.
    WrongKind => "schema::wrong_kind", Error {
        why: "A position's `tileset:` must name a tile set and a tile set's `ruleset:` a rule \
              set; naming the other kind of file is a slip, reported once instead of as dozens \
              of schema errors about keys the other kind does not have.",
        bad: "\
tileset: ../rulesets/carcassonne.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
    }
    /// A terrain is listed twice in `terrains`.
    Duplicate => "ruleset::duplicate", Error {
        why: "Each terrain is one name that side profiles and feature kinds refer to; listing \
              it twice is a copy-and-paste slip that hides which list was meant.",
        bad: "\
name: Roads
terrains: [road, field, road]
sides:
  road: [field, road, field]
  field: [field]
features:
  road:
    terrain: road
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 1}]}]
  field: {terrain: field, completion: never}
pieces:
  follower: {supply: 7, roles: [{role: highwayman, feature: road}]}
",
        fixed: "\
name: Roads
terrains: [road, field]
sides:
  road: [field, road, field]
  field: [field]
features:
  road:
    terrain: road
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 1}]}]
  field: {terrain: field, completion: never}
pieces:
  follower: {supply: 7, roles: [{role: highwayman, feature: road}]}
",
    }
    /// A rule set refers to a terrain, feature kind, item, relation, piece kind, stack or option it does not declare.
    RuleSetUnknownName => "ruleset::unknown_name", Error {
        why: "Names in a rule set are declared once (under `terrains`, `features`, `items`, \
              `relations`, `pieces`, `stacks`, `options`) and used elsewhere; a misspelt use \
              would silently score nothing or make a role impossible.",
        bad: "\
name: Roads
terrains: [road, field]
sides:
  road: [field, road, field]
  field: [field]
features:
  road:
    terrain: road
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 1}]}]
  field: {terrain: field, completion: never}
pieces:
  follower: {supply: 7, roles: [{role: highwayman, feature: street}]}
",
        fixed: "\
name: Roads
terrains: [road, field]
sides:
  road: [field, road, field]
  field: [field]
features:
  road:
    terrain: road
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 1}]}]
  field: {terrain: field, completion: never}
pieces:
  follower: {supply: 7, roles: [{role: highwayman, feature: road}]}
",
    }
    /// A role is placed on an aggregate kind, or scored on a kind that does not contain the kind it is placed on.
    RoleScoredOn => "ruleset::role_scored_on", Error {
        why: "A piece stands on a segment, so its role names a feature kind that tiles hold; \
              `scored_on` may only name that kind or an aggregate made of it (a hut on a river \
              scored on its river system). Anything else has no feature to count the piece in.",
        bad: "\
name: Roads
terrains: [road, field]
sides:
  road: [field, road, field]
  field: [field]
features:
  road:
    terrain: road
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 1}]}]
  field: {terrain: field, completion: never}
pieces:
  follower:
    supply: 7
    roles:
      - {role: highwayman, feature: road}
      - {role: farmer, feature: field, scored_on: road}
",
        fixed: "\
name: Roads
terrains: [road, field]
sides:
  road: [field, road, field]
  field: [field]
features:
  road:
    terrain: road
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 1}]}]
  field: {terrain: field, completion: never}
pieces:
  follower:
    supply: 7
    roles:
      - {role: highwayman, feature: road}
      - {role: farmer, feature: field}
",
    }
    /// A side profile is not 1 or 3 parts long.
    SideProfile => "ruleset::side_profile", Error {
        why: "A side is one terrain (one slot, named by the side: `N`) or terrain, path, \
              terrain (three slots: `NL`, `N`, `NR`); slot names and edge matching are built \
              on that, so other lengths cannot be matched.",
        bad: "\
name: Roads
terrains: [road, field]
sides:
  road: [field, road]
  field: [field]
features:
  road:
    terrain: road
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 1}]}]
  field: {terrain: field, completion: never}
pieces:
  follower: {supply: 7, roles: [{role: highwayman, feature: road}]}
",
        fixed: "\
name: Roads
terrains: [road, field]
sides:
  road: [field, road, field]
  field: [field]
features:
  road:
    terrain: road
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 1}]}]
  field: {terrain: field, completion: never}
pieces:
  follower: {supply: 7, roles: [{role: highwayman, feature: road}]}
",
    }
    /// A tile set refers to a side kind, feature kind, item, relation, decoration, stack or piece kind its rule set does not declare.
    TileSetUnknownName => "tileset::unknown_name", Error {
        why: "A tile set is written in the vocabulary of its rule set; a name the rule set does \
              not declare (often a word from another tool or edition: `town`, `farm`, `shield`) \
              leaves the segment, side or item without meaning.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N], items: {shield: 1}}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N], items: {pennant: 1}}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A segment is of an aggregate feature kind, which no tile holds.
    AggregateSegment => "tileset::aggregate_segment", Error {
        why: "An aggregate kind (a river system) is made of other kinds joined by relations; it \
              has no segments of its own. A segment must be one of the kinds it is made of.",
        bad: "\
name: My rivers
ruleset: ../rulesets/hunters-gatherers.yaml
total: 1
start: {tile: R1}
tiles:
  - id: R1
    sides: {N: grassland, E: river, S: grassland, W: river}
    segments:
      - {id: river, feature: river_system, at: [E, W]}
      - {id: north, feature: grassland, at: [WR, N, EL]}
      - {id: south, feature: grassland, at: [ER, S, WL]}
",
        fixed: "\
name: My rivers
ruleset: ../rulesets/hunters-gatherers.yaml
total: 1
start: {tile: R1}
tiles:
  - id: R1
    sides: {N: grassland, E: river, S: grassland, W: river}
    segments:
      - {id: river, feature: river, at: [E, W]}
      - {id: north, feature: grassland, at: [WR, N, EL]}
      - {id: south, feature: grassland, at: [ER, S, WL]}
",
    }
    /// `shape:` names no tile of the `shapes_from` set, or the set has no `shapes_from`.
    UnknownShape => "tileset::unknown_shape", Error {
        why: "A tile written as `shape: Q` takes its sides and segments from tile Q of the set \
              named by `shapes_from`; without that set, or without that tile in it, the tile \
              has no shape.",
        bad: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 5
start: {tile: D}
tiles:
  - {id: D, shape: D, count: 4}
  - {id: Q, shape: Q9}
",
        fixed: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 5
start: {tile: D}
tiles:
  - {id: D, shape: D, count: 4}
  - {id: Q, shape: Q}
",
    }
    /// `shapes_from` names a set that itself uses `shapes_from`.
    ChainedShapes => "tileset::chained_shapes", Error {
        why: "Shapes are reused from a set that defines its tiles; a chain of reuses would hide \
              where a shape is really written. Name the set that defines the shapes.",
        bad: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: pnp-demo.yaml
total: 4
start: {tile: D}
tiles:
  - {id: D, shape: D, count: 4}
",
        fixed: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 4
start: {tile: D}
tiles:
  - {id: D, shape: D, count: 4}
",
    }
    /// `shape:` names a tile defined by two of the `shapes_from` sets.
    AmbiguousShape => "tileset::ambiguous_shape", Error {
        why: "With several `shapes_from` sets a `shape:` id must name one definition, or the \
              tile's sides and segments would depend on the order of the list.",
        bad: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: [base.yaml, base-inns-cathedrals.yaml]
total: 4
start: {tile: D}
tiles:
  - {id: D, shape: D, count: 4}
",
        fixed: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: [base.yaml, inns-cathedrals.yaml]
total: 4
start: {tile: D}
tiles:
  - {id: D, shape: D, count: 4}
",
    }
    /// A deduced set's tiles do not have the shapes and counts of its `provenance.deduction.distribution`.
    DistributionMismatch => "tileset::distribution_mismatch", Error {
        why: "A deduction states the shapes the set is known to have (`distribution`: shape \
              id to number of tiles); the tiles, each with a `shape:` and a count, must add up \
              to exactly that, or the set is another game than the one the evidence describes.",
        bad: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 5
start: {tile: D}
provenance:
  status: deduced
  deduction:
    source: the publisher's tile list
    distribution: {D: 4, V: 1}
tiles:
  - {id: D, shape: D, count: 4, deduced: {confidence: certain}}
  - {id: Q, shape: U, count: 1, deduced: {confidence: certain}}
",
        fixed: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 5
start: {tile: D}
provenance:
  status: deduced
  deduction:
    source: the publisher's tile list
    distribution: {D: 4, V: 1}
tiles:
  - {id: D, shape: D, count: 4, deduced: {confidence: certain}}
  - {id: Q, shape: V, count: 1, deduced: {confidence: certain}}
",
    }
    /// A deduced tile's shape breaks a constraint of `provenance.deduction`.
    DeductionConflict => "tileset::deduction_conflict", Error {
        why: "The constraints are hard: a tile has a shape with its own count, the start tile \
              has `start_shape`, and a decoration finds the features it `needs` (highwaymen \
              are drawn beside a road). A choice that breaks one cannot be the printed tile.",
        bad: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 2
start: {tile: M2}
provenance:
  status: deduced
  deduction:
    source: the publisher's tile list
    distribution: {A: 1, B: 1}
    needs: {Highwaymen: [road]}
tiles:
  - id: M1
    shape: B
    deduced: {confidence: certain}
    copies: [{decorations: [Highwaymen]}]
  - {id: M2, shape: A, deduced: {confidence: certain}}
",
        fixed: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 2
start: {tile: M2}
provenance:
  status: deduced
  deduction:
    source: the publisher's tile list
    distribution: {A: 1, B: 1}
    needs: {Highwaymen: [road]}
tiles:
  - id: M1
    shape: A
    deduced: {confidence: certain}
    copies: [{decorations: [Highwaymen]}]
  - {id: M2, shape: B, deduced: {confidence: certain}}
",
    }
    /// A deduced tile's `deduced` (missing, `certain`, or its alternatives) disagrees with what the constraints leave.
    DeducedMismatch => "tileset::deduced_mismatch", Warning {
        why: "The alternatives of a deduced tile are measured, not guessed: they are the other \
              shapes the tile has in some assignment that meets every constraint, and \
              `certain` means there is none. A stale list misstates how sure the data is.",
        bad: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 6
start: {tile: X1}
provenance:
  status: deduced
  deduction:
    source: the publisher's tile list
    distribution: {J: 3, L: 3}
tiles:
  - {id: X1, shape: J, count: 3, deduced: {confidence: certain}}
  - {id: X2, shape: L, count: 3, deduced: {confidence: medium, alternatives: [J]}}
",
        fixed: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 6
start: {tile: X1}
provenance:
  status: deduced
  deduction:
    source: the publisher's tile list
    distribution: {J: 3, L: 3}
tiles:
  - {id: X1, shape: J, count: 3, deduced: {confidence: medium, alternatives: [L]}}
  - {id: X2, shape: L, count: 3, deduced: {confidence: medium, alternatives: [J]}}
",
    }
    /// Two tile definitions share an id (in one set, or a position's own tile and its set).
    DuplicateId => "tileset::duplicate_id", Error {
        why: "Positions name tiles by id, so an id must name one definition; copies of one \
              tile are written once with a `count`.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: E}
tiles:
  - id: E
    count: 2
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// Two segments of one tile share an id.
    DuplicateSegment => "tileset::duplicate_segment", Error {
        why: "Links and inner-segment piece addresses name segments by id; two segments with \
              one id make those references ambiguous.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field, feature: field, at: [ER, S, WL]}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
",
    }
    /// The declared total differs from the sum of the counts.
    CountMismatch => "tileset::count_mismatch", Error {
        why: "`total` is the number of tiles in the box, written separately so that a wrong \
              `count` (a copy missing or one too many) shows up; the game ends when the pile \
              is empty, so counts change scores.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 4
start: {tile: E}
tiles:
  - id: E
    count: 3
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 3
start: {tile: E}
tiles:
  - id: E
    count: 3
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A tile has neither `shape` nor `sides`, or both `shape` and its own sides or segments.
    TileShape => "tileset::tile_shape", Error {
        why: "A tile's shape is written one way: its own `sides` and `segments`, or `shape:` \
              reusing a tile of the `shapes_from` set. With neither the tile has no sides to \
              match; with both it is unclear which one counts.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
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
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A tile has more segments than tessera can hold (254).
    TooManySegments => "tileset::too_many_segments", Error {
        why: "Segments are numbered in one byte per tile; a tile with 255 or more segments \
              (a generated file gone wrong) cannot be compiled.",
        bad: "\
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:             # 255 segments or more
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
      - {id: m1, feature: monastery}
      - {id: m2, feature: monastery}
      # ... m3 to m253
",
        fixed: "\
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A segment claims a slot name that does not exist on that side.
    UnknownSlot => "tileset::unknown_slot", Error {
        why: "Slots are named by the side's profile: a one-part side (city, field) has one slot \
              named by the side (`E`), a three-part side (road) has `EL`, `E`, `ER`. A name that \
              is not a slot of that side claims nothing.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [EL, ER, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A slot of a tile is claimed by no segment.
    SlotClaim => "tileset::slot_claim", Error {
        why: "Features are built by joining the segments that claim matching slots of \
              neighbouring tiles; an unclaimed slot cuts a feature in two (a field that scores \
              too little, a city that never completes).",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A slot is claimed by two segments of one tile.
    SlotClaimedTwice => "tileset::slot_claimed_twice", Error {
        why: "A slot belongs to exactly one segment; claimed twice, the feature it joins on the \
              neighbouring tile would belong to two features at once.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
      - {id: south, feature: field, at: [S]}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A side kind and the segments that claim its slots disagree.
    SideMismatch => "tileset::side_mismatch", Error {
        why: "The side kinds say what a neighbour must match; the segments say which feature \
              each slot belongs to. A road segment on a city side means one of the two is \
              wrong, and tiles would fit where their features do not. When the claims on a \
              side fit another side kind exactly (a side written `field` whose segments \
              claim `EL`, `E`, `ER` as field, road, field), the side kind is what is wrong: \
              the finding is then one, at the side, naming the kind to write.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: road, at: [N]}
      - {id: field, feature: field, at: [E, S, W]}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A segment of a kind that lies inside the tile (no terrain) claims side slots.
    InnerClaimsSlot => "tileset::inner_claims_slot", Error {
        why: "A feature kind without a terrain (a monastery) lies inside its tile and touches \
              no side; the slots it claims are then missing from the feature that really \
              reaches that side.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: B}
tiles:
  - id: B
    sides: {N: field, E: field, S: field, W: field}
    segments:
      - {id: monastery, feature: monastery, at: [N]}
      - {id: field, feature: field, at: [E, S, W]}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: B}
tiles:
  - id: B
    sides: {N: field, E: field, S: field, W: field}
    segments:
      - {id: monastery, feature: monastery}
      - {id: field, feature: field, at: [N, E, S, W]}
",
    }
    /// A link names a segment the tile does not have.
    UnknownSegment => "tileset::unknown_segment", Error {
        why: "Links (a field touching a city, a river flowing into a lake) join segments of the \
              same tile by id; a link to a missing id is lost, and the farmers or fishers that \
              count through it score too little.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [castle]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// `copies` does not list one entry per copy.
    CopiesMismatch => "tileset::copies_mismatch", Error {
        why: "`copies` describes each physical copy of a tile (its decorations) in turn; a list \
              of another length than `count` leaves copies undescribed or describes copies that \
              do not exist.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: E}
tiles:
  - id: E
    count: 2
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
    copies:
      - {decorations: [Garden]}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: E}
tiles:
  - id: E
    count: 2
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
    copies:
      - {decorations: [Garden]}
      - {}
",
    }
    /// The start tile is not a tile of the set.
    StartTile => "tileset::start_tile", Error {
        why: "Every game starts with the start tile at (0, 0); a start tile that is not in the \
              set leaves positions without a board to build on.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
tiles:
  - id: E
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
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// The start tile's `copy` is not one of its copies.
    StartCopy => "tileset::start_copy", Error {
        why: "`start: {tile, copy}` says which copy of the start tile (numbered from 1, in the \
              order of `copies`) is laid first; a number beyond `count` names no copy.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: E, copy: 3}
tiles:
  - id: E
    count: 2
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: E, copy: 2}
tiles:
  - id: E
    count: 2
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A position names a tile that is in neither the tile set nor its own `tiles`.
    UnknownTile => "position::unknown_tile", Error {
        why: "A turn places a tile of the game: one of the tile set's ids, or a tile the \
              position defines under `tiles:`. An unknown id cannot be placed.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: Z, x: 1, y: 0, rotation: 90}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
    }
    /// A position uses more copies of a tile than the set holds.
    TileExhausted => "position::tile_exhausted", Error {
        why: "The box holds `count` copies of each tile (the start tile uses one); a log that \
              places more is a mistyped id or a game from another edition.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: X, x: 1, y: 0}
  - {tile: X, x: -1, y: 0}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: X, x: 1, y: 0}
  - {tile: U, x: -1, y: 0, rotation: 90}
",
    }
    /// A rotation other than 0, 90, 180 or 270.
    Rotation => "position::rotation", Error {
        why: "Tiles are square and turn by quarter turns: rotation is in degrees clockwise from \
              the tile as printed. In a file the JSON Schema reports such a rotation first (as \
              `schema::invalid`); this code is for positions built through the library.",
        bad: "\
turns:
  - {tile: V, x: 1, y: 0, rotation: 45}
",
        fixed: "\
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
    }
    /// A tile is placed on a cell that already holds one.
    CellOccupied => "position::cell_occupied", Error {
        why: "Each cell holds one tile; the start tile is at (0, 0). A repeated cell is usually \
              a sign error (y grows to the south).",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: D, x: 0, y: 0}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: D, x: 1, y: 0}
",
    }
    /// A tile is placed touching no tile, or a snapshot's tiles do not form one board.
    NotAdjacent => "position::not_adjacent", Error {
        why: "Every tile is placed next to the board, so the board is one connected area; a \
              tile elsewhere is a mistyped coordinate.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: B, x: 3, y: 3}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: B, x: 0, y: 1}
",
    }
    /// A tile's side does not fit its neighbour's.
    EdgeMismatch => "position::edge_mismatch", Error {
        why: "Touching sides must be of the same side kind (city to city, road to road); the \
              finding lists the rotations that would fit there.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: E, x: 0, y: -1}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: E, x: 0, y: -1, rotation: 180}
",
    }
    /// A piece, token or covered-item address names no tile or segment on the board.
    UnknownAddress => "position::unknown_address", Error {
        why: "A piece is addressed, in board orientation, by a side or half-side its segment \
              touches (`N`, `EL`) or by an inner segment's id (`monastery`), on the tile just \
              placed or at a cell (x, y); an address that names nothing there cannot be \
              placed.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: B, x: 0, y: 1, piece: cloister}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: B, x: 0, y: 1, piece: monastery}
",
    }
    /// A piece gives `x` without `y`, or `y` without `x`.
    PieceCell => "position::piece_cell", Error {
        why: "A piece that may go on any tile names that tile's cell with both `x` and `y`; \
              with only one of them the cell is unknown.",
        bad: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0}}
",
        fixed: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
",
    }
    /// A piece goes on a feature (or segment) that already holds a piece that blocks it.
    FeatureOccupied => "position::feature_occupied", Error {
        why: "A piece may only join a feature where no blocking piece stands (pieces of several \
              players meet only when a tile joins their features later). The rule set's \
              `blocked_by` and `blocked_on` say which pieces block.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: U, x: 1, y: 0, rotation: 90, piece: W}
  - {tile: U, x: -1, y: 0, rotation: 90, piece: E}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: U, x: 1, y: 0, rotation: 90, piece: W}
  - {tile: U, x: -1, y: 0, rotation: 90, piece: N}
",
    }
    /// A piece whose role needs an incomplete feature goes on a completed one.
    FeatureCompleted => "position::feature_completed", Error {
        why: "Some roles (`requires_incomplete: true`, the Gold Rush tent) may only go on a \
              feature that is not completed yet; a completed feature has been scored.",
        bad: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Red, Blue]
turns:
  - {tile: \"33\", x: 0, y: -1, rotation: 180}
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
",
        fixed: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Red, Blue]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
",
    }
    /// A snapshot puts two pieces of one kind on one segment.
    SegmentTaken => "position::segment_taken", Error {
        why: "A segment holds at most one piece of a kind: pieces meet in one feature only when \
              a tile joins features that each held one, never on a single segment.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
board:
  - {tile: D, x: 0, y: 0, pieces: [{player: A, at: E}, {player: B, at: W}]}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
board:
  - {tile: D, x: 0, y: 0, pieces: [{player: A, at: E}, {player: B, at: N}]}
",
    }
    /// A piece kind has no role on that feature kind (or the role's option is off).
    NoRole => "position::no_role", Error {
        why: "A piece goes only where one of its roles allows (a follower is a knight in a \
              city, a farmer in a field when the `farmers` option is on); the finding lists the \
              piece's roles.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
options: {farmers: false}
turns:
  - {tile: U, x: 1, y: 0, rotation: 90, piece: N}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
options: {farmers: false}
turns:
  - {tile: U, x: 1, y: 0, rotation: 90, piece: W}
",
    }
    /// A piece that goes only on the tile just placed names another tile's cell.
    NotAnywhere => "position::not_anywhere", Error {
        why: "Most pieces go on the tile just placed; only a piece kind with `anywhere: true` \
              (the Gold Rush tent) may name another tile's cell with `x` and `y`.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: U, x: 1, y: 0, rotation: 90, piece: {kind: follower, at: N, x: 0, y: 0}}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: U, x: 1, y: 0, rotation: 90, piece: {kind: follower, at: W}}
",
    }
    /// A piece that needs one of its owner's pieces on the feature is placed where none is.
    NeedsOwnPiece => "position::needs_own_piece", Error {
        why: "A piece kind under `raising_pieces` with `needs` goes only on a feature where its \
              owner already has a piece of one of those kinds (Traders and Builders: the pig \
              joins one of its owner's farmers in a field).",
        bad: "\
tileset: ../tests/fixtures/mechanisms/pig-base.yaml
players: [A, B]
turns:
  - {tile: E, x: 0, y: -1, rotation: 180}
  - {tile: U, x: 1, y: 0, rotation: 90, piece: N}      # B's farmer
  - {tile: B, x: 1, y: -1, piece: {kind: pig, at: N}}  # A has no farmer in this field
",
        fixed: "\
tileset: ../tests/fixtures/mechanisms/pig-base.yaml
players: [A, B]
turns:
  - {tile: E, x: 0, y: -1, rotation: 180, piece: N}    # A's farmer
  - {tile: U, x: 1, y: 0, rotation: 90, piece: N}      # B's farmer
  - {tile: B, x: 1, y: -1, piece: {kind: pig, at: N}}  # joins A's farmer
",
    }
    /// A player has no piece of that kind left in supply.
    NoSupply => "position::no_supply", Error {
        why: "Each player has the rule set's (or the tile set's `supply:`) number of each piece \
              kind; pieces come back only when their feature is scored.",
        bad: "\
tileset: ../tilesets/pnp-demo.yaml
players: [A]
turns:
  - {tile: U, x: 1, y: 0, rotation: 90, piece: E}
  - {tile: U, x: 2, y: 0, rotation: 90, piece: N}
  - {tile: U, x: 3, y: 0, rotation: 90, piece: S}
  - {tile: B, x: 0, y: 1, piece: monastery}
  - {tile: B, x: 1, y: 1, piece: monastery}
  - {tile: E, x: 0, y: -1, rotation: 180, piece: S}
",
        fixed: "\
tileset: ../tilesets/pnp-demo.yaml
players: [A]
turns:
  - {tile: U, x: 1, y: 0, rotation: 90, piece: E}
  - {tile: U, x: 2, y: 0, rotation: 90, piece: N}
  - {tile: U, x: 3, y: 0, rotation: 90, piece: S}
  - {tile: B, x: 0, y: 1, piece: monastery}
  - {tile: B, x: 1, y: 1, piece: monastery}
  - {tile: E, x: 0, y: -1, rotation: 180}
",
    }
    /// A player, piece kind, option, token supply or item that the position or rule set does not declare.
    PositionUnknownName => "position::unknown_name", Error {
        why: "Players are the names under `players:`; piece kinds, options, token supplies and \
              items come from the rule set. A misspelt name cannot be played or scored.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
  - {tile: U, x: -1, y: 0, rotation: 90, player: C}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
  - {tile: U, x: -1, y: 0, rotation: 90, player: B}
",
    }
    /// A position mines, draws or lays tokens under rules that have no tokens.
    NoTokens => "position::no_tokens", Error {
        why: "`mine`, `draws`, `tokens` and `held` are about token supplies (Gold Rush mining \
              tokens); under rules without one they mean nothing, usually because the \
              position names the wrong tile set.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90, mine: true}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
    }
    /// A turn mines without the player's mining piece on the board.
    Mine => "position::mine", Error {
        why: "A player takes a token from the feature where their mining piece (the tent) \
              stands; with no such piece on the board there is nothing to mine from.",
        bad: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, mine: true}
",
        fixed: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
  - {tile: \"01\", x: -1, y: 0, rotation: 90}
  - {tile: \"01\", x: 2, y: 0, rotation: 90, mine: true}
",
    }
    /// A turn mines where no token is left.
    MineEmpty => "position::mine_empty", Error {
        why: "Tokens are laid on a feature when tiles with the item that brings them are \
              placed (one per nugget symbol); once they are taken there is nothing to mine.",
        bad: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
  - {tile: \"01\", x: -1, y: 0, rotation: 90}
  - {tile: \"01\", x: 2, y: 0, rotation: 90, mine: true}
  - {tile: \"01\", x: -2, y: 0, rotation: 90}
  - {tile: \"01\", x: 3, y: 0, rotation: 90, mine: true}
",
        fixed: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
  - {tile: \"01\", x: -1, y: 0, rotation: 90}
  - {tile: \"01\", x: 2, y: 0, rotation: 90, mine: true}
  - {tile: \"01\", x: -2, y: 0, rotation: 90}
  - {tile: \"01\", x: 3, y: 0, rotation: 90}
",
    }
    /// A turn both places a piece and mines.
    MineAndPiece => "position::mine_and_piece", Error {
        why: "Step 2 of a turn is one action: place a piece, or take a token (`mine: true`), \
              not both.",
        bad: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
  - {tile: \"01\", x: -1, y: 0, rotation: 90}
  - {tile: \"01\", x: 2, y: 0, rotation: 90, piece: N, mine: true}
",
        fixed: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
  - {tile: \"01\", x: -1, y: 0, rotation: 90}
  - {tile: \"01\", x: 2, y: 0, rotation: 90, mine: true}
",
    }
    /// `draws` lists a value that no token of the supply has.
    DrawValue => "position::draw_value", Error {
        why: "`draws` records the values of the tokens taken that turn; a value the supply does \
              not have (the rule set's `tokens.*.values`) is a typing mistake.",
        bad: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
  - {tile: \"01\", x: -1, y: 0, rotation: 90}
  - {tile: \"01\", x: 2, y: 0, rotation: 90, mine: true, draws: [4]}
",
        fixed: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
  - {tile: \"01\", x: -1, y: 0, rotation: 90}
  - {tile: \"01\", x: 2, y: 0, rotation: 90, mine: true, draws: [5]}
",
    }
    /// `draws` lists more values than the tokens taken that turn.
    DrawCount => "position::draw_count", Error {
        why: "`draws` gives one value per token the player takes that turn (by mining or as \
              their share of a completed feature), in the order taken; extra values belong to \
              another turn.",
        bad: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, draws: [2]}
",
        fixed: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90}
",
    }
    /// A turn comes after the end of the game.
    GameOver => "position::game_over", Error {
        why: "The game ends after the turn that places the last tile of the main pile (tiles \
              of other stacks do not extend it); later turns cannot have been played.",
        bad: "\
# in a position whose tile set holds 2 tiles, D (the start tile) and E
turns:
  - {tile: E, x: 0, y: -1, rotation: 180, piece: S}
  - {tile: E, x: 0, y: 1}
",
        fixed: "\
# in a position whose tile set holds 2 tiles, D (the start tile) and E
turns:
  - {tile: E, x: 0, y: -1, rotation: 180, piece: S}
",
    }
    /// A tile of an extra stack is placed without an extra turn earned.
    ExtraTurn => "position::extra_turn", Error {
        why: "Tiles of a second stack (Hunters and Gatherers menhir tiles) are drawn only for \
              the extra turn that completing certain features earns (`bonus_turns`).",
        bad: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 85, x: 0, y: -1, rotation: 0}
",
        fixed: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 34, x: 1, y: 0, rotation: 0}
  - {tile: 35, x: 0, y: 1, rotation: 270}
  - {tile: 85, x: 0, y: -1, rotation: 0}
",
    }
    /// An extra turn is played with a tile that is not from its stack.
    ExtraTurnStack => "position::extra_turn_stack", Error {
        why: "The extra turn that a feature earns is played with a tile from the stack its \
              `bonus_turns` entry names (a menhir tile), not from the main pile.",
        bad: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 34, x: 1, y: 0, rotation: 0}
  - {tile: 35, x: 0, y: 1, rotation: 270}
  - {tile: 62, x: 0, y: -1, rotation: 0}
",
        fixed: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 34, x: 1, y: 0, rotation: 0}
  - {tile: 35, x: 0, y: 1, rotation: 270}
  - {tile: 85, x: 0, y: -1, rotation: 0}
",
    }
    /// A tile is set aside though it has a legal placement.
    SetAsideFits => "position::set_aside_fits", Error {
        why: "A drawn tile is set aside only when it fits nowhere on the board (base rules: \
              such a tile is discarded and another drawn); one that fits must be placed.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [Ann, Bob]
turns:
  - {tile: E, x: 0, y: -1, rotation: 180, set_aside: [V]}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [Ann, Bob]
turns:
  - {tile: E, x: 0, y: -1, rotation: 180}
",
    }
    /// An extra turn is played by another player than the one who earned it.
    ExtraTurnPlayer => "position::extra_turn_player", Error {
        why: "The player who completes a feature that earns an extra turn plays it, at once; \
              turn order then continues after them.",
        bad: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 34, x: 1, y: 0, rotation: 0}
  - {tile: 35, x: 0, y: 1, rotation: 270}
  - {tile: 85, x: 0, y: -1, rotation: 0, player: Red}
",
        fixed: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 34, x: 1, y: 0, rotation: 0}
  - {tile: 35, x: 0, y: 1, rotation: 270}
  - {tile: 85, x: 0, y: -1, rotation: 0, player: Blue}
",
    }
    /// A turn takes a piece back though no effect of its tile allows it.
    ReturnPiece => "position::return_piece", Error {
        why: "Pieces leave the board when their feature is scored; taking one back early needs \
              an effect of the tile just placed that allows it (`return_piece`: the shaman).",
        bad: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 48, x: -1, y: 0, rotation: 0, piece: {kind: meeple, at: E}}
  - {tile: 34, x: 1, y: 0, rotation: 0}
  - {tile: 35, x: 0, y: 1, rotation: 270}
  - {tile: 85, x: 0, y: -1, rotation: 0, return_piece: {x: -1, y: 0, at: E}}
",
        fixed: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 48, x: -1, y: 0, rotation: 0, piece: {kind: meeple, at: E}}
  - {tile: 34, x: 1, y: 0, rotation: 0}
  - {tile: 35, x: 0, y: 1, rotation: 270}
  - {tile: 88, x: 0, y: -1, rotation: 270, return_piece: {x: -1, y: 0, at: E}}
",
    }
    /// `return_piece` names no piece of the player.
    ReturnNoPiece => "position::return_no_piece", Error {
        why: "The piece taken back is named by its cell and segment address and must be one of \
              the player's own pieces of the kind the effect returns.",
        bad: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 48, x: -1, y: 0, rotation: 0, piece: {kind: meeple, at: E}}
  - {tile: 34, x: 1, y: 0, rotation: 0}
  - {tile: 35, x: 0, y: 1, rotation: 270}
  - {tile: 88, x: 0, y: -1, rotation: 270, return_piece: {x: 1, y: 0, at: W}}
",
        fixed: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 48, x: -1, y: 0, rotation: 0, piece: {kind: meeple, at: E}}
  - {tile: 34, x: 1, y: 0, rotation: 0}
  - {tile: 35, x: 0, y: 1, rotation: 270}
  - {tile: 88, x: 0, y: -1, rotation: 270, return_piece: {x: -1, y: 0, at: E}}
",
    }
    /// A player is listed twice.
    PositionDuplicate => "position::duplicate", Error {
        why: "Turns, pieces and scores name players by name, so names must be distinct; turn \
              order is the order of `players`.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B, A]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B, C]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
    }
    /// A position gives both or neither of `turns` and `board`.
    PositionForm => "position::form", Error {
        why: "A position is either a turn log (`turns`, replayed from the start tile) or a \
              snapshot (`board`, laid as it lies); with both it is unclear which one is the \
              game, with neither there is no game.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
board:
  - {tile: D, x: 0, y: 0}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
    }
    /// A position lists no players.
    NoPlayers => "position::no_players", Error {
        why: "Turns are played by players in the order of `players`; without one no turn can \
              be played and nothing can be scored.",
        bad: "\
tileset: ../tilesets/base.yaml
players: []
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
    }
    // --- composition ---
    /// A rule set extends itself, or a tile set includes itself, directly or through others.
    ComposeCycle => "compose::cycle", Error {
        why: "Following the chain would never end; tessera stops at the entry that closes the loop.",
        bad: "# a.yaml\nextends: b.yaml\n# b.yaml\nextends: a.yaml",
        fixed: "# a.yaml\nextends: b.yaml\n# b.yaml: no extends",
    }
    /// A chain of `extends` or `include` is more than 32 files deep.
    ComposeTooDeep => "compose::too_deep", Error {
        why: "Real compositions are two or three files deep (an expansion on the base game, \
              a fan set on both). A chain is followed at most 32 files deep \
              (`limits::MAX_COMPOSE_DEPTH`), so that a generated or hostile chain of thousands \
              of files cannot exhaust the stack; the entry that passes the limit is reported.",
        bad: "# f1.yaml\ninclude: [f2.yaml]\n# f2.yaml\ninclude: [f3.yaml]\n# ... f33.yaml\ninclude: [f34.yaml]",
        fixed: "# f1.yaml\ninclude: [f2.yaml, f3.yaml, ..., f34.yaml]\n# the others: no include",
    }
    /// An include's `counts` or `exclude` names a tile the included set does not have.
    IncludeUnknownTile => "tileset::include_unknown_tile", Error {
        why: "A count override or exclusion for a tile that is not there changes nothing, so the composed set is not the one you meant (a typo, or a tile renamed in the included set).",
        bad: "\
name: Base game without the crossroads
include:
  - {tileset: base.yaml, exclude: [Z]}
",
        fixed: "\
name: Base game without the crossroads
include:
  - {tileset: base.yaml, exclude: [X]}
",
    }
    /// A tile set is included twice in one composition.
    IncludedTwice => "tileset::included_twice", Error {
        why: "Every tile of a set included twice would be defined twice; to play with more copies, change the counts.",
        bad: "\
name: Base game with more start tiles
include:
  - base.yaml
  - {tileset: base.yaml, counts: {D: 8}}
",
        fixed: "\
name: Base game with more start tiles
include:
  - {tileset: base.yaml, counts: {D: 8}}
",
    }
    /// Composed tile sets name different rule sets, none extending the others, and the top file names none.
    RuleSetConflict => "tileset::ruleset_conflict", Error {
        why: "Tiles are read under one rule set. When the included sets name different games and the composing file does not say which to play, any choice would misread some tiles (a river under a rule set without rivers, an inn without inns).",
        bad: "\
name: Inns and the River, no rule set named
include: [inns-cathedrals.yaml, river.yaml]
",
        fixed: "\
name: Inns and the River, under the rule set that has both
ruleset: ../rulesets/base-ic-river.yaml
include: [inns-cathedrals.yaml, river.yaml]
",
    }
    /// A rule set (after `extends`) lacks terrains, side kinds, feature kinds or piece kinds.
    RuleSetIncomplete => "ruleset::incomplete", Error {
        why: "Without terrains, side kinds, feature kinds and piece kinds no tile can be defined or scored; a file that adds to a game must say which game with `extends`.",
        bad: "\
name: Inns
items:
  inn: {description: An inn beside a road.}
",
        fixed: "\
name: Inns
extends: carcassonne.yaml
items:
  inn: {description: An inn beside a road.}
",
    }
    /// A tile set names no rule set, and neither does any set it includes.
    TileSetNoRuleset => "tileset::no_ruleset", Error {
        why: "Tiles mean nothing without the rule set that declares their side kinds and feature kinds.",
        bad: "\
name: My expansion
total: 1
start: {tile: E}
tiles:
  - id: E
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
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A tile set gives no start tile, and neither does any set it includes.
    NoStartTile => "tileset::no_start", Error {
        why: "Every game begins with one tile on the board; a set (or a composition) needs to say which.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
tiles:
  - id: E
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
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A tile set defines tiles of its own but gives no `total`.
    NoTotal => "tileset::no_total", Error {
        why: "The declared total is checked against the counts; it is the cheapest guard against a count typed wrong when transcribing a box.",
        bad: "\
name: My expansion with the base game
include: [base.yaml]
tiles:
  - id: T9
    count: 2
    sides: {N: field, E: field, S: field, W: field}
    segments:
      - {id: field, feature: field, at: [N, E, S, W]}
",
        fixed: "\
name: My expansion with the base game
include: [base.yaml]
total: 2
tiles:
  - id: T9
    count: 2
    sides: {N: field, E: field, S: field, W: field}
    segments:
      - {id: field, feature: field, at: [N, E, S, W]}
",
    }
    /// What a composed tile set is made of: tiles per source set, and the total.
    Composition => "note::composition", Note {
        why: "A composed set's tiles come from several files; the summary shows what each contributed, so a missing or doubled include is seen at once.",
        bad: "\
name: My expansion with the base game
include: [base.yaml]
total: 1
tiles:
  - id: T9
    sides: {N: field, E: field, S: field, W: field}
    segments:
      - {id: field, feature: field, at: [N, E, S, W]}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: T9}
tiles:
  - id: T9
    sides: {N: field, E: field, S: field, W: field}
    segments:
      - {id: field, feature: field, at: [N, E, S, W]}
",
    }
    // --- checks real data needs (issue 7, item 3) ---
    /// Two segments meet at a tile corner where the rule set's corner rule implies a link, but the tile does not list it.
    MissingLink => "tileset::missing_link", Error {
        why: "A relation with `corners: true` (base game: a field touches the city it meets at a corner) is what scoring reads: a field that does not list a city it touches scores no farmer points for it. This is the commonest defect of real tile data.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W]}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A link joins segments of other feature kinds than its relation's `between`, or is written the other way round.
    LinkKinds => "tileset::link_kinds", Error {
        why: "A relation joins two declared kinds (`touches: {between: [field, city]}`); scoring looks for linked features of those kinds only, so a field linked to a road, or a link written on the city instead of the field, is a data mistake that changes nothing or the wrong thing.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: U}
tiles:
  - id: U
    sides: {N: road, E: field, S: road, W: field}
    segments:
      - {id: road, feature: road, at: [N, S]}
      - {id: east, feature: field, at: [NR, E, SL], links: {touches: [road]}}
      - {id: west, feature: field, at: [SR, W, NL]}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: U}
tiles:
  - id: U
    sides: {N: road, E: field, S: road, W: field}
    segments:
      - {id: road, feature: road, at: [N, S]}
      - {id: east, feature: field, at: [NR, E, SL]}
      - {id: west, feature: field, at: [SR, W, NL]}
",
    }
    /// A link joins two segments that a third segment of the tile keeps apart.
    LinkSeparated => "tileset::link_separated", Error {
        why: "Each segment is one connected part of its tile, reaching the edge at its slots. The slots of a segment cut the edge into arcs, and the tile into as many parts: two other segments whose slots lie along different arcs of it cannot touch, whatever the picture (a road from side to side keeps the fields on its two banks apart; on a city cap with a straight road, the field beyond the road never reaches the city). A link between such segments is a slip, a wrong segment id or a link copied from another tile, and scoring follows it: the farmers of that field score a city their field never reaches. Segments that meet along the edge (a slot of one next to a slot of the other, along a side or at a corner) are never apart, nor are segments that only the interior can join (a field between three city caps touches all three); the corner rule (`tileset::missing_link`) is the converse check. A segment that claims no slot lies inside the tile and may touch anything: its links are not judged.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
",
    }
    /// A segment carries an item that no rule of the rule set reads on its feature kind.
    ItemUnread => "tileset::item_unread", Warning {
        why: "Items count only where a rule reads them: a scoring term `{count: {item: X}}` or `cancelled_by: X`, a `when: {items: ..}` or `{items_at_least: ..}` condition or an `area: {around: X}` of the feature kind's scoring (an aggregate's rules read its member kinds), a `{linked: {feature: K, item: X}}` term (X on kind K), an effect's `when_placed` (on its `feature`; on any kind when it lets a piece be returned), a bonus turn's `with_item` and a token supply's `per_item`. An item on a segment of any other kind (a pennant on a road) is accepted and never scored; it is usually on the wrong segment of the tile. A warning: a rule set that deliberately ignores an item (a variant without pennants) can `--allow` it.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W], items: {pennant: 1}}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N], items: {pennant: 1}}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
",
    }
    /// An `apart` entry names a segment the segment does not meet at a corner under a corner relation.
    ApartUnused => "tileset::apart_unused", Error {
        why: "`apart` exists only to say that two segments meeting at a tile corner are separated there (a wall); naming a segment that is not met at a corner, or a relation without `corners: true`, means nothing and usually hides a wrong segment id.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL], apart: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
",
    }
    /// A segment says it is apart from a segment it also links to.
    ApartLinked => "tileset::apart_linked", Error {
        why: "`links` says the two segments are in the relation and `apart` says they are not; scoring follows the link, so one of the two is wrong.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}, apart: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A tile has `count: 0`.
    ZeroCount => "tileset::zero_count", Warning {
        why: "A tile with no copies can never be drawn or placed; it is usually a typo or a tile left over from another edition (use `exclude` when including a set, or delete the tile).",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
  - id: E
    count: 0
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A segment of a kind that lies along sides (has a terrain) claims no slot and links to nothing.
    NoSlots => "tileset::no_slots", Error {
        why: "A segment of a kind with a terrain (city, road, field) exists only through the slots it claims: with `at: []` or no `at`, and no links, it touches no side and joins nothing, so it is a segment that was not finished. A segment that links to others is allowed without slots: a field enclosed between city caps (JCloisterZone's INNER_FARM) reaches no edge but touches its cities, and pieces address it by its id.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
      - {id: road, feature: road, at: []}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A relation's `between` names an aggregate feature kind.
    RelationKinds => "ruleset::relation_kinds", Error {
        why: "Links join segments of one tile, and no tile has segments of an aggregate kind (it is made of other kinds), so a relation with an aggregate in `between` can never be used.",
        bad: "\
name: Towns
extends: carcassonne.yaml
relations:
  borders: {between: [field, town]}
features:
  town:
    aggregate: {features: [city, road], via: [touches]}
    completion: never
",
        fixed: "\
name: Towns
extends: carcassonne.yaml
relations:
  borders: {between: [field, city]}
features:
  town:
    aggregate: {features: [city, road], via: [touches]}
    completion: never
",
    }
    /// A relation has `corners: true` but one of its kinds does not lie along sides.
    CornerTerrain => "ruleset::corner_terrain", Error {
        why: "The corner rule applies to segments that claim slots at a tile corner; a kind without a `terrain` (monastery, lake) never claims a slot, so the rule could never apply.",
        bad: "\
name: Monastery fields
extends: carcassonne.yaml
relations:
  faces: {between: [field, monastery], corners: true}
",
        fixed: "\
name: Monastery fields
extends: carcassonne.yaml
relations:
  faces: {between: [field, monastery]}
",
    }
    /// A scoring term counts something its feature kind can never have.
    TermKind => "ruleset::term_kind", Error {
        why: "Such a term silently counts 0 (or something arbitrary): `{features: road}` on a monastery, `neighbours` on a city (whose tiles have different neighbours), `linked` through a relation that does not join this kind to that one.",
        bad: "\
name: Monasteries on roads
extends: carcassonne.yaml
features:
  monastery:
    completion: surrounded
    scoring:
      completed: [{terms: [{count: one, points: 1}, {count: {features: road}, points: 1}]}]
",
        fixed: "\
name: Monasteries on roads
extends: carcassonne.yaml
features:
  monastery:
    completion: surrounded
    scoring:
      completed: [{terms: [{count: one, points: 1}, {count: neighbours, points: 1}]}]
",
    }
    /// A snapshot's board does not hold the start tile at x 0, y 0 with its rotation.
    SnapshotStart => "position::start_tile", Error {
        why: "Every game starts from the start tile at (0, 0), rotation 0 (or the position's `start`); a snapshot without it, or with it moved, is another board: its features, and so its scores, are wrong without any other sign.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A]
board:
  - {tile: E, x: 0, y: -1, rotation: 180}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A]
board:
  - {tile: D, x: 0, y: 0}
  - {tile: E, x: 0, y: -1, rotation: 180}
",
    }
    // --- expansions (ordered stacks, continuing a feature, no U-turn) ---
    /// A stack's `continues` names a feature kind that cannot meet another tile across a side.
    ContinuesKind => "ruleset::continues_kind", Error {
        why: "A tile of the stack must continue a feature of that kind across a side; a kind with no terrain lies inside its tile and an aggregate has no segments, so no tile of the stack could ever be placed.",
        bad: "\
name: My river variant
extends: river.yaml
stacks:
  river: {order: 1, continues: monastery}
",
        fixed: "\
name: My river variant
extends: river.yaml
stacks:
  river: {order: 1, continues: river}
",
    }
    /// A tile is drawn while a stack that is played before its pile still has tiles that fit.
    StackOrder => "position::stack_order", Error {
        why: "Stacks with an `order` are played before the main pile, lowest order first (The River: the river tiles, then the lake, then the land tiles); a turn log that skips ahead replays a game that could not happen. A stack whose tiles left fit nowhere is skipped.",
        bad: "\
tileset: ../tilesets/base-river.yaml
players: [A, B]
turns:
  - {tile: \"RI.1/I.e\", x: 1, y: 0}   # the lake, while river tiles are left
",
        fixed: "\
tileset: ../tilesets/base-river.yaml
players: [A, B]
turns:
  - {tile: \"RI.1/IFI\", x: 1, y: 0}   # river tiles first, the lake when none is left
",
    }
    /// A raising piece kind raises scores on a feature kind it has no role on.
    RaisingPieceRole => "ruleset::raising_piece_role", Error {
        why: "`raising_pieces` raises its owner's score on the features a piece of the kind \
              stands on; on a feature kind it has no role on (under `pieces:`) it could never \
              stand, so the rule would never apply: usually the wrong feature kind or a \
              missing role.",
        bad: "\
name: Carcassonne with the pig
extends: carcassonne.yaml
pieces:
  pig: {supply: 1, majority: false, blocked_by: [], roles: [{role: pig, feature: field}]}
raising_pieces:
  pig: {feature: city, per_unit: 1}
",
        fixed: "\
name: Carcassonne with the pig
extends: carcassonne.yaml
pieces:
  pig: {supply: 1, majority: false, blocked_by: [], roles: [{role: pig, feature: field}]}
raising_pieces:
  pig: {feature: field, per_unit: 1, needs: [follower]}
",
    }
    /// A tile of a stack with `continues` is placed without continuing that feature.
    NotContinued => "position::not_continued", Error {
        why: "Each tile of such a stack must extend the feature already on the board (The River: river side against river side); a tile that only touches the board elsewhere starts a second river.",
        bad: "\
tileset: ../tilesets/base-river.yaml
players: [A, B]
turns:
  - {tile: \"RI.1/IFI\", x: 0, y: 1}   # under the spring: field against field
",
        fixed: "\
tileset: ../tilesets/base-river.yaml
players: [A, B]
turns:
  - {tile: \"RI.1/IFI\", x: 1, y: 0}   # river side against the spring's river
",
    }
    /// A bend continues a bend of the same feature that turns the same way (an immediate U-turn).
    UTurn => "position::u_turn", Error {
        why: "A feature kind with `no_u_turn` may not turn back on itself: two consecutive bends that both turn left (or both right) are forbidden (The River: the river would flow back alongside itself). Bends separated by a straight tile, or turning opposite ways, are allowed.",
        bad: "\
tileset: ../tilesets/base-river.yaml
players: [A, B]
turns:
  - {tile: \"RI.1/IFI\", x: 1, y: 0}
  - {tile: \"RI.1/II\", x: 2, y: 0}                  # turns right
  - {tile: \"RI.1/IIG\", x: 2, y: 1, rotation: 90}   # turns right again
",
        fixed: "\
tileset: ../tilesets/base-river.yaml
players: [A, B]
turns:
  - {tile: \"RI.1/IFI\", x: 1, y: 0}
  - {tile: \"RI.1/II\", x: 2, y: 0}                  # turns right
  - {tile: \"RI.1/IIG\", x: 2, y: 1, rotation: 180}  # turns left
",
    }
    /// A tile set's contents are not verified (deduced, reconstructed or imported data).
    Provenance => "note::provenance", Note {
        why: "`provenance.status: deduced`, `reconstructed` or `imported` says the tiles were \
              not checked against the physical tiles, so scores computed with them may differ \
              from the real game. A note, never an error: the data is usable, just not \
              confirmed.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
provenance: {status: deduced, notes: Shapes read off a low-resolution photo.}
tiles:
  - id: E
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
provenance: {status: verified, notes: Checked against the printed tiles.}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// Tiles say `deduced:` but the set has no `provenance.deduction` to check them against.
    DeducedUnchecked => "tileset::deduced_unchecked", Warning {
        why: "A tile's `deduced` (confidence, alternatives) is a claim about evidence; without \
              `provenance.deduction` nothing checks it, and `certain` or a list of alternatives \
              would be believed as written.",
        bad: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 4
start: {tile: D}
provenance: {status: deduced}
tiles:
  - {id: D, shape: D, count: 4, deduced: {confidence: certain}}
",
        fixed: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 4
start: {tile: D}
provenance:
  status: deduced
  deduction:
    source: the publisher's tile list
    distribution: {D: 4}
tiles:
  - {id: D, shape: D, count: 4, deduced: {confidence: certain}}
",
    }
    /// `provenance.deduction` is given but `provenance.status` is not `deduced`.
    DeductionStatus => "tileset::deduction_status", Warning {
        why: "A set whose shapes are chosen by deduction is not verified; `status` is what \
              `tessera validate` and every user read first, so it must say `deduced` while the \
              evidence is what the shapes rest on.",
        bad: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 4
start: {tile: D}
provenance:
  status: verified
  deduction:
    source: the publisher's tile list
    distribution: {D: 4}
tiles:
  - {id: D, shape: D, count: 4, deduced: {confidence: certain}}
",
        fixed: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 4
start: {tile: D}
provenance:
  status: deduced
  deduction:
    source: the publisher's tile list
    distribution: {D: 4}
tiles:
  - {id: D, shape: D, count: 4, deduced: {confidence: certain}}
",
    }
    /// What the evidence of a deduced set leaves open: how many assignments of shapes meet every constraint, and which tiles they agree on.
    DeductionNote => "note::deduction", Note {
        why: "A deduced set says how it was deduced (`provenance.deduction`); the validator \
              counts the assignments of the distribution's shapes to the tiles that meet every \
              constraint, so the remaining uncertainty is a number, and lists each tile's \
              confidence. A note, never an error.",
        bad: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 6
start: {tile: X1}
provenance:
  status: deduced
  deduction:
    source: the publisher's tile list
    distribution: {J: 3, L: 3}
tiles:
  - {id: X1, shape: J, count: 3, deduced: {confidence: medium, alternatives: [L]}}
  - {id: X2, shape: L, count: 3, deduced: {confidence: medium, alternatives: [J]}}
",
        fixed: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 6
start: {tile: X1}
provenance:
  status: verified
  notes: Checked against the printed tiles.
tiles:
  - {id: X1, shape: J, count: 3}
  - {id: X2, shape: L, count: 3}
",
    }
    // --- jcz (JCloisterZone / FanCloisterZone tile-definition XML) ---
    /// The file is not well-formed XML.
    JczSyntax => "jcz::syntax", Error {
        why: "An XML file that does not parse cannot be read at all; JCloisterZone refuses it too.",
        bad: "\
<defs>
  <tile id=\"X/C\">
    <city>N</city>
    <field city=\"N\">EL ER SL SR WL WR</field>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/C\">
    <city>N</city>
    <field city=\"N\">EL ER SL SR WL WR</field>
  </tile>
</defs>
",
    }
    /// The XML passes tessera's budget: too many nodes or words.
    JczBudget => "jcz::budget", Error {
        why: "Real tile-definition files are small (the largest of JCloisterZone's and \
              FanCloisterZone's have under 250 elements), so a file is read only within \
              budgets that keep a hostile file from taking gigabytes: 200,000 XML nodes \
              (elements, text runs, comments) and 1,000,000 words in texts and attribute \
              values (`limits::XML_MAX_NODES`, `limits::XML_MAX_WORDS`).",
        bad: "<city>N N N N N N N N ... (a million words)</city>",
        fixed: "<city>N</city>",
    }
    /// The XML does not have the shape of tile definitions (root element, a tile or tile set without id, a ref without tile, a count that is not a whole number, no tile at all).
    JczStructure => "jcz::structure", Error {
        why: "Tile definitions live in `<defs>` (JCloisterZone) or `<defs>` (FanCloisterZone), each `<tile>` with an id and each count a whole number; anything else cannot be turned into tiles.",
        bad: "\
<defs>
  <tile>
    <city>N</city>
    <field city=\"N\">EL ER SL SR WL WR</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/C\">
    <city>N</city>
    <field city=\"N\">EL ER SL SR WL WR</field>
  </tile>
</defs>
",
    }
    /// An element or attribute name JCloisterZone does not read, a letter or two from one it does (`<monestary/>`, `penants`): most likely a slip, and the thing is lost.
    JczUnknownName => "jcz::unknown_name", Error {
        why: "JCloisterZone and FanCloisterZone skip names they do not know without a word, so a misspelt `<monastery/>`, `pennants=\"1\"` or `<tile>` is simply not there in their games either: the file is wrong, not beyond what the rule set can express (`jcz::unsupported`). A name one edit from one they read (two for names of five letters or more; swapped neighbours count as one edit) is told with the name meant. The names known are those of JCloisterZone's and FanCloisterZone's own files and of the fan expansions they play; a tile whose city, road, field or monastery is misspelt is not checked further, nor imported.",
        bad: "\
<defs>
  <tile id=\"X/L\">
    <monestary/>
    <field>NL NR EL ER SL SR WL WR</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/L\">
    <monastery/>
    <field>NL NR EL ER SL SR WL WR</field>
  </tile>
</defs>
",
    }
    /// An element or attribute the rule set cannot express; it is ignored, and the rest of the tile is checked and imported.
    JczUnsupported => "jcz::unsupported", Warning {
        why: "JCloisterZone files carry the pieces of many expansions (towers, dragons, bazaars, trade goods, ...); what the chosen rule set has no words for is no error in the file, but it is left out, so scores may differ from a game with that expansion. `validate` ends with what each file's tiles could not have checked.",
        bad: "\
<defs>
  <tile id=\"X/RFr.t\">
    <tower/>
    <road>W E</road>
    <field>WR NL NR EL</field>
    <field>ER SL SR WL</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/RFr\">
    <road>W E</road>
    <field>WR NL NR EL</field>
    <field>ER SL SR WL</field>
  </tile>
</defs>
",
    }
    /// A side the rule set cannot express (a city gate, a hedge, a side two cities share, a river without rivers, a field side divided by a wall on a tile whose id has `!`); the rest of the tile is checked, but it is not imported.
    JczUnsupportedSide => "jcz::unsupported_side", Warning {
        why: "Fan expansions add things that sit on a side (The City Gates' gates, Village Life's hedges); a rule set without them cannot place such a tile faithfully. JCloisterZone marks tiles whose fields are divided by walls with `!` in the id, and such a wall may end in the middle of a side. That is no error in the file: the tile is checked as if the side were a field side divided in two (as beside a road's end), and `tessera import jcz` leaves it out and names it, rather than write a different tile.",
        bad: "\
<defs>
  <tile id=\"X/Cg\">
    <city city-gate=\"S\">N</city>
    <field city=\"N\">EL ER SL</field>
    <field city=\"N\">SR WL WR</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/C\">
    <city>N</city>
    <field city=\"N\">EL ER SL SR WL WR</field>
  </tile>
</defs>
",
    }
    /// A tile the rule set cannot express at all (The Count's City of Carcassonne, tiles `CO/…`); it is neither checked nor imported.
    JczUnsupportedTile => "jcz::unsupported_tile", Warning {
        why: "The Count's twelve tiles are laid together as one 4×3 block at the start; their inner sides hold nothing, which no tessera tile can say. They are reported and left out, not checked as broken tiles.",
        bad: "\
<defs>
  <tile id=\"CO/13\">
    <city>S</city>
    <field city=\"S\">WL WR NL NR</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/C\">
    <city>S</city>
    <field city=\"S\">WL WR NL NR EL ER</field>
  </tile>
</defs>
",
    }
    /// A word that is not what its element lists: sides (N E S W, or an inner location such as I) for a city, road or river or in a field's `city`, half-sides (NL NR EL ER SL SR WL WR, or one inner location) for a field, at most an inner location for a monastery.
    JczUnknownSide => "jcz::unknown_side", Error {
        why: "Cities, roads and rivers claim whole sides and fields claim half-sides (JCloisterZone also reads unions such as `NS`, `N.S` and `_S`, and inner locations `I`, `II` for places that touch no edge); a misspelt or wrong-sized side claims nothing, so the tile has a hole or a wrong edge.",
        bad: "\
<defs>
  <tile id=\"X/C\">
    <city>N</city>
    <field city=\"N\">EL ER SL SR WL WR S</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/C\">
    <city>N</city>
    <field city=\"N\">EL ER SL SR WL WR</field>
  </tile>
</defs>
",
    }
    /// A side, half-side or inner location listed twice in a tile.
    JczListedTwice => "jcz::listed_twice", Error {
        why: "A half-side belongs to exactly one field, an inner location of a kind to one element; listed twice (JCZ once crashed on a half-side listed three times) the fields overlap.",
        bad: "\
<defs>
  <tile id=\"X/RFr\">
    <road>W E</road>
    <field>WR NL NR EL</field>
    <field>EL ER SL SR WL</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/RFr\">
    <road>W E</road>
    <field>WR NL NR EL</field>
    <field>ER SL SR WL</field>
  </tile>
</defs>
",
    }
    /// A field side whose two halves belong to two different fields with nothing between them (no road, city gate or hedge).
    JczSplitSide => "jcz::split_side", Error {
        why: "Without a road (or a gate or hedge, `jcz::unsupported_side`), a side's two halves meet the same field of the neighbouring tile, so the two fields join anyway; tessera's field sides are one slot and cannot hold two fields. On a tile whose id has `!` (JCloisterZone's mark for fields divided by walls) the split is taken as drawn, and reported as `jcz::unsupported_side` instead.",
        bad: "\
<defs>
  <tile id=\"X/C\">
    <city>N</city>
    <field city=\"N\">WR WL SR</field>
    <field city=\"N\">EL ER SL</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/C\">
    <city>N</city>
    <field city=\"N\">EL ER SL SR WL WR</field>
  </tile>
</defs>
",
    }
    /// One half of a field side belongs to a `<field>`, the other half to nothing.
    JczUnclaimedHalf => "jcz::unclaimed_half", Error {
        why: "Every half-side that no city, road or river takes is part of some `<field>` (`<farm>` before mid-2021); a half left out is a gap in the tile.",
        bad: "\
<defs>
  <tile id=\"X/L\">
    <monastery/>
    <field>NL NR EL SL SR WL WR</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/L\">
    <monastery/>
    <field>NL NR EL ER SL SR WL WR</field>
  </tile>
</defs>
",
    }
    /// A `<field>`'s `city` attribute names a side that holds no city.
    JczNoCity => "jcz::no_city", Error {
        why: "`city=\"N\"` says the field touches the city on side N; with no city there the contact is lost (or the wrong side is named), and farmers score wrongly.",
        bad: "\
<defs>
  <tile id=\"X/CRr\">
    <city>N</city>
    <road>W E</road>
    <field city=\"N\">WR EL</field>
    <field city=\"S\">ER SL SR WL</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/CRr\">
    <city>N</city>
    <road>W E</road>
    <field city=\"N\">WR EL</field>
    <field>ER SL SR WL</field>
  </tile>
</defs>
",
    }
    /// A tile id whose mnemonic says pennant (`+`), inn or cathedral where no element has one.
    JczIdContent => "jcz::id_content", Warning {
        why: "JCloisterZone ids describe their tile (`+` a pennant, `.i` an inn, `.c` a cathedral); an id that promises what the elements lack usually means a forgotten attribute (JCZ fixed such tiles after wrong scores).",
        bad: "\
<defs>
  <tile id=\"X/Cc+\">
    <city>N W</city>
    <field city=\"N\">SL SR EL ER</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/Cc+\">
    <city pennants=\"1\">N W</city>
    <field city=\"N\">SL SR EL ER</field>
  </tile>
</defs>
",
    }
    /// A tile set lists a tile this file does not define.
    JczExternalRef => "jcz::external_ref", Warning {
        why: "JCloisterZone resolves such tiles from its other files (the winter set reuses the base tiles); on its own the file lacks them, so they are left out of counts and imports.",
        bad: "\
<defs>
  <tiles>
    <tile id=\"X/L\">
      <monastery/>
      <field>NL NR EL ER SL SR WL WR</field>
    </tile>
  </tiles>
  <sets>
    <tile-set id=\"x\">
      <ref count=\"4\" tile=\"BA/L\"/>
      <ref count=\"1\" tile=\"X/L\"/>
    </tile-set>
  </sets>
</defs>
",
        fixed: "\
<defs>
  <tiles>
    <tile id=\"X/L\">
      <monastery/>
      <field>NL NR EL ER SL SR WL WR</field>
    </tile>
  </tiles>
  <sets>
    <tile-set id=\"x\">
      <ref count=\"5\" tile=\"X/L\"/>
    </tile-set>
  </sets>
</defs>
",
    }
    // --- numbers ---
    /// A tile count or an item amount is beyond the limits tessera accepts.
    OutOfRange => "tileset::out_of_range", Error {
        why: "Counts and amounts have limits far above any real game (10,000 copies of one tile, \
              1,000 items of one kind on a segment: `tessera schema` states every limit, and in \
              a YAML file a value beyond one is `schema::invalid`). A larger value is a typo or a \
              hostile file; used as it is, sums would wrap around or memory run out. This check \
              applies the same limits where no schema is read: JCloisterZone XML.",
        bad: "\
<pack>
  <tile id=\"X/C\" count=\"4294967295\">
    <city pennant=\"yes\">N</city>
    <farm city=\"N\">EL ER SL SR WL WR</farm>
  </tile>
</pack>
",
        fixed: "\
<pack>
  <tile id=\"X/C\" count=\"2\">
    <city pennant=\"yes\">N</city>
    <farm city=\"N\">EL ER SL SR WL WR</farm>
  </tile>
</pack>
",
    }
    /// The start tile has no copies (`count: 0`, or an include's `counts` override of 0).
    StartNoCopy => "tileset::start_no_copy", Error {
        why: "The start tile is one of the copies of its tile, laid at x 0, y 0 before the first \
              turn. With no copy there is nothing to lay, and no game with this set can start.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
  - id: E
    count: 0
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: E}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    // --- limits ---
    /// A path names a directory, FIFO, device or socket where a file is expected.
    NotRegularFile => "io::not_regular", Error {
        why: "tessera reads only regular files. A FIFO or `/dev/stdin` would block the run \
              forever, a device such as `/dev/zero` never ends, and a directory is not a \
              file; such a path, on the command line or written in a file (`ruleset`, \
              `tileset`, `include`, `shapes_from`, `extends`), is reported without reading \
              from it.",
        bad: "\
name: My expansion
ruleset: ../rulesets
total: 1
start: {tile: E}
tiles:
  - id: E
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
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A file named in another file is not a YAML rule set, tile set or position.
    NotOurs => "io::not_yaml", Error {
        why: "A rule set, tile set or position is YAML; what a file names (`ruleset`, \
              `tileset`, `include`, `shapes_from`, `extends`) is read only when its name ends \
              in `.yaml` or `.yml`, and refused when its top level is not a rule set's \
              (`features`), a tile set's (`tiles`, `include`) or a position's (`players`). \
              Nothing of a refused file is shown: a tile set uploaded for checking cannot make \
              the log print `/etc/passwd` or the environment.",
        bad: "\
name: My expansion
ruleset: /etc/passwd
total: 1
start: {tile: E}
tiles:
  - id: E
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
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A file is larger than the maximum file size (8 MiB unless `--max-file-size` says otherwise).
    FileTooLarge => "io::too_large", Error {
        why: "A file larger than any real rule set, tile set or position (the bundled ones \
              are under 100 KiB) is not read at all, so that a huge or endless file cannot \
              exhaust memory. The limit is 8 MiB; `tessera --max-file-size BYTES` changes it \
              for one run.",
        bad: "\
include:
  - {tileset: generated.yaml}   # 200 MiB: a generator gone wrong
",
        fixed: "\
include:
  - {tileset: generated.yaml}   # 40 KiB once the generator is fixed
",
    }
    /// The YAML passes the parser's budget: too deeply nested, too many values, or too many aliases.
    YamlBudget => "yaml::budget", Error {
        why: "The YAML parser stops at budgets so that a small file cannot make it run out \
              of memory or time (an alias bomb expands a few lines into billions of \
              values): nesting 32 levels deep, 4,000,000 values, 50,000 aliases. Real files \
              stay far below: 20,000 tile definitions or 20,000 turns load.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
}

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Worth knowing (e.g. data that is deduced, not verified); never changes the exit code.
    Note,
    /// Probably a mistake, but the data can be used as it is; exits 0 unless
    /// `--deny warnings` (or `--deny CODE`) makes it an error.
    Warning,
    /// The file is wrong; tessera exits 2.
    Error,
}

impl Level {
    /// `error`, `warning` or `note`, as printed in JSON records and the check reference.
    pub fn name(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Note => "note",
        }
    }
}

/// One problem (or note) found in a user file.
#[derive(Debug, Clone)]
pub struct Finding {
    /// Which check found it.
    pub check: Check,
    /// Error, warning or note: the check's default severity, changed only by a [`Policy`].
    pub level: Level,
    /// One sentence saying what is wrong.
    pub message: String,
    /// The file the labels point into.
    pub file: Option<SourceFile>,
    /// Labelled spans; the first is the primary one.
    pub labels: Vec<(SourceSpan, String)>,
    /// How to fix it.
    pub help: Option<String>,
    /// Secondary diagnostics in other files: the other definition of a clashing id, or
    /// the chain of includes that led to this file ("included from my-expansion.yaml:3").
    pub related: Vec<Finding>,
    /// The mechanical fix the help describes, when there is exactly one (a link the
    /// corner rule asks for, a link no geometry allows): applied by `import jcz --fix`,
    /// and given in JSON output for editors. `None` when the fix needs a judgement. Boxed:
    /// a finding is the error type of many functions, kept small. Read with
    /// [`Finding::fixes`].
    pub fix: Option<Box<Vec<LinkEdit>>>,
    /// How many more findings of the same check and severity this one stands for: a
    /// check that stops keeping findings at [`crate::limits::max_findings`] per file
    /// folds the rest into its last one, which says so in its message. Counts (the
    /// summary line, exit status, `validate --format json`) add them: see
    /// [`Finding::weight`]. 0 for every other finding.
    pub more: u32,
}

/// One link to add to or remove from a tile definition: a finding's mechanical fix
/// ([`Finding::fix`]). Names are those of the tile set (YAML): tile id, segment ids and
/// a relation of the rule set.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct LinkEdit {
    /// Id of the tile.
    pub tile: String,
    /// Segment whose `links` change.
    pub segment: String,
    /// Relation of the link (`touches`).
    pub relation: String,
    /// The segment linked to.
    pub target: String,
    /// `true`: add the link (`tileset::missing_link`); `false`: remove it
    /// (`tileset::link_separated`).
    pub add: bool,
}

/// A message or help text cut to [`crate::limits::MAX_MESSAGE`] bytes (on a character
/// boundary) with a note of what was cut: a name of megabytes in a hostile file is not
/// printed whole, once per finding.
pub fn clip_text(text: String) -> String {
    let max = crate::limits::MAX_MESSAGE;
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!(
        "{}… ({} more bytes not shown)",
        &text[..end],
        text.len() - end
    )
}

impl Finding {
    /// A new finding with no location yet, at its check's default severity.
    pub fn new(check: Check, message: impl Into<String>) -> Self {
        Finding {
            check,
            level: check.info().severity,
            message: clip_text(message.into()),
            file: None,
            labels: Vec::new(),
            help: None,
            related: Vec::new(),
            fix: None,
            more: 0,
        }
    }

    /// How many findings this one counts as: itself and the [`Finding::more`] it stands
    /// for.
    pub fn weight(&self) -> usize {
        1 + self.more as usize
    }

    /// Sets the file.
    pub fn in_file(mut self, file: &SourceFile) -> Self {
        self.file = Some(file.clone());
        self
    }

    /// Adds a label at a location (ignored if the location is unknown, or the finding has
    /// [`crate::limits::MAX_LABELS`] already).
    ///
    /// A location that names its file ([`Loc::src`]) is labelled in that file: if the
    /// finding has no label yet, the finding moves to that file (it is reported in the file
    /// that must change); otherwise the label becomes a related note in the other file.
    pub fn at(mut self, loc: &Loc, label: impl Into<String>) -> Self {
        let other = (loc.src != 0 && self.file.as_ref().is_none_or(|f| f.id != loc.src))
            .then(|| SourceFile::by_id(loc.src))
            .flatten();
        if let Some(other) = other {
            if self.labels.is_empty() {
                self.file = Some(other);
            } else {
                let label = label.into();
                let note = Finding {
                    level: Level::Note,
                    labels: Vec::new(),
                    help: None,
                    related: Vec::new(),
                    fix: None,
                    more: 0,
                    message: label.clone(),
                    ..self.clone()
                }
                .in_file(&other)
                .at(loc, label);
                self.related.push(note);
                return self;
            }
        }
        if self.labels.len() >= crate::limits::MAX_LABELS {
            return self;
        }
        if let Some(span) = self.file.as_ref().and_then(|f| f.span(loc)) {
            self.labels.push((span, label.into()));
        }
        self
    }

    /// Adds a related note (another file's part of the story).
    pub fn with_related(mut self, note: Finding) -> Self {
        self.related.push(note);
        self
    }

    /// Adds a label at a byte span.
    pub fn at_span(mut self, span: SourceSpan, label: impl Into<String>) -> Self {
        if self.labels.len() >= crate::limits::MAX_LABELS {
            return self;
        }
        self.labels.push((span, label.into()));
        self
    }

    /// An error for a name that is not known: "unknown {what} `{name}`". Add the known
    /// names with [`Finding::known`].
    pub fn unknown(check: Check, what: &str, name: &str) -> Self {
        Finding::new(check, format!("unknown {what} `{name}`"))
    }

    /// Sets the help line to a list of the known names: `{heading}: a, b, c`.
    pub fn known<'a>(self, heading: &str, names: impl IntoIterator<Item = &'a str>) -> Self {
        let names: Vec<&str> = names.into_iter().collect();
        self.help(format!("{heading}: {}", names.join(", ")))
    }

    /// Adds a link edit to the finding's mechanical fix ([`Finding::fix`]).
    pub fn fix(mut self, edit: LinkEdit) -> Self {
        self.fix.get_or_insert_default().push(edit);
        self
    }

    /// The link edits of the finding's mechanical fix ([`Finding::fix`]); empty when it
    /// has none.
    pub fn fixes(&self) -> &[LinkEdit] {
        self.fix.as_deref().map_or(&[], Vec::as_slice)
    }

    /// Sets the help line.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(clip_text(help.into()));
        self
    }

    /// `file:line:column` of the primary label, for one-line output.
    pub fn position(&self) -> Option<(String, usize, usize)> {
        let file = self.file.as_ref()?;
        let (span, _) = self.labels.first()?;
        let (line, col) = file.line_col(span.offset());
        Some((file.path.display().to_string(), line, col))
    }
}

/// The message, with unsafe characters escaped ([`escape_text`]): this is what text output
/// shows. The exact text is [`Finding::message`].
/// Keeps a list of findings within `keep` (a check that may find one violation per tile
/// or value of a hostile file, half a million of them, calls it as it goes): past `keep`,
/// a finding is folded into the last finding kept of the same check and severity
/// ([`Finding::more`]), or kept when it is the first of its check and severity, so the
/// list stays within `keep` plus one per check and every finding is still counted. Call
/// it as often as you like; [`note_folded`] then says so in the messages.
pub fn fold_findings(findings: &mut Vec<Finding>, keep: usize) {
    if findings.len() <= keep {
        return;
    }
    let rest = findings.split_off(keep);
    let mut last: std::collections::HashMap<(Check, Level), usize> =
        std::collections::HashMap::new();
    for (i, f) in findings.iter().enumerate() {
        last.insert((f.check, f.level), i);
    }
    for f in rest {
        match last.get(&(f.check, f.level)) {
            Some(&i) => {
                let weight = u32::try_from(f.weight()).unwrap_or(u32::MAX);
                findings[i].more = findings[i].more.saturating_add(weight);
            }
            None => {
                last.insert((f.check, f.level), findings.len());
                findings.push(f);
            }
        }
    }
}

/// Adds to the message of each finding that stands for others ([`fold_findings`]) how
/// many it stands for.
pub fn note_folded(findings: &mut [Finding], keep: usize) {
    for f in findings.iter_mut().filter(|f| f.more > 0) {
        f.message = format!(
            "{} (and {} more like it in this file, not listed: at most {keep} findings are kept per file, `--max-findings`)",
            f.message, f.more
        );
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&escape_text(&self.message))
    }
}

impl std::error::Error for Finding {}

impl Diagnostic for Finding {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.check.code()))
    }
    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.level {
            Level::Error => miette::Severity::Error,
            Level::Warning => miette::Severity::Warning,
            Level::Note => miette::Severity::Advice,
        })
    }
    /// The help line, and how many marked places the snippet leaves out (past
    /// [`crate::limits::SNIPPET_MAX_LABELS`]; `--format json` lists them all).
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        let hidden = self
            .labels
            .len()
            .saturating_sub(crate::limits::SNIPPET_MAX_LABELS);
        let note = (hidden > 0).then(|| {
            format!("{hidden} more places are marked in `--format json` (`labels`), not drawn here")
        });
        match (&self.help, note) {
            (Some(h), Some(n)) => Some(Box::new(format!("{}; {n}", escape_text(h)))),
            (Some(h), None) => Some(Box::new(escape_text(h))),
            (None, Some(n)) => Some(Box::new(n)),
            (None, None) => None,
        }
    }
    /// The file as snippets show it ([`SourceView`]: unsafe characters replaced, long
    /// lines clipped).
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.file
            .as_ref()
            .map(|f| f.view() as &dyn miette::SourceCode)
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        if self.related.is_empty() {
            return None;
        }
        Some(Box::new(self.related.iter().map(|f| f as &dyn Diagnostic)))
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            return None;
        }
        let view = self.file.as_ref().map(|f| f.view());
        let shown = crate::limits::SNIPPET_MAX_LABELS;
        Some(Box::new(self.labels.iter().take(shown).enumerate().map(
            move |(i, (s, l))| {
                let s = view.map_or(*s, |v| v.clip(*s));
                let l = Some(escape_text(l).into_owned());
                if i == 0 {
                    LabeledSpan::new_primary_with_span(l, s)
                } else {
                    LabeledSpan::new_with_span(l, s)
                }
            },
        )))
    }
}

/// Why a library call failed: findings in the user's files, or a failure of the tool itself.
#[derive(Debug)]
pub enum Failure {
    /// The input is wrong; the findings say where (exit code 2).
    Findings(Vec<Finding>),
    /// The tool could not do its work (exit code 1).
    Tool(String),
}

impl Failure {
    /// One finding as a failure.
    pub fn one(f: Finding) -> Self {
        Failure::Findings(vec![f])
    }
}

impl From<Finding> for Failure {
    fn from(f: Finding) -> Self {
        Failure::one(f)
    }
}

impl From<Vec<Finding>> for Failure {
    fn from(f: Vec<Finding>) -> Self {
        Failure::Findings(f)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Findings(v) => {
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        writeln!(f)?;
                    }
                    match x.position() {
                        Some((p, l, c)) => write!(f, "{p}:{l}:{c}: [{}] {x}", x.check.code())?,
                        None => write!(f, "[{}] {x}", x.check.code())?,
                    }
                }
                Ok(())
            }
            Failure::Tool(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Failure {}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(check: Check, level: Level) -> Finding {
        let mut f = Finding::new(check, "test finding");
        f.level = level;
        f
    }

    fn levels(policy: &Policy, findings: Vec<Finding>) -> Vec<(Check, Level)> {
        policy
            .apply(findings)
            .iter()
            .map(|f| (f.check, f.level))
            .collect()
    }

    #[test]
    fn default_policy_keeps_every_finding_as_it_is() {
        let p = Policy::default();
        let found = vec![
            finding(Check::CountMismatch, Level::Error),
            finding(Check::Provenance, Level::Warning),
            finding(Check::Provenance, Level::Note),
        ];
        assert_eq!(
            levels(&p, found),
            [
                (Check::CountMismatch, Level::Error),
                (Check::Provenance, Level::Warning),
                (Check::Provenance, Level::Note)
            ]
        );
    }

    #[test]
    fn deny_warnings_raises_warnings_only() {
        let p = Policy::new::<&str>(&[], &["warnings"]).expect("valid policy");
        let found = vec![
            finding(Check::Provenance, Level::Warning),
            finding(Check::Provenance, Level::Note),
        ];
        assert_eq!(
            levels(&p, found),
            [
                (Check::Provenance, Level::Error),
                (Check::Provenance, Level::Note)
            ]
        );
    }

    #[test]
    fn deny_and_allow_by_code() {
        let deny = Policy::new::<&str>(&[], &["note::provenance"]).expect("valid policy");
        assert_eq!(
            levels(&deny, vec![finding(Check::Provenance, Level::Note)]),
            [(Check::Provenance, Level::Error)]
        );
        let allow = Policy::new(&["note::provenance"], &["warnings"]).expect("valid policy");
        assert_eq!(
            levels(
                &allow,
                vec![
                    finding(Check::Provenance, Level::Note),
                    finding(Check::CountMismatch, Level::Error)
                ]
            ),
            [(Check::CountMismatch, Level::Error)]
        );
    }

    #[test]
    fn bad_flags_are_refused_with_a_reason() {
        let unknown = Policy::new::<&str>(&[], &["tileset::count_mismach"]).unwrap_err();
        assert!(
            unknown.contains("did you mean: tileset::count_mismatch"),
            "{unknown}"
        );
        assert!(
            unknown.contains("note::provenance"),
            "lists the known codes: {unknown}"
        );
        let error = Policy::new::<&str>(&["tileset::count_mismatch"], &[]).unwrap_err();
        assert!(error.contains("cannot be allowed"), "{error}");
        let both = Policy::new(&["note::provenance"], &["note::provenance"]).unwrap_err();
        assert!(both.contains("both allowed and denied"), "{both}");
        let all = Policy::new::<&str>(&["warnings"], &[]).unwrap_err();
        assert!(all.contains("not supported"), "{all}");
    }

    #[test]
    fn suggestions_find_misspellings_and_bare_names() {
        assert_eq!(Check::suggest("position::mien"), ["position::mine"]);
        assert_eq!(
            Check::suggest("slot_claim"),
            ["tileset::slot_claim", "tileset::slot_claimed_twice"]
        );
        assert!(Check::suggest("completely unrelated words").is_empty());
    }
}
