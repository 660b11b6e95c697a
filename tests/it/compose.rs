//! Composition: a fan expansion that includes the base game, a position that names several
//! tile sets, rule sets that extend others, and findings reported in the file that must
//! change (with the include chain as a related note).

use crate::common;

use std::path::Path;

use crate::common::assert_points;
use tessera::diag::{Check, Level};
use tessera::validate::{load_ruleset, load_tileset};
use tessera::validate_file;

#[test]
fn the_example_expansion_includes_the_base_game() {
    let (game, notes) = load_tileset(Path::new("examples/my-expansion.yaml"), None)
        .expect("the example expansion loads");
    // 13 expansion tiles + the 72 base tiles; the base set's start tile (D).
    assert_eq!(game.tiles.total, 85);
    let per_set: Vec<u64> = game.tiles.sources.iter().map(|s| s.2).collect();
    assert_eq!(per_set, vec![13, 72]);
    assert_eq!(game.tiles.tiles[game.tiles.start].id, "D");
    assert!(notes.is_empty(), "{notes:?}");
    // `tessera validate` prints the summary as a note.
    let v = validate_file(Path::new("examples/my-expansion.yaml"), None).expect("readable");
    let summary: Vec<_> = v
        .findings
        .iter()
        .filter(|f| f.check == Check::Composition)
        .collect();
    assert_eq!(summary.len(), 1);
    let help = summary[0].help.as_deref().unwrap_or("");
    assert!(help.contains("13 from My expansion") && help.contains("72 from Carcassonne"));
    assert!(v.findings.iter().all(|f| f.level != Level::Error));
}

#[test]
fn base_and_expansion_tiles_score_on_one_board() {
    let game = "examples/my-expansion-game.yaml";
    assert_points(game, false, None, &[("A", 4), ("B", 4)]);
    assert_points(game, true, None, &[("A", 6), ("B", 7)]);
}

#[test]
fn a_position_can_name_several_tile_sets() {
    assert_points(
        "tests/positions/compose/two-tilesets.yaml",
        false,
        None,
        &[("A", 4), ("B", 0)],
    );
}

#[test]
fn findings_are_in_the_authors_file_once_per_missing_name() {
    let v = validate_file(
        Path::new("tests/invalid/compose/typo-in-expansion.yaml"),
        None,
    )
    .expect("readable");
    let unknown: Vec<_> = v
        .findings
        .iter()
        .filter(|f| f.check == Check::TileSetUnknownName)
        .collect();
    // `cty` once, `feild` once for its three uses; both in the author's file.
    assert_eq!(unknown.len(), 2, "{unknown:?}");
    let feild = unknown
        .iter()
        .find(|f| f.message.contains("feild"))
        .expect("feild reported");
    assert_eq!(feild.labels.len(), 3);
    assert!(feild.message.contains("used 3 times"));
    for f in &v.findings {
        let (file, _, _) = f.position().expect("located");
        assert!(file.ends_with("typo-in-expansion.yaml"), "{file}");
    }
}

#[test]
fn a_finding_in_an_included_set_names_the_include_that_led_there() {
    let v = validate_file(
        Path::new("tests/invalid/compose/includes-broken-part.yaml"),
        None,
    )
    .expect("readable");
    assert_eq!(v.findings.len(), 1, "{:?}", v.findings);
    let f = &v.findings[0];
    assert_eq!(f.check, Check::SlotClaim);
    let (file, line, _) = f.position().expect("located");
    assert!(file.ends_with("broken-part.yaml"), "{file}");
    assert_eq!(line, 9);
    let chain = &f.related[0];
    assert!(chain.message.contains("included from"), "{}", chain.message);
    let (from, from_line, _) = chain.position().expect("located");
    assert!(from.ends_with("includes-broken-part.yaml"), "{from}");
    assert_eq!(from_line, 6);
}

#[test]
fn an_id_clash_is_reported_at_both_definitions() {
    let v = validate_file(
        Path::new("tests/invalid/compose/clash-with-base.yaml"),
        None,
    )
    .expect("readable");
    let clash: Vec<_> = v
        .findings
        .iter()
        .filter(|f| f.check == Check::DuplicateId)
        .collect();
    assert_eq!(clash.len(), 1);
    let (file, _, _) = clash[0].position().expect("located");
    assert!(file.ends_with("clash-with-base.yaml"), "{file}");
    let other = clash[0]
        .related
        .iter()
        .find_map(|r| r.position())
        .expect("the base definition is named");
    assert!(other.0.ends_with("tilesets/base.yaml"), "{}", other.0);
    // D is the 4th tile of the base set: its `id: D` line.
    let base = std::fs::read_to_string("tilesets/base.yaml").expect("bundled");
    let d_line = base
        .lines()
        .position(|l| l.trim() == "- id: D")
        .expect("D is defined")
        + 1;
    assert_eq!(other.1, d_line);
}

#[test]
fn an_extending_rule_set_merges_by_key() {
    let dir = std::env::temp_dir().join(format!("tessera-extends-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let base = std::fs::canonicalize("rulesets/carcassonne.yaml").expect("bundled");
    let ext = dir.join("ext.yaml");
    std::fs::write(
        &ext,
        format!(
            "name: Extended\nextends: {}\nitems:\n  inn: {{description: an inn}}\npieces:\n  follower:\n    supply: 5\n    roles: [{{role: knight, feature: city}}]\n  large_follower:\n    supply: 1\n    roles: [{{role: knight, feature: city}}]\n",
            base.display()
        ),
    )
    .expect("write");
    let (_, rules) = load_ruleset(&ext).expect("the extension compiles");
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(rules.name, "Extended");
    // Items: the base's pennant and the new inn.
    assert!(rules.items.contains(&"pennant".to_string()));
    assert!(rules.items.contains(&"inn".to_string()));
    // The follower is replaced whole and keeps its place (first: the default kind).
    assert_eq!(rules.pieces[0].name, "follower");
    assert_eq!(rules.pieces[0].supply, 5);
    assert_eq!(rules.pieces[0].roles.len(), 1);
    assert_eq!(rules.pieces[1].name, "large_follower");
    // Everything else comes from the base rule set.
    assert_eq!(rules.features.len(), 4);
    assert_eq!(rules.terrains, vec!["city", "road", "field"]);
}

#[test]
fn files_outside_the_repository_build_on_bundled_sets() {
    let dir = std::env::temp_dir().join(format!("tessera-bundled-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let rules = dir.join("rules.yaml");
    std::fs::write(
        &rules,
        "name: Fan rules\nextends: bundled:rulesets/carcassonne.yaml\nitems:\n  inn: {}\n",
    )
    .expect("write");
    let tiles = dir.join("tiles.yaml");
    // The print-and-play set reuses the base shapes (`shapes_from: base.yaml`), which
    // resolves among the bundled files too.
    std::fs::write(
        &tiles,
        "name: Fan tiles\nruleset: rules.yaml\ninclude: [bundled:tilesets/pnp-demo.yaml]\n",
    )
    .expect("write");
    let loaded = load_tileset(&tiles, None);
    std::fs::remove_dir_all(&dir).ok();
    let (game, notes) = loaded.expect("the composed set loads");
    assert_eq!(game.tiles.total, 48);
    assert_eq!(game.rules.name, "Fan rules");
    assert!(game.rules.items.contains(&"inn".to_string()));
    // The demo's deduced-provenance note and the measure of its deduction, each with the
    // include that led there.
    let checks: Vec<Check> = notes.iter().map(|n| n.check).collect();
    assert_eq!(checks, [Check::Provenance, Check::DeductionNote]);
    for n in &notes {
        assert!(n.related[0].message.contains("included from"), "{n:?}");
    }
}

#[test]
fn the_rule_set_that_extends_the_others_is_chosen_whatever_the_order() {
    let r = common::report("tests/positions/compose/base-then-inns.yaml", false, None);
    assert_eq!(r.points("A"), Some(4));
    let lp =
        tessera::replay::load_position(Path::new("tests/positions/compose/base-then-inns.yaml"))
            .expect("loads");
    assert_eq!(lp.game.rules.name, "Carcassonne with Inns and Cathedrals");
    assert!(lp.game.rules.items.contains(&"inn".to_string()));
    // Unrelated games: a finding in the composing file naming both rule sets.
    let v = validate_file(
        Path::new("tests/invalid/compose/ruleset-conflict.yaml"),
        None,
    )
    .expect("readable");
    assert_eq!(v.findings.len(), 1, "{:?}", v.findings);
    let f = &v.findings[0];
    assert_eq!(f.check, Check::RuleSetConflict);
    assert!(
        f.position()
            .expect("located")
            .0
            .ends_with("ruleset-conflict.yaml")
    );
    let named: Vec<String> = f
        .related
        .iter()
        .filter_map(|r| r.position().map(|p| p.0))
        .collect();
    assert_eq!(named.len(), 2);
    assert!(named[0].ends_with("inns-cathedrals.yaml") && named[1].ends_with("river.yaml"));
}

#[test]
fn the_same_set_by_two_paths_is_included_twice() {
    // The checkout's base set and the bundled copy have the same contents.
    let dir = std::env::temp_dir().join(format!("tessera-twice-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let base = std::fs::canonicalize("tilesets/base.yaml").expect("bundled");
    let path = dir.join("twice.yaml");
    std::fs::write(
        &path,
        format!(
            "name: Twice\ninclude: [{}, bundled:tilesets/base.yaml]\n",
            base.display()
        ),
    )
    .expect("write");
    let v = validate_file(&path, None).expect("readable");
    std::fs::remove_dir_all(&dir).ok();
    let codes: Vec<&str> = v.findings.iter().map(|f| f.check.code()).collect();
    assert_eq!(codes, ["tileset::included_twice"]);
}

#[test]
fn an_unknown_tile_in_counts_is_shown_at_its_key() {
    // `counts: {ZZ: 2}`: the key names the tile; the finding points at `ZZ`, not at `2`.
    let path = Path::new("tests/invalid/compose/include-unknown-tile.yaml");
    let v = validate_file(path, None).expect("readable");
    let at: Vec<(String, usize, usize)> = v
        .findings
        .iter()
        .filter(|f| f.check == Check::IncludeUnknownTile)
        .filter_map(|f| f.position().map(|(_, l, c)| (f.message.clone(), l, c)))
        .collect();
    let text = std::fs::read_to_string(path).expect("readable");
    let line = text.lines().position(|l| l.contains("ZZ")).expect("ZZ") + 1;
    let column = text
        .lines()
        .nth(line - 1)
        .and_then(|l| l.find("ZZ"))
        .expect("ZZ")
        + 1;
    assert!(
        at.contains(&("unknown tile `ZZ`".to_string(), line, column)),
        "{at:?}, expected line {line} column {column}"
    );
}
