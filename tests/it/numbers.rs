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
    let findings = records["findings"]
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

/// Runs the calling test's body in a child process (this test binary, `--exact NAME`)
/// with at most 1 GB of address space: for in-memory attacks that once allocated tens of
/// gigabytes, so that a regression fails here instead of exhausting the machine. Returns
/// `true` in the child, which then runs the body.
fn in_capped_child(name: &str) -> bool {
    if std::env::var_os("TESSERA_NUMBERS_CHILD").is_some() {
        return true;
    }
    let exe = std::env::current_exe().expect("the test binary");
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1000000 && exec \"$0\" \"$@\"")
        .arg(exe)
        .args([
            "--exact",
            &format!("numbers::{name}"),
            "--test-threads",
            "1",
        ])
        .env("TESSERA_NUMBERS_CHILD", "1")
        .output()
        .expect("run the test in a child");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("1 passed"),
        "{name} failed in its memory-capped child ({:?}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    false
}

/// The completed 2-tile city of a snapshot (D's city cap closed by E), scored after
/// `change` has changed the game in memory, as a library caller could (no file can: the
/// schema and `tileset::out_of_range` stop such values). Returns the city's score event.
fn city_scored(change: impl FnOnce(&mut tessera::rules::Game)) -> tessera::report::ScoreEvent {
    use tessera::replay::{load_position, replay};
    let path = Path::new("tests/positions/snapshot/completed-not-yet-scored.yaml");
    let mut lp = load_position(path).expect("the snapshot loads");
    change(&mut lp.game);
    let state = replay(&lp, None).expect("the snapshot replays");
    state
        .events()
        .iter()
        .map(|e| tessera::report::ScoreEvent::new(&state, e))
        .find(|e| e.feature == "city")
        .expect("the city is scored")
}

/// [`city_scored`] with `pennants` on each of the city's two segments.
fn city_with_pennants(pennants: [u32; 2]) -> tessera::report::ScoreEvent {
    city_scored(|game| {
        let city = game.rules.features.iter().position(|f| f.name == "city");
        let pennant = game.rules.items.iter().position(|i| i == "pennant");
        let (city, pennant) = (city.expect("city"), pennant.expect("pennant"));
        for (id, n) in ["D", "E"].into_iter().zip(pennants) {
            let t = game.tiles.get(id).expect("tile");
            for seg in &mut game.tiles.tiles[t].segments {
                if seg.feature == city {
                    seg.items = vec![(pennant, n)];
                }
            }
        }
    })
}

/// [`city_scored`] with the completed city's terms' points replaced by `points`, one term
/// per value, each counting tiles.
fn city_with_points(points: &[i64]) -> tessera::report::ScoreEvent {
    city_scored(|game| {
        let city = game.rules.features.iter_mut().find(|f| f.name == "city");
        let case = &mut city.expect("city").completed;
        let template = case.last().expect("a completed case").clone();
        let mut terms = Vec::new();
        for &p in points {
            let mut t = template.terms[0].clone();
            t.count = tessera::rules::Count::Tiles;
            t.points = p;
            terms.push(t);
        }
        *case = vec![tessera::rules::Case { terms, ..template }];
    })
}

#[test]
fn items_past_u32_are_counted_not_expanded_and_never_wrap() {
    if !in_capped_child("items_past_u32_are_counted_not_expanded_and_never_wrap") {
        return;
    }
    // 2^31 pennants on each of two tiles: 2^32 in all, one past u32 (once 20 GB of units).
    let e = city_with_pennants([1 << 31, 1 << 31]);
    let pennants = e.terms.iter().find(|t| t.what == "pennant").expect("term");
    assert_eq!(pennants.count, 1 << 32);
    assert_eq!(e.points, 2 * 2 + (1i64 << 32) * 2);
    assert_eq!(
        e.why,
        format!("2 tiles x 2 + {} pennants x 2 = {}", 1u64 << 32, e.points)
    );
    // 4,294,967,295 on one tile (once 34 GB).
    let e = city_with_pennants([u32::MAX, 0]);
    let pennants = e.terms.iter().find(|t| t.what == "pennant").expect("term");
    assert_eq!(pennants.count, i64::from(u32::MAX));
    assert_eq!(e.points, 4 + 2 * i64::from(u32::MAX));
}

#[test]
fn points_past_the_64_bit_limits_are_capped_and_said_so_never_wrapped() {
    // 2 tiles x i64::MAX: capped at i64::MAX, and the sum says so (it once printed
    // "2 tiles x 9223372036854775807 = 0").
    let e = city_with_points(&[i64::MAX]);
    assert_eq!(e.points, i64::MAX);
    assert_eq!(
        e.why,
        format!(
            "2 tiles x {} = {} (capped at the 64-bit limit)",
            i64::MAX,
            i64::MAX
        )
    );
    // Penalties past the other end: capped at i64::MIN, never positive.
    let e = city_with_points(&[i64::MIN, i64::MIN]);
    assert_eq!(e.points, i64::MIN);
    // Terms are added exactly before capping: 2 x MAX + 2 x MIN = -2.
    let e = city_with_points(&[i64::MAX, i64::MIN]);
    assert_eq!(e.points, -2);
    assert_eq!(
        e.why,
        format!("2 tiles x {} + 2 tiles x {} = -2", i64::MAX, i64::MIN)
    );
    // At the largest points a file may give, the sum is exact.
    let e = city_with_points(&[1_000_000, -1_000_000, 1_000_000]);
    assert_eq!(e.points, 2_000_000);
}

#[test]
fn coordinates_at_the_32_bit_limits_never_wrap_around() {
    use tessera::Rotation;
    use tessera::board::{Board, PlaceError};
    use tessera::replay::{load_position, replay};
    let path = Path::new("examples/base-scoring.yaml");
    let lp = load_position(path).expect("the example loads");
    let v = lp.game.tiles.get("V").expect("tile V");
    // A board with one tile at the corner of the i32 range: its neighbours beyond the
    // range do not exist (they would wrap to the other end).
    let mut board = Board::new();
    board.place(
        &lp.game.rules,
        &lp.game.tiles,
        v,
        i32::MAX,
        i32::MIN,
        Rotation::NONE,
    );
    assert_eq!(board.neighbours(i32::MAX, i32::MIN), 0);
    assert_eq!(
        board.frontier(),
        vec![(i32::MAX - 1, i32::MIN), (i32::MAX, i32::MIN + 1)]
    );
    // A cell beyond the limits of the format is refused, and so never legal.
    assert_eq!(
        board.fits(&lp.game.tiles, v, i32::MAX - 1, i32::MIN, Rotation::NONE),
        Err(PlaceError::OffBoard)
    );
    assert_eq!(
        board.fits(&lp.game.tiles, v, i32::MAX, i32::MIN + 1, Rotation::NONE),
        Err(PlaceError::OffBoard)
    );
    // A position built in code with such a cell gets a finding at the turn.
    let mut lp = lp.clone();
    let turns = lp.position.turns.as_mut().expect("a turn log");
    turns[0].value.x.value = i32::MAX;
    let line = turns[0].value.tile.loc.line;
    let findings = replay(&lp, None).expect_err("a finding, not a placement");
    assert_eq!(findings[0].check.code(), "schema::invalid");
    let (_, at, _) = findings[0].position().expect("located");
    assert_eq!(at as u32, line);
}

// --- 3. Compiled tables -------------------------------------------------------------

use crate::common::yaml_files;

/// A model value as YAML text (JSON is YAML), with its `null`s left out (an omitted key).
fn to_yaml<T: serde::Serialize>(value: &T) -> String {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(m) => {
                m.retain(|_, x| !x.is_null());
                m.values_mut().for_each(strip);
            }
            Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut v = serde_json::to_value(value).expect("serializable");
    strip(&mut v);
    serde_json::to_string_pretty(&v).expect("JSON")
}

/// A rule set broken in one way: every section emptied, every named entry removed, every
/// piece kind without roles, supply or blocking and put first, every feature kind without
/// scoring, terrain, aggregate or with another completion.
fn variants(rs: &tessera::model::RuleSetFile) -> Vec<(String, tessera::model::RuleSetFile)> {
    use tessera::model::Completion;
    let mut out = Vec::new();
    let mut add = |label: String, f: &dyn Fn(&mut tessera::model::RuleSetFile)| {
        let mut v = rs.clone();
        f(&mut v);
        out.push((label, v));
    };
    add("no terrains".into(), &|r| r.terrains.clear());
    add("no sides".into(), &|r| r.sides.clear());
    add("no items".into(), &|r| r.items.clear());
    add("no relations".into(), &|r| r.relations.clear());
    add("no decorations".into(), &|r| r.decorations.clear());
    add("no stacks".into(), &|r| r.stacks.clear());
    add("no features".into(), &|r| r.features.clear());
    add("no pieces".into(), &|r| r.pieces.clear());
    add("no tokens".into(), &|r| r.tokens.clear());
    add("no effects".into(), &|r| r.effects.clear());
    add("no bonus turns".into(), &|r| r.bonus_turns.clear());
    add("no options".into(), &|r| r.options.clear());
    for t in &rs.terrains {
        add(format!("no terrain {}", t.value), &|r| {
            r.terrains.retain(|x| x.value != t.value)
        });
    }
    for k in rs.sides.keys() {
        add(format!("no side {k}"), &|r| {
            r.sides.remove(k);
        });
    }
    for k in rs.items.keys() {
        add(format!("no item {k}"), &|r| {
            r.items.remove(k);
        });
    }
    for k in rs.relations.keys() {
        add(format!("no relation {k}"), &|r| {
            r.relations.remove(k);
        });
    }
    for k in rs.stacks.keys() {
        add(format!("no stack {k}"), &|r| {
            r.stacks.remove(k);
        });
    }
    for k in rs.options.keys() {
        add(format!("no option {k}"), &|r| {
            r.options.remove(k);
        });
    }
    for k in rs.tokens.keys() {
        add(format!("no token supply {k}"), &|r| {
            r.tokens.shift_remove(k);
        });
        add(format!("token supply {k} without values"), &|r| {
            r.tokens[k].values.clear();
        });
    }
    for k in rs.features.keys() {
        add(format!("no feature {k}"), &|r| {
            r.features.remove(k);
        });
        add(format!("feature {k} without scoring"), &|r| {
            r.features.get_mut(k).expect("kind").scoring = Default::default();
        });
        add(format!("feature {k} without terrain"), &|r| {
            r.features.get_mut(k).expect("kind").terrain = None;
        });
        add(format!("feature {k} not an aggregate"), &|r| {
            r.features.get_mut(k).expect("kind").aggregate = None;
        });
        for (name, c) in [
            ("closed", Completion::Closed),
            ("surrounded", Completion::Surrounded),
            ("never", Completion::Never),
        ] {
            add(format!("feature {k} completed {name}"), &|r| {
                r.features.get_mut(k).expect("kind").completion = c.clone();
            });
        }
    }
    for k in rs.pieces.keys() {
        add(format!("no piece {k}"), &|r| {
            r.pieces.shift_remove(k);
        });
        add(format!("piece {k} without roles"), &|r| {
            r.pieces[k].roles.clear()
        });
        add(format!("piece {k} without supply"), &|r| {
            r.pieces[k].supply = 0
        });
        add(format!("piece {k} never blocked"), &|r| {
            r.pieces[k].blocked_by = Some(Vec::new())
        });
        add(format!("piece {k} first"), &|r| {
            let i = r.pieces.get_index_of(k).expect("kind");
            r.pieces.move_index(i, 0);
        });
    }
    out
}

/// Every rule set that validates can be used by every position: each bundled rule set is
/// broken in every way of [`variants`]; a variant the validator accepts is used (through
/// `ruleset:`) by every bundled position played with the original, with end-of-game
/// scoring. The answer is a score or located findings, never a panic (an index out of
/// bounds: `pieces: {}` once validated clean and then panicked on any piece).
#[test]
fn a_rule_set_that_validates_can_be_used_by_any_position() {
    if !in_capped_child("a_rule_set_that_validates_can_be_used_by_any_position") {
        return;
    }
    use tessera::model::{PositionFile, RuleSetFile, Sp};
    use tessera::schema::FileKind;
    // Panics are caught and counted; their messages would only repeat the report.
    std::panic::set_hook(Box::new(|_| {}));
    let d = tmp("ruleset-variants");
    let positions: Vec<PathBuf> = ["examples", "tests/positions"]
        .iter()
        .flat_map(|d| yaml_files(d))
        .collect();
    // Position files by the rule set they are played with: the position's `ruleset`, else
    // the rule set of its (first) tile set, each tile set loaded once.
    let mut by_ruleset: Vec<(PathBuf, PathBuf, PositionFile)> = Vec::new();
    let mut rule_set_of: std::collections::HashMap<PathBuf, PathBuf> = Default::default();
    for p in &positions {
        let Ok((_, mut pos)) = tessera::load::load::<PositionFile>(p, FileKind::Position) else {
            continue;
        };
        let abs = |w: &str| tessera::load::resolve(p, w);
        for t in &mut pos.tileset.0 {
            t.value = abs(&t.value).display().to_string();
        }
        let rs = match &pos.ruleset {
            Some(r) if r.0.len() == 1 => tessera::load::identity(&abs(&r.0[0].value)),
            // Several rule sets played together: no one rule set to vary.
            Some(_) => continue,
            None => {
                let ts = PathBuf::from(&pos.tileset.0[0].value);
                let known = rule_set_of.get(&ts).cloned();
                match known.or_else(|| {
                    let (game, _) = tessera::validate::load_tileset(&ts, None).ok()?;
                    Some(tessera::load::identity(&game.ruleset_file.path))
                }) {
                    Some(rs) => {
                        rule_set_of.insert(ts, rs.clone());
                        rs
                    }
                    None => continue,
                }
            }
        };
        by_ruleset.push((rs, p.clone(), pos));
    }
    let (mut accepted, mut used, mut problems) = (0, 0, Vec::new());
    for rs_path in yaml_files("rulesets") {
        let (_, rs) = tessera::load::load::<RuleSetFile>(&rs_path, FileKind::Ruleset)
            .unwrap_or_else(|_| panic!("{} loads", rs_path.display()));
        let mut rs = rs;
        if let Some(ext) = &mut rs.extends {
            for e in &mut ext.0 {
                e.value = tessera::load::resolve(&rs_path, &e.value)
                    .display()
                    .to_string();
            }
        }
        // Up to 6 of the positions played with it, spread over the list (all of them
        // take a minute: the variants found nothing more with them).
        let all: Vec<&(PathBuf, PathBuf, PositionFile)> = by_ruleset
            .iter()
            .filter(|(r, ..)| *r == tessera::load::identity(&rs_path))
            .collect();
        let step = all.len().div_ceil(6).max(1);
        let users: Vec<_> = all.into_iter().step_by(step).collect();
        let stem = rs_path.file_stem().unwrap_or_default().to_string_lossy();
        for (i, (label, v)) in variants(&rs).into_iter().enumerate() {
            let vpath = write(&d, &format!("{stem}-{i}.yaml"), &to_yaml(&v));
            let what = format!("{} with {label}", rs_path.display());
            let check = |findings: &[tessera::Finding], problems: &mut Vec<String>| {
                for f in findings {
                    if f.position().is_none() {
                        problems.push(format!("{what}: [{}] {f} has no location", f.check.code()));
                    }
                }
            };
            let validation = std::panic::catch_unwind(|| tessera::validate_file(&vpath, None));
            let Ok(Ok(validation)) = validation else {
                problems.push(format!("{what}: validation panicked or failed"));
                continue;
            };
            check(&validation.findings, &mut problems);
            if validation
                .findings
                .iter()
                .any(|f| f.level == tessera::diag::Level::Error)
            {
                continue;
            }
            accepted += 1;
            for (j, (_, original, pos)) in users.iter().enumerate() {
                let mut pos = pos.clone();
                pos.ruleset = Some(tessera::model::Paths(vec![Sp::unspanned(
                    vpath.display().to_string(),
                )]));
                let ppath = write(&d, &format!("{stem}-{i}-position-{j}.yaml"), &to_yaml(&pos));
                let opts = tessera::ScoreOptions {
                    final_scoring: true,
                    turns: None,
                };
                used += 1;
                match std::panic::catch_unwind(|| tessera::score_checked(&ppath, &opts)) {
                    Err(_) => problems.push(format!(
                        "{what}: {} panicked ({})",
                        original.display(),
                        ppath.display()
                    )),
                    Ok(Err(tessera::Failure::Tool(m))) => {
                        problems.push(format!("{what}: {}: tool failure {m}", original.display()))
                    }
                    Ok(Err(tessera::Failure::Findings(f))) => check(&f, &mut problems),
                    Ok(Ok((_, notes))) => check(&notes, &mut problems),
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The variants that keep a rule set usable were tried on real positions.
    assert!(
        accepted >= 100 && used >= 400,
        "{accepted} variants accepted, {used} uses"
    );
}

// --- 4. Every finding located -------------------------------------------------------

#[test]
fn a_start_tile_without_copies_is_a_finding_at_the_start() {
    let d = tmp("start-without-copies");
    let ts = write(
        &d,
        "tiles.yaml",
        &format!(
            "name: A start tile with no copies
ruleset: {}
total: 1
start: {{tile: E}}
tiles:
  - id: D
    sides: {{N: city, E: road, S: field, W: road}}
    segments:
      - {{id: city, feature: city, at: [N]}}
      - {{id: road, feature: road, at: [E, W]}}
      - {{id: field1, feature: field, at: [EL, WR], links: {{touches: [city]}}}}
      - {{id: field2, feature: field, at: [ER, S, WL]}}
  - id: E
    count: 0
    sides: {{N: city, E: field, S: field, W: field}}
    segments:
      - {{id: city, feature: city, at: [N]}}
      - {{id: field, feature: field, at: [E, S, W], links: {{touches: [city]}}}}
",
            repo("rulesets/carcassonne.yaml")
        ),
    );
    assert_findings_at(&ts, "tileset::start_no_copy", &[4]);
    // A position played with it is told where: in the tile set, at the start.
    let pos = write(
        &d,
        "game.yaml",
        "tileset: tiles.yaml\nplayers: [A]\nturns:\n  - {tile: D, x: 0, y: 1}\n",
    );
    let (exit, findings) = validate(&pos);
    assert_eq!(exit, 2);
    assert!(
        findings
            .iter()
            .any(|(c, l, ..)| c == "tileset::start_no_copy" && *l == 4),
        "{findings:?}"
    );
    // An include that takes the start tile's copies away: at the override.
    let inc = write(
        &d,
        "include.yaml",
        &format!(
            "name: Base without its start tile\ninclude:\n  - tileset: {}\n    counts: {{D: 0}}\n",
            repo("tilesets/base.yaml")
        ),
    );
    assert_findings_at(&inc, "tileset::start_no_copy", &[4]);
}

#[test]
fn an_unknown_player_under_held_is_a_finding_at_its_tokens() {
    let d = tmp("held-unknown-player");
    let text = std::fs::read_to_string("tests/positions/gr/ex12-token-hand.yaml")
        .expect("the Gold Rush snapshot")
        .replace("../../../", &format!("{}/", env!("CARGO_MANIFEST_DIR")))
        .replace("  Blue: [1, 1,", "  Bleu: [1, 1,");
    let line = text
        .lines()
        .position(|l| l.starts_with("  Bleu:"))
        .expect("held") as u64
        + 1;
    let pos = write(&d, "held.yaml", &text);
    assert_findings_at(&pos, "position::unknown_name", &[line]);
}

#[test]
fn the_provenance_note_points_at_the_status_not_at_a_comment() {
    let d = tmp("provenance-in-a-comment");
    let text = std::fs::read_to_string("tilesets/gold-rush-reconstructed.yaml")
        .expect("a reconstructed set")
        .replace("../", &format!("{}/", env!("CARGO_MANIFEST_DIR")));
    // A comment near the top that mentions the key.
    let text = text.replacen(
        '\n',
        "\n# provenance: see below; status: reconstructed\n",
        1,
    );
    let line = text
        .lines()
        .position(|l| l.trim_start().starts_with("status:"))
        .expect("a status key") as u64
        + 1;
    let ts = write(&d, "reconstructed.yaml", &text);
    let (exit, findings) = validate(&ts);
    assert_eq!(exit, 0, "{findings:?}");
    let at: Vec<u64> = findings
        .iter()
        .filter(|(c, ..)| c == "note::provenance")
        .map(|(_, l, ..)| *l)
        .collect();
    assert_eq!(at, vec![line], "{findings:?}");
}

#[test]
fn tokens_are_not_laid_one_per_item_past_the_limit() {
    if !in_capped_child("tokens_are_not_laid_one_per_item_past_the_limit") {
        return;
    }
    use tessera::replay::{load_position, replay};
    // Gold Rush lays a token per nugget: a tile set built in code with 4,294,967,295
    // nuggets on each segment that has any (once 64 GB of tokens per tile).
    let mut lp = load_position(Path::new("examples/gold-rush.yaml")).expect("loads");
    let nugget = lp.game.rules.items.iter().position(|i| i == "nugget");
    let nugget = nugget.expect("Gold Rush has nuggets");
    for t in &mut lp.game.tiles.tiles {
        for seg in &mut t.segments {
            for (item, n) in &mut seg.items {
                if *item == nugget {
                    *n = u32::MAX;
                }
            }
        }
    }
    let mut state = replay(&lp, None).expect("replays");
    state.final_scoring();
    let laid: usize = state
        .tokens()
        .iter()
        .map(|t| t.held.iter().map(Vec::len).sum::<usize>())
        .sum();
    assert!(laid > 0, "the mountain's tokens were shared out");
}
