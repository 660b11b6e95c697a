//! The check catalogue (`tessera::diag::Check`) checked as data: every check has a unique
//! code, a one-line title, a why and bad and fixed examples; every bad example that is a
//! whole file really produces its code when validated, and its fixed version does not.

use std::collections::HashSet;
use std::path::PathBuf;

use tessera::diag::{Check, Level, SourceFile};
use tessera::load::{RULESET_KEYS, TILESET_KEYS};
use tessera::validate_file;

/// Where a whole-file example is validated, so that its relative paths
/// (`../rulesets/carcassonne.yaml`, `../tilesets/base.yaml`, `base.yaml`) reach the
/// bundled files; `None` for a fragment (a few lines of a bigger file).
///
/// An example is a whole file when it is JCloisterZone XML with its root element (`<pack>`
/// or `<defs>`; validated as `tilesets/*.xml` against the bundled base rule set), or when
/// its top-level keys (lines at column 0) make a file of a
/// kind as `tessera validate` tells kinds (`load::sniff`): a position has `players` (or
/// names its `tileset`); a rule set or a tile set also has the `name` they require, and
/// one of their own keys. Anything else is a fragment of a bigger file.
fn whole_file_dir(example: &str) -> Option<&'static str> {
    if example.starts_with("<pack>") || example.starts_with("<defs>") {
        return Some("tilesets");
    }
    let keys: Vec<&str> = example
        .lines()
        .filter(|l| !l.starts_with([' ', '#', '-']))
        .filter_map(|l| l.split(':').next())
        .collect();
    let has = |k: &[&str]| keys.iter().any(|x| k.contains(x));
    let named = has(&["name"]);
    if has(&["players", "tileset"]) {
        Some("examples")
    } else if named && has(RULESET_KEYS) {
        Some("rulesets")
    } else if named && (has(TILESET_KEYS) || has(&["ruleset"])) {
        Some("tilesets")
    } else {
        None
    }
}

/// Validates an example as if it were a file in `dir`; returns the findings as
/// (code, level, message).
fn validate_example(check: Check, dir: &str, text: &str) -> Vec<(&'static str, Level, String)> {
    let name = check.code().replace("::", "-");
    let xml = text.starts_with('<');
    let ext = if xml { "xml" } else { "yaml" };
    let path = PathBuf::from(dir).join(format!("catalogue-example-{name}.{ext}"));
    let file = SourceFile::new(&path, text.to_string());
    // XML (by its extension) is checked as JCloisterZone tile definitions.
    let v = validate_file(file, None)
        .unwrap_or_else(|m| panic!("{}: example cannot be validated: {m}", check.code()));
    v.findings
        .iter()
        .map(|f| (f.check.code(), f.level, f.message.clone()))
        .collect()
}

#[test]
fn every_check_is_documented_once() {
    let mut codes = HashSet::new();
    for c in Check::all() {
        let info = c.info();
        assert!(codes.insert(info.code), "{}: code used twice", info.code);
        assert_eq!(Check::from_code(info.code), Some(*c));
        let (area, name) = info.code.split_once("::").expect("code is area::name");
        assert!(
            !area.is_empty()
                && !name.is_empty()
                && info
                    .code
                    .chars()
                    .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || "_:".contains(ch)),
            "{}: codes are lower-case area::snake_case",
            info.code
        );
        assert!(
            !info.title.is_empty() && !info.title.contains('\n') && info.title.ends_with('.'),
            "{}: the title is one sentence on one line: {:?}",
            info.code,
            info.title
        );
        assert!(
            info.title == info.title.trim(),
            "{}: title has surrounding spaces",
            info.code
        );
        for (what, text) in [("why", info.why), ("bad", info.bad), ("fixed", info.fixed)] {
            assert!(!text.trim().is_empty(), "{}: empty `{what}`", info.code);
        }
        assert_ne!(
            info.bad, info.fixed,
            "{}: bad and fixed are the same",
            info.code
        );
    }
}

#[test]
fn bad_examples_produce_their_code_and_fixed_examples_do_not() {
    let mut run = Vec::new();
    let mut fragments = Vec::new();
    let mut wrong = Vec::new();
    for c in Check::all() {
        let info = c.info();
        let Some(dir) = whole_file_dir(info.bad) else {
            fragments.push(info.code);
            continue;
        };
        run.push(info.code);
        let bad = validate_example(*c, dir, info.bad);
        if !bad.iter().any(|(code, _, _)| *code == info.code) {
            wrong.push(format!(
                "{}: the bad example does not produce its code; it gives {bad:?}",
                info.code
            ));
        }
        let others: Vec<_> = bad
            .iter()
            .filter(|(code, level, _)| *code != info.code && *level == Level::Error)
            .collect();
        if !others.is_empty() {
            wrong.push(format!(
                "{}: the bad example shows other problems too: {others:?}",
                info.code
            ));
        }
        if whole_file_dir(info.fixed) != Some(dir) {
            wrong.push(format!(
                "{}: the fixed example is not a whole file of the same kind",
                info.code
            ));
            continue;
        }
        let fixed = validate_example(*c, dir, info.fixed);
        let left: Vec<_> = fixed
            .iter()
            .filter(|(code, level, _)| *code == info.code || *level == Level::Error)
            .collect();
        if !left.is_empty() {
            wrong.push(format!(
                "{}: the fixed example still has findings: {left:?}",
                info.code
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The examples that cannot be run as they stand: bytes that are not UTF-8 cannot be
    // shown, a 255-segment tile is not short, a file's rotation is caught by the schema
    // first, the end of a game needs a whole tile set, a loop needs two files, a chain too
    // deep 34 (tests/it/hostile.rs makes one), a file over the size limit or an XML
    // budget is not short (tests/it/inputs.rs and hostile.rs make them), XML given where
    // YAML is read is seen by the commands other than `validate` (tests/cmd/tiles-xml.toml),
    // a tile set played under another rule set by `play` and `simulate` (tests/it/play.rs),
    // a saved game is JSON (tests/it/saves.rs).
    // A new check's example is a whole file, or is listed here with its reason.
    let runnable_elsewhere = [
        "yaml::not_utf8",
        "tileset::too_many_segments",
        "position::rotation",
        "position::game_over",
        "compose::cycle",
        "compose::too_deep",
        "io::too_large",
        "jcz::budget",
        "yaml::xml",
        "note::other_ruleset",
        "jcz::save_format",
        "jcz::save_unsupported",
        // Made by `render --overlay` alone (tests/it/pictures.rs).
        "tileset::no_usable_image",
    ];
    let unexpected: Vec<&&str> = fragments
        .iter()
        .filter(|c| !runnable_elsewhere.contains(c))
        .collect();
    assert!(
        unexpected.is_empty(),
        "bad examples that are not whole files: {unexpected:?}"
    );
    assert_eq!(run.len() + fragments.len(), Check::all().len());
}

/// The `checks!` entries written in the sources under `src/`: the code of each entry head
/// (`Name => "area::code"`) inside a `checks! { .. }` invocation, with the file it is in.
fn declared_entries() -> Vec<(String, String)> {
    fn walk(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).expect("src/ lists") {
            let p = e.expect("a directory entry").path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    walk(&src, &mut files);
    files.sort();
    let mut found = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a source file reads");
        let rel = path
            .strip_prefix(&src)
            .expect("under src/")
            .display()
            .to_string();
        let mut inside = false;
        for line in text.lines() {
            // An invocation opens at the start of a line (`checks! {`, `crate::diag::checks! {`)
            // and closes at the first `}` at the start of a line.
            if !inside {
                inside = line.ends_with("checks! {") && !line.starts_with([' ', '/']);
                continue;
            }
            if line.starts_with('}') {
                inside = false;
                continue;
            }
            let head = line.trim_start();
            let is_head = line.len() - head.len() == 4
                && head.starts_with(|c: char| c.is_ascii_uppercase())
                && head.contains(" => \"");
            if is_head {
                let code = head.split('"').nth(1).expect("a quoted code");
                found.push((code.to_string(), rel.clone()));
            }
        }
    }
    found
}

#[test]
fn every_entry_in_the_sources_is_in_the_catalogue() {
    // The entries are gathered by the linker (linkme): one dropped, or an entry written
    // outside a `checks!` the compiler sees, would leave a code the sources document but
    // `tessera explain` does not know.
    let declared = declared_entries();
    assert!(
        declared.len() >= 100,
        "only {} entries found in src/: the scan is broken",
        declared.len()
    );
    let listed: Vec<&str> = Check::all().iter().map(|c| c.code()).collect();
    let unique: HashSet<&str> = listed.iter().copied().collect();
    assert_eq!(unique.len(), listed.len(), "a code is listed twice");
    let mut missing = Vec::new();
    for (code, file) in &declared {
        if !unique.contains(code.as_str()) {
            missing.push(format!("{code} (src/{file})"));
        }
    }
    assert!(
        missing.is_empty(),
        "declared but not in Check::all(): {missing:?}"
    );
    assert_eq!(
        declared.len(),
        listed.len(),
        "Check::all() has {} checks, the sources declare {}",
        listed.len(),
        declared.len()
    );
}

#[test]
fn the_catalogue_is_in_area_order() {
    let areas = [
        "io", "yaml", "schema", "compose", "ruleset", "tileset", "position", "jcz", "note",
    ];
    let keys: Vec<(usize, &str)> = Check::all()
        .iter()
        .map(|c| {
            let area = c.code().split("::").next().unwrap_or_default();
            let rank = areas.iter().position(|a| *a == area);
            (
                rank.unwrap_or_else(|| panic!("{}: an unknown area", c.code())),
                c.code(),
            )
        })
        .collect();
    assert!(
        keys.windows(2).all(|w| w[0] < w[1]),
        "Check::all() is not sorted by area, then code"
    );
}
