//! What the fuzz targets share: feeding bytes to tessera's public entry points the way the
//! `tessera` binary does, and the properties every answer must have.
//!
//! Properties checked on every input (a violation is a crash the fuzzer reports):
//! - nothing panics, aborts, hangs or runs out of memory (libFuzzer's `-timeout` and
//!   `-rss_limit_mb` catch the last two);
//! - with `cargo fuzz run -a` (debug assertions), no arithmetic on user numbers overflows;
//! - every finding (and every related note) has a file, a line and a column, unless
//!   `TESSERA_FUZZ_ALLOW_UNLOCATED=1` is set (to look for other crashes past a known one);
//! - every finding renders through miette exactly as the binary prints it, and as a JSON
//!   record; a score report renders as text and JSON.
//!
//! The `report` target adds the properties of what tessera writes ([`check_svg`],
//! [`check_page`], [`check_text`], [`check_json`]): a picture is well-formed XML, a page
//! holds no raw control character, a text report no character a terminal must not meet
//! raw, a JSON report reads back.

use std::path::{Path, PathBuf};
use std::sync::Once;

use tessera::Failure;
use tessera::diag::{Finding, SourceFile, is_unsafe_char};
use tessera::report::FindingRecord;
use tessera::validate::Validation;

/// The repository root (the fuzz crate lives in `fuzz/`).
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from(".."), Path::to_path_buf)
}

/// The file separator of the `score` target's input: a rule set, a tile set and a position
/// joined by this line.
pub const SEPARATOR: &[u8] = b"\n#%%tessera-fuzz%%\n";

/// Splits the `score` target's input into at most three parts at [`SEPARATOR`]; missing
/// parts are empty.
pub fn split3(data: &[u8]) -> [&[u8]; 3] {
    let mut out: [&[u8]; 3] = [&[], &[], &[]];
    let mut rest = data;
    for (i, slot) in out.iter_mut().enumerate() {
        if i == 2 {
            *slot = rest;
            break;
        }
        match find(rest, SEPARATOR) {
            Some(at) => {
                *slot = &rest[..at];
                rest = &rest[at + SEPARATOR.len()..];
            }
            None => {
                *slot = rest;
                rest = &[];
            }
        }
    }
    out
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn install_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        // The binary's handler (src/main.rs), so that the renderer is exercised as users
        // see it.
        miette::set_hook(Box::new(|_| {
            Box::new(
                miette::MietteHandlerOpts::new()
                    .terminal_links(false)
                    .width(100)
                    .build(),
            )
        }))
        .ok();
    });
}

fn unlocated_allowed() -> bool {
    allowed("TESSERA_FUZZ_ALLOW_UNLOCATED")
}

fn allowed(var: &str) -> bool {
    std::env::var_os(var).is_some_and(|v| v == "1")
}

/// Checks and renders findings (see the crate docs).
pub fn check_findings(findings: &[Finding]) {
    install_hook();
    for f in findings {
        check_one(f);
        let text = format!("{:?}", miette::Report::new(f.clone()));
        std::hint::black_box(text);
        let record = FindingRecord::from(f);
        std::hint::black_box(serde_json::to_string(&record).ok());
    }
}

fn check_one(f: &Finding) {
    if !unlocated_allowed() {
        assert!(
            f.position().is_some(),
            "unlocated finding [{}] {} (file: {:?})",
            f.check.code(),
            f.message,
            f.file.as_ref().map(|s| s.path.clone())
        );
    }
    for r in &f.related {
        check_one(r);
    }
}

/// Checks the findings of a failure (a tool failure is a message, not a finding).
pub fn check_failure(f: &Failure) {
    if let Failure::Findings(f) = f {
        check_findings(f);
    }
}

/// Checks a validation's findings.
pub fn check_validation(v: Result<Validation, String>) {
    if let Ok(v) = v {
        check_findings(&v.findings);
    }
}

/// Validates `data` as if it were the file `rel` of the repository (the file is never
/// written: relative references such as `../rulesets/carcassonne.yaml` resolve to the
/// bundled files beside it).
pub fn validate_yaml(data: &[u8], rel: &str) {
    let file = SourceFile::from_bytes(&repo().join(rel), data.to_vec());
    check_validation(tessera::validate_file(file, None));
}

/// A directory of this process's own under the system's temporary directory, for the
/// `score` target's three files.
pub fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// Writes the `score` and `report` targets' input to `ruleset.yaml`, `tileset.yaml` and
/// `position.yaml` in [`scratch`] (see [`split3`]); `None` when a file cannot be written.
pub fn write_three(data: &[u8]) -> Option<PathBuf> {
    let dir = scratch();
    let names = ["ruleset.yaml", "tileset.yaml", "position.yaml"];
    for (name, part) in names.iter().zip(split3(data)) {
        std::fs::write(dir.join(name), part).ok()?;
    }
    Some(dir)
}

/// Some text around byte `at` of `text`, escaped, for a crash message (a 70,000-character
/// name is not printed whole).
fn around(text: &str, at: usize) -> String {
    let mut from = at.saturating_sub(120);
    while !text.is_char_boundary(from) {
        from -= 1;
    }
    let mut to = (at + 120).min(text.len());
    while !text.is_char_boundary(to) {
        to += 1;
    }
    format!("{:?}", &text[from..to])
}

/// Checks that a picture (`what` says which) is well-formed XML (roxmltree: every
/// character allowed, tags balanced, attributes quoted, entities known) whose root is an
/// `svg` element.
pub fn check_svg(svg: &str, what: &str) {
    let doc = match roxmltree::Document::parse(svg) {
        Ok(d) => d,
        Err(e) => {
            let pos = e.pos();
            // The byte offset of the error's line and column (1-based, columns in chars).
            let line_start = svg
                .split_inclusive('\n')
                .take((pos.row as usize).saturating_sub(1))
                .map(str::len)
                .sum::<usize>();
            let at = svg[line_start..]
                .char_indices()
                .nth((pos.col as usize).saturating_sub(1))
                .map_or(svg.len(), |(i, _)| line_start + i);
            panic!(
                "{what} is not well-formed XML: {e} ({} bytes); near the error: {}",
                svg.len(),
                around(svg, at)
            );
        }
    };
    assert_eq!(
        doc.root_element().tag_name().name(),
        "svg",
        "{what}: the root element is not <svg>"
    );
}

/// Checks the score page (`tessera score --html`): no raw control character but newline
/// and tab (names from the files reach its title and tables), unless
/// `TESSERA_FUZZ_ALLOW_PAGE_CONTROLS=1` is set (to look for other crashes past a known
/// one), and the board picture in it (`<div id="board">`) well-formed XML.
pub fn check_page(page: &str) {
    let raw = page
        .char_indices()
        .find(|&(_, c)| c.is_control() && !matches!(c, '\n' | '\t'));
    if let Some((at, c)) = raw.filter(|_| !allowed("TESSERA_FUZZ_ALLOW_PAGE_CONTROLS")) {
        panic!(
            "the score page has a raw control character U+{:04X} at byte {at} of {} (TESSERA_FUZZ_ALLOW_PAGE_CONTROLS=1 looks past it): {}",
            c as u32,
            page.len(),
            around(page, at)
        );
    }
    const BOARD: &str = "<div id=\"board\">";
    let Some(start) = page.find(BOARD).map(|i| i + BOARD.len()) else {
        panic!("the score page has no board (`{BOARD}`)");
    };
    let Some(len) = page[start..].find("</div>") else {
        panic!("the score page's board is not closed");
    };
    check_svg(
        &page[start..start + len],
        "the board picture in the score page",
    );
}

/// Checks a text report (`what` says which): no character of
/// [`tessera::diag::is_unsafe_char`] but the newlines that end its lines, so that a name
/// cannot drive the terminal or forge a line.
pub fn check_text(text: &str, what: &str) {
    if let Some((at, c)) = text
        .char_indices()
        .find(|&(_, c)| c != '\n' && is_unsafe_char(c))
    {
        panic!(
            "{what} shows U+{:04X} raw at byte {at} of {}: {}",
            c as u32,
            text.len(),
            around(text, at)
        );
    }
}

/// Checks that a JSON report (`what` says which) serializes and reads back as JSON.
pub fn check_json<T: serde::Serialize>(value: &T, what: &str) {
    let text = match serde_json::to_string(value) {
        Ok(t) => t,
        Err(e) => panic!("{what} does not serialize as JSON: {e}"),
    };
    if let Err(e) = serde_json::from_str::<serde_json::Value>(&text) {
        panic!("{what} does not read back as JSON: {e}");
    }
}
