//! Mechanisms (`src/mechanism/`) and the rule sets of single elements, each on positions
//! of its own: `raising_pieces` on a rule set that adds Traders and Builders' pig to the
//! base game (`rulesets/pig.yaml`); gardens and the abbot (`rulesets/abbot.yaml`), data
//! alone.

use crate::common;

const POSITIONS: &str = "tests/positions/mechanisms";
const BAD: &str = "tests/invalid/mechanisms";

#[test]
fn a_pig_raises_its_owners_field_score_by_one_per_completed_city() {
    let path = format!("{POSITIONS}/pig-raises-its-owner.yaml");
    // A and B tie in the field (one farmer each): 3 per completed city each, and A's pig
    // adds 1 per city for A only.
    common::assert_points(&path, true, None, &[("A", 4), ("B", 3)]);
    let r = common::report(&path, true, None);
    let field = r
        .features
        .iter()
        .find(|e| e.feature == "field")
        .expect("the field is scored");
    assert_eq!(field.points, 3, "the field's own value, for each scorer");
    assert_eq!(field.raised.get("A"), Some(&1));
    assert_eq!(field.raised.get("B"), None);
    assert!(
        field.why.contains("raised by pieces on it: A +1"),
        "{}",
        field.why
    );
}

#[test]
fn a_pig_goes_only_where_its_owner_has_a_farmer() {
    common::assert_finding(
        &format!("{BAD}/pig-without-farmer.yaml"),
        "position::needs_own_piece",
    );
}

#[test]
fn random_games_with_pigs_raise_scorers_only() {
    // Played on the real tile set: whole random games with pigs, where every field a pig
    // stands in is scored, and a raised score goes to a scorer only.
    let players = tessera::seat_names(3);
    let lp = tessera::load_game_files(
        None,
        &[std::path::PathBuf::from(
            "tests/fixtures/mechanisms/pig-base.yaml",
        )],
        &players,
    )
    .expect("the pig game loads");
    let mut raised = 0;
    for seed in 0..40 {
        let state = tessera::engine::State::new(&lp.game, players.clone(), lp.options.clone());
        let played = tessera::engine::play::play_game(
            state,
            &[tessera::engine::play::Agent::Random],
            seed,
            usize::MAX,
        )
        .expect("a random game plays");
        common::assert_no_piece_on_completed(&played.state, "a game with pigs");
        for e in played.state.events() {
            for (p, &r) in e.raised.iter().enumerate() {
                if r != 0 {
                    raised += 1;
                    assert!(
                        e.scorers.contains(&p),
                        "seed {seed}: a raise for a non-scorer"
                    );
                    assert!(r > 0);
                }
            }
        }
    }
    assert!(raised > 0, "random games with pigs raise some field scores");
}

#[test]
fn a_raising_piece_needs_a_role_on_its_feature_kind() {
    let path = format!("{BAD}/pig-on-city.yaml");
    let v = tessera::validate_file(std::path::Path::new(&path), None).expect("the file reads");
    let found: Vec<(&str, usize)> = v
        .findings
        .iter()
        .map(|f| (f.check.code(), f.position().map_or(0, |(_, line, _)| line)))
        .collect();
    assert_eq!(found, [("ruleset::raising_piece_role", 15)], "{path}");
}

#[test]
fn abbots_on_gardens_score_as_monasteries() {
    // rulesets/abbot.yaml on the second edition's tiles (tilesets/base-jcz-2.yaml): a
    // garden is a feature of its own, scored 1 + the tiles around it when unfinished.
    let path = format!("{POSITIONS}/abbot-on-gardens.yaml");
    common::assert_points(&path, true, None, &[("A", 3), ("B", 2)]);
    let r = common::report(&path, true, None);
    let gardens: Vec<i64> = r
        .features
        .iter()
        .filter(|e| e.feature == "garden")
        .map(|e| e.points)
        .collect();
    assert_eq!(gardens, [3, 2], "both gardens scored at the end");
}

#[test]
fn only_the_abbot_goes_on_a_garden() {
    common::assert_finding(
        &format!("{BAD}/follower-on-a-garden.yaml"),
        "position::no_role",
    );
}

#[test]
fn the_largest_completed_feature_takes_a_title_and_its_holder_scores() {
    // rulesets/king-robber.yaml: `titles` on cities (the King) and roads (the Robber
    // Baron); JCloisterZone's variants as options.
    let path = format!("{POSITIONS}/king-and-robber.yaml");
    common::assert_points(&path, true, None, &[("A", 1), ("B", 2)]);
    let r = common::report(&path, true, None);
    assert_eq!(
        common::log_lines(&r),
        [
            "A takes the title `king` (a city of 2 tiles, the largest completed so far)",
            "A takes the title `robber` (a road of 3 tiles, the largest completed so far)",
            "B takes the title `king` (a city of 3 tiles, the largest completed so far)",
            "B receives 2 points at the end of the game for the title `king` (2 × city completed on the board)",
            "A receives 1 point at the end of the game for the title `robber` (1 × road completed on the board)",
        ]
    );
    // The HTML report tells the same, under "Also".
    let page = tessera::report::score_html(&r, "", &[]);
    assert!(page.contains("<h2>Also</h2>"), "{page}");
    assert!(
        page.contains("B takes the title `king` (a city of 3 tiles, the largest completed so far)"),
        "{page}"
    );
    // The variants, each option alone: (option, A, B).
    let variants = [
        // 10 per title held.
        ("titles_10_20", 10, 10),
        // 15 for one title (40 for both: nobody holds both here).
        ("titles_15_40", 15, 15),
        // Nothing at the end; in turn 6 the King's holder before it passes (A) scores 1
        // for the city completed.
        ("titles_during_play", 1, 0),
        // Without the King, only the Robber Baron's point.
        ("king", 1, 0),
    ];
    for (option, a, b) in variants {
        // `king` is on by default: the variant turns it off.
        let totals = totals_with(&path, (option, option != "king"), None);
        assert_eq!(totals, [a, b], "{option}");
    }
    // Fixed points are worded as such.
    let r = report_with(&path, ("titles_10_20", true), None);
    assert!(
        r.log.iter().any(|l| l.text
            == "B receives 10 points at the end of the game for the title `king` (for holding it)"),
        "{:?}",
        r.log
    );
    // After turn 5 A holds both titles: 40 under 15/40, and 1 + 1 by the rules.
    assert_eq!(totals_with(&path, ("titles_15_40", true), Some(5)), [40, 0]);
    assert_eq!(totals_with(&path, ("titles_15_40", false), Some(5)), [2, 0]);
}

/// The players' totals after end-of-game scoring of the position at `path`, replayed up
/// to `turns` with one option of its rule set set as given.
fn totals_with(path: &str, option: (&str, bool), turns: Option<usize>) -> Vec<i64> {
    let r = report_with(path, option, turns);
    r.players.iter().map(|p| p.points).collect()
}

/// The score report, with end-of-game scoring, of the position at `path` replayed up to
/// `turns` with one option of its rule set set as given.
fn report_with(
    path: &str,
    (option, on): (&str, bool),
    turns: Option<usize>,
) -> tessera::report::ScoreReport {
    let mut lp = tessera::replay::load_position(std::path::Path::new(path))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    let id = lp
        .game
        .rules
        .options
        .iter()
        .position(|o| o.name == option)
        .expect("an option of the rule set");
    lp.options[id] = on;
    let mut state = tessera::replay::replay(&lp, turns).expect("replays");
    state.final_scoring();
    tessera::report::ScoreReport::from_state(&state, None, true)
}

#[test]
fn goods_go_to_the_player_who_completes_the_city() {
    // rulesets/trade-goods.yaml (`collecting`): B completes a city with wine and no knight:
    // B takes the wine and, with the most wine at the end, scores 10.
    let path = format!("{POSITIONS}/trade-goods.yaml");
    common::assert_points(&path, true, None, &[("A", 0), ("B", 10)]);
    let r = common::report(&path, true, None);
    assert_eq!(
        common::log_lines(&r),
        [
            "B collects 1 × wine (from the completed city)",
            "B receives 10 points at the end of the game for the most wine (1)",
        ]
    );
    // Before the end, the goods are only held.
    common::assert_points(&path, false, None, &[("A", 0), ("B", 0)]);
}

#[test]
fn a_builder_earns_a_second_turn_when_its_road_is_extended() {
    // rulesets/traders-builders.yaml (`extending_pieces`): the turn that places the
    // builder earns nothing, the turn that extends its road earns a second turn at once.
    let path = format!("{POSITIONS}/builder-extra-turn.yaml");
    common::assert_points(&path, true, None, &[("A", 4), ("B", 0)]);
    let r = common::report(&path, true, None);
    let log: Vec<(usize, &str)> = r.log.iter().map(|l| (l.turn, l.text.as_str())).collect();
    assert_eq!(log, [(5, "A earns an extra turn")]);
    common::assert_finding(
        &format!("{BAD}/builder-second-turn-skipped.yaml"),
        "position::extra_turn_player",
    );
    common::assert_finding(
        &format!("{BAD}/builder-without-follower.yaml"),
        "position::needs_own_piece",
    );
}

#[test]
fn simulate_counts_the_points_given_besides_features() {
    // Titles' points are no feature's: `simulate` sums them in a row of their own.
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args([
            "simulate",
            "rulesets/king-robber.yaml",
            "tilesets/base-jcz.yaml",
            "tilesets/king-robber-1.yaml",
            "--games",
            "20",
            "--seed",
            "1",
            "--format",
            "json",
        ])
        .output()
        .expect("tessera runs");
    assert!(run.status.success(), "{run:?}");
    let doc: serde_json::Value = serde_json::from_slice(&run.stdout).expect("JSON");
    let besides = doc["variants"][0]["points_besides_features_per_game"]
        .as_f64()
        .expect("a number");
    // Every game completes some city and road: each title's holder scores at the end.
    assert!(besides >= 2.0, "{besides}");
}

#[test]
fn titles_and_goods_need_a_kind_that_is_completed() {
    // A title on fields never passes and goods in a field are never taken: both are
    // `ruleset::never_completed`, at the feature kind named.
    for (file, line) in [("title-on-fields.yaml", 6), ("goods-from-fields.yaml", 8)] {
        let path = format!("{BAD}/{file}");
        let v = tessera::validate_file(std::path::Path::new(&path), None).expect("the file reads");
        let found: Vec<(&str, usize)> = v
            .findings
            .iter()
            .map(|f| (f.check.code(), f.position().map_or(0, |(_, line, _)| line)))
            .collect();
        assert_eq!(found, [("ruleset::never_completed", line)], "{path}");
    }
}
