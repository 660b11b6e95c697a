//! Diagnostics: every problem tessera finds in user files is a [`Finding`] with a stable
//! code from the catalogue [`Check`], the file and byte span it concerns, and a help line.
//!
//! The catalogue is the one place where checks are described: each code names one rule and
//! has a one-line title, a default severity ([`Level`]), why it matters and a bad and a fixed
//! example ([`CheckInfo`]); `tessera explain` and `docs/checks.md` are rendered from it
//! ([`crate::report::explain_text`], [`crate::report::checks_markdown`]). Its entries are
//! declared with `checks!` beside the code that emits them (a `checks.rs` child of the
//! module) and gathered by the linker into [`Check::all`]. A [`Policy`]
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

/// The span of `key` written as a mapping key shortly before byte `offset` of `text` (at
/// most 256 bytes before, quoted or not, then `:`), if it is there.
fn key_before(text: &str, offset: usize, key: &str) -> Option<SourceSpan> {
    let end = offset.min(text.len());
    let mut start = end.saturating_sub(256);
    while !text.is_char_boundary(start) {
        start += 1;
    }
    let before = text.get(start..end)?;
    let mut search = before.len();
    while let Some(at) = before[..search].rfind(key) {
        let rest = before[at + key.len()..].trim_start_matches(['"', '\'']);
        let starts = before[..at]
            .chars()
            .next_back()
            .is_none_or(|c| c.is_whitespace() || "{,\"'".contains(c));
        if starts && rest.trim_start().starts_with(':') {
            return Some(SourceSpan::new((start + at).into(), key.len()));
        }
        search = at;
    }
    None
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

/// Declares entries of the check catalogue, in the module that emits their findings:
///
/// ```text
/// crate::diag::checks! {
///     /// One-line title.
///     Name => "area::code", Error {
///         why: "...",
///         bad: "...",
///         fixed: "...",
///     }
/// }
/// ```
///
/// Each entry becomes the constant `Check::Name` (an inherent impl of [`Check`], so every
/// module names it `Check::Name` wherever it is declared) and is registered in
/// [`CATALOGUE`], which [`Check::all`] lists. A module uses only checks declared in its own
/// layer or a lower one.
macro_rules! checks {
    ($(
        #[doc = $title:literal]
        $variant:ident => $code:literal, $level:ident {
            why: $why:literal,
            bad: $bad:literal,
            fixed: $fixed:literal $(,)?
        }
    )*) => {
        impl $crate::diag::Check {
            $(
                #[doc = $title]
                #[allow(non_upper_case_globals)]
                pub const $variant: $crate::diag::Check =
                    $crate::diag::Check(&$crate::diag::CheckInfo {
                        code: $code,
                        title: $title.trim_ascii(),
                        severity: $crate::diag::Level::$level,
                        why: $why,
                        bad: $bad,
                        fixed: $fixed,
                    });
            )*
        }
        $(
            const _: () = {
                #[::linkme::distributed_slice($crate::diag::CATALOGUE)]
                static ENTRY: $crate::diag::Check = $crate::diag::Check::$variant;
            };
        )*
    };
}
pub(crate) use checks;

/// Every check declared by `checks!` anywhere in the crate, in no particular order (the
/// linker gathers them); [`Check::all`] sorts them.
#[linkme::distributed_slice]
pub(crate) static CATALOGUE: [Check];

/// The areas of check codes, in catalogue order: the stages a file goes through.
const AREAS: [&str; 9] = [
    "io", "yaml", "schema", "compose", "ruleset", "tileset", "position", "jcz", "note",
];

/// A check of the catalogue: one code per rule, a handle on its entry ([`CheckInfo`]).
///
/// Each has a stable code, namespaced by area (`io::`, `yaml::`, `schema::`, `compose::`,
/// `ruleset::`, `tileset::`, `position::`, `jcz::`, `note::`), a one-line title, a default
/// severity, why it matters and an example of bad and fixed input ([`Check::info`]);
/// `tessera explain CODE` and `docs/checks.md` are made from it.
///
/// The entries are not here: each is declared by `checks!` beside the code that emits it
/// (`src/load/checks.rs`, `src/validate/tileset/checks.rs`, `src/replay/checks.rs`, ...)
/// as an associated constant, `Check::NoSlots`. Two handles are equal when their entries
/// are (codes are unique, so when their codes are), and a `match` can name the constants
/// as patterns.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Check(pub(crate) &'static CheckInfo);

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

impl std::hash::Hash for Check {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.code().hash(state);
    }
}

impl fmt::Debug for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Check").field(&self.code()).finish()
    }
}

impl Check {
    /// Every check, in catalogue order: by area (`io`, `yaml`, `schema`, `compose`, `ruleset`,
    /// `tileset`, `position`, `jcz`, `note`), then by code.
    pub fn all() -> &'static [Check] {
        static ALL: OnceLock<Vec<Check>> = OnceLock::new();
        ALL.get_or_init(|| {
            let mut all = CATALOGUE.to_vec();
            all.sort_by_key(|c| {
                let area = c.code().split("::").next().unwrap_or_default();
                let rank = AREAS.iter().position(|a| *a == area);
                (rank.unwrap_or(AREAS.len()), c.code())
            });
            all
        })
    }

    /// What the catalogue says about this check.
    pub fn info(self) -> &'static CheckInfo {
        self.0
    }

    /// The stable code printed with the finding, e.g. `tileset::count_mismatch`.
    pub fn code(self) -> &'static str {
        self.0.code
    }

    /// The check with this code, if any.
    pub fn from_code(code: &str) -> Option<Check> {
        Check::all().iter().copied().find(|c| c.code() == code)
    }

    /// Codes close to `code` (a misspelling, or the part after `::` alone), closest first,
    /// for "did you mean" lists.
    pub fn suggest(code: &str) -> Vec<&'static str> {
        let code = code.trim().to_ascii_lowercase();
        let tail = |c: &str| c.rsplit("::").next().unwrap_or_default().to_string();
        let wanted = tail(&code);
        let mut scored: Vec<(usize, &'static str)> = Check::all()
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
    for c in Check::all() {
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
    pub fix: Option<Box<Fix>>,
    /// How many more findings of the same check and severity this one stands for: a
    /// check that stops keeping findings at [`crate::limits::max_findings`] per file
    /// folds the rest into its last one, which says so in its message. Counts (the
    /// summary line, exit status, `validate --format json`) add them: see
    /// [`Finding::weight`]. 0 for every other finding.
    pub more: u32,
}

/// A finding's mechanical fix ([`Finding::fix`]): link edits, or the very text to write.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fix {
    /// Links to add or remove ([`Finding::fixes`]).
    pub links: Vec<LinkEdit>,
    /// The fix as text, when the help gives the very text to write (`total: 85` for a
    /// wrong or missing total): replace this span of the finding's own file by this text
    /// (an empty span inserts). Offered by `tessera lsp` as a code action.
    pub replace: Option<(SourceSpan, String)>,
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

    /// Adds a label at the key of a mapping entry whose value is at `loc` (maps whose keys
    /// carry no location of their own: a position's `options`, an include's `counts`): the
    /// key written just before the value, followed by `:`, when it is found there in the
    /// finding's file; otherwise the label goes on the value, as [`Finding::at`] puts it.
    pub fn at_key(self, loc: &Loc, key: &str, label: impl Into<String>) -> Self {
        let same_file = self
            .file
            .as_ref()
            .is_some_and(|f| loc.src == 0 || f.id == loc.src);
        let span = match (&self.file, loc.bytes) {
            (Some(f), Some((offset, _))) if same_file && !key.is_empty() => {
                key_before(f.text(), offset, key)
            }
            _ => None,
        };
        match span {
            Some(span) => self.at_span(span, label),
            None => self.at(loc, label),
        }
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
        self.fix.get_or_insert_default().links.push(edit);
        self
    }

    /// Sets the finding's fix as text ([`Fix::replace`]): `span` of its own file becomes
    /// `text`.
    pub fn replace(mut self, span: SourceSpan, text: impl Into<String>) -> Self {
        self.fix.get_or_insert_default().replace = Some((span, text.into()));
        self
    }

    /// [`Finding::replace`] when the span is known.
    pub fn with_replace(self, span: Option<SourceSpan>, text: impl Into<String>) -> Self {
        match span {
            Some(span) => self.replace(span, text),
            None => self,
        }
    }

    /// The link edits of the finding's mechanical fix ([`Finding::fix`]); empty when it
    /// has none.
    pub fn fixes(&self) -> &[LinkEdit] {
        self.fix.as_deref().map_or(&[], |f| f.links.as_slice())
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

/// "1 finding is" or "N findings are", for messages about how many findings are kept.
pub fn findings_are(n: usize) -> String {
    match n {
        1 => "1 finding is".to_string(),
        n => format!("{n} findings are"),
    }
}

/// Adds to the message of each finding that stands for others ([`fold_findings`]) how
/// many it stands for.
pub fn note_folded(findings: &mut [Finding], keep: usize) {
    for f in findings.iter_mut().filter(|f| f.more > 0) {
        f.message = format!(
            "{} (and {} more like it in this file, not listed: at most {} kept per file, `--max-findings`)",
            f.message,
            f.more,
            findings_are(keep)
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

    /// A check by its code: the catalogue's entries are declared above this layer, so the
    /// tests find them at run time.
    fn check(code: &str) -> Check {
        Check::from_code(code).expect("a check of the catalogue")
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
            finding(check("tileset::count_mismatch"), Level::Error),
            finding(check("note::provenance"), Level::Warning),
            finding(check("note::provenance"), Level::Note),
        ];
        assert_eq!(
            levels(&p, found),
            [
                (check("tileset::count_mismatch"), Level::Error),
                (check("note::provenance"), Level::Warning),
                (check("note::provenance"), Level::Note)
            ]
        );
    }

    #[test]
    fn deny_warnings_raises_warnings_only() {
        let p = Policy::new::<&str>(&[], &["warnings"]).expect("valid policy");
        let found = vec![
            finding(check("note::provenance"), Level::Warning),
            finding(check("note::provenance"), Level::Note),
        ];
        assert_eq!(
            levels(&p, found),
            [
                (check("note::provenance"), Level::Error),
                (check("note::provenance"), Level::Note)
            ]
        );
    }

    #[test]
    fn deny_and_allow_by_code() {
        let deny = Policy::new::<&str>(&[], &["note::provenance"]).expect("valid policy");
        assert_eq!(
            levels(&deny, vec![finding(check("note::provenance"), Level::Note)]),
            [(check("note::provenance"), Level::Error)]
        );
        let allow = Policy::new(&["note::provenance"], &["warnings"]).expect("valid policy");
        assert_eq!(
            levels(
                &allow,
                vec![
                    finding(check("note::provenance"), Level::Note),
                    finding(check("tileset::count_mismatch"), Level::Error)
                ]
            ),
            [(check("tileset::count_mismatch"), Level::Error)]
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
