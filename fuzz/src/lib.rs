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

use std::path::{Path, PathBuf};
use std::sync::Once;

use tessera::diag::{Finding, SourceFile};
use tessera::render::FindingRecord;
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
    std::env::var_os("TESSERA_FUZZ_ALLOW_UNLOCATED").is_some_and(|v| v == "1")
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
    check_validation(tessera::replay::validate_source(file));
}

/// A directory of this process's own under the system's temporary directory, for the
/// `score` target's three files.
pub fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}
