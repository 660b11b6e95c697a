//! Authoring helpers: `tessera new` writes starter files that validate clean, with the
//! schema modeline, never over an existing file; `tessera completions` (see `cli`).

use std::path::Path;
use std::process::{Command, Output};

fn tessera(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("runs")
}

#[test]
fn every_starter_file_validates_clean_and_names_its_schema() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("new-files");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("made");
    let root = std::fs::canonicalize(".").expect("the crate root");
    let base_rules = root.join("rulesets/carcassonne.yaml");
    let base_tiles = root.join("tilesets/base.yaml");
    let (rules, tiles) = (base_rules.to_string_lossy(), base_tiles.to_string_lossy());
    let made: &[(&[&str], &str, &str)] = &[
        (&["new", "ruleset", "game"], "game.yaml", "ruleset"),
        (
            &["new", "ruleset", "expansion", "--from", &rules],
            "expansion.yaml",
            "ruleset",
        ),
        (&["new", "tileset", "tiles.yaml"], "tiles.yaml", "tileset"),
        (
            &["new", "tileset", "own", "--from", "game.yaml"],
            "own.yaml",
            "tileset",
        ),
        (
            &["new", "tileset", "more", "--from", &tiles],
            "more.yaml",
            "tileset",
        ),
        (&["new", "position", "start"], "start.yaml", "position"),
        (
            &["new", "position", "mine", "--from", "own.yaml"],
            "mine.yaml",
            "position",
        ),
        (
            &["new", "position", "bigger", "--from", "more.yaml"],
            "bigger.yaml",
            "position",
        ),
    ];
    for (args, file, kind) in made {
        let out = tessera(&dir, args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = std::fs::read_to_string(dir.join(file)).expect("written");
        // Inside the checkout the modeline names the checkout's schema.
        let expected_schema = format!("{kind}.schema.json");
        let first = text.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("# yaml-language-server: $schema=")
                && first.ends_with(&expected_schema),
            "{file}: {first}"
        );
        let check = tessera(&dir, &["validate", file, "--deny", "warnings"]);
        assert!(
            check.status.success(),
            "{file} does not validate clean: {}",
            String::from_utf8_lossy(&check.stderr)
        );
    }
    // A position starts on the start tile and can be played on: scored as it is.
    let scored = tessera(&dir, &["score", "start.yaml", "--final"]);
    assert!(
        scored.status.success(),
        "{}",
        String::from_utf8_lossy(&scored.stderr)
    );
    // The tile set of one's own is drawn.
    let sheet = tessera(&dir, &["render", "own.yaml", "--slots", "-o", "own.svg"]);
    assert!(
        sheet.status.success(),
        "{}",
        String::from_utf8_lossy(&sheet.stderr)
    );
}

#[test]
fn a_starter_file_never_replaces_a_file_and_builds_only_on_the_right_kind() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("new-refusals");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("made");
    std::fs::write(dir.join("notes.yaml"), "# mine\n").expect("written");
    let out = tessera(&dir, &["new", "ruleset", "notes"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("exists; pass --force"));
    assert_eq!(
        std::fs::read_to_string(dir.join("notes.yaml")).expect("kept"),
        "# mine\n"
    );
    // A rule set is not something a position builds on: a finding at its top level.
    let rules = tessera(&dir, &["new", "ruleset", "game"]);
    assert!(rules.status.success());
    let out = tessera(&dir, &["new", "position", "p", "--from", "game.yaml"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("schema::wrong_kind") && err.contains("game.yaml:3:1"),
        "{err}"
    );
    assert!(!dir.join("p.yaml").exists(), "nothing written");
    // Nothing is left beside it when a check fails either.
    let left: Vec<_> = std::fs::read_dir(&dir)
        .expect("lists")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp.yaml"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    // --force replaces.
    let forced = tessera(&dir, &["new", "ruleset", "notes", "--force"]);
    assert!(forced.status.success());
    assert!(
        std::fs::read_to_string(dir.join("notes.yaml"))
            .expect("written")
            .contains(tessera::NEW_MARK)
    );
}
