//! Bad input never panics: every bundled file is damaged in many deterministic ways
//! (truncated, lines dropped or repeated, bytes replaced, values swapped for others) and
//! validated; the validator must answer with findings (or accept the file), never panic.
//! A cheap stand-in for the coverage-guided fuzzing of the loaders planned next.

use crate::common;

use crate::common::Rng;

use std::path::{Path, PathBuf};

use tessera::diag::SourceFile;
use tessera::validate_file;

fn bundled() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in ["rulesets", "tilesets", "examples"] {
        for e in std::fs::read_dir(dir).expect("bundled directory") {
            let p = e.expect("entry").path();
            if p.extension().is_some_and(|x| x == "yaml") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Replacement snippets that hit typical mistakes: wrong types, unknown names, odd YAML.
const SNIPPETS: &[&str] = &[
    "",
    "~",
    "-1",
    "99999999999",
    "[",
    "]",
    "{",
    "}",
    ":",
    "- ",
    "\t",
    "&a",
    "*a",
    "<<: *a",
    "'",
    "\"",
    "N",
    "NL",
    "ZZ",
    "0",
    "270",
    "45",
    "true",
    "city",
    "road",
    "nope",
    "\n  - x",
    "\u{fffd}",
    "é",
    "# comment",
];

fn mutate(text: &str, rng: &mut Rng) -> String {
    let lines: Vec<&str> = text.lines().collect();
    match rng.below(5) {
        0 => {
            // Truncate at a character boundary.
            let cut = text
                .char_indices()
                .map(|(i, _)| i)
                .nth(rng.below(text.chars().count()))
                .unwrap_or(0);
            text[..cut].to_string()
        }
        1 => {
            // Drop a line.
            let k = rng.below(lines.len());
            lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != k)
                .map(|(_, l)| *l)
                .collect::<Vec<_>>()
                .join("\n")
        }
        2 => {
            // Repeat a line (duplicate keys, extra list items).
            let k = rng.below(lines.len());
            let mut v = lines.clone();
            v.insert(k, lines[k]);
            v.join("\n")
        }
        _ => {
            // Replace one word with a snippet.
            common::replace_word(
                text,
                &[' ', '\n', ',', ':', '[', ']', '{', '}'],
                SNIPPETS,
                rng,
            )
        }
    }
}

#[test]
fn damaged_bundled_files_never_panic() {
    // Another seed can be tried with TESSERA_DAMAGE_SEED=<number>.
    let seed = std::env::var("TESSERA_DAMAGE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_cafe_f00d_1234_u64);
    let mut rng = Rng(seed.max(1));
    let (mut checked, mut with_errors) = (0, 0);
    for path in bundled() {
        let text = std::fs::read_to_string(&path).expect("readable");
        for _ in 0..40 {
            let damaged = mutate(&text, &mut rng);
            // Keep the real path so that relative references still resolve.
            let file = SourceFile::new(Path::new(&path), damaged.clone());
            let v = validate_file(file, None).unwrap_or_else(|e| {
                panic!(
                    "{}: a damaged file is a finding, not a tool failure: {e}\n{damaged}",
                    path.display()
                )
            });
            let errors = v
                .findings
                .iter()
                .filter(|f| f.level == tessera::diag::Level::Error);
            for f in errors.clone() {
                assert!(
                    f.file.is_some() && !f.labels.is_empty(),
                    "{}: [{}] {f} has no location",
                    path.display(),
                    f.check.code()
                );
            }
            with_errors += usize::from(errors.count() > 0);
            checked += 1;
        }
    }
    assert!(checked >= 40 * 9, "{checked} damaged files checked");
    // Most damage is noticed (some, like a dropped comment line, is harmless).
    assert!(
        with_errors * 2 > checked,
        "{with_errors} of {checked} damaged files had findings"
    );
}
