//! Hostile numbers (issue 9): absurd values are findings at their line, arithmetic on user
//! numbers never wraps, nothing is sized by a user number, and a rule set that validates
//! can be used by any position. Every hostile file is generated here, in a directory under
//! `CARGO_TARGET_TMPDIR`, and run through the real binary under a memory cap, so that a
//! regression shows as a failed test instead of a machine out of memory.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// A fresh directory for one test's files.
fn tmp(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("numbers")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temporary directory");
    d
}

/// The absolute path of a file of the repository, for generated files to name.
fn repo(p: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(p)
        .display()
        .to_string()
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write a generated file");
    p
}

/// What a run of the binary gave.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `tessera` with at most 1 GB of address space: an allocation sized by a user
/// number fails at once (exit 134 or 101) instead of growing.
fn tessera(args: &[&str]) -> Run {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg("ulimit -v 1000000 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_tessera"))
        .args(args);
    let out = cmd.output().expect("run tessera");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// `tessera validate --format json FILE`: the exit code and the findings as
/// (code, line, column, level).
fn validate(path: &Path) -> (i32, Vec<(String, u64, u64, String)>) {
    let run = tessera(&["validate", "--format", "json", &path.display().to_string()]);
    assert!(
        run.code == 0 || run.code == 2,
        "{}: exit {} (a crash, not findings)\n{}",
        path.display(),
        run.code,
        run.stderr
    );
    let records: Value = serde_json::from_str(&run.stdout)
        .unwrap_or_else(|e| panic!("{}: not JSON ({e}): {}", path.display(), run.stdout));
    let findings = records
        .as_array()
        .expect("a list of findings")
        .iter()
        .map(|r| {
            (
                r["code"].as_str().unwrap_or_default().to_string(),
                r["line"].as_u64().unwrap_or(0),
                r["column"].as_u64().unwrap_or(0),
                r["level"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    (run.code, findings)
}

/// Asserts that validation exits 2 with findings of `code` at exactly `lines`, no error
/// of another code, and every finding located.
fn assert_findings_at(path: &Path, code: &str, lines: &[u64]) {
    let (exit, findings) = validate(path);
    assert_eq!(exit, 2, "{}: {findings:?}", path.display());
    let mut at: Vec<u64> = findings
        .iter()
        .filter(|(c, ..)| c == code)
        .map(|(_, l, ..)| *l)
        .collect();
    at.sort_unstable();
    assert_eq!(at, lines, "{}: {findings:?}", path.display());
    for (c, l, col, level) in &findings {
        assert!(*l > 0 && *col > 0, "{}: [{c}] has no line", path.display());
        assert!(
            c == code || level != "error",
            "{}: another error [{c}] at line {l}: {findings:?}",
            path.display()
        );
    }
}

// --- 1. Schema maxima ---------------------------------------------------------------

#[test]
fn absurd_tile_set_numbers_are_schema_findings_each_at_its_line() {
    let d = tmp("tileset-maxima");
    let ts = write(
        &d,
        "absurd.yaml",
        &format!(
            "name: Absurd numbers
ruleset: {}
total: 4294967295
start: {{tile: D, copy: 99999}}
supply: {{follower: 4000000000}}
tiles:
  - id: D
    count: 4294967295
    sides: {{N: city, E: road, S: field, W: road}}
    segments:
      - {{id: city, feature: city, at: [N], items: {{pennant: 4294967295}}}}
      - {{id: road, feature: road, at: [E, W]}}
      - {{id: field1, feature: field, at: [EL, WR], links: {{touches: [city]}}}}
      - {{id: field2, feature: field, at: [ER, S, WL]}}
  - id: E
    count: 99999999999999999999
    sides: {{N: city, E: field, S: field, W: field}}
    segments:
      - {{id: city, feature: city, at: [N], items: {{pennant: -1}}}}
      - {{id: field, feature: field, at: [E, S, W], links: {{touches: [city]}}}}
",
            repo("rulesets/carcassonne.yaml")
        ),
    );
    // Every absurd value, not only the first.
    assert_findings_at(&ts, "schema::invalid", &[3, 4, 5, 8, 11, 16, 19]);
}

#[test]
fn absurd_rule_set_numbers_are_schema_findings_each_at_its_line() {
    let d = tmp("ruleset-maxima");
    let rs = write(
        &d,
        "absurd.yaml",
        &format!(
            "name: Absurd numbers
extends: {}
stacks:
  river: {{order: 4294967295}}
features:
  city:
    terrain: city
    completion: closed
    scoring:
      completed:
        - when: {{tiles: 4294967295, items: {{pennant: 4294967295}}}}
          terms: [{{count: tiles, points: 9223372036854775807}}]
          area: {{around: pennant, radius: 4294967295, factor: -9223372036854775808}}
pieces:
  follower:
    supply: 4294967295
    weight: 4294967295
    roles: [{{role: knight, feature: city}}]
tokens:
  gold: {{values: {{4294967295: 4294967295}}, per_item: pennant, feature: city}}
effects:
  - {{when_placed: pennant, within: 4294967295}}
",
            repo("rulesets/carcassonne.yaml")
        ),
    );
    assert_findings_at(
        &rs,
        "schema::invalid",
        &[4, 11, 11, 12, 13, 13, 16, 17, 20, 20, 22],
    );
}

#[test]
fn absurd_position_numbers_are_schema_findings_each_at_its_line() {
    let d = tmp("position-maxima");
    let pos = write(
        &d,
        "absurd.yaml",
        &format!(
            "tileset: {}
players: [A, B]
scores: {{A: 9223372036854775807, B: -9223372036854775808}}
held: {{A: [4294967295]}}
covered:
  - {{x: 0, y: 0, at: N, items: {{pennant: 4294967295}}}}
tokens:
  - {{x: 0, y: 0, at: N, values: [4294967295]}}
board:
  - {{tile: D, x: 0, y: 0}}
  - {{tile: E, x: 2147483647, y: -2147483648, rotation: 180}}
",
            repo("tilesets/base.yaml")
        ),
    );
    assert_findings_at(&pos, "schema::invalid", &[3, 3, 4, 6, 8, 11, 11]);
}

#[test]
fn every_number_in_the_schemas_has_a_minimum_and_a_maximum() {
    // A number without both bounds is a number an absurd value can reach the engine
    // through. Keys of a map that are numbers are bounded by a pattern.
    fn walk(v: &Value, at: &str, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                let numeric = ["integer", "number"].iter().any(|t| {
                    m.get("type").is_some_and(|ty| {
                        ty == t || ty.as_array().is_some_and(|a| a.iter().any(|x| x == t))
                    })
                });
                // Tile ids may be written as whole numbers: they are names, not amounts.
                let id = m
                    .get("type")
                    .and_then(Value::as_array)
                    .is_some_and(|a| a.iter().any(|x| x == "string"));
                if numeric && !id && !(m.contains_key("minimum") && m.contains_key("maximum")) {
                    out.push(at.to_string());
                }
                for (k, x) in m {
                    walk(x, &format!("{at}/{k}"), out);
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    walk(x, &format!("{at}/{i}"), out);
                }
            }
            _ => {}
        }
    }
    for kind in tessera::schema::FileKind::ALL {
        let mut unbounded = Vec::new();
        walk(&tessera::schema::schema(kind), "", &mut unbounded);
        assert!(
            unbounded.is_empty(),
            "{}: numbers without bounds at {unbounded:?}",
            kind.name()
        );
    }
}

// --- 2. Arithmetic and sizes ----------------------------------------------------------

/// Two JCloisterZone tiles whose counts add up to 2^32 (the schema does not see XML): the
/// sum must not wrap to 0 and report a clean set; each count is out of range at its line.
#[test]
fn xml_counts_past_u32_are_out_of_range_at_their_lines() {
    let d = tmp("xml-counts");
    let tile = |id: &str, count: &str, pennant: &str| {
        format!(
            r#"    <tile id="{id}" count="{count}">
      <city pennant="{pennant}">N</city>
      <farm city="N">EL ER SL SR WL WR</farm>
    </tile>
"#
        )
    };
    let xml = write(
        &d,
        "counts.xml",
        &format!(
            "<pack>\n  <tiles>\n{}{}{}  </tiles>\n</pack>\n",
            tile("A", "2147483648", "1"),
            tile("B", "2147483648", "1"),
            tile("C", "1", "4294967295"),
        ),
    );
    // count= on lines 3 and 7; pennant= on line 12.
    assert_findings_at(&xml, "tileset::out_of_range", &[3, 7, 12]);
}
