//! The checks real data needs (issue 7, item 3), on real data: the corner rule re-derives
//! every `touches` link of the verified base set, `apart` silences it, links of the wrong
//! kinds in a bundled set are found, `count: 0` is a warning that does not stop the set
//! from loading, snapshots must hold the start tile, and negative points are honoured
//! exactly (with sums that saturate instead of wrapping).

use crate::common;

use std::path::Path;

use tessera::diag::{Finding, Level, SourceFile};
use tessera::validate::load_tileset;
use tessera::validate_file;

/// Validates `text` as if it were the file at `path` (relative paths inside it resolve
/// from there); returns every finding.
fn validate_text(path: &str, text: &str) -> Vec<Finding> {
    validate_file(SourceFile::new(Path::new(path), text.to_string()), None)
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
    let v = validate_file(path, None).expect("readable");
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
    let report = tessera::report::ScoreReport::from_state(&state, None, true);
    assert_eq!(report.points("Ann"), Some(i64::MAX));
    assert_eq!(report.points("Ben"), Some(4));
}

/// The (line, column) where a finding points.
fn line_col(f: &Finding) -> (usize, usize) {
    let (_, line, column) = f.position().expect("located");
    (line, column)
}

/// `text` with `from` (which must occur in it) replaced once by `to`, and the 1-based
/// line and column where `from` starts.
fn edit(text: &str, from: &str, to: &str) -> (String, usize, usize) {
    let at = text
        .find(from)
        .unwrap_or_else(|| panic!("`{from}` in the text"));
    let line = text[..at].matches('\n').count() + 1;
    let column = at - text[..at].rfind('\n').map_or(0, |n| n + 1) + 1;
    (text.replacen(from, to, 1), line, column)
}

/// Every bundled tile set, by path.
fn bundled_tilesets() -> Vec<std::path::PathBuf> {
    let mut sets: Vec<_> = std::fs::read_dir("tilesets")
        .expect("bundled")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    sets.sort();
    assert!(sets.len() >= 9, "{sets:?}");
    sets
}

#[test]
fn bundled_sets_keep_no_linked_segments_apart_and_carry_no_unread_item() {
    for set in bundled_tilesets() {
        let v = validate_file(&set, None).expect("readable");
        let found: Vec<String> = v
            .findings
            .iter()
            .filter(|f| {
                matches!(
                    f.check.code(),
                    "tileset::link_separated" | "tileset::item_unread"
                )
            })
            .map(|f| f.to_string())
            .collect();
        assert!(found.is_empty(), "{}: {found:?}", set.display());
        assert!(
            v.findings.iter().all(|f| f.level < Level::Warning),
            "{}: {:?}",
            set.display(),
            codes(&v.findings)
        );
    }
}

#[test]
fn a_link_to_a_segment_kept_apart_is_found_at_the_link() {
    // Base tile D: a city cap, a straight road W-E; the field south of the road cannot
    // touch the city, whatever the picture.
    let text = std::fs::read_to_string("tilesets/base.yaml").expect("bundled");
    let line = "{id: field2, feature: field, at: [ER, S, WL]}";
    let (broken, l, c) = edit(
        &text,
        line,
        "{id: field2, feature: field, at: [ER, S, WL], links: {touches: [city]}}",
    );
    let findings = validate_text("tilesets/base-broken.yaml", &broken);
    assert_eq!(codes(&findings), ["tileset::link_separated"]);
    let f = &findings[0];
    assert_eq!(f.level, Level::Error);
    // At `city` in the link.
    assert_eq!(
        line_col(f),
        (l, c + line.len() - 1 + ", links: {touches: [".len())
    );
    assert!(
        f.message
            .contains("the road `road` (E W) runs between them"),
        "{f}"
    );
    let help = f.help.as_deref().expect("help");
    assert!(
        help.contains("remove `city` from the `touches` links of `field2`"),
        "{help}"
    );
}

#[test]
fn a_field_between_three_city_caps_touches_them_all() {
    // Inns and Cathedrals IC/CCC: city caps N, W and E, and a field from S reaching all
    // three through the tile's middle; no segment keeps the field from any of them.
    let text = std::fs::read_to_string("tilesets/inns-cathedrals.yaml").expect("bundled");
    assert!(
        text.contains(
            "{id: field, feature: field, at: [S], links: {touches: [city1, city2, city3]}}"
        )
    );
    // (Only the note that the set is imported.)
    let findings = validate_text("tilesets/ic-copy.yaml", &text);
    assert_eq!(codes(&findings), ["note::provenance"]);
    // A road from W to E would keep the field from the northern cap.
    let (roads, _, _) = edit(
        &text,
        "sides: {N: city, E: city, S: field, W: city}\n    segments:\n      - {id: city1, feature: city, at: [N]}\n      - {id: city2, feature: city, at: [W]}\n      - {id: city3, feature: city, at: [E]}",
        "sides: {N: city, E: road, S: field, W: road}\n    segments:\n      - {id: city1, feature: city, at: [N]}\n      - {id: road, feature: road, at: [W, E]}\n      - {id: north, feature: field, at: [WR, EL], links: {touches: [city1]}}",
    );
    let roads = roads.replace(
        "{id: field, feature: field, at: [S], links: {touches: [city1, city2, city3]}}",
        "{id: field, feature: field, at: [ER, S, WL], links: {touches: [city1]}}",
    );
    let findings = validate_text("tilesets/ic-copy.yaml", &roads);
    assert_eq!(
        codes(&findings),
        ["tileset::link_separated"],
        "{findings:?}"
    );
}

#[test]
fn an_item_on_a_kind_no_rule_reads_it_on_is_a_warning_at_the_item() {
    // A pennant on base tile D's road: the base game reads pennants in cities only.
    let text = std::fs::read_to_string("tilesets/base.yaml").expect("bundled");
    let road = "{id: road, feature: road, at: [E, W]}";
    let (broken, l, c) = edit(
        &text,
        road,
        "{id: road, feature: road, at: [E, W], items: {pennant: 1}}",
    );
    let findings = validate_text("tilesets/base-broken.yaml", &broken);
    assert_eq!(codes(&findings), ["tileset::item_unread"]);
    let f = &findings[0];
    assert_eq!(f.level, Level::Warning);
    // At the pennant's count.
    assert_eq!(
        line_col(f),
        (l, c + road.len() - 1 + ", items: {pennant: ".len())
    );
    assert!(
        f.message
            .contains("no rule of Carcassonne reads `pennant` on a road"),
        "{f}"
    );
    let help = f.help.as_deref().expect("help");
    assert!(
        help.contains("`pennant` is read on `city` segments only"),
        "{help}"
    );
    // A warning: the set still loads, and `--allow` can drop it.
    let path = std::env::temp_dir().join(format!("tessera-item-unread-{}", std::process::id()));
    std::fs::create_dir_all(&path).expect("temporary directory");
    let file = path.join("tiles.yaml");
    let absolute = std::fs::canonicalize("rulesets/carcassonne.yaml").expect("bundled");
    std::fs::write(
        &file,
        broken.replace(
            "ruleset: ../rulesets/carcassonne.yaml",
            &format!("ruleset: {}", absolute.display()),
        ),
    )
    .expect("written");
    let (_, notes) = load_tileset(&file, None).expect("a warning does not stop loading");
    assert!(codes(&notes).contains(&"tileset::item_unread"));
    std::fs::remove_dir_all(&path).expect("removed");
    // An item no rule reads anywhere says so. Hunters and Gatherers: a menhir on a
    // grassland (menhirs are read in forests only, by the extra turn).
    let hg = std::fs::read_to_string("tilesets/hunters-gatherers.yaml").expect("bundled");
    let (broken, _, _) = edit(
        &hg,
        "items: {wildfire: 1}",
        "items: {wildfire: 1, menhir: 1}",
    );
    let findings = validate_text("tilesets/hg-broken.yaml", &broken);
    assert_eq!(codes(&findings), ["tileset::item_unread"]);
    let help = findings[0].help.as_deref().expect("help");
    assert!(
        help.contains("`menhir` is read on `forest` segments only"),
        "{help}"
    );
}

#[test]
fn every_rule_that_reads_items_counts_as_a_reader() {
    let readers = |set: &str| {
        let g = load_tileset(Path::new(set), None).expect("loads").0;
        let r = &g.rules;
        r.items
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let kinds: Vec<&str> = r
                    .features
                    .iter()
                    .enumerate()
                    .filter(|(k, f)| !f.aggregate && r.item_readers[i][*k])
                    .map(|(_, f)| f.name.as_str())
                    .collect();
                (name.clone(), kinds.join(" "))
            })
            .collect::<std::collections::BTreeMap<_, _>>()
    };
    let hg = readers("tilesets/hunters-gatherers.yaml");
    let want = |pairs: &[(&str, &str)]| {
        pairs
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect::<std::collections::BTreeMap<_, _>>()
    };
    assert_eq!(
        hg,
        want(&[
            // `{linked: {item: fish}}` on rivers, the river system's terms on rivers and
            // lakes (its members).
            ("fish", "lake river"),
            // Grassland scoring and the hunting trap's score.
            ("mammoth", "grassland"),
            ("aurochs", "grassland"),
            ("deer", "grassland"),
            // `cancelled_by`.
            ("tiger", "grassland"),
            // The extra turn's `with_item`.
            ("menhir", "forest"),
            ("mushroom_group", "forest"),
            // `when: {items_at_least}`.
            ("wildfire", "grassland"),
            // `area: {around}`.
            ("pit_trap", "grassland"),
            // An effect with a score, on its feature.
            ("hunting_trap", "grassland"),
            ("logboat", "lake river"),
            // The river system's case condition.
            ("raft", "lake river"),
            // An effect that lets a piece be returned fires on any segment.
            ("shaman", "forest grassland lake river"),
        ])
    );
    let gr = readers("tilesets/gold-rush-reconstructed.yaml");
    assert_eq!(
        gr,
        want(&[
            // `when: {items: {locomotive: 1}}`.
            ("locomotive", "railroad"),
            // Mountain scoring and the token supply's `per_item`.
            ("nugget", "mountain"),
            ("tipi", "prairie"),
            ("herd", "prairie"),
        ])
    );
    let ic = readers("tilesets/base-inns-cathedrals.yaml");
    assert_eq!(
        ic,
        want(&[("cathedral", "city"), ("inn", "road"), ("pennant", "city"),])
    );
}

#[test]
fn one_wrong_side_kind_is_one_finding_at_the_side() {
    let text = std::fs::read_to_string("tilesets/base.yaml").expect("bundled");
    let sides = "sides: {N: city, E: road, S: field, W: road}\n    segments:\n      - {id: city, feature: city, at: [N]}\n      - {id: road, feature: road, at: [E, W]}";
    // (the side as written, what it becomes, the help's fix)
    for (from, to, fix) in [
        ("E: road", "E: field", "write `E: road`"),
        ("E: road", "E: city", "write `E: road`"),
        ("N: city", "N: road", "write `N: city`"),
        ("N: city", "N: field", "write `N: city`"),
        ("S: field", "S: road", "write `S: field`"),
    ] {
        let (changed, _, _) = edit(sides, from, to);
        let (broken, l, _) = edit(&text, sides, &changed);
        let findings = validate_text("tilesets/base-broken.yaml", &broken);
        assert_eq!(
            codes(&findings),
            ["tileset::side_mismatch"],
            "{from} -> {to}"
        );
        let f = &findings[0];
        let column = "    sides: {".len() + changed["sides: {".len()..].find(to).expect("side") + 4;
        assert_eq!(
            line_col(f),
            (l, column),
            "{from} -> {to}: at the side's kind"
        );
        let help = f.help.as_deref().expect("help");
        assert!(help.contains(fix), "{from} -> {to}: {help}");
    }
}

#[test]
fn one_slip_in_the_slots_or_kinds_is_one_finding_with_the_fix() {
    let text = std::fs::read_to_string("tilesets/base.yaml").expect("bundled");
    // (a line of tile D, the slip, the code, what the help says)
    for (from, to, code, says) in [
        // A slot written as another one: the slot left unclaimed is what was meant.
        (
            "{id: road, feature: road, at: [E, W]}",
            "{id: road, feature: road, at: [E, WL]}",
            "tileset::slot_claimed_twice",
            "slot `W` is left unclaimed: did you mean `W` there?",
        ),
        (
            "{id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}",
            "{id: field1, feature: field, at: [ER, WR], links: {touches: [city]}}",
            "tileset::slot_claimed_twice",
            "did you mean `EL` there? (with another claim moved there instead",
        ),
        // A name that is no slot of the side.
        (
            "{id: city, feature: city, at: [N]}",
            "{id: city, feature: city, at: [NL]}",
            "tileset::unknown_slot",
            "did you mean `N`?",
        ),
        // A segment whose slots were left out.
        (
            "{id: road, feature: road, at: [E, W]}",
            "{id: road, feature: road, at: []}",
            "tileset::no_slots",
            "did you mean `at: [E, W]`?",
        ),
        // A link naming a segment of the wrong kind: the corner rule tells which was
        // meant, in the same finding.
        (
            "{id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}",
            "{id: field1, feature: field, at: [EL, WR], links: {touches: [road]}}",
            "tileset::link_kinds",
            "`field1` meets the city `city` at a tile corner: did you mean `city`?",
        ),
        // A wrong kind: its links are not judged by it as well.
        (
            "{id: city, feature: city, at: [N]}",
            "{id: city, feature: road, at: [N]}",
            "tileset::side_mismatch",
            "write `feature: city`",
        ),
        (
            "{id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}",
            "{id: field1, feature: monastery, at: [EL, WR], links: {touches: [city]}}",
            "tileset::inner_claims_slot",
            "remove `at`",
        ),
    ] {
        let (broken, l, _) = edit(&text, from, to);
        let findings = validate_text("tilesets/base-broken.yaml", &broken);
        assert_eq!(codes(&findings), [code], "{to}");
        assert_eq!(line_of(&findings[0]), l, "{to}");
        let help = findings[0].help.as_deref().expect("help");
        assert!(help.contains(says), "{to}: {help}");
    }
    // Gold Rush: a city that four railroads end at, written as a junction: one finding,
    // at its kind.
    let gr = std::fs::read_to_string("tilesets/gold-rush-reconstructed.yaml").expect("bundled");
    let city = "{id: city, feature: city}\n      - {id: railroad_n, feature: railroad, at: [N], links: {ends_at: [city]}, items: {locomotive: 1}}";
    let (broken, l, _) = edit(
        &gr,
        city,
        &city.replacen("feature: city", "feature: junction", 1),
    );
    let findings = validate_text("tilesets/gr-broken.yaml", &broken);
    assert_eq!(codes(&findings), ["tileset::link_kinds"]);
    assert_eq!(line_of(&findings[0]), l);
    assert!(
        findings[0]
            .message
            .contains("but 4 `ends_at` links name it"),
        "{}",
        findings[0]
    );
    assert!(
        findings[0]
            .help
            .as_deref()
            .is_some_and(|h| h.contains("write `feature: city` on `city`")),
        "{:?}",
        findings[0].help
    );
}

/// Every single-token change of some base tiles (a side kind, a segment's kind, a slot
/// renamed or left out, a link's target), each tile checked on its own: never more than
/// one finding, so that one slip is told once, at its place.
#[test]
fn a_slip_in_a_base_tile_is_never_told_twice() {
    let text = std::fs::read_to_string("tilesets/base.yaml").expect("bundled");
    let blocks: Vec<&str> = text.split("\n  - id: ").skip(1).collect();
    let kinds = ["city", "road", "field"];
    let features = ["city", "road", "field", "monastery"];
    let slots = [
        "NL", "N", "NR", "EL", "E", "ER", "SL", "S", "SR", "WL", "W", "WR",
    ];
    let mut checked = 0;
    for block in blocks {
        let id = block.split_whitespace().next().expect("id");
        if !["A", "D", "J", "L", "O", "S", "U", "X"].contains(&id) {
            continue;
        }
        let tile: String = block
            .lines()
            .take_while(|l| !l.trim_start().starts_with("copies:"))
            .filter(|l| !l.trim_start().starts_with("count:"))
            .collect::<Vec<_>>()
            .join("\n");
        let file = |tile: &str| {
            format!(
                "name: one tile\nruleset: ../rulesets/carcassonne.yaml\ntotal: 1\nstart: {{tile: {id}}}\ntiles:\n  - id: {tile}\n"
            )
        };
        assert!(
            validate_text("tilesets/one.yaml", &file(&tile)).is_empty(),
            "{id}"
        );
        let mut variants: Vec<String> = Vec::new();
        for side in ["N", "E", "S", "W"] {
            let key = format!("{side}: ");
            let at = tile.find(&key).expect("side") + key.len();
            let end = at + tile[at..].find([',', '}']).expect("end");
            for k in kinds.iter().filter(|k| **k != &tile[at..end]) {
                variants.push(format!("{}{k}{}", &tile[..at], &tile[end..]));
            }
        }
        for (start, _) in tile.match_indices("feature: ") {
            let at = start + "feature: ".len();
            let end = at + tile[at..].find([',', '}']).expect("end");
            for k in features.iter().filter(|k| **k != &tile[at..end]) {
                variants.push(format!("{}{k}{}", &tile[..at], &tile[end..]));
            }
        }
        for (start, _) in tile.match_indices("at: [") {
            let at = start + "at: [".len();
            let end = at + tile[at..].find(']').expect("end");
            let names: Vec<&str> = tile[at..end].split(", ").collect();
            for i in 0..names.len() {
                let mut list: Vec<&str> = names.clone();
                list.remove(i);
                variants.push(format!(
                    "{}{}{}",
                    &tile[..at],
                    list.join(", "),
                    &tile[end..]
                ));
                for s in slots.iter().filter(|s| **s != names[i]) {
                    let mut list = names.clone();
                    list[i] = s;
                    variants.push(format!(
                        "{}{}{}",
                        &tile[..at],
                        list.join(", "),
                        &tile[end..]
                    ));
                }
            }
        }
        let ids: Vec<&str> = tile
            .match_indices("{id: ")
            .map(|(at, _)| {
                let rest = &tile[at + "{id: ".len()..];
                &rest[..rest.find(',').expect("id ends")]
            })
            .collect();
        for (start, _) in tile.match_indices("links: {touches: [") {
            let at = start + "links: {touches: [".len();
            let end = at + tile[at..].find(']').expect("end");
            let targets: Vec<&str> = tile[at..end].split(", ").collect();
            for i in 0..targets.len() {
                for other in ids.iter().filter(|o| !targets.contains(o)) {
                    let mut list = targets.clone();
                    list[i] = other;
                    variants.push(format!(
                        "{}{}{}",
                        &tile[..at],
                        list.join(", "),
                        &tile[end..]
                    ));
                }
            }
        }
        for v in &variants {
            let findings = validate_text("tilesets/one.yaml", &file(v));
            assert!(
                findings.len() <= 1,
                "{id}: {v}\n{:?}",
                findings
                    .iter()
                    .map(|f| format!("{}: {f}", f.check.code()))
                    .collect::<Vec<_>>()
            );
            checked += 1;
        }
    }
    assert!(checked > 500, "{checked} variants");
}
