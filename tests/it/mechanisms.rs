//! Mechanisms (`src/mechanism/`) and the rule sets of single elements, each on positions
//! of its own: `raising_pieces` on a rule set that adds Traders and Builders' pig to the
//! base game (`rulesets/pig.yaml`); gardens and the abbot (`rulesets/abbot.yaml`), data
//! alone; hills, vineyards and the shepherd (`rulesets/hills-sheep.yaml`); the mayor
//! (`rulesets/mayor.yaml`, `item_strength`), the barn (`rulesets/barn.yaml`,
//! `settling_pieces`), the wagon (`rulesets/wagon.yaml`, `moving_on`) and the abbot
//! taken back (`recalling`).

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
        field.why.contains("raised besides its value: A +1, "),
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
    let lp = load_game(None, &["tests/fixtures/mechanisms/pig-base.yaml"], 3);
    let mut raised = 0;
    for seed in 0..40 {
        let played = random_game(&lp, &lp.options, seed);
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

/// The game of a rule set (`None`: the tile sets' own) and tile sets, paths from the
/// repository's root, for `players` seats.
fn load_game(
    ruleset: Option<&str>,
    tilesets: &[&str],
    players: usize,
) -> tessera::replay::LoadedPosition {
    let sets: Vec<std::path::PathBuf> = tilesets.iter().map(std::path::PathBuf::from).collect();
    tessera::load_game_files(
        ruleset.map(std::path::Path::new),
        &sets,
        &tessera::seat_names(players),
    )
    .unwrap_or_else(|e| panic!("{tilesets:?} loads: {e}"))
}

/// One whole game of `lp` by random agents under `options`, seeded.
fn random_game<'g>(
    lp: &'g tessera::replay::LoadedPosition,
    options: &[bool],
    seed: u64,
) -> tessera::engine::play::PlayedGame<'g> {
    let players = lp
        .position
        .players
        .iter()
        .map(|p| p.value.clone())
        .collect();
    let state = tessera::engine::State::new(&lp.game, players, options.to_vec());
    tessera::engine::play::play_game(
        state,
        &[tessera::engine::play::Agent::Random],
        seed,
        usize::MAX,
    )
    .expect("a random game plays")
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

#[test]
fn a_follower_on_a_hill_wins_a_tie() {
    // `tie_breaks`: A's knight stands on a hill tile, B's does not; one each in the city.
    let path = format!("{POSITIONS}/hill-breaks-a-tie.yaml");
    common::assert_points(&path, false, None, &[("A", 10), ("B", 0)]);
    let r = common::report(&path, false, None);
    let city = r
        .features
        .iter()
        .find(|e| e.feature == "city")
        .expect("scored");
    assert_eq!(city.scorers, ["A"]);
    assert_eq!(city.tie_lost, ["B"]);
    assert!(
        city.why
            .contains("B tied for the majority and lost the tie-break"),
        "{}",
        city.why
    );
    // Without hills the tie stands: both score.
    assert_eq!(totals_with(&path, ("hills", false), None), [10, 10]);
    // The house rule counts followers on hills: one each is still A's alone (B has none).
    assert_eq!(
        totals_with(&path, ("hill_follower_count", true), None),
        [10, 0]
    );
}

#[test]
fn vineyards_raise_a_completed_monastery() {
    // `{neighbours_with: vineyard}`: three vineyard tiles around A's monastery.
    let path = format!("{POSITIONS}/vineyards.yaml");
    common::assert_points(&path, false, None, &[("A", 18), ("B", 0)]);
    assert_eq!(totals_with(&path, ("vineyards", false), None), [9, 0]);
    // Before the last tile the monastery is incomplete: 1 + 7 at the end, no bonus.
    assert_eq!(totals_with(&path, ("vineyards", true), Some(7)), [8, 0]);
}

#[test]
fn a_variant_gives_gardens_the_vineyards_bonus() {
    // rulesets/big-box.yaml's `vineyards_for_gardens` (JCloisterZone's rule
    // `vineyards-for-garden`): A's abbot on a garden with three vineyards around it.
    let path = format!("{POSITIONS}/vineyards-for-gardens.yaml");
    let garden = |on: bool| -> i64 {
        report_with(&path, ("vineyards_for_gardens", on), None)
            .features
            .iter()
            .filter(|e| e.feature == "garden")
            .map(|e| e.points)
            .sum()
    };
    assert_eq!(garden(true), 18);
    assert_eq!(
        garden(false),
        9,
        "as printed: the bonus is the monasteries'"
    );
}

#[test]
fn a_flock_grows_scores_and_meets_the_wolf() {
    // `flocks`: draws written as values (the wolf 0), decisions as `choices`.
    let path = format!("{POSITIONS}/flocks.yaml");
    common::assert_points(&path, true, None, &[("A", 6), ("B", 0)]);
    let r = common::report(&path, true, None);
    assert_eq!(
        common::log_lines(&r),
        [
            "A draws a token of 2 for the flock of their shepherd (2 on the field now)",
            "B draws a token of 3 for the flock of their shepherd (3 on the field now)",
            "A draws a token of 4 for the flock of their shepherd (6 on the field now)",
            "B draws the ending token (0): the flock on the field is lost and 1 shepherd returns",
            "A receives 6 points for the flock on the field of their shepherd (2 tokens)",
        ]
    );
    // After the wolf, B's shepherd is back in supply; A's went back when scored.
    let lp = tessera::replay::load_position(std::path::Path::new(&path)).expect("loads");
    let state = tessera::replay::replay(&lp, None).expect("replays");
    assert!(state.pieces().is_empty(), "both shepherds returned");
    // Shared: two fields with a flock each join; scoring pays both owners the total.
    let shared = format!("{POSITIONS}/flocks-shared.yaml");
    common::assert_points(&shared, true, None, &[("A", 3), ("B", 3)]);
}

#[test]
fn a_flocks_draw_may_be_written_as_its_random_number() {
    // `drawn_at`: the token at the fraction of the bag, in its order (4 × 1, 5 × 2, 5 × 3,
    // 2 × 4, 2 × 0): 0.3 of 18 tokens is the 6th, a 2; 0.99 is the last, a wolf.
    let dir = std::env::temp_dir().join(format!("tessera-drawn-at-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch");
    let write = |name: &str, at: &str| {
        let text = format!(
            "tileset: [{root}/tilesets/base-jcz.yaml, {root}/tilesets/hills-sheep-1.yaml]\nruleset: {root}/rulesets/hills-sheep.yaml\nplayers: [A, B]\nturns:\n  - {{tile: BA/RFr, x: 1, y: 0, piece: {{kind: shepherd, at: S}}, drawn_at: [{at}]}}\n  - {{tile: BA/RFr, x: -1, y: 0}}\n  - {{tile: BA/RFr, x: 2, y: 0, choices: [score]}}\n",
            root = env!("CARGO_MANIFEST_DIR")
        );
        let p = dir.join(name);
        std::fs::write(&p, text).expect("written");
        p.to_string_lossy().into_owned()
    };
    common::assert_points(
        &write("two.yaml", "0.3"),
        false,
        None,
        &[("A", 2), ("B", 0)],
    );
    // The wolf: the shepherd is back, so the third turn asks nothing and `choices` is
    // one decision too many.
    common::assert_finding(&write("wolf.yaml", "0.99"), "position::choices_left");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hills_hide_tiles_and_games_end_sooner() {
    // `hide_tiles`: every hill placed while tiles are left puts one out of the game; a
    // whole game's turns, tiles set aside and tiles hidden account for every copy.
    let lp = load_game(
        Some("rulesets/hills-sheep.yaml"),
        &["tilesets/base-jcz.yaml", "tilesets/hills-sheep-1.yaml"],
        2,
    );
    let copies: u64 = lp.game.tiles.tiles.iter().map(|t| u64::from(t.count)).sum();
    for (hills, seeds) in [(true, 0..10), (false, 10..15)] {
        let mut options = lp.options.clone();
        let id = lp.game.rules.option("hills").expect("option");
        options[id] = hills;
        for seed in seeds {
            let played = random_game(&lp, &options, seed);
            let s = &played.state;
            let aside =
                s.used().iter().map(|&n| u64::from(n)).sum::<u64>() - s.board().placed.len() as u64;
            assert_eq!(
                s.board().placed.len() as u64 + aside + s.hidden(),
                copies,
                "seed {seed}: placed, set aside and hidden make the whole set"
            );
            if hills {
                assert!(s.hidden() > 0, "seed {seed}: some hill hid a tile");
            } else {
                assert_eq!(s.hidden(), 0, "seed {seed}");
            }
        }
    }
}

#[test]
fn the_abbey_goes_into_a_hole_and_closes_what_it_meets() {
    // rulesets/abbey.yaml: a held stack (`held`, `into_holes`) and wall sides (`wall: []`):
    // the abbey's south wall closes B's one-tile city; A's monk on it scores at the end.
    let path = format!("{POSITIONS}/abbey-closes.yaml");
    common::assert_points(&path, false, None, &[("A", 0), ("B", 2)]);
    common::assert_points(&path, true, None, &[("A", 8), ("B", 2)]);
    let lp = tessera::replay::load_position(std::path::Path::new(&path)).expect("loads");
    let state = tessera::replay::replay(&lp, None).expect("replays");
    let abbey = lp.game.tiles.get("AM/A").expect("the abbey");
    assert!(!state.holds(0, abbey), "A played theirs");
    assert!(state.holds(1, abbey), "B still holds theirs");
}

#[test]
fn held_tiles_are_played_in_a_last_round_after_the_main_pile() {
    // Whole games: every abbey is placed, or its holder passed in the last round; the game
    // ends only when the last round is over.
    let lp = load_game(
        Some("rulesets/abbey.yaml"),
        &["tilesets/base-jcz.yaml", "tilesets/abbey.yaml"],
        3,
    );
    let abbey = lp.game.tiles.get("AM/A").expect("the abbey");
    let mut placed = 0;
    for seed in 0..20 {
        let played = random_game(&lp, &lp.options, seed);
        let s = &played.state;
        assert!(s.game_over() && !s.in_last_round(), "seed {seed}");
        let on_board = s.board().placed.iter().filter(|p| p.tile == abbey).count();
        let held: u32 = s.held().iter().map(|h| h[abbey]).sum();
        assert_eq!(
            on_board as u32 + held,
            3,
            "seed {seed}: each player's abbey"
        );
        placed += on_board;
    }
    assert!(placed > 20, "most abbeys are placed: {placed} of 60");
}

#[test]
fn a_mayor_counts_the_pennants_of_its_city() {
    // `item_strength`: a mayor in a city of 2 pennants counts 2 against a knight's 1.
    let path = format!("{POSITIONS}/mayor-pennants.yaml");
    common::assert_points(&path, false, None, &[("A", 14), ("B", 0)]);
    let r = common::report(&path, false, None);
    let city = r
        .features
        .iter()
        .find(|e| e.feature == "city")
        .expect("scored");
    assert_eq!(city.scorers, ["A"]);
    assert_eq!(city.pieces.get("A"), Some(&1));
    assert_eq!(city.strength.get("A"), Some(&2));
    assert_eq!(city.strength.get("B"), Some(&1));
}

#[test]
fn a_mayor_alone_in_a_city_without_pennants_scores_nothing_and_returns() {
    // The city closes with the mayor alone and no pennant: nobody has the majority, A is
    // recorded as scoring 0 (as JCloisterZone records it: `mayor-zero-points`), and the
    // mayor returns (the replay places it again in turn 3, with a supply of one).
    let path = format!("{POSITIONS}/mayor-alone.yaml");
    common::assert_points(&path, false, None, &[("A", 0), ("B", 0)]);
    let r = common::report(&path, false, None);
    let city: Vec<(&str, &[String], i64, Option<&u32>)> = r
        .features
        .iter()
        .map(|e| {
            (
                e.feature.as_str(),
                e.scorers.as_slice(),
                e.points,
                e.strength.get("A"),
            )
        })
        .collect();
    assert_eq!(city, [("city", &["A".to_string()][..], 0, Some(&0))]);
    assert_eq!(r.pieces.len(), 1, "{:?}", r.pieces);
}

#[test]
fn a_piece_counted_from_an_item_must_count_for_the_majority() {
    let path = format!("{BAD}/item-strength-not-counted.yaml");
    let v = tessera::validate_file(std::path::Path::new(&path), None).expect("the file reads");
    let found: Vec<(&str, usize)> = v
        .findings
        .iter()
        .map(|f| (f.check.code(), f.position().map_or(0, |(_, line, _)| line)))
        .collect();
    assert_eq!(
        found,
        [("ruleset::item_strength_not_counted", 12)],
        "{path}"
    );
}

#[test]
fn a_barn_scores_farmers_placed_and_joined_and_its_owner_at_the_end() {
    // `settling_pieces`: B's farmer scores 3 when A's barn arrives, B's second farmer 1
    // when its field is joined to the barn's, A's barn 4 at the end; the farmers return.
    let path = format!("{POSITIONS}/barn.yaml");
    common::assert_points(&path, false, None, &[("A", 0), ("B", 4)]);
    common::assert_points(&path, true, None, &[("A", 4), ("B", 4)]);
    let r = common::report(&path, true, None);
    let fields: Vec<(&str, usize, &[String], i64)> = r
        .features
        .iter()
        .map(|e| (e.phase, e.turn, e.scorers.as_slice(), e.points))
        .collect();
    let (a, b) = (["A".to_string()], ["B".to_string()]);
    assert_eq!(
        fields,
        [
            ("play", 5, &b[..], 3),
            ("play", 7, &b[..], 1),
            ("final", 7, &a[..], 4)
        ]
    );
    // Only the barn is left on the board, at the corner it was placed on.
    let barn = &r.pieces[..];
    assert_eq!(barn.len(), 1, "{barn:?}");
    assert_eq!(
        (barn[0].kind.as_str(), barn[0].cell, barn[0].at.as_str()),
        ("barn", [2, 0], "NW")
    );
}

#[test]
fn a_barn_goes_on_a_corner_of_four_fields_and_keeps_farmers_out() {
    common::assert_finding(
        &format!("{BAD}/barn-not-at-corner.yaml"),
        "position::not_at_corner",
    );
    common::assert_finding(
        &format!("{BAD}/farmer-in-barn-field.yaml"),
        "position::feature_occupied",
    );
    // A corner written is the corner meant, though the field reaches a good one too.
    common::assert_finding(
        &format!("{BAD}/barn-named-corner.yaml"),
        "position::not_at_corner",
    );
}

#[test]
fn a_wagon_moves_on_when_its_feature_is_scored() {
    // `moving_on`: the wagon's city scores 4 and it moves on to the road, which scores 3,
    // and on again to a road stub, 1 at the end.
    let path = format!("{POSITIONS}/wagon.yaml");
    common::assert_points(&path, true, None, &[("A", 8), ("B", 0)]);
    let r = common::report(&path, true, None);
    assert_eq!(
        common::log_lines(&r),
        [
            "A moves their wagon on to the road at (0, 0) E",
            "A moves their wagon on to the road at (1, 0) N"
        ]
    );
    // With no decision written it returns, and is placed again.
    let path = format!("{POSITIONS}/wagon-returns.yaml");
    common::assert_points(&path, true, None, &[("A", 5), ("B", 0)]);
    assert!(common::log_lines(&common::report(&path, true, None)).is_empty());
}

#[test]
fn a_wagon_moves_only_where_the_turn_offers() {
    common::assert_finding(
        &format!("{BAD}/wagon-move-not-offered.yaml"),
        "position::choice_not_offered",
    );
    // A wagon and a mayor block each other under Abbey and Mayor's rule set.
    common::assert_finding(
        &format!("{BAD}/wagon-meets-mayor.yaml"),
        "position::feature_occupied",
    );
}

#[test]
fn the_first_editions_wagon_moves_along_adjoining_features_however_far() {
    // `moving_on`'s `adjoining_option`: the road scores 3, and the wagon goes two tiles
    // west to the monastery the road starts from (a junction of BA/LR), 2 at the end.
    let path = format!("{POSITIONS}/wagon-first-edition.yaml");
    common::assert_points(&path, true, None, &[("A", 5), ("B", 0)]);
    assert_eq!(
        common::log_lines(&common::report(&path, true, None)),
        ["A moves their wagon on to the monastery at (-1, 0) monastery"]
    );
    // The second edition's wagon goes no further than the tiles around its own.
    let mut lp = tessera::replay::load_position(std::path::Path::new(&path)).expect("loads");
    let option = lp
        .game
        .rules
        .option("wagon_first_edition")
        .expect("the option");
    lp.options[option] = false;
    let findings = tessera::replay::replay(&lp, None).expect_err("not offered");
    assert_eq!(findings[0].check.code(), "position::choice_not_offered");
    // Nor does the first edition's go to a city its road merely passes.
    common::assert_finding(
        &format!("{BAD}/wagon-first-edition-beside.yaml"),
        "position::choice_not_offered",
    );
    // A city the abbey closes adjoins the abbey's monastery: 2 for the city, and 8 for
    // the abbey with 7 tiles around it.
    let path = format!("{POSITIONS}/wagon-into-abbey.yaml");
    common::assert_points(&path, true, None, &[("A", 0), ("B", 10)]);
    assert_eq!(
        common::log_lines(&common::report(&path, true, None)),
        ["B moves their wagon on to the monastery at (0, 1) monastery"]
    );
}

#[test]
fn the_abbot_is_taken_back_for_the_points_of_its_monastery() {
    // `recalling`: the monastery and the 3 tiles around it, 4 points, and the abbot is in
    // supply again (nothing of A's stands on the board).
    let path = format!("{POSITIONS}/abbot-recalled.yaml");
    common::assert_points(&path, true, None, &[("A", 4), ("B", 0)]);
    let r = common::report(&path, true, None);
    assert!(r.pieces.is_empty(), "{:?}", r.pieces);
    assert_eq!(
        common::log_lines(&r),
        ["A takes back their abbot at (0, 1) monastery, for the points of the monastery"]
    );
    common::assert_finding(
        &format!("{BAD}/recall-a-follower.yaml"),
        "position::not_recallable",
    );
}

#[test]
fn played_games_write_barns_at_their_corners_and_replay() {
    // `tessera play` under Abbey and Mayor: each barn placed is written at its corner
    // (`at: "NW"`), and the written game replays to the same points.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("barns");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch");
    let mut barns = 0;
    for seed in 3..6 {
        let path = dir.join(format!("am-{seed}.yaml"));
        let played = tessera::play(&tessera::PlayOptions {
            ruleset: Some("rulesets/abbey-mayor.yaml".into()),
            tilesets: [
                "tilesets/base-jcz.yaml",
                "tilesets/abbey-mayor-1.yaml",
                "tilesets/abbey.yaml",
            ]
            .iter()
            .map(std::path::PathBuf::from)
            .collect(),
            players: 2,
            seed,
            agents: Vec::new(),
            out: Some(path.clone()),
        })
        .expect("a game is played");
        // Its paths are relative to `out`, which the command (not the library) writes.
        std::fs::write(&path, &played.position).expect("written");
        for line in played.position.lines() {
            if let Some(rest) = line.split(r#"kind: "barn", at: ""#).nth(1) {
                let at = rest.split('"').next().unwrap_or("");
                assert!(
                    ["NW", "NE", "SE", "SW"].contains(&at),
                    "seed {seed}: {line}"
                );
                barns += 1;
            }
        }
        let report = tessera::score_path(
            &path,
            &tessera::ScoreOptions {
                final_scoring: true,
                ..Default::default()
            },
        )
        .expect("the written game replays");
        let points: Vec<i64> = played
            .players
            .iter()
            .map(|p| report.points(p).expect("a player"))
            .collect();
        assert_eq!(points, played.points, "seed {seed}");
    }
    assert!(barns > 0, "no barn was placed in the games played");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_fairy_scores_beside_its_follower() {
    // `attending`: 1 at the start of A's turn 5 with the fairy beside A's follower, 7 for
    // the road and 3 more for the fairy when it is scored.
    let path = format!("{POSITIONS}/fairy.yaml");
    common::assert_points(&path, false, None, &[("A", 11), ("B", 0)]);
    assert_eq!(
        common::log_lines(&common::report(&path, false, None)),
        [
            "A moves the fairy next to their piece on the road at (1, 0) E",
            "A scores 1 (the fairy beside their piece at the start of the turn)",
            "A scores 3 (the fairy: the feature of the piece it attends scored)"
        ]
    );
    // Before the fairy moves, nothing: turn 4 ends with A's follower alone.
    common::assert_points(&path, false, Some(4), &[("A", 0), ("B", 0)]);
    // Two rule sets played together (`ruleset: [fairy.yaml, mayor.yaml]`): the fairy pays
    // its 3 beside a mayor whose city has no pennant, though nobody has the majority.
    let path = format!("{POSITIONS}/fairy-mayor.yaml");
    common::assert_points(&path, false, None, &[("A", 3)]);
    // Only next to one's own follower.
    common::assert_finding(
        &format!("{BAD}/fairy-beside-another.yaml"),
        "position::not_attendable",
    );
}

#[test]
fn a_magic_portal_sends_the_follower_anywhere_not_completed() {
    // `placing_away`: B's follower goes through the portal onto the start tile's city (1
    // at the end); without a portal, or onto a completed city, it may not.
    let path = format!("{POSITIONS}/portal.yaml");
    common::assert_points(&path, true, None, &[("A", 0), ("B", 1)]);
    common::assert_finding(
        &format!("{BAD}/away-without-portal.yaml"),
        "position::not_anywhere",
    );
    common::assert_finding(
        &format!("{BAD}/portal-to-completed.yaml"),
        "position::feature_completed",
    );
    // The portal is the tile's item, and the follower stands away from it.
    let lp = tessera::replay::load_position(std::path::Path::new(&path)).expect("loads");
    let state = tessera::replay::replay(&lp, None).expect("replays");
    let portal = lp.game.tiles.get("DG/RRR.g").expect("the portal tile");
    assert!(
        lp.game.tiles.tiles[portal]
            .items
            .iter()
            .any(|&(i, n)| lp.game.rules.items[i] == "portal" && n == 1)
    );
    assert_eq!(state.pieces().iter().count(), 1);
}

#[test]
fn the_princess_sends_a_knight_home() {
    // `expelling`: B's princess tile joins the city where A's knight stands, and B sends
    // it home: nobody scores, and A's follower is back in supply.
    let path = format!("{POSITIONS}/princess.yaml");
    common::assert_points(&path, true, None, &[("A", 0), ("B", 0)]);
    assert_eq!(
        common::log_lines(&common::report(&path, true, None)),
        ["B sends A's follower on the city at (0, -1) E home"]
    );
    let lp = tessera::replay::load_position(std::path::Path::new(&path)).expect("loads");
    let state = tessera::replay::replay(&lp, None).expect("replays");
    assert_eq!(
        state.pieces().iter().count(),
        0,
        "the knight left the board"
    );
    // Only with a princess in the tile's city.
    common::assert_finding(
        &format!("{BAD}/princess-elsewhere.yaml"),
        "position::not_expellable",
    );
    // Under the variant where she must act, passing is refused; under the printed rule it
    // is allowed (the same turns without the option).
    common::assert_finding(
        &format!("{BAD}/princess-must-pass.yaml"),
        "position::expel_required",
    );
    let mut lp = tessera::replay::load_position(std::path::Path::new(&format!(
        "{BAD}/princess-must-pass.yaml"
    )))
    .expect("loads");
    let must = lp.game.rules.option("princess_must").expect("the option");
    lp.options[must] = false;
    tessera::replay::replay(&lp, None).expect("passing is allowed when she may act");
}

#[test]
fn a_besieged_city_scores_less_and_its_farmers_more() {
    // Siege's scoring, as cases and terms of `rulesets/siege.yaml`: A's 2-tile besieged
    // city scores 2 (not 4), A's open besieged city nothing at the end (not 1), B's farmer
    // 3 + 3 for the completed besieged city beside the field (not 3).
    let path = format!("{POSITIONS}/siege.yaml");
    common::assert_points(&path, true, None, &[("A", 2), ("B", 6)]);
    // With the element switched off, siege tiles are ordinary city tiles: 4, 1 and 3.
    let mut lp = tessera::replay::load_position(std::path::Path::new(&path)).expect("loads");
    let siege = lp.game.rules.option("siege").expect("the option");
    lp.options[siege] = false;
    let mut state = tessera::replay::replay(&lp, None).expect("replays");
    state.final_scoring();
    assert_eq!(state.points(), &[4, 0]);
    assert_eq!(state.final_points(), &[1, 3]);
    // Under the small-city rule a 2-tile besieged city scores nothing (JCloisterZone's
    // "normal value less one per tile and pennant").
    let mut lp = tessera::replay::load_position(std::path::Path::new(&path)).expect("loads");
    let small = lp.game.rules.option("small_city").expect("the option");
    lp.options[small] = true;
    let state = tessera::replay::replay(&lp, Some(1)).expect("replays");
    assert_eq!(state.points(), &[0, 0]);
}

#[test]
fn a_knight_escapes_a_besieged_city_next_to_a_monastery() {
    // `escaping`: at the end of A's turn 3, A takes their knight back from the besieged
    // city: a monastery lies next to the start tile, one of the city's tiles.
    let path = format!("{POSITIONS}/escape.yaml");
    common::assert_points(&path, true, None, &[("A", 0), ("B", 0)]);
    assert_eq!(
        common::log_lines(&common::report(&path, true, None)),
        ["A takes back their follower at (0, -1) S"]
    );
    let lp = tessera::replay::load_position(std::path::Path::new(&path)).expect("loads");
    let state = tessera::replay::replay(&lp, None).expect("replays");
    assert_eq!(
        state.pieces().iter().count(),
        0,
        "the knight left the board"
    );
    // What the engine offers A at the end of turn 3: staying, or that knight.
    let pending = tessera::replay::pending_decisions(&{
        let mut lp = tessera::replay::load_position(std::path::Path::new(&path)).expect("loads");
        lp.position.turns.as_mut().expect("turns")[2]
            .value
            .choices
            .clear();
        lp
    })
    .expect("replays");
    // The knight stands on the first tile placed after the start tile (placed index 1).
    assert_eq!(pending.len(), 1);
    assert!(pending[0].contains(&tessera::engine::Choice::Stay));
    assert!(
        pending[0]
            .iter()
            .any(|c| matches!(c, tessera::engine::Choice::TakeBack { placed: 1, .. }))
    );
    // Under Hans im Glück's rule the monastery must touch a siege tile: no escape here.
    common::assert_finding(
        &format!("{BAD}/escape-not-next-to-siege-tile.yaml"),
        "position::choices_left",
    );
}

#[test]
fn the_dragon_comes_with_a_volcano_and_takes_the_pieces_where_it_goes() {
    // `roaming`: A's volcano brings the dragon; A's dragon tile makes it move, A choosing
    // the first step (onto the start tile), B the second (onto B's tile, taking B's
    // follower); then no step is left.
    let path = format!("{POSITIONS}/dragon.yaml");
    assert_eq!(
        common::log_lines(&common::report(&path, false, None)),
        [
            "A brings the dragon onto the tile at (0, -1)",
            "A moves the dragon to the tile at (0, 0)",
            "B moves the dragon to the tile at (1, 0)",
            "the dragon takes B's follower on the road at (1, 0) S"
        ]
    );
    let report = common::report(&path, false, None);
    assert_eq!(report.roaming.len(), 1);
    assert_eq!(report.roaming[0].cell, [1, 0]);
    let lp = tessera::replay::load_position(std::path::Path::new(&path)).expect("loads");
    let state = tessera::replay::replay(&lp, None).expect("replays");
    let follower = lp.game.rules.piece("follower").expect("followers");
    assert_eq!(state.supply()[1][follower], 7, "B's follower is back");
    assert_eq!(state.pieces().iter().count(), 1, "A's farmer stays");
    // The steps offered at the start of the move: from the volcano, only the start tile.
    let mut short = tessera::replay::load_position(std::path::Path::new(&path)).expect("loads");
    short.position.turns.as_mut().expect("turns")[2]
        .value
        .choices
        .clear();
    assert!(tessera::replay::replay(&short, None).is_err());
    // Nothing on the dragon's tile, no dragon tile before a volcano, every step written.
    for (file, code) in [
        ("follower-on-the-dragon.yaml", "position::figure_on_tile"),
        ("dragon-before-a-volcano.yaml", "position::held_back"),
        ("dragon-steps-missing.yaml", "position::choice_missing"),
    ] {
        common::assert_finding(&format!("{BAD}/{file}"), code);
    }
    // Moved after the scoring (Rio Grande's rule): the same steps, the same result here.
    let mut late = tessera::replay::load_position(std::path::Path::new(&path)).expect("loads");
    let after = late
        .game
        .rules
        .option("dragon_after_scoring")
        .expect("the option");
    late.options[after] = true;
    let state = tessera::replay::replay(&late, None).expect("replays");
    assert_eq!(state.supply()[1][follower], 7);
}

#[test]
fn the_fairy_keeps_the_dragon_off_its_tile() {
    // `attending`'s `shields`: B's follower with the fairy beside it is safe; the dragon
    // goes west instead and takes A's follower.
    let path = format!("{POSITIONS}/dragon-fairy.yaml");
    let lp = tessera::replay::load_position(std::path::Path::new(&path)).expect("loads");
    let state = tessera::replay::replay(&lp, None).expect("replays");
    let pieces: Vec<usize> = state.pieces().iter().map(|p| p.player).collect();
    assert_eq!(pieces, [1], "only B's follower is left");
    common::assert_finding(
        &format!("{BAD}/dragon-onto-the-fairy.yaml"),
        "position::choice_not_offered",
    );
}

#[test]
fn random_games_with_the_dragon_hold_dragon_tiles_back_until_a_volcano() {
    // In every played game, no dragon tile comes before the first volcano, and the dragon
    // moves; the written games replay to the same points.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut moved = 0;
    for seed in 0..30 {
        let played = tessera::play(&tessera::PlayOptions {
            ruleset: Some(root.join("rulesets/princess-dragon.yaml")),
            tilesets: vec![
                root.join("tilesets/base-jcz.yaml"),
                root.join("tilesets/princess-dragon-1.yaml"),
            ],
            players: 2 + seed as usize % 3,
            seed,
            agents: Vec::new(),
            out: None,
        })
        .expect("a game is played");
        let mut volcano = false;
        for line in played.position.lines() {
            if line.contains(".v\"") {
                volcano = true;
            }
            if line.contains(".d\"") {
                assert!(
                    volcano,
                    "seed {seed}: a dragon tile before a volcano: {line}"
                );
            }
            if line.contains("step:") {
                moved += 1;
            }
        }
    }
    assert!(moved > 0, "the dragon never moved");
}

#[test]
fn the_fairy_on_a_tile_scores_for_the_pieces_there() {
    // `attending`'s `on_tile_option` (JCloisterZone's `fairy-placement: on-tile`): the
    // fairy goes onto the tile of A's highwayman, written without `at`; 1 at the start of
    // A's next turn, then 4 for the road and 3 for the fairy.
    let path = format!("{POSITIONS}/fairy-on-tile.yaml");
    common::assert_points(&path, false, None, &[("A", 8), ("B", 0)]);
    let report = common::report(&path, false, None);
    assert!(report.figures[0].on_tile);
    assert_eq!(report.figures[0].cell, [1, 0]);
    // Without the option the fairy goes next to a piece, and `at` says which.
    let mut lp = tessera::replay::load_position(std::path::Path::new(&path)).expect("loads");
    let on_tile = lp.game.rules.option("fairy_on_tile").expect("the option");
    lp.options[on_tile] = false;
    let findings = tessera::replay::replay(&lp, None).expect_err("`at` is needed");
    assert_eq!(findings[0].check.code(), "position::not_attendable");
}

#[test]
fn a_builder_left_alone_by_the_princess_goes_home() {
    // Two rule sets played together: the princess sends A's knight home, and A's builder,
    // which may stand in the city only beside one of A's followers, follows it.
    let path = format!("{POSITIONS}/princess-lonely-builder.yaml");
    assert_eq!(
        common::log_lines(&common::report(&path, false, None)),
        [
            "B sends A's follower on the city at (0, -1) E home",
            "A takes back their builder at (1, -1) S"
        ]
    );
    let lp = tessera::replay::load_position(std::path::Path::new(&path)).expect("loads");
    let state = tessera::replay::replay(&lp, None).expect("replays");
    assert_eq!(state.pieces().iter().count(), 0, "both went home");
    let builder = lp.game.rules.piece("builder").expect("builders");
    assert_eq!(state.supply()[0][builder], 1);
}

#[test]
fn a_snapshot_says_where_the_figures_stand() {
    // `figures:` in a snapshot: the fairy beside A's highwayman pays 3 when the road is
    // scored at the end (2 + 3); the dragon stands on the volcano, where no piece may go.
    let path = format!("{POSITIONS}/figures-snapshot.yaml");
    common::assert_points(&path, true, None, &[("A", 5), ("B", 0)]);
    let report = common::report(&path, true, None);
    assert_eq!(report.roaming[0].cell, [0, -1]);
    assert_eq!(report.figures[0].cell, [1, 0]);
    common::assert_finding(
        &format!("{BAD}/fairy-snapshot-without-piece.yaml"),
        "position::figure_place",
    );
}

#[test]
fn the_phantom_goes_besides_the_turns_follower() {
    // `extra_pieces`: A's knight closes a city (4) and A's phantom goes on the road of the
    // same tile; B's phantom is B's action, and nothing else is asked of B.
    let path = format!("{POSITIONS}/phantom.yaml");
    common::assert_points(&path, false, None, &[("A", 4), ("B", 0)]);
    let lp = tessera::replay::load_position(std::path::Path::new(&path)).expect("loads");
    let state = tessera::replay::replay(&lp, None).expect("replays");
    let phantom = lp.game.rules.piece("phantom").expect("phantoms");
    let kinds: Vec<(usize, usize)> = state.pieces().iter().map(|p| (p.player, p.kind)).collect();
    assert_eq!(kinds, [(0, phantom), (1, phantom)]);
    // Not where a follower already stands.
    common::assert_finding(
        &format!("{BAD}/phantom-beside-own-follower.yaml"),
        "position::choice_not_offered",
    );
}

#[test]
fn a_wagon_the_dragon_takes_does_not_move_on_and_the_phantom_blocks_it() {
    // `moving_on` moves on only pieces the turn's scoring returned: B's wagon, taken by the
    // dragon from an open road, goes home.
    common::assert_finding(
        &format!("{BAD}/wagon-taken-by-the-dragon.yaml"),
        "position::choices_left",
    );
    // `blocks_followers`: played with Abbey and Mayor, the phantom may not join a wagon.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("phantom-wagon");
    std::fs::create_dir_all(&dir).expect("a directory");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = dir.join("p.yaml");
    std::fs::write(
        &path,
        format!(
            "tileset: [{0}/tilesets/base-jcz.yaml, {0}/tilesets/abbey-mayor-1.yaml]\nruleset: [{0}/rulesets/abbey-mayor.yaml, {0}/rulesets/phantom.yaml]\nplayers: [A, B]\nturns:\n  - {{tile: BA/Cc.1, x: 0, y: -1, rotation: 180, piece: {{kind: wagon, at: S}}, choices: [{{place: {{x: 0, y: -1, at: S}}}}]}}\n",
            root.display()
        ),
    )
    .expect("written");
    common::assert_finding(
        path.to_str().expect("a path"),
        "position::choice_not_offered",
    );
}

#[test]
fn a_raised_tower_captures_within_its_height_and_a_follower_on_top_closes_it() {
    // `building`: A's second floor (height 2) captures B's monk one tile west; B's follower
    // goes on top of the tower from another tile and closes it.
    let path = format!("{POSITIONS}/tower.yaml");
    common::assert_points(&path, false, None, &[("A", 0), ("B", 0)]);
    let lp = tessera::replay::load_position(std::path::Path::new(&path)).expect("loads");
    let state = tessera::replay::replay(&lp, None).expect("replays");
    let follower = lp.game.rules.piece("follower").expect("followers");
    let memory = &state.memory().building;
    assert_eq!(
        memory.prisoners,
        [tessera::mechanism::building::play::Prisoner {
            holder: 0,
            owner: 1,
            kind: follower
        }]
    );
    // The tower at (0, 1): two floors, both A's.
    let tower = state.board().at(0, 1).expect("the tower's tile");
    let node = state.board().node(tower, 0);
    assert_eq!(tessera::mechanism::building::play::height(&state, node), 2);
    assert_eq!(
        tessera::mechanism::building::play::tokens_left(&state, 0, 0),
        8
    );
    assert_eq!(
        tessera::mechanism::building::play::tokens_left(&state, 0, 1),
        10
    );
    // B: one follower held, one on top of the tower.
    assert_eq!(state.supply()[1][follower], 5);
    let on_top: Vec<(usize, u32)> = state
        .pieces()
        .iter()
        .map(|p| (p.player, state.board().graph[p.node].placed))
        .collect();
    assert_eq!(on_top, [(1, tower)]);
    // Closed: no floor goes on it any more; a bare foundation takes no follower; a capture
    // reaches only as far as the height, straight.
    common::assert_finding(
        &format!("{BAD}/tower-floor-on-closed-tower.yaml"),
        "position::not_buildable",
    );
    common::assert_finding(
        &format!("{BAD}/tower-capture-out-of-reach.yaml"),
        "position::choice_not_offered",
    );
}

#[test]
fn a_ransom_of_three_points_brings_a_captured_follower_back() {
    // A (4 points from a city) pays B 3 for the monk B captured, and places it again.
    let path = format!("{POSITIONS}/tower-ransom.yaml");
    common::assert_points(&path, false, None, &[("A", 1), ("B", 3)]);
    let lp = tessera::replay::load_position(std::path::Path::new(&path)).expect("loads");
    let state = tessera::replay::replay(&lp, None).expect("replays");
    assert!(state.memory().building.prisoners.is_empty());
    let follower = lp.game.rules.piece("follower").expect("followers");
    assert_eq!(state.supply()[0][follower], 6);
    // A second ransom in the same turn, or one without the points, is refused.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("tower-ransom");
    std::fs::create_dir_all(&dir).expect("a directory");
    let text = std::fs::read_to_string(&path).expect("the position");
    let poor = text.replace(
        "  - {tile: \"BA/CRr\", x: 0, y: -1, rotation: 180, piece: {kind: follower, at: S}}\n",
        "  - {tile: \"BA/CRr\", x: 0, y: -1, rotation: 180}\n",
    );
    assert_ne!(poor, text);
    let poor_path = dir.join("poor.yaml");
    std::fs::write(
        &poor_path,
        poor.replace("../../../", &format!("{}/", env!("CARGO_MANIFEST_DIR"))),
    )
    .expect("written");
    common::assert_finding(
        poor_path.to_str().expect("a path"),
        "position::ransom_refused",
    );
}

#[test]
fn a_castle_is_paid_by_the_first_feature_completed_near_it() {
    // `converting`: A's castle takes the 3 points of a road no one holds, completed beside
    // it, and A's knight returns; A's second castle, not paid by the end, scores 0.
    let path = format!("{POSITIONS}/castle.yaml");
    common::assert_points(&path, true, None, &[("A", 3), ("B", 0)]);
    let report = common::report(&path, true, None);
    let texts: Vec<&str> = report.log.iter().map(|l| l.text.as_str()).collect();
    assert!(
        texts.contains(
            &"A scores 3 for their castle at (0, 0) (0, -1), the points of a feature completed near it"
        ),
        "{texts:?}"
    );
    assert!(
        texts.contains(
            &"A scores 0 for their castle at (1, -1) (2, -1), not paid by the end of the game"
        ),
        "{texts:?}"
    );
    // The first castle's knight returned; the second's stays on it. No city scored.
    assert_eq!(report.pieces.len(), 1);
    assert!(report.features.iter().all(|f| f.feature != "city"));
    common::assert_finding(
        &format!("{BAD}/castle-without-knight.yaml"),
        "position::choices_left",
    );
}

#[test]
fn a_farmer_counts_a_castle_one_more_than_a_city() {
    // The castle's farmer bonus (`linked_bonus`): a field touching two castles and one
    // completed city scores 3 × 3 + 2. B's tile closes A's second small city: the
    // castle is A's to make, asked of the players in turn from B.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("castle-field");
    std::fs::create_dir_all(&dir).expect("a directory");
    let root = env!("CARGO_MANIFEST_DIR");
    let path = dir.join("field.yaml");
    std::fs::write(
        &path,
        format!(
            "tileset: {root}/tilesets/base-jcz.yaml\nruleset: {root}/rulesets/castle.yaml\nplayers: [A, B]\nturns:\n  - {{tile: BA/CC.2, x: 0, y: -1, rotation: 270, piece: {{kind: follower, at: NL}}}}\n  - {{tile: BA/C, x: -1, y: -1, rotation: 90, piece: {{kind: follower, at: E}}, choices: [{{convert: {{x: -1, y: -1, at: E}}}}]}}\n  - {{tile: BA/C, x: 0, y: -2, piece: {{kind: follower, at: N}}}}\n  - {{tile: BA/C, x: 0, y: -3, rotation: 180, choices: [{{convert: {{x: 0, y: -3, at: S}}}}]}}\n"
        ),
    )
    .expect("written");
    let report = common::report(path.to_str().expect("a path"), true, None);
    let field = report
        .features
        .iter()
        .find(|f| f.feature == "field")
        .expect("the field scored");
    assert_eq!(field.points, 9, "{field:?}");
    assert_eq!(field.raised.get("A"), Some(&2), "{field:?}");
}

#[test]
fn bridges_carry_roads_over_fields_on_the_tile_placed_and_beside_it() {
    // `spanning`: a bridge across the tile placed (over its own road) takes a follower and
    // B's curve on; a bridge across a monastery; a bridge a placement needs, laid on the
    // tile beside. Roads: 3 tiles over two bridges, 5 tiles under the first and over the
    // second (each tile once).
    let path = format!("{POSITIONS}/bridge.yaml");
    common::assert_points(&path, true, None, &[("A", 8), ("B", 0)]);
    let report = common::report(&path, true, None);
    let texts: Vec<&str> = report.log.iter().map(|l| l.text.as_str()).collect();
    for line in [
        "A lays a bridge across the tile at (1, 0), north to south",
        "A lays a bridge across the tile at (1, 1), north to south",
        "A lays a bridge across the tile at (2, -1), north to south",
    ] {
        assert!(texts.contains(&line), "{line}: {texts:?}");
    }
    let roads: Vec<u32> = report
        .features
        .iter()
        .filter(|f| f.feature == "road")
        .map(|f| f.tiles.len() as u32)
        .collect();
    assert_eq!(roads, [5, 3], "{:?}", report.features);
    // A road under a tile and back over a bridge laid across it from the tile beside
    // counts the tile once: 8 tiles (a fresh trial found it counted twice).
    let under_over = format!("{POSITIONS}/bridge-under-over.yaml");
    common::assert_points(&under_over, true, None, &[("A", 8), ("B", 4)]);
    // Without the bridge the monastery needs, the road tile fits nowhere there; a second
    // bridge on one tile is refused.
    common::assert_finding(
        &format!("{BAD}/bridge-needed.yaml"),
        "position::edge_mismatch",
    );
    common::assert_finding(
        &format!("{BAD}/bridge-twice.yaml"),
        "position::not_spannable",
    );
}

#[test]
fn a_bridge_needed_is_laid_as_written_or_found() {
    // `span: needed` lays the bridge the placement needs (as JCloisterZone does unasked):
    // on the tile placed when that fits, else none where the tile fits without one.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("bridge-needed");
    std::fs::create_dir_all(&dir).expect("a directory");
    let root = env!("CARGO_MANIFEST_DIR");
    let path = dir.join("needed.yaml");
    std::fs::write(
        &path,
        format!(
            "tileset: {root}/tilesets/base-jcz.yaml\nruleset: {root}/rulesets/bridge.yaml\nplayers: [A, B]\nturns:\n  - {{tile: BA/L, x: 1, y: 0, span: needed, piece: {{kind: follower, at: W}}}}\n  - {{tile: BA/L, x: -1, y: 0, rotation: 90, span: needed}}\n  - {{tile: BA/C, x: 0, y: 1, rotation: 180, span: needed}}\n"
        ),
    )
    .expect("written");
    let report = common::report(path.to_str().expect("a path"), true, None);
    let bridges = report
        .log
        .iter()
        .filter(|l| l.text.contains("lays a bridge"))
        .count();
    // Both monasteries need one (a field side against the start tile's road); the city
    // south of the start tile needs none.
    assert_eq!(bridges, 2, "{:?}", report.log);
    // A's follower on the first bridge: the road of 3 tiles, open at both ends.
    common::assert_points(
        path.to_str().expect("a path"),
        true,
        None,
        &[("A", 3), ("B", 0)],
    );
}

#[test]
fn a_bazaar_auctions_a_tile_per_player_and_each_plays_the_one_taken() {
    // `auctioning`: B sells BA/C to C for 2; the next player without a tile after B, A,
    // buys BA/L from B's bid of 1; B takes the last tile. B, C and A then play the tiles
    // they took, in turn order from B.
    let path = format!("{POSITIONS}/bazaar.yaml");
    common::assert_points(&path, false, None, &[("A", -1), ("B", 3), ("C", -2)]);
    let report = common::report(&path, false, None);
    let texts: Vec<&str> = report.log.iter().map(|l| l.text.as_str()).collect();
    for line in [
        "B sells BA/C to C for 2 points",
        "C pays 2 points for BA/C at the bazaar",
        "B gets 2 points for BA/C at the bazaar",
        "A buys BA/L for 1 point from B",
        "B takes the last tile of the auction, BA/RFr",
    ] {
        assert!(texts.contains(&line), "{line}: {texts:?}");
    }
    // The next turn before the auction, another tile than the one taken, a raise no higher
    // than the bid, an auction after a tile without a bazaar.
    for (file, code) in [
        ("bazaar-before-auction.yaml", "position::auction_first"),
        ("bazaar-wrong-tile.yaml", "position::auction_first"),
        ("bazaar-low-bid.yaml", "position::auction_refused"),
        ("bazaar-not-due.yaml", "position::auction_refused"),
        ("bazaar-chooser-passes.yaml", "position::auction_refused"),
    ] {
        common::assert_finding(&format!("{BAD}/{file}"), code);
    }
    // Each refusal says which rule the auction breaks, at the value written.
    for (file, says) in [
        (
            "bazaar-not-due.yaml",
            "no auction follows this turn: `BA/RFr` carries no item that starts one",
        ),
        (
            "bazaar-low-bid.yaml",
            "round 1's 2nd bid (2) is not higher than the highest before it (2)",
        ),
        ("bazaar-chooser-passes.yaml", "round 1's chooser passes"),
    ] {
        let v = tessera::validate_file(std::path::Path::new(&format!("{BAD}/{file}")), None)
            .expect("readable");
        assert!(
            v.findings.iter().any(|f| f.message == says),
            "{file}: {:?}",
            v.findings.iter().map(|f| &f.message).collect::<Vec<_>>()
        );
    }
}

#[test]
fn without_bids_each_player_chooses_a_tile_in_turn() {
    // The option `bazaar_bids` off (JCloisterZone's rule `bazaar-no-auction`): no points
    // move; a bid written is refused.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("bazaar-no-bids");
    std::fs::create_dir_all(&dir).expect("a directory");
    let root = env!("CARGO_MANIFEST_DIR");
    let head = format!(
        "tileset: [{root}/tilesets/base-jcz.yaml, {root}/tilesets/bridges-castles-bazaars-1.yaml]\nruleset: {root}/rulesets/bridges-castles-bazaars.yaml\noptions: {{bazaar_bids: false}}\nplayers: [A, B]\nturns:\n"
    );
    let good = dir.join("good.yaml");
    std::fs::write(
        &good,
        format!("{head}  - {{tile: BB/F.b, x: 0, y: 1, auction: {{tiles: [BA/C, BA/L], rounds: [{{tile: BA/L}}]}}}}\n  - {{tile: BA/L, x: 1, y: 1}}\n  - {{tile: BA/C, x: 0, y: 2, rotation: 180}}\n"),
    )
    .expect("written");
    common::assert_points(
        good.to_str().expect("a path"),
        false,
        None,
        &[("A", 0), ("B", 0)],
    );
    let report = common::report(good.to_str().expect("a path"), false, None);
    assert!(
        report
            .log
            .iter()
            .any(|l| l.text == "B chooses BA/L at the auction"),
        "{:?}",
        report.log
    );
    let bad = dir.join("bad.yaml");
    std::fs::write(
        &bad,
        format!("{head}  - {{tile: BB/F.b, x: 0, y: 1, auction: {{tiles: [BA/C, BA/L], rounds: [{{tile: BA/L, bids: [1, pass]}}]}}}}\n"),
    )
    .expect("written");
    common::assert_finding(bad.to_str().expect("a path"), "position::auction_refused");
}
