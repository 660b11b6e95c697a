//! Citations of the rules (issue 22): comments, documentation, tests and data cite the
//! rules as `docs/rules/<page>.md#<section>`. Every such citation anywhere in the
//! repository must name a page of `docs/rules/` and a heading of that page (GitHub's
//! anchors), and no file may cite the private notes the rules were first collected in (a
//! digest of the rules, notes on the data model, a folder of cases beside the repository),
//! which readers of the repository cannot follow.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const RULES: &str = "docs/rules/";

/// Directories never walked: build output, version control, fuzzing's generated inputs.
const SKIP_DIRS: &[&str] = &[".git", "target", "corpus", "artifacts", "coverage"];

/// Every UTF-8 text file of the repository (relative path with `/`, text), sorted.
fn text_files() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut stack = vec![Path::new(ROOT).to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a directory of the repository") {
            let path = entry.expect("a directory entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if path.is_dir() {
                if !SKIP_DIRS.contains(&name) {
                    stack.push(path);
                }
                continue;
            }
            // Regular files only: a FIFO or device in the tree would block the read.
            let skip = path
                .metadata()
                .map(|m| !m.is_file() || m.len() > 4_000_000)
                .unwrap_or(true);
            if skip {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue; // binary (pictures, snapshots)
            };
            let rel = path.strip_prefix(ROOT).expect("under the root");
            let rel = rel.to_string_lossy().replace('\\', "/");
            out.push((rel, text));
        }
    }
    out.sort();
    out
}

/// GitHub's anchor of a Markdown heading: lowercase; letters, digits, `-` and `_` kept;
/// each space becomes `-`; everything else (punctuation, backticks) dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown page's headings (outside fenced code), with GitHub's `-1`,
/// `-2`, ... suffixes for repeated headings.
fn anchors(markdown: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = BTreeSet::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let hashes = line.len() - line.trim_start_matches('#').len();
        if fenced || !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = anchor(line[hashes..].trim().trim_end_matches('#'));
        let n = seen.entry(base.clone()).or_insert(0);
        out.insert(if *n == 0 {
            base.clone()
        } else {
            format!("{base}-{n}")
        });
        *n += 1;
    }
    out
}

/// The pages of `docs/rules/` and their anchors.
fn pages(files: &[(String, String)]) -> BTreeMap<String, BTreeSet<String>> {
    files
        .iter()
        .filter_map(|(path, text)| {
            let page = path.strip_prefix(RULES)?;
            (page.ends_with(".md") && !page.contains('/'))
                .then(|| (page.to_string(), anchors(text)))
        })
        .collect()
}

/// Every `(page, anchor)` a text cites as `docs/rules/<page>.md[#<anchor>]`; inside
/// `docs/rules/` itself also the relative links `](<page>.md#<anchor>)` and `](#<anchor>)`.
fn citations(path: &str, text: &str) -> Vec<(usize, String, Option<String>)> {
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.';
    let is_anchor = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut found = Vec::new();
        for (at, _) in line.match_indices(RULES) {
            found.push((at + RULES.len(), None));
        }
        if let Some(own) = path.strip_prefix(RULES) {
            for (at, _) in line.match_indices("](") {
                let rest = &line[at + 2..];
                if !rest.starts_with("http") && !rest.starts_with('<') && !rest.starts_with('/') {
                    found.push((at + 2, Some(own)));
                }
            }
        }
        for (start, own) in found {
            let rest = &line[start..];
            let name: String = rest.chars().take_while(|&c| is_name(c)).collect();
            let name = name.trim_end_matches('.');
            let page = match (own, name) {
                (Some(own), "") if rest.starts_with('#') => own.to_string(),
                (_, name) if name.ends_with(".md") => name.to_string(),
                // The folder itself (`docs/rules/`), or another relative link.
                (_, "") | (Some(_), _) => continue,
                (None, name) => name.to_string(), // not a page: reported
            };
            let after = &rest[name.len()..];
            let anchor = after
                .strip_prefix('#')
                .map(|a| a.chars().take_while(|&c| is_anchor(c)).collect::<String>());
            out.push((i + 1, page, anchor));
        }
    }
    out
}

#[test]
fn every_cited_rules_section_exists() {
    let files = text_files();
    let pages = pages(&files);
    for page in [
        "carcassonne.md",
        "pnp-demo.md",
        "hunters-and-gatherers.md",
        "gold-rush.md",
        "inns-and-cathedrals.md",
        "river.md",
        "cases.md",
    ] {
        assert!(pages.contains_key(page), "docs/rules/{page} is missing");
    }
    let mut cited = 0;
    let mut broken = Vec::new();
    for (path, text) in &files {
        for (line, page, anchor) in citations(path, text) {
            cited += 1;
            match (pages.get(&page), &anchor) {
                (None, _) => broken.push(format!("{path}:{line}: no page docs/rules/{page}")),
                (Some(anchors), Some(a)) if !anchors.contains(a) => broken.push(format!(
                    "{path}:{line}: docs/rules/{page} has no heading #{a} (it has: {})",
                    anchors.iter().cloned().collect::<Vec<_>>().join(", ")
                )),
                _ => {}
            }
        }
    }
    assert!(cited > 100, "only {cited} citations of docs/rules found");
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn anchors_follow_githubs_rules() {
    assert_eq!(anchor("1. Turn"), "1-turn");
    assert_eq!(
        anchor("10. Misprints and other readings"),
        "10-misprints-and-other-readings"
    );
    assert_eq!(anchor("C8b"), "c8b");
    assert_eq!(anchor("The `small_city` option!"), "the-small_city-option");
    assert_eq!(
        anchors("# A\n## Sources\n```\n## not a heading\n```\n## Sources\n"),
        ["a", "sources", "sources-1"]
            .map(String::from)
            .into_iter()
            .collect()
    );
    let cited = citations(
        "src/x.rs",
        "// (docs/rules/gold-rush.md#8-worked-examples, example 6); docs/rules/cases.md#c7: 2",
    );
    assert_eq!(
        cited,
        [
            (1, "gold-rush.md".into(), Some("8-worked-examples".into())),
            (1, "cases.md".into(), Some("c7".into()))
        ]
    );
}

/// The private notes the rules were first collected in, as they used to be cited. The
/// patterns are put together at run time so that this file does not cite them itself.
fn private_notes() -> Vec<String> {
    [
        ["../", "shared"],
        ["reference", "/"],
        ["rules di", "gest"],
        ["rules-di", "gest"],
        ["expansions di", "gest"],
        ["expansions-di", "gest"],
        ["design", "-notes"],
        ["seed", "-examples"],
        ["base-game", "-cases"],
    ]
    .iter()
    .map(|parts| parts.concat())
    .collect()
}

#[test]
fn no_file_cites_the_private_notes() {
    let patterns = private_notes();
    let mut found = Vec::new();
    for (path, text) in text_files() {
        for (i, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            for p in &patterns {
                if lower.contains(p.as_str()) {
                    found.push(format!("{path}:{}: `{p}` in {}", i + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "cite docs/rules/<page>.md#<section> or a public source instead:\n{}",
        found.join("\n")
    );
}
