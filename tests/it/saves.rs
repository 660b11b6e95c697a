//! JCloisterZone saved games (`.jcz`) scored as positions: JCloisterZone's own MIT saved
//! game with the points its Java test expects, games played by tessera written in the 6.x
//! save format and read back to the same points, `tessera import jcz-save`, and a save
//! that needs what tessera does not play refused with the list.

use std::path::{Path, PathBuf};

use crate::common::assert_points;
use tessera::diag::SourceFile;
use tessera::jcz::save::import_save;
use tessera::{Failure, PlayOptions, ScoreOptions, play, score_path};

/// JCloisterZone's `saved-games/basic/scoringFarms.jcz` (4.4 format, MIT; see
/// tests/fixtures/jcz-saves/README.md).
const FARMS: &str = "tests/fixtures/jcz-saves/scoringFarms.jcz";

#[test]
fn jczs_own_saved_game_scores_as_its_java_test_expects() {
    // github.com/farin/JCloisterZone, src/test/java/com/jcloisterzone/game/BasicScoringTest
    // (scoringFarms): A 9, B 15 after end-of-game scoring (the save ends with GAME_OVER).
    assert_points(FARMS, false, None, &[("Alice", 9), ("Bob", 15)]);
    let file = SourceFile::new(
        Path::new(FARMS),
        std::fs::read_to_string(FARMS).expect("fixture"),
    );
    let save = import_save(&file).expect("a base-game save");
    assert!(save.ended, "GAME_OVER ends the game");
    assert_eq!(save.players, ["Alice", "Bob"]);
    assert!(
        save.yaml
            .contains("tileset: [\"bundled:tilesets/base-jcz.yaml\"]"),
        "{}",
        save.yaml
    );
}

#[test]
fn import_jcz_save_writes_a_position_that_replays_to_the_same_points() {
    let dir = std::env::temp_dir().join(format!("tessera-saves-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let out = dir.join("farms.yaml");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["import", "jcz-save", FARMS, "-o"])
        .arg(&out)
        .output()
        .expect("tessera runs");
    assert!(run.status.success(), "{run:?}");
    let said = String::from_utf8_lossy(&run.stderr);
    assert!(
        said.contains("6 turns of 2 players, the game over"),
        "{said}"
    );
    let text = std::fs::read_to_string(&out).expect("written");
    assert!(text.contains("ended: true"), "{text}");
    // Scored without --final: the position says the game is over.
    let path = out.to_string_lossy().into_owned();
    assert_points(&path, false, None, &[("Alice", 9), ("Bob", 15)]);
    // Replayed to fewer turns, it is a game in progress: no end-of-game scoring.
    assert_points(&path, false, Some(5), &[("Alice", 0), ("Bob", 0)]);
    // Never over an existing file unless asked.
    let again = std::process::Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["import", "jcz-save", FARMS, "-o"])
        .arg(&out)
        .output()
        .expect("tessera runs");
    assert_eq!(again.status.code(), Some(1), "{again:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game tessera played on the JCloisterZone base set, written as a FanCloisterZone 6.x
/// save: PLACE_TILE / DEPLOY_MEEPLE or PASS / COMMIT per turn, with the player index, the
/// location in board orientation (a field's half-side `NL`, a side `N`, `I` for a
/// monastery) and `gameAnnotations.endTurn`.
fn as_save(position: &str, players: &[String]) -> String {
    as_test_save(position, players, &[])
}

/// Like [`as_save`], with a FanCloisterZone `test` block of these assertions.
fn as_test_save(position: &str, players: &[String], assertions: &[String]) -> String {
    // With Inns and Cathedrals and the river when the game was played with their tiles
    // (a game with the river starts with its spring).
    let ic = position.contains("inns-cathedrals-1.yaml");
    let river = position.contains("river-1.yaml");
    let mut sets = serde_json::json!({"basic:1": 1});
    let mut elements = serde_json::json!({"small-follower": 7, "farmers": true});
    if ic {
        sets["inns-and-cathedrals:1"] = 1.into();
        elements["big-follower"] = 1.into();
        elements["cathedral"] = true.into();
        elements["inn"] = true.into();
    }
    if river {
        sets["river/1:1"] = 1.into();
    }
    // The pig switched on alone (its own rule set).
    if position.contains("rulesets/pig.yaml") {
        elements["pig"] = 1.into();
    }
    // Traders and Builders' tiles, with its goods, builder and pig.
    if position.contains("traders-builders-1.yaml") {
        sets["traders-and-builders:1"] = 1.into();
        elements["traders"] = true.into();
        elements["builder"] = 1.into();
        elements["pig"] = 1.into();
    }
    // King and Robber's tiles, with both titles.
    if position.contains("king-robber-1.yaml") {
        sets["king-and-robber:1"] = 1.into();
        elements["king"] = true.into();
        elements["robber"] = true.into();
    }
    // The second edition's tiles, with the abbot and gardens.
    if position.contains("base-jcz-2.yaml") {
        sets = serde_json::json!({"basic:2": 1});
        elements["abbot"] = 1.into();
        elements["garden"] = true.into();
    }
    let start = if river { "RI/s" } else { "BA/RCr" };
    // JCloisterZone's meeple types for the rule sets' piece kinds.
    let meeple = |kind: Option<&str>| match kind {
        Some("large_follower") => "big",
        Some("pig") => "pig",
        Some("abbot") => "abbot",
        Some("builder") => "builder",
        _ => "small",
    };
    let file = SourceFile::new(Path::new("played.yaml"), position.to_string());
    let lp = tessera::replay::load_position_file(&file).expect("a played position loads");
    let mut actions = Vec::new();
    let turns = lp.position.turns.as_ref().expect("a turn log");
    // A turn names its player, or is the next player's (the first turn: the first's).
    let mut next = 0;
    for t in turns {
        let t = &t.value;
        let player = t
            .player
            .as_ref()
            .and_then(|p| players.iter().position(|n| *n == p.value))
            .unwrap_or(next);
        next = (player + 1) % players.len();
        actions.push(serde_json::json!({
            "type": "PLACE_TILE", "player": player,
            "payload": {"tileId": t.tile.value, "rotation": format!("R{}", t.rotation.value),
                        "position": [t.x.value, t.y.value]}
        }));
        match &t.piece {
            Some(p) => {
                let at = p.value.at();
                // A monastery and a garden are both the inner location `I`; 6.x names
                // the feature.
                // A field inside the tile (no slot) is `I`, `II`, ... in the tile's order.
                let rules = &lp.game.rules;
                let tiles = &lp.game.tiles;
                let inner = tiles.get(&t.tile.value).and_then(|id| {
                    tiles.tiles[id]
                        .segments
                        .iter()
                        .filter(|s| s.slots.is_empty() && rules.features[s.feature].name == "field")
                        .position(|s| s.id == at)
                });
                let (location, feature) = match (at, inner) {
                    ("monastery", _) => ("I", "Monastery"),
                    ("garden", _) => ("I", "Garden"),
                    (_, Some(n)) => (["I", "II", "III", "IV"][n], "Field"),
                    _ => (at, ""),
                };
                actions.push(serde_json::json!({
                    "type": "DEPLOY_MEEPLE", "player": player,
                    "payload": {"pointer": {"position": [t.x.value, t.y.value], "location": location,
                                            "feature": feature},
                                "meepleId": format!("{player}.{}.1", meeple(p.value.kind()))}
                }));
            }
            // The abbot taken back for its points.
            None if t.recall.is_some() => {
                let r = t.recall.as_ref().map(|r| &r.value).expect("a recall");
                let (location, feature) = match r.at.value.as_str() {
                    "garden" => ("I", "Garden"),
                    _ => ("I", "Monastery"),
                };
                actions.push(serde_json::json!({
                    "type": "RETURN_MEEPLE", "player": player,
                    "payload": {"source": "ABBOT_RETURN",
                                "pointer": {"featurePointer": {"position": [r.x.value, r.y.value],
                                                               "location": location, "feature": feature},
                                            "meepleId": format!("{player}.abbot.1")}}
                }));
            }
            None => {
                actions.push(serde_json::json!({"type": "PASS", "player": player, "payload": {}}))
            }
        }
        actions.push(serde_json::json!({"type": "COMMIT", "player": player, "payload": {}}));
    }
    serde_json::json!({
        "appVersion": "6.2.0",
        "name": "played by tessera",
        "setup": {"sets": sets, "elements": elements,
                  "rules": {}, "start": [{"tile": start, "x": 0, "y": 0, "rotation": 0}]},
        "players": players.iter().enumerate().map(|(i, n)| serde_json::json!({"name": n, "slot": i})).collect::<Vec<_>>(),
        "replay": actions,
        "gameAnnotations": {"endTurn": turns.len()},
        "test": {"description": "played by tessera", "assertions": assertions}
    })
    .to_string()
}

#[test]
fn games_played_on_the_jcz_sets_score_the_same_as_saves() {
    // Whole games (every role, monasteries, farmers; with Inns and Cathedrals: the large
    // follower, inns, cathedrals; with the river, its tiles first from the spring; with the
    // pig alone, its owner's fields raised; the second edition's tiles with abbots on
    // monasteries and gardens; King and Robber's titles) through the save format: the
    // save's points are the played game's, for several seeds and seats.
    let dir = std::env::temp_dir().join(format!("tessera-played-saves-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let base = ["tilesets/base-jcz.yaml"];
    let ic = ["tilesets/base-jcz.yaml", "tilesets/inns-cathedrals-1.yaml"];
    let games = [
        (1, 2, &base[..]),
        (2, 3, &base),
        (3, 4, &base),
        (4, 2, &base),
        (5, 5, &base),
    ];
    let ic_games = [(6, 2, &ic[..]), (7, 3, &ic), (8, 4, &ic)];
    // The river first: its spring is the start tile.
    let river = ["tilesets/river-1.yaml", "tilesets/base-jcz.yaml"];
    let ic_river = [
        "tilesets/river-1.yaml",
        "tilesets/base-jcz.yaml",
        "tilesets/inns-cathedrals-1.yaml",
    ];
    let river_games = [
        (9, 2, &river[..]),
        (10, 3, &river),
        (11, 2, &ic_river),
        (12, 4, &ic_river),
    ];
    // The pig alone, with the base set; the second edition's tiles with the abbot.
    let pig_games = [(13, 2, &base[..]), (14, 3, &base)];
    let abbot = ["tilesets/base-jcz-2.yaml"];
    let abbot_games = [(15, 2, &abbot[..]), (16, 3, &abbot), (17, 4, &abbot)];
    let king_robber = ["tilesets/base-jcz.yaml", "tilesets/king-robber-1.yaml"];
    let king_robber_games = [(18, 2, &king_robber[..]), (19, 3, &king_robber)];
    let traders = ["tilesets/base-jcz.yaml", "tilesets/traders-builders-1.yaml"];
    let traders_games = [(20, 2, &traders[..]), (21, 3, &traders), (22, 4, &traders)];
    let games = games
        .into_iter()
        .chain(ic_games)
        .chain(river_games)
        .map(|g| (g, false))
        .chain(pig_games.into_iter().map(|g| (g, true)))
        .chain(abbot_games.into_iter().map(|g| (g, false)))
        .chain(king_robber_games.into_iter().map(|g| (g, false)))
        .chain(traders_games.into_iter().map(|g| (g, false)));
    let mut recalls = 0;
    for ((seed, players, sets), pig) in games {
        let ruleset = match (
            sets.contains(&"tilesets/inns-cathedrals-1.yaml"),
            sets.contains(&"tilesets/river-1.yaml"),
        ) {
            (true, true) => Some("rulesets/base-ic-river.yaml"),
            (true, false) => Some("rulesets/inns-cathedrals.yaml"),
            (false, true) => Some("rulesets/river.yaml"),
            (false, false) if pig => Some("rulesets/pig.yaml"),
            (false, false) if sets.contains(&"tilesets/base-jcz-2.yaml") => {
                Some("rulesets/abbot.yaml")
            }
            (false, false) if sets.contains(&"tilesets/king-robber-1.yaml") => {
                Some("rulesets/king-robber.yaml")
            }
            (false, false) if sets.contains(&"tilesets/traders-builders-1.yaml") => {
                Some("rulesets/traders-builders.yaml")
            }
            (false, false) => None,
        };
        let played = play(&PlayOptions {
            ruleset: ruleset.map(PathBuf::from),
            tilesets: sets.iter().map(PathBuf::from).collect(),
            players,
            seed,
            agents: Vec::new(),
            out: None,
        })
        .expect("a game is played");
        if pig {
            assert!(
                played.position.contains(r#"kind: "pig""#),
                "seed {seed}: a pig is placed"
            );
        }
        if sets == traders {
            assert!(
                played.position.contains(r#"kind: "builder""#),
                "seed {seed}: a builder is placed"
            );
        }
        if sets == abbot {
            assert!(
                played.position.contains(r#"kind: "abbot""#),
                "seed {seed}: an abbot is placed"
            );
            recalls += played.position.matches("recall:").count();
        }
        let path = dir.join(format!("game-{seed}.jcz"));
        std::fs::write(&path, as_save(&played.position, &played.players)).expect("written");
        let report = score_path(&path, &ScoreOptions::default()).expect("the save scores");
        let points: Vec<i64> = played
            .players
            .iter()
            .map(|p| report.points(p).expect("a player of the save"))
            .collect();
        assert_eq!(points, played.points, "seed {seed}, {players} players");
    }
    // Abbots are taken back for their points too (`RETURN_MEEPLE` in the saves).
    assert!(recalls > 0, "no abbot was taken back");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_save_that_needs_what_tessera_lacks_is_refused_with_everything_missing() {
    let text = r#"{
  "appVersion": "6.2.0",
  "setup": {
    "sets": {"basic:1": 1, "corn-circles/1": 1},
    "elements": {"small-follower": 7, "farmers": true, "mage": 3},
    "rules": {"fairy-placement": "on-tile"},
    "start": [{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}]
  },
  "players": [{"name": "Ann", "slot": 0}, {"name": "Ben", "slot": 1}],
  "replay": [
    {"type": "PLACE_TILE", "player": 0, "payload": {"tileId": "BA/C", "rotation": "R0", "position": [0, -1]}},
    {"type": "MOVE_NEUTRAL_FIGURE", "player": 0, "payload": {"figureId": "dragon", "to": [0, -1]}}
  ]
}"#;
    let file = SourceFile::new(Path::new("bridges.jcz"), text.to_string());
    let Err(Failure::Findings(findings)) = import_save(&file) else {
        panic!("refused");
    };
    let said: Vec<(String, usize)> = findings
        .iter()
        .map(|f| {
            assert_eq!(f.check.code(), "jcz::save_unsupported");
            (f.message.clone(), f.position().expect("located").1)
        })
        .collect();
    let expect = [
        ("set `corn-circles/1`", 4),
        ("element `mage: 3`", 5),
        ("rule switch `fairy-placement: \"on-tile\"`", 6),
        ("the action `MOVE_NEUTRAL_FIGURE`", 12),
    ];
    assert_eq!(said.len(), expect.len(), "{said:?}");
    for ((message, line), (what, want)) in said.iter().zip(expect) {
        assert!(message.contains(what), "{message} names {what}");
        assert_eq!(*line, want, "{message}");
    }
}

#[test]
fn a_file_that_is_not_a_save_is_one_finding() {
    for text in ["{\"setup\": 1, \"replay\": []}", "{ not json", "[]"] {
        let file = SourceFile::new(Path::new("broken.jcz"), text.to_string());
        match import_save(&file) {
            Err(Failure::Findings(f)) => {
                assert_eq!(f.len(), 1, "{text}: {f:?}");
                assert_eq!(f[0].check.code(), "jcz::save_format", "{text}");
                assert!(f[0].position().is_some(), "{text}: located");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn a_broken_save_is_a_format_finding_at_its_action() {
    // Saves JCloisterZone cannot write: each is `jcz::save_format`, located at the value
    // or action at fault, never "not played yet".
    let save = |sets: &str, start_rotation: &str, replay: &str, end: &str| {
        format!(
            r#"{{"appVersion": "6.2.0", "players": [{{"name": "Ann", "slot": 0}}, {{"name": "Ben", "slot": 1}}],
  "setup": {{"sets": {sets}, "elements": {{"small-follower": 7}}, "rules": {{}},
    "start": [{{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": {start_rotation}}}]}},
  "replay": [{replay}]{end}}}"#
        )
    };
    let place = |player: u32, x: i32| {
        format!(
            r#"{{"type": "PLACE_TILE", "player": {player}, "payload": {{"tileId": "BA/RFr", "rotation": "R0", "position": [{x}, 0]}}}}"#
        )
    };
    let commit =
        |player: u32| format!(r#"{{"type": "COMMIT", "player": {player}, "payload": {{}}}}"#);
    let basic = r#"{"basic:1": 1}"#;
    let cases = [
        (
            save(
                basic,
                "0",
                &format!("{}, {}, {}", place(0, 1), commit(0), place(0, 2)),
                "",
            ),
            "is played by Ann (player 0), and it is Ben's turn (player 1)",
            "\"PLACE_TILE\", \"player\": 0, \"payload\": {\"tileId\": \"BA/RFr\", \"rotation\": \"R0\", \"position\": [2",
        ),
        (
            save(
                basic,
                "0",
                &format!(
                    r#"{}, {{"type": "DEPLOY_MEEPLE", "player": 0, "payload": {{"pointer": {{"position": [1, 0], "location": "WE"}}, "meepleId": "1.small.1"}}}}"#,
                    place(0, 1)
                ),
                "",
            ),
            "is played by player 0 with player 1's piece `1.small.1`",
            "\"DEPLOY_MEEPLE\"",
        ),
        (
            save(
                basic,
                "0",
                r#"{"type": "UNDO", "player": 0, "payload": {}}"#,
                "",
            ),
            "(UNDO) has nothing to undo",
            "\"UNDO\"",
        ),
        (
            save(basic, "45", "", ""),
            "the start tile's rotation is `45`",
            "\"rotation\": 45",
        ),
        (
            save("{}", "0", "", ""),
            "no set in `setup.sets`",
            "\"sets\"",
        ),
        (
            save(
                basic,
                "0",
                &format!(
                    "{}, {}, {}, {}",
                    place(0, 1),
                    commit(0),
                    place(1, 2),
                    commit(1)
                ),
                r#", "gameAnnotations": {"endTurn": 1}"#,
            ),
            "`endTurn` is 1, and the save places 2 tiles",
            "\"endTurn\"",
        ),
        (
            save(basic, "0", "", r#", "gameAnnotations": {"endTurn": "2"}"#),
            "`endTurn` is \"2\", not a whole number of turns",
            "\"endTurn\"",
        ),
    ];
    for (text, message, at) in cases {
        let file = SourceFile::new(Path::new("broken.jcz"), text.clone());
        match import_save(&file) {
            Err(Failure::Findings(f)) => {
                assert_eq!(f.len(), 1, "{text}: {f:?}");
                assert_eq!(f[0].check.code(), "jcz::save_format", "{text}: {f:?}");
                assert!(f[0].message.contains(message), "{text}: {}", f[0].message);
                let offset = f[0].labels[0].0.offset();
                let here = text[offset..].trim_start_matches('"');
                assert!(
                    here.starts_with(at.trim_start_matches('"')),
                    "{message}: at {:?}",
                    &here[..here.len().min(40)]
                );
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn check_saves_refuses_paths_with_nothing_to_check() {
    let dir = std::env::temp_dir().join(format!("tessera-nothing-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary directory");
    // A save without a test block only.
    std::fs::copy(FARMS, dir.join("farms.jcz")).expect("copied");
    let run = |path: &Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_tessera"))
            .arg("check-saves")
            .arg(path)
            .output()
            .expect("tessera runs")
    };
    let empty = run(&dir);
    assert_eq!(empty.status.code(), Some(1), "{empty:?}");
    assert!(
        String::from_utf8_lossy(&empty.stderr).contains("no saved game with a `test` block"),
        "{empty:?}"
    );
    #[cfg(unix)]
    {
        let fifo = dir.join("pipe.jcz");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let out = run(&fifo);
            assert_eq!(out.status.code(), Some(1), "{out:?}");
            assert!(
                String::from_utf8_lossy(&out.stderr).contains("neither a file nor a directory"),
                "{out:?}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_saves_compares_the_assertions_it_can_evaluate() {
    // Three saves of our own: one whose assertions hold (totals, a scored feature, the
    // phase at the end, and undo, which it does not evaluate), one with a wrong total, one
    // out of scope.
    let dir = std::env::temp_dir().join(format!("tessera-check-saves-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("basic")).expect("temporary directory");
    let played = play(&PlayOptions {
        ruleset: None,
        tilesets: vec![PathBuf::from("tilesets/base-jcz.yaml")],
        players: 2,
        seed: 11,
        agents: Vec::new(),
        out: None,
    })
    .expect("a game is played");
    let (p1, p2) = (&played.players[0], &played.players[1]);
    let report = {
        let path = dir.join("scratch.jcz");
        std::fs::write(&path, as_save(&played.position, &played.players)).expect("written");
        let r = score_path(&path, &ScoreOptions::default()).expect("scores");
        std::fs::remove_file(&path).expect("removed");
        r
    };
    let scored = report
        .features
        .iter()
        .find(|f| f.scorers.contains(p1))
        .expect("the first player scored something");
    let holds = vec![
        format!("{p1} has {} points", played.points[0]),
        format!("{p2} has {} points.", played.points[1]),
        format!(
            "{p1} scored {} for {} points",
            scored.feature, scored.points
        ),
        "Phase is GameOverPhase".to_string(),
        // JCloisterZone's interface, not a rule: not evaluated.
        "Undo is not allowed".to_string(),
    ];
    let wrong = vec![format!("{p1} has {} points", played.points[0] + 1)];
    let write = |name: &str, assertions: &[String]| {
        let text = as_test_save(&played.position, &played.players, assertions);
        std::fs::write(dir.join("basic").join(name), text).expect("written");
    };
    write("holds.jcz", &holds);
    write("wrong.jcz", &wrong);
    let out_of_scope = as_test_save(&played.position, &played.players, &holds)
        .replace("\"basic:1\":1", "\"basic:1\":1,\"corn-circles/1\":1");
    std::fs::write(dir.join("basic").join("sheep.jcz"), out_of_scope).expect("written");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["check-saves", "--format", "json"])
        .arg(&dir)
        .output()
        .expect("tessera runs");
    assert_eq!(
        run.status.code(),
        Some(2),
        "a disagreement is exit 2: {run:?}"
    );
    let doc: serde_json::Value = serde_json::from_slice(&run.stdout).expect("JSON");
    let verdict = |file: &str| {
        doc["saves"]
            .as_array()
            .expect("saves")
            .iter()
            .find(|s| s["file"].as_str().is_some_and(|f| f.ends_with(file)))
            .unwrap_or_else(|| panic!("{file} in {doc}"))
            .clone()
    };
    let h = verdict("holds.jcz");
    assert_eq!(h["verdict"], "pass", "{h}");
    assert_eq!(h["passed"], 4, "{h}");
    assert_eq!(h["not_evaluated"], 1, "{h}");
    let w = verdict("wrong.jcz");
    assert_eq!(w["verdict"], "fail", "{w}");
    assert!(
        w["failed"][0]
            .as_str()
            .is_some_and(|f| f.contains(&format!("{p1} has {} points", played.points[0]))),
        "{w}"
    );
    let o = verdict("sheep.jcz");
    assert_eq!(o["verdict"], "out", "{o}");
    assert_eq!(o["reasons"][0], "set `corn-circles/1`", "{o}");
    assert_eq!(doc["folders"]["basic"]["pass"], 1, "{doc}");
    assert_eq!(doc["folders"]["basic"]["out"], 1, "{doc}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn validate_and_render_read_saved_games() {
    // `tessera validate` checks a save as the position it reads as; `tessera render` draws
    // its board at the end of the game (end-of-game scoring included).
    let v = tessera::validate_file(Path::new(FARMS), None).expect("readable");
    assert_eq!(v.kind, Some(tessera::schema::FileKind::Position));
    assert!(v.findings.is_empty(), "{:?}", v.findings);
    assert_eq!(v.path, Path::new(FARMS));
    let (svg, _) =
        tessera::render_path(Path::new(FARMS), &tessera::RenderOptions::default()).expect("drawn");
    // Six tiles after the start tile, each drawn once with its JCloisterZone id.
    for id in ["BA/RCr", "BA/C", "BA/RFr", "BA/L"] {
        assert!(svg.contains(id), "{id} drawn");
    }
    // A save that needs what tessera lacks: one finding per thing, exit-2 findings.
    let text = std::fs::read_to_string(FARMS)
        .expect("fixture")
        .replace("\"BASIC\": 1", "\"BASIC\": 1, \"CORN_CIRCLES\": 1");
    let dir = std::env::temp_dir().join(format!("tessera-validate-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let path = dir.join("corn-circles.jcz");
    std::fs::write(&path, text).expect("written");
    let v = tessera::validate_file(&path, None).expect("readable");
    let codes: Vec<&str> = v.findings.iter().map(|f| f.check.code()).collect();
    assert_eq!(codes, ["jcz::save_unsupported"], "{:?}", v.findings);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pieces_are_named_by_the_slot_written() {
    // The report names a piece where it was written, not by its segment's first slot:
    // the save's farmers were placed at `NL.NR.EL.ER.WL.WR` (read as `NL`).
    let r = crate::common::report(FARMS, false, None);
    let at: Vec<&str> = r.pieces.iter().map(|p| p.at.as_str()).collect();
    assert_eq!(at, ["NL", "NL", "NL"], "{:?}", r.pieces);
    // A position of our own: a farmer written at `W` on a field that also lies along N
    // and E (its first slot, `NL`, is what the report used to show).
    let dir = std::env::temp_dir().join(format!("tessera-written-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let path = dir.join("farmer.yaml");
    std::fs::write(
        &path,
        "tileset: bundled:tilesets/base.yaml\nplayers: [A, B]\nturns:\n  - {tile: E, x: 0, y: 1, rotation: 180, piece: W}\n",
    )
    .expect("written");
    let r = crate::common::report(&path.to_string_lossy(), false, None);
    let farmer: Vec<(&str, &str)> = r
        .pieces
        .iter()
        .map(|p| (p.role.as_str(), p.at.as_str()))
        .collect();
    assert_eq!(farmer, [("farmer", "W")]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_turn_the_rules_refuse_is_shown_in_the_save() {
    // The third tile moved away from the board: the finding is in the .jcz, at that
    // turn's PLACE_TILE action, not in the position the save reads as.
    let mut save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(FARMS).expect("fixture")).expect("JSON");
    let third = save["replay"]
        .as_array_mut()
        .expect("actions")
        .iter_mut()
        .filter(|a| a["type"] == "PLACE_TILE")
        .nth(2)
        .expect("a third tile");
    third["payload"]["position"] = serde_json::json!([5, 5]);
    let text = serde_json::to_string_pretty(&save).expect("JSON");
    let dir = std::env::temp_dir().join(format!("tessera-refused-turn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let path = dir.join("apart.jcz");
    std::fs::write(&path, &text).expect("written");
    let Err(Failure::Findings(f)) = score_path(&path, &ScoreOptions::default()) else {
        panic!("a tile that touches no other is refused");
    };
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].check.code(), "position::not_adjacent");
    let (file, line, _) = f[0].position().expect("located");
    assert_eq!(file, path.display().to_string());
    let third_line = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains("\"PLACE_TILE\""))
        .nth(2)
        .map(|(i, _)| i + 1);
    assert_eq!(Some(line), third_line);
    // check-saves calls a save it cannot read an error of the suite, not out of scope.
    std::fs::write(dir.join("truncated.jcz"), &text[..text.len() / 2]).expect("written");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["check-saves", "--format", "json"])
        .arg(dir.join("truncated.jcz"))
        .output()
        .expect("tessera runs");
    let doc: serde_json::Value = serde_json::from_slice(&run.stdout).expect("JSON");
    assert_eq!(doc["saves"][0]["verdict"], "error", "{doc}");
    assert_eq!(run.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn inns_and_cathedrals_switches_become_rule_set_options() {
    // JCloisterZone's elements `inn` and `cathedral` (absent in a save that lists
    // elements: off) and its rule `inn-and-cathedral-final-scoring: ignore`.
    let save = |elements: &str, rules: &str| {
        let text = format!(
            r#"{{"appVersion": "6.2.0", "players": [{{"name": "Ann", "slot": 0}}],
  "setup": {{"sets": {{"basic:1": 1, "inns-and-cathedrals:1": 1}},
    "elements": {{"small-follower": 7, "farmers": true, "big-follower": 1{elements}}},
    "rules": {{{rules}}}}},
  "replay": []}}"#
        );
        let imported =
            import_save(&SourceFile::new(Path::new("ic.jcz"), text)).expect("an I&C save");
        imported
            .yaml
            .lines()
            .find(|l| l.starts_with("options:"))
            .expect("options")
            .to_string()
    };
    assert_eq!(
        save("", ""),
        "options: {farmers: true, small_city: false, cathedrals: false, cathedrals_spoil_incomplete: false, inns: false, inns_spoil_incomplete: false}"
    );
    assert_eq!(
        save(
            r#", "cathedral": true, "inn": true"#,
            r#""inn-and-cathedral-final-scoring": "ignore""#
        ),
        "options: {farmers: true, small_city: false, cathedrals: true, cathedrals_spoil_incomplete: false, inns: true, inns_spoil_incomplete: false}"
    );
    assert_eq!(
        save(r#", "cathedral": true, "inn": false"#, ""),
        "options: {farmers: true, small_city: false, cathedrals: true, cathedrals_spoil_incomplete: true, inns: false, inns_spoil_incomplete: false}"
    );
}

#[test]
fn check_saves_compares_the_follower_options_of_the_turn_the_save_stopped_in() {
    // A save stopped after its first tile (the city cap BA/C turned 180 north of the
    // start, no farmers): the only place for a follower is the city, at S; the player is
    // in the step of placing one (ActionPhase), where passing is offered.
    let save = |options: &str, more: &str| {
        format!(
            r#"{{"appVersion": "6.2.0", "players": [{{"name": "Ann", "slot": 0}}, {{"name": "Ben", "slot": 1}}],
  "setup": {{"sets": {{"basic:1": 1}}, "elements": {{"small-follower": 7}}, "rules": {{}},
    "start": [{{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}}]}},
  "replay": [{{"type": "PLACE_TILE", "player": 0,
    "payload": {{"tileId": "BA/C", "rotation": "R180", "position": [0, -1]}}}}],
  "test": {{"description": "options", "assertions": ["Meeple SmallFollower options: {options}"{more}]}}}}"#
        )
    };
    let turn = r#", "Phase is ActionPhase", "Player can pass", "Available action Meeple for SmallFollower""#;
    let doc = check_saves_of(&[
        ("right.jcz", save("{City,S,[0,-1]}", turn)),
        (
            "wrong.jcz",
            save("{City,S,[0,-1]}; {Field,NL.NR.EL.WR,[0,-1]}", ""),
        ),
        (
            "wrong-phase.jcz",
            save(
                "{City,S,[0,-1]}",
                r#", "Phase is TilePhase", "Player can't pass""#,
            ),
        ),
    ]);
    assert_eq!(verdict_of(&doc, "right.jcz")["verdict"], "pass", "{doc}");
    assert_eq!(verdict_of(&doc, "right.jcz")["passed"], 4, "{doc}");
    assert_eq!(verdict_of(&doc, "wrong.jcz")["verdict"], "fail", "{doc}");
    let phase = verdict_of(&doc, "wrong-phase.jcz");
    assert_eq!(phase["passed"], 1, "{doc}");
    assert_eq!(
        phase["failed"][0], "expected `Phase is TilePhase`; tessera: ActionPhase",
        "{doc}"
    );
}

#[test]
fn check_saves_compares_phases_and_tile_placements() {
    // At the start (no action yet) a tile is to be placed and passing is not offered. The
    // city of four sides BA/Cccc+ fits only north of the start tile BA/RCr (city N, road
    // W-E, field S), in any of its four rotations.
    let start = |assertions: &str| {
        format!(
            r#"{{"appVersion": "6.2.0", "players": [{{"name": "Ann", "slot": 0}}],
  "setup": {{"sets": {{"basic:1": 1}}, "elements": {{"small-follower": 7}}, "rules": {{}},
    "start": [{{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}}]}},
  "replay": [],
  "test": {{"description": "start", "assertions": [{assertions}]}}}}"#
        )
    };
    // Ann puts a follower on the road east of the start; Ben extends that road with a
    // straight road (BA/RFr): with farmers off and the road Ann's, Ben has nowhere to put
    // one, and the turn goes straight to its end (CommitActionPhase, no pass).
    let occupied = |assertions: &str| {
        format!(
            r#"{{"appVersion": "6.2.0", "players": [{{"name": "Ann", "slot": 0}}, {{"name": "Ben", "slot": 1}}],
  "setup": {{"sets": {{"basic:1": 1}}, "elements": {{"small-follower": 7}}, "rules": {{}},
    "start": [{{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}}]}},
  "replay": [
    {{"type": "PLACE_TILE", "player": 0, "payload": {{"tileId": "BA/RFr", "rotation": "R0", "position": [1, 0]}}}},
    {{"type": "DEPLOY_MEEPLE", "player": 0, "payload": {{"pointer": {{"position": [1, 0], "location": "WE"}}, "meepleId": "0.small.1"}}}},
    {{"type": "COMMIT", "player": 0, "payload": {{}}}},
    {{"type": "PLACE_TILE", "player": 1, "payload": {{"tileId": "BA/RFr", "rotation": "R0", "position": [2, 0]}}}}],
  "test": {{"description": "occupied", "assertions": [{assertions}]}}}}"#
        )
    };
    let doc = check_saves_of(&[
        (
            "start.jcz",
            start(
                r#""Phase is TilePhase", "Player can't pass", "Available action TilePlacement for BA/Cccc+",
                   "TilePlacement BA/Cccc+ options: [0,-1] - [0,90,180,270]""#,
            ),
        ),
        (
            "start-wrong.jcz",
            start(r#""TilePlacement BA/Cccc+ options: [0,-1] - [0,90]; [0,1] - [0]""#),
        ),
        (
            "occupied.jcz",
            occupied(r#""Phase is CommitActionPhase", "Player can't pass""#),
        ),
        (
            "occupied-wrong.jcz",
            occupied(r#""Available action Meeple for SmallFollower""#),
        ),
    ]);
    let start = verdict_of(&doc, "start.jcz");
    assert_eq!(start["verdict"], "pass", "{doc}");
    assert_eq!(start["passed"], 4, "{doc}");
    let wrong = verdict_of(&doc, "start-wrong.jcz");
    assert_eq!(wrong["verdict"], "fail", "{doc}");
    assert!(
        wrong["failed"][0]
            .as_str()
            .is_some_and(|f| f.ends_with("tessera: [0,-1] 0; [0,-1] 90; [0,-1] 180; [0,-1] 270")),
        "{doc}"
    );
    assert_eq!(verdict_of(&doc, "occupied.jcz")["passed"], 2, "{doc}");
    assert_eq!(verdict_of(&doc, "occupied.jcz")["verdict"], "pass", "{doc}");
    assert_eq!(
        verdict_of(&doc, "occupied-wrong.jcz")["failed"][0],
        "expected `Available action Meeple for SmallFollower`; tessera offers no follower (the game is in CommitActionPhase)",
        "{doc}"
    );
}

/// Runs `tessera check-saves --format json` over saves written to a fresh directory.
fn check_saves_of(saves: &[(&str, String)]) -> serde_json::Value {
    let dir = std::env::temp_dir().join(format!(
        "tessera-saves-{}-{}",
        std::process::id(),
        saves[0].0
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary directory");
    for (name, text) in saves {
        std::fs::write(dir.join(name), text).expect("written");
    }
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["check-saves", "--format", "json"])
        .arg(&dir)
        .output()
        .expect("tessera runs");
    let _ = std::fs::remove_dir_all(&dir);
    serde_json::from_slice(&run.stdout).unwrap_or_else(|e| panic!("JSON ({e}): {run:?}"))
}

/// The result of one save of a `check-saves` JSON report.
fn verdict_of<'a>(doc: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    doc["saves"]
        .as_array()
        .expect("saves")
        .iter()
        .find(|s| s["file"].as_str().is_some_and(|f| f.ends_with(name)))
        .unwrap_or_else(|| panic!("{name} in {doc}"))
}

#[test]
fn jczs_own_saved_games_score_as_its_java_tests_expect() {
    // JCloisterZone's BasicScoringTest and InnsAndCathedralsScoringTest (before commit
    // 3c9385a8): each save's players' totals after end-of-game scoring, and for the two
    // Inns and Cathedrals games the points by feature kind.
    let cases: [(&str, i64, i64); 5] = [
        ("scoring", 14, 11),
        ("scoringMultiTiles", 28, 13),
        ("scoringFarms", 9, 15),
        ("innsScoring", 8, 0),
        ("cathedralsScoring", 15, 0),
    ];
    for (name, alice, bob) in cases {
        let path = format!("tests/fixtures/jcz-saves/{name}.jcz");
        assert_points(&path, false, None, &[("Alice", alice), ("Bob", bob)]);
    }
    let by_kind = |name: &str, kind: &str| -> i64 {
        let r = crate::common::report(&format!("tests/fixtures/jcz-saves/{name}.jcz"), false, None);
        r.features
            .iter()
            .filter(|f| f.feature == kind && f.scorers.iter().any(|s| s == "Alice"))
            .map(|f| f.points)
            .sum()
    };
    assert_eq!(by_kind("innsScoring", "road"), 8);
    assert_eq!(by_kind("innsScoring", "city"), 0);
    assert_eq!(by_kind("cathedralsScoring", "city"), 15);
    assert_eq!(by_kind("cathedralsScoring", "road"), 0);
    // Its MultiCityMerge test (Hills and Sheep's HS.CC!.v, two cities sharing the north
    // side, joined by the tile placed across it from either side): the points during play
    // (JCloisterZone 4.4 saves, which list no elements: the set brings hills, vineyards and
    // the shepherd).
    for (name, alice, bob) in [
        ("multi_city_merge", 20, 0),
        ("multi_city_merge2", 8, 8),
        ("multi_city_merge3", 8, 0),
    ] {
        let path = format!("tests/fixtures/jcz-saves/{name}.jcz");
        assert_points(&path, false, None, &[("Alice", alice), ("Bob", bob)]);
    }
}

#[test]
fn a_saves_number_of_followers_is_the_players_supply() {
    // Played with one follower each: Ann's second follower, while her first stands on an
    // unfinished road, is refused at its turn in the save; with seven it is placed.
    let save = |followers: u32| {
        format!(
            r#"{{"appVersion": "6.2.0", "players": [{{"name": "Ann", "slot": 0}}],
  "setup": {{"sets": {{"basic:1": 1}}, "elements": {{"small-follower": {followers}}}, "rules": {{}},
    "start": [{{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}}]}},
  "replay": [
    {{"type": "PLACE_TILE", "player": 0, "payload": {{"tileId": "BA/RFr", "rotation": "R0", "position": [1, 0]}}}},
    {{"type": "DEPLOY_MEEPLE", "player": 0, "payload": {{"pointer": {{"position": [1, 0], "location": "WE"}}, "meepleId": "0.small.1"}}}},
    {{"type": "COMMIT", "player": 0, "payload": {{}}}},
    {{"type": "PLACE_TILE", "player": 0, "payload": {{"tileId": "BA/C", "rotation": "R180", "position": [0, -1]}}}},
    {{"type": "DEPLOY_MEEPLE", "player": 0, "payload": {{"pointer": {{"position": [0, -1], "location": "S"}}, "meepleId": "0.small.2"}}}},
    {{"type": "COMMIT", "player": 0, "payload": {{}}}}]}}"#
        )
    };
    let dir = std::env::temp_dir().join(format!("tessera-supply-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let score = |followers: u32| {
        let path = dir.join(format!("followers-{followers}.jcz"));
        std::fs::write(&path, save(followers)).expect("written");
        std::process::Command::new(env!("CARGO_BIN_EXE_tessera"))
            .arg("score")
            .arg(&path)
            .output()
            .expect("tessera runs")
    };
    let one = score(1);
    assert_eq!(one.status.code(), Some(2), "{one:?}");
    let err = String::from_utf8_lossy(&one.stderr);
    assert!(err.contains("position::no_supply"), "{err}");
    assert!(err.contains("each player has 1 follower"), "{err}");
    assert!(err.contains("turn 2 of the game"), "{err}");
    let seven = score(7);
    assert_eq!(seven.status.code(), Some(0), "{seven:?}");
    // The city of two tiles is completed: 4 points (2 tiles x 2).
    let out = String::from_utf8_lossy(&seven.stdout);
    assert!(
        out.lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["Ann", "4", "0", "4"]),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_abbot_taken_back_in_a_save_is_the_turns_recall() {
    // JCloisterZone's `RETURN_MEEPLE` with source `ABBOT_RETURN`: the abbot's monastery
    // and the 3 tiles around it, 4 points.
    let text = r#"{"appVersion": "6.2.0",
  "players": [{"name": "Ann", "slot": 0}, {"name": "Ben", "slot": 1}],
  "setup": {"sets": {"basic:1": 1}, "elements": {"small-follower": 7, "farmers": true, "abbot": 1},
    "rules": {}, "start": [{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}]},
  "replay": [
    {"type": "PLACE_TILE", "player": 0, "payload": {"tileId": "BA/L", "rotation": "R0", "position": [0, 1]}},
    {"type": "DEPLOY_MEEPLE", "player": 0, "payload": {"pointer": {"position": [0, 1], "location": "I", "feature": "Monastery"}, "meepleId": "0.abbot.1"}},
    {"type": "COMMIT", "player": 0, "payload": {}},
    {"type": "PLACE_TILE", "player": 1, "payload": {"tileId": "BA/Rr", "rotation": "R90", "position": [1, 0]}},
    {"type": "PASS", "player": 1, "payload": {}},
    {"type": "COMMIT", "player": 1, "payload": {}},
    {"type": "PLACE_TILE", "player": 0, "payload": {"tileId": "BA/L", "rotation": "R0", "position": [-1, 1]}},
    {"type": "RETURN_MEEPLE", "player": 0, "payload": {"source": "ABBOT_RETURN", "pointer": {"featurePointer": {"position": [0, 1], "location": "I", "feature": "Monastery"}, "meepleId": "0.abbot.1"}}},
    {"type": "COMMIT", "player": 0, "payload": {}}
  ],
  "test": {"description": "abbot return", "assertions": ["Ann has 4 points", "Ann scored monastery for 4 points", "Ben has 0 points"]}}"#;
    let imported = import_save(&SourceFile::new(Path::new("abbot.jcz"), text.to_string()))
        .expect("an abbot save");
    assert!(
        imported
            .yaml
            .contains("recall: {x: 0, y: 1, at: \"monastery\"}"),
        "{}",
        imported.yaml
    );
    let doc = check_saves_of(&[("abbot-return.jcz", text.to_string())]);
    let v = verdict_of(&doc, "abbot-return.jcz");
    assert_eq!(v["verdict"], "pass", "{v}");
    assert_eq!(v["passed"], 3, "{v}");
}

#[test]
fn check_saves_compares_the_moves_a_wagon_is_offered() {
    // Ann's wagon stands on the road from the start tile east into the gate of BA/CccR;
    // Ben closes the road west at a monastery (BA/LR): the road scores 3 for Ann, and the
    // save stops where her wagon may move on (JCloisterZone's WagonPhase). The first
    // edition's wagon (`wagon-move: C1`) is offered the city and the monastery the road
    // adjoins; the second edition's the features within one tile of the wagon's, not the
    // monastery two tiles away.
    let save = |rule: &str, more_actions: &str, assertions: &str| {
        format!(
            r#"{{"appVersion": "6.2.0", "players": [{{"name": "Ann", "slot": 0}}, {{"name": "Ben", "slot": 1}}],
  "setup": {{"sets": {{"basic:1": 1}}, "elements": {{"small-follower": 7, "wagon": 1}}, "rules": {{{rule}}},
    "start": [{{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}}]}},
  "replay": [
    {{"type": "PLACE_TILE", "player": 0, "payload": {{"tileId": "BA/CccR", "rotation": "R90", "position": [1, 0]}}}},
    {{"type": "DEPLOY_MEEPLE", "player": 0, "payload": {{"pointer": {{"position": [1, 0], "location": "W", "feature": "Road"}}, "meepleId": "0.wagon.1"}}}},
    {{"type": "COMMIT", "player": 0, "payload": {{}}}},
    {{"type": "PLACE_TILE", "player": 1, "payload": {{"tileId": "BA/LR", "rotation": "R270", "position": [-1, 0]}}}},
    {{"type": "PASS", "player": 1, "payload": {{}}}},
    {{"type": "COMMIT", "player": 1, "payload": {{}}}}{more_actions}],
  "test": {{"description": "wagon", "assertions": [{assertions}]}}}}"#
        )
    };
    let c1 = r#""wagon-move": "C1""#;
    let asked = r#""Ann scored road for 3 points", "Phase is WagonPhase", "Player can pass",
        "Available action Meeple for Wagon", "Meeple Wagon options: {City,NES,[1,0]}; {Monastery,I,[-1,0]}""#;
    let moved = r#",
    {"type": "DEPLOY_MEEPLE", "player": 0, "payload": {"pointer": {"position": [-1, 0], "location": "I", "feature": "Monastery"}, "meepleId": "0.wagon.1"}}"#;
    let doc = check_saves_of(&[
        ("first-edition.jcz", save(c1, "", asked)),
        ("second-edition.jcz", save("", "", asked)),
        (
            "confirming.jcz",
            save(
                c1,
                moved,
                r#""Phase is WagonPhase", "Player can't pass", "Ann has 3 points""#,
            ),
        ),
    ]);
    let first = verdict_of(&doc, "first-edition.jcz");
    assert_eq!(first["verdict"], "pass", "{doc}");
    assert_eq!(first["passed"], 5, "{doc}");
    let second = verdict_of(&doc, "second-edition.jcz");
    assert_eq!(second["verdict"], "fail", "{doc}");
    assert_eq!(
        second["failed"][0],
        "expected `Meeple Wagon options: {City,NES,[1,0]}; {Monastery,I,[-1,0]}`; tessera offers: city at (0, 0) N, city at (1, 0) N",
        "{doc}"
    );
    let confirming = verdict_of(&doc, "confirming.jcz");
    assert_eq!(confirming["verdict"], "pass", "{doc}");
    assert_eq!(confirming["passed"], 3, "{doc}");
}

#[test]
fn check_saves_compares_the_followers_that_may_escape() {
    // Ann's knight stands in a besieged city (SI.CA/Cc north of the start tile, open to
    // the west); Ben's monastery goes south of the start tile, a tile of that city but two
    // cells from its siege tile. At the end of Ann's next turn her knight may escape
    // (JCloisterZone's EscapePhase) under the default rule, not under Hans im Glück's
    // (`espace-variant: siege-tile`), where the game goes on to Ben's tile.
    let save = |rule: &str, assertions: &str| {
        format!(
            r#"{{"appVersion": "6.2.0", "players": [{{"name": "Ann", "slot": 0}}, {{"name": "Ben", "slot": 1}}],
  "setup": {{"sets": {{"basic:1": 1, "siege/cathars": 1}}, "elements": {{"small-follower": 7, "farmers": true, "siege": true, "escape": true}}, "rules": {{{rule}}},
    "start": [{{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}}]}},
  "replay": [
    {{"type": "PLACE_TILE", "player": 0, "payload": {{"tileId": "SI.CA/Cc", "rotation": "R270", "position": [0, -1]}}}},
    {{"type": "DEPLOY_MEEPLE", "player": 0, "payload": {{"pointer": {{"position": [0, -1], "location": "SW", "feature": "City"}}, "meepleId": "0.small.1"}}}},
    {{"type": "COMMIT", "player": 0, "payload": {{}}}},
    {{"type": "PLACE_TILE", "player": 1, "payload": {{"tileId": "BA/L", "rotation": "R0", "position": [0, 1]}}}},
    {{"type": "PASS", "player": 1, "payload": {{}}}},
    {{"type": "COMMIT", "player": 1, "payload": {{}}}},
    {{"type": "PLACE_TILE", "player": 0, "payload": {{"tileId": "BA/L", "rotation": "R0", "position": [1, 1]}}}},
    {{"type": "PASS", "player": 0, "payload": {{}}}},
    {{"type": "COMMIT", "player": 0, "payload": {{}}}}],
  "test": {{"description": "escape", "assertions": [{assertions}]}}}}"#
        )
    };
    let asked = r#""Phase is EscapePhase", "Player can pass", "Available action ReturnMeeple for SIEGE_ESCAPE",
        "ReturnMeeple SIEGE_ESCAPE options: {0.small.1,City,SW,[0,-1]}""#;
    let siege_tile = r#""espace-variant": "siege-tile""#;
    let doc = check_saves_of(&[
        ("any-tile.jcz", save("", asked)),
        ("siege-tile.jcz", save(siege_tile, asked)),
        (
            "siege-tile-goes-on.jcz",
            save(siege_tile, r#""Phase is TilePhase""#),
        ),
    ]);
    let any = verdict_of(&doc, "any-tile.jcz");
    assert_eq!(any["verdict"], "pass", "{doc}");
    assert_eq!(any["passed"], 4, "{doc}");
    let siege = verdict_of(&doc, "siege-tile.jcz");
    assert_eq!(siege["verdict"], "fail", "{doc}");
    assert_eq!(
        siege["failed"][0], "expected `Phase is EscapePhase`; tessera: TilePhase",
        "{doc}"
    );
    assert_eq!(
        siege["failed"][3],
        "expected `ReturnMeeple SIEGE_ESCAPE options: {0.small.1,City,SW,[0,-1]}`; tessera offers none",
        "{doc}"
    );
    assert_eq!(
        verdict_of(&doc, "siege-tile-goes-on.jcz")["verdict"],
        "pass",
        "{doc}"
    );
}

#[test]
fn check_saves_replays_a_save_stopped_while_the_dragon_moves() {
    // Ann closes the start tile's city (4 points); Ben's volcano north of it brings the
    // dragon; Ann's dragon tile west of the start tile makes it move, and the save stops
    // before its first step, after one, or after its last (JCloisterZone's
    // DragonMovePhase, then CommitActionPhase): the turn is replayed up to the step not
    // chosen. A step is the player's to choose, so passing is not offered.
    let save = |rule: &str, steps: &str, assertions: &str| {
        format!(
            r#"{{"appVersion": "6.2.0", "players": [{{"name": "Ann", "slot": 0}}, {{"name": "Ben", "slot": 1}}],
  "setup": {{"sets": {{"basic:1": 1, "princess-and-dragon:1": 1}}, "elements": {{"small-follower": 7, "farmers": true, "dragon": 1}}, "rules": {{{rule}}},
    "start": [{{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}}]}},
  "replay": [
    {{"type": "PLACE_TILE", "player": 0, "payload": {{"tileId": "BA/C", "rotation": "R180", "position": [0, -1]}}}},
    {{"type": "DEPLOY_MEEPLE", "player": 0, "payload": {{"pointer": {{"position": [0, -1], "location": "S", "feature": "City"}}, "meepleId": "0.small.1"}}}},
    {{"type": "COMMIT", "player": 0, "payload": {{}}}},
    {{"type": "PLACE_TILE", "player": 1, "payload": {{"tileId": "DG/C.v", "rotation": "R0", "position": [0, -2]}}}},
    {{"type": "PASS", "player": 1, "payload": {{}}}},
    {{"type": "COMMIT", "player": 1, "payload": {{}}}},
    {{"type": "PLACE_TILE", "player": 0, "payload": {{"tileId": "DG/Rr.d", "rotation": "R180", "position": [-1, 0]}}}},
    {{"type": "PASS", "player": 0, "payload": {{}}}}{steps}],
  "test": {{"description": "dragon", "assertions": [{assertions}]}}}}"#
        )
    };
    let moving = r#""Phase is DragonMovePhase", "Player can't pass", "Ann has 4 points""#;
    let one_step = r#",
    {"type": "MOVE_NEUTRAL_FIGURE", "player": 0, "payload": {"figureId": "dragon.1", "to": [0, -1]}}"#;
    let doc = check_saves_of(&[
        ("before.jcz", save("", "", moving)),
        ("one-step.jcz", save("", one_step, moving)),
        (
            "done.jcz",
            save(
                "",
                &format!(
                    r#"{one_step},
    {{"type": "MOVE_NEUTRAL_FIGURE", "player": 1, "payload": {{"figureId": "dragon.1", "to": [0, 0]}}}},
    {{"type": "MOVE_NEUTRAL_FIGURE", "player": 0, "payload": {{"figureId": "dragon.1", "to": [-1, 0]}}}}"#
                ),
                r#""Phase is CommitActionPhase", "Ann has 4 points""#,
            ),
        ),
    ]);
    for name in ["before.jcz", "one-step.jcz", "done.jcz"] {
        let v = verdict_of(&doc, name);
        assert_eq!(v["verdict"], "pass", "{name}: {doc}");
    }
    assert_eq!(verdict_of(&doc, "before.jcz")["passed"], 3, "{doc}");
}

#[test]
fn a_save_stopped_before_its_last_action_scores_without_it() {
    // Ann's knight stands in the city north of the start tile; Ben's princess tile joins
    // it under `princess-action: must`, and the save stops before Ben acts. Scored, the
    // turn's tile lies on the board and no action is taken: not a pass, which the rule
    // refuses there.
    let save = r#"{"appVersion": "6.2.0", "players": [{"name": "Ann", "slot": 0}, {"name": "Ben", "slot": 1}],
  "setup": {"sets": {"basic:1": 1, "princess-and-dragon:1": 1}, "elements": {"small-follower": 7, "farmers": true, "princess": true}, "rules": {"princess-action": "must"},
    "start": [{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}]},
  "replay": [
    {"type": "PLACE_TILE", "player": 0, "payload": {"tileId": "BA/Cc.1", "rotation": "R180", "position": [0, -1]}},
    {"type": "DEPLOY_MEEPLE", "player": 0, "payload": {"pointer": {"position": [0, -1], "location": "SE", "feature": "City"}, "meepleId": "0.small.1"}},
    {"type": "COMMIT", "player": 0, "payload": {}},
    {"type": "PLACE_TILE", "player": 1, "payload": {"tileId": "DG/Cc.p", "rotation": "R270", "position": [1, -1]}}]}"#;
    let dir = std::env::temp_dir().join(format!("tessera-stopped-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let path = dir.join("stopped.jcz");
    std::fs::write(&path, save).expect("written");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["score", "--format", "json"])
        .arg(&path)
        .output()
        .expect("tessera runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success(), "{out:?}");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(doc["pieces"].as_array().map(Vec::len), Some(1), "{doc}");
    assert_eq!(doc["turns"], 2, "{doc}");
}
