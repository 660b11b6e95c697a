//! Every finding has a file, a line and a column (issue 9): every fixture and bundled file
//! (rule sets, tile sets, examples, `tests/positions`, the broken fixtures of
//! `tests/invalid`, the JCloisterZone files of `tests/fixtures/jcz` and
//! `tests/fixtures/jcz-current`) is validated, every
//! position scored with end-of-game scoring (which replays it as validation does); a
//! finding or a related note without a location fails the test, with the path and the
//! code.

use std::path::{Path, PathBuf};

use tessera::Finding;
use tessera::schema::FileKind;

fn files(dir: &str, out: &mut Vec<PathBuf>) {
    let mut stack = vec![PathBuf::from(dir)];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("a directory") {
            let p = e.expect("an entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "yaml" || x == "xml") {
                out.push(p);
            }
        }
    }
}

/// The findings (and their related notes) that have no file, line or column.
fn unlocated(path: &Path, findings: &[Finding], what: &str, out: &mut Vec<String>) {
    for f in findings {
        match f.position() {
            Some((_, line, column)) if line > 0 && column > 0 => {}
            _ => out.push(format!(
                "{} ({what}): [{}] {f} has no location",
                path.display(),
                f.check.code()
            )),
        }
        unlocated(path, &f.related, what, out);
    }
}

#[test]
fn every_finding_of_every_fixture_has_a_file_line_and_column() {
    let mut all = Vec::new();
    for d in [
        "rulesets",
        "tilesets",
        "examples",
        "tests/positions",
        "tests/invalid",
        "tests/fixtures/jcz",
        "tests/fixtures/jcz-current",
    ] {
        files(d, &mut all);
    }
    all.sort();
    assert!(all.len() > 200, "{} files", all.len());
    let (mut problems, mut findings, mut scored) = (Vec::new(), 0, 0);
    for path in &all {
        // A position is scored (its replay is what validation does, and more); anything
        // else is validated.
        let position = tessera::load::read(path)
            .ok()
            .and_then(|f| tessera::load::parse(&f).ok())
            .and_then(|root| tessera::load::sniff(&root))
            == Some(FileKind::Position);
        if !position {
            let v = tessera::validate_file(path, None)
                .unwrap_or_else(|m| panic!("{}: cannot be validated: {m}", path.display()));
            findings += v.findings.len();
            unlocated(path, &v.findings, "validate", &mut problems);
            continue;
        }
        let opts = tessera::ScoreOptions {
            final_scoring: true,
            turns: None,
        };
        match tessera::score_checked(path, &opts) {
            Ok((_, notes)) => {
                scored += 1;
                unlocated(path, &notes, "score", &mut problems);
            }
            Err(tessera::Failure::Findings(f)) => {
                findings += f.len();
                unlocated(path, &f, "score", &mut problems)
            }
            Err(tessera::Failure::Tool(m)) => {
                problems.push(format!("{}: score failed as a tool: {m}", path.display()))
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The walk reached findings and scores, not only clean files.
    assert!(
        findings > 200 && scored > 100,
        "{findings} findings, {scored} scored"
    );
}
