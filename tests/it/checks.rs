//! The checks real data needs (issue 7, item 3), on real data: the corner rule re-derives
//! every `touches` link of the verified base set, `apart` silences it, links of the wrong
//! kinds in a bundled set are found, `count: 0` is a warning that does not stop the set
//! from loading, snapshots must hold the start tile, and negative points are honoured
//! exactly (with sums that saturate instead of wrapping).

use crate::common;

use std::path::Path;

use tessera::diag::{Finding, Level, SourceFile};
use tessera::replay::{validate_path, validate_source};
use tessera::validate::load_tileset;

/// Validates `text` as if it were the file at `path` (relative paths inside it resolve
/// from there); returns every finding.
fn validate_text(path: &str, text: &str) -> Vec<Finding> {
    validate_source(SourceFile::new(Path::new(path), text.to_string()))
        .expect("validates")
        .findings
}

fn line_of(f: &Finding) -> usize {
    f.position().expect("located").1
}

fn codes(findings: &[Finding]) -> Vec<&'static str> {
    findings.iter().map(|f| f.check.code()).collect()
}

#[test]
fn corner_rule_rederives_every_touches_link_of_the_base_set() {
    // tilesets/base.yaml is verified against JCloisterZone's basic.xml. Strip every
    // `links:` from it: the corner rule must ask for each of them back, at the segment's
    // line, with exactly the list that was written.
    let text = std::fs::read_to_string("tilesets/base.yaml").expect("bundled");
    let mut removed = Vec::new(); // (line, the `links: {...}` text)
    let mut stripped = String::new();
    for (i, line) in text.lines().enumerate() {
        match line.find(", links: {") {
            Some(at) => {
                let end = line.rfind('}').expect("a flow mapping closes the line");
                removed.push((i + 1, line[at + 2..end].to_string()));
                stripped.push_str(&line[..at]);
                stripped.push_str(&line[end..]);
            }
            None => stripped.push_str(line),
        }
        stripped.push('\n');
    }
    assert_eq!(removed.len(), 21, "links in base.yaml");
    let findings = validate_text("tilesets/base-unlinked.yaml", &stripped);
    assert!(
        findings
            .iter()
            .all(|f| f.check.code() == "tileset::missing_link"),
        "{:?}",
        codes(&findings)
    );
    let mut got: Vec<(usize, String)> = findings
        .iter()
        .map(|f| {
            let help = f.help.as_deref().expect("help");
            let start = help.find("`links: ").expect("links in help") + 1;
            let end = start + help[start..].find('`').expect("closing backtick");
            (line_of(f), help[start..end].to_string())
        })
        .collect();
    got.sort();
    assert_eq!(got, removed);
}

#[test]
fn apart_silences_the_corner_rule_and_is_checked() {
    let fixture =
        std::fs::read_to_string("tests/invalid/checks/missing-link.yaml").expect("fixture");
    let path = "tests/invalid/checks/walled.yaml";
    let before = validate_text(path, &fixture);
    assert_eq!(codes(&before), ["tileset::missing_link"]);
    assert_eq!(line_of(&before[0]), 14, "at the field segment");
    // A wall drawn at both corners: the tile says so, and the set is clean.
    let walled = fixture.replace("at: [E, S, W]}", "at: [E, S, W], apart: {touches: [city]}}");
    assert!(validate_text(path, &walled).is_empty());
    // The same on the city segment (either side may say it).
    let walled = fixture.replace("at: [N]}", "at: [N], apart: {touches: [field]}}");
    assert!(validate_text(path, &walled).is_empty());
    // An `apart` that names an unknown segment is an unknown segment.
    let typo = fixture.replace(
        "at: [E, S, W]}",
        "at: [E, S, W], apart: {touches: [citty]}}",
    );
    assert_eq!(
        codes(&validate_text(path, &typo)),
        ["tileset::unknown_segment"]
    );
}

#[test]
fn a_link_of_the_wrong_kinds_in_a_bundled_set_is_found_at_its_line() {
    // Hunters and Gatherers: `flows_into` joins a river to a lake. Point tile 0's river at
    // its forest instead.
    let text = std::fs::read_to_string("tilesets/hunters-gatherers.yaml").expect("bundled");
    let from = "{id: river1, feature: river, at: [N], links: {flows_into: [lake8]}}";
    let line = text
        .lines()
        .position(|l| l.contains(from))
        .expect("tile 0's river")
        + 1;
    let broken = text.replacen(
        from,
        "{id: river1, feature: river, at: [N], links: {flows_into: [forest3]}}",
        1,
    );
    let findings = validate_text("tilesets/hg-broken.yaml", &broken);
    assert_eq!(codes(&findings), ["tileset::link_kinds"]);
    assert_eq!(line_of(&findings[0]), line);
    assert!(findings[0].message.contains("forest"), "{}", findings[0]);
}

#[test]
fn bundled_relations_declare_their_kinds() {
    let kinds = |set: &str| {
        let g = load_tileset(Path::new(set), None).expect("loads").0;
        let r = &g.rules;
        r.relations
            .iter()
            .zip(&r.relation_kinds)
            .zip(&r.relation_corners)
            .map(|((n, [a, b]), c)| {
                (
                    n.clone(),
                    r.features[*a].name.clone(),
                    r.features[*b].name.clone(),
                    *c,
                )
            })
            .collect::<Vec<_>>()
    };
    let t = |n: &str, a: &str, b: &str, c| (n.to_string(), a.to_string(), b.to_string(), c);
    assert_eq!(
        kinds("tilesets/base.yaml"),
        [t("touches", "field", "city", true)]
    );
    assert_eq!(
        kinds("tilesets/hunters-gatherers.yaml"),
        [t("flows_into", "river", "lake", false)]
    );
    assert_eq!(
        kinds("tilesets/gold-rush-reconstructed.yaml"),
        [t("ends_at", "railroad", "city", false)]
    );
}

#[test]
fn zero_count_is_a_warning_and_the_set_still_loads() {
    let path = Path::new("tests/invalid/checks/zero-count.yaml");
    let v = validate_path(path).expect("readable");
    let levels: Vec<(&str, Level)> = v
        .findings
        .iter()
        .map(|f| (f.check.code(), f.level))
        .collect();
    assert_eq!(levels, [("tileset::zero_count", Level::Warning)]);
    assert_eq!(line_of(&v.findings[0]), 17, "at the count");
    let (game, notes) = load_tileset(path, None).expect("a warning does not stop loading");
    assert_eq!(game.tiles.tiles.len(), 2);
    assert_eq!(codes(&notes), ["tileset::zero_count"]);
}

#[test]
fn a_snapshot_holds_the_start_tile_at_the_origin() {
    // The bundled snapshot of case C1 is clean; the same board one column east is not.
    let path = "tests/positions/snapshot/c1-after-last-turn.yaml";
    let text = std::fs::read_to_string(path).expect("bundled");
    assert!(validate_text(path, &text).is_empty());
    let mut shifted = String::new();
    for line in text.lines() {
        let l = match line.find(", x: ") {
            Some(at) if line.trim_start().starts_with("- {tile:") => {
                let rest = &line[at + 5..];
                let end = rest.find(',').expect("x is followed by y");
                let x: i32 = rest[..end].parse().expect("x");
                format!("{}, x: {}{}", &line[..at], x + 1, &rest[end..])
            }
            _ => line.to_string(),
        };
        shifted.push_str(&l);
        shifted.push('\n');
    }
    let findings = validate_text(path, &shifted);
    assert_eq!(codes(&findings), ["position::start_tile"]);
    assert!(
        findings[0].message.contains("no tile at (0, 0)"),
        "{}",
        findings[0]
    );
    // A turned start tile, unless the position's `start` gives that rotation.
    let one = |start: &str| {
        format!(
            "tileset: ../../../tilesets/base.yaml\nplayers: [A]\n{start}board:\n  - {{tile: D, x: 0, y: 0, rotation: 180}}\n"
        )
    };
    let findings = validate_text(path, &one(""));
    assert_eq!(codes(&findings), ["position::start_tile"]);
    assert!(
        findings[0].message.contains("turned 180"),
        "{}",
        findings[0]
    );
    assert!(validate_text(path, &one("start: {tile: D, rotation: 180}\n")).is_empty());
}

#[test]
fn negative_points_are_honoured_exactly() {
    // road-penalty.yaml: an unfinished road scores -1 per tile at the end.
    let path = "tests/positions/penalty/unfinished-road.yaml";
    common::assert_points(path, false, None, &[("A", 0), ("B", 4)]);
    common::assert_points(path, true, None, &[("A", -2), ("B", 4)]);
    let r = common::report(path, true, None);
    let road = r
        .features
        .iter()
        .find(|f| f.feature == "road")
        .expect("the road is scored");
    assert_eq!(road.points, -2);
    assert_eq!(road.terms[0].points_each, -1);
    assert_eq!(road.why, "2 tiles x -1 = -2");
}

#[test]
fn sums_saturate_instead_of_wrapping() {
    // At the largest banked score a file may give, points add up exactly.
    let path = "tests/positions/snapshot/banked-score-at-the-limit.yaml";
    common::assert_points(path, true, None, &[("Ann", 1_000_000_004), ("Ben", 4)]);
    // A library caller may bank any i64: the sums saturate instead of wrapping to a
    // negative total.
    let mut lp = tessera::replay::load_position(std::path::Path::new(path)).expect("loads");
    for s in lp.position.scores.values_mut() {
        s.value = i64::MAX;
    }
    let mut state = tessera::replay::replay(&lp, None).expect("replays");
    state.final_scoring();
    let report = tessera::render::ScoreReport::from_state(&state, None, true);
    assert_eq!(report.points("Ann"), Some(i64::MAX));
    assert_eq!(report.points("Ben"), Some(4));
}
