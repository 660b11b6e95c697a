//! CLI behaviour pinned with trycmd: help texts, exit codes and diagnostics for bad input;
//! and every example of the help texts run.
//!
//! Each `tests/cmd/NAME.toml` is one run of `tessera`. A case with a fixture directory
//! `tests/cmd/NAME.in/` runs inside it (trycmd's default), so fixture files are named by
//! their bare name and reach the bundled files as `../../../rulesets/…`; a case that reads
//! only bundled files sets `fs.cwd = "../.."` (the crate root) and names them as in the
//! README. Regenerate the expectations with `TRYCMD=overwrite cargo test --test cli`, then
//! review the diff.

#[test]
fn cli_cases() {
    trycmd::TestCases::new()
        // Plain output even when the caller's environment forces colour (miette reads
        // FORCE_COLOR, clap reads CLICOLOR_FORCE and treats any non-empty value as "on").
        .env("FORCE_COLOR", "0")
        .env("CLICOLOR_FORCE", "")
        .case("tests/cmd/*.toml");
}

use std::path::Path;
use std::process::Command;

/// Copies a directory tree.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("directory");
    for e in std::fs::read_dir(from).expect("listable") {
        let p = e.expect("entry").path();
        let dest = to.join(p.file_name().expect("a name"));
        if p.is_dir() {
            copy_tree(&p, &dest);
        } else {
            std::fs::copy(&p, &dest).expect("copied");
        }
    }
}

/// Every example of every help text (`tessera --help` and each subcommand's) runs and
/// succeeds, in a directory laid out like a tessera checkout (Cargo.toml, rulesets/,
/// tilesets/, examples/, schema/) that also holds the files the examples name: JCloisterZone's
/// `basic.xml` and `river.xml` (test fixtures, MIT) and, for the `my-…` names that stand
/// for the reader's own files, a small clean tile set and JCZ file. Examples are split at
/// spaces (no quoting) and a `#` starts a comment.
#[test]
fn help_examples_run() {
    let bin = env!("CARGO_BIN_EXE_tessera");
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("help-examples");
    let _ = std::fs::remove_dir_all(&root);
    let mut queue: Vec<Vec<String>> = vec![Vec::new()];
    let mut ran: Vec<String> = Vec::new();
    while let Some(cmd) = queue.pop() {
        let out = Command::new(bin)
            .args(&cmd)
            .arg("--help")
            .output()
            .expect("runs");
        assert!(out.status.success(), "{cmd:?} --help");
        let text = String::from_utf8(out.stdout).expect("UTF-8");
        if let Some(rest) = text.split("\nCommands:\n").nth(1) {
            for line in rest.lines().take_while(|l| l.starts_with("  ")) {
                let name = line.split_whitespace().next().unwrap_or_default();
                if !line.starts_with("   ") && name != "help" {
                    let mut sub = cmd.clone();
                    sub.push(name.to_string());
                    queue.push(sub);
                }
            }
        }
        let examples: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with("Example"))
            .skip(1)
            .take_while(|l| l.starts_with("  tessera "))
            .map(|l| l.split('#').next().unwrap_or_default().trim())
            .collect();
        if examples.is_empty() {
            continue;
        }
        let dir = root.join(if cmd.is_empty() {
            "tessera".to_string()
        } else {
            cmd.join("-")
        });
        for d in ["rulesets", "tilesets", "examples", "schema"] {
            copy_tree(Path::new(d), &dir.join(d));
        }
        // What makes a directory a checkout for `tessera schema` (its default output).
        std::fs::write(dir.join("Cargo.toml"), "[package]\nname = \"tessera\"\n").expect("written");
        for f in ["basic.xml", "river.xml", "abbey_and_mayor.xml"] {
            std::fs::copy(Path::new("tests/fixtures/jcz").join(f), dir.join(f)).expect("copied");
        }
        std::fs::copy(
            "tests/fixtures/jcz/generations/pack-flat.xml",
            dir.join("my-expansion.xml"),
        )
        .expect("copied");
        std::fs::copy(
            "tests/fixtures/jcz-saves/scoringFarms.jcz",
            dir.join("game.jcz"),
        )
        .expect("copied");
        // A peer's engine test: a saved game with a `test` block (JCloisterZone's scoring
        // of farms, whose Java test expects 9 and 15).
        std::fs::create_dir_all(dir.join("engine-tests/basic")).expect("a directory");
        let mut farms: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string("tests/fixtures/jcz-saves/scoringFarms.jcz").expect("read"),
        )
        .expect("JSON");
        farms["test"] = serde_json::json!({"description": "farms",
            "assertions": ["Alice has 9 points", "Bob has 15 points"]});
        std::fs::write(
            dir.join("engine-tests/basic/scoringFarms.jcz"),
            farms.to_string(),
        )
        .expect("written");
        std::fs::write(
            dir.join("my-tiles.yaml"),
            "name: My tiles\nruleset: rulesets/carcassonne.yaml\ninclude: [{tileset: tilesets/base.yaml}]\n",
        )
        .expect("written");
        for example in examples {
            let args: Vec<&str> = example.split_whitespace().skip(1).collect();
            let out = Command::new(bin)
                .args(&args)
                .current_dir(&dir)
                .output()
                .expect("runs");
            assert!(
                out.status.success(),
                "`{example}` (from `tessera {} --help`) exits {:?}:\n{}",
                cmd.join(" "),
                out.status.code(),
                String::from_utf8_lossy(&out.stderr)
            );
            ran.push(example.to_string());
        }
    }
    for needed in [
        "tessera validate my-expansion.xml",
        "tessera import jcz river.xml",
        "tessera import jcz basic.xml",
    ] {
        assert!(
            ran.iter().any(|e| e.starts_with(needed)),
            "no example `{needed} …` ran: {ran:?}"
        );
    }
}

/// Standard output that cannot be written (a full disk: `/dev/full`) is a tool failure,
/// exit 1 with a message, not a clean exit with the output lost; a reader that closes the
/// pipe early (`| head`) is not.
#[test]
fn a_full_standard_output_is_a_tool_failure() {
    let bin = env!("CARGO_BIN_EXE_tessera");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // Linux's always-full device (the CI machines are Linux).
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full opens");
    let out = Command::new(bin)
        .current_dir(root)
        .args([
            "simulate",
            "rulesets/carcassonne.yaml",
            "tilesets/base.yaml",
        ])
        .args(["--games", "3"])
        .stdout(full)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1), "exit status");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("cannot write to standard output"),
        "stderr: {stderr}"
    );
    // A closed pipe: the command stops quietly with its own status.
    let mut child = Command::new(bin)
        .current_dir(root)
        .args(["explain"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("waits");
    assert_eq!(
        out.status.code(),
        Some(0),
        "exit status after a closed pipe"
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `tessera completions SHELL` prints a script for each shell clap_complete knows, naming
/// every command; the bash one loads in bash and registers a completion for `tessera`.
#[test]
fn completions_for_every_shell() {
    let bin = env!("CARGO_BIN_EXE_tessera");
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = std::process::Command::new(bin)
            .args(["completions", shell])
            .output()
            .expect("tessera runs");
        assert_eq!(out.status.code(), Some(0), "{shell}: {out:?}");
        let script = String::from_utf8(out.stdout).expect("UTF-8");
        for command in [
            "validate",
            "score",
            "play",
            "simulate",
            "placements",
            "import",
        ] {
            assert!(script.contains(command), "{shell} script names {command}");
        }
        if shell == "bash" {
            let file = std::env::temp_dir().join(format!("tessera-{}.bash", std::process::id()));
            std::fs::write(&file, &script).expect("script written");
            let loaded = std::process::Command::new("bash")
                .arg("-c")
                .arg(format!("source {} && complete -p tessera", file.display()))
                .output()
                .expect("bash runs");
            let _ = std::fs::remove_file(&file);
            let said = String::from_utf8_lossy(&loaded.stdout);
            assert!(loaded.status.success(), "{loaded:?}");
            assert!(
                said.contains("_tessera") && said.contains("tessera"),
                "{said}"
            );
        }
    }
    let bad = std::process::Command::new(bin)
        .args(["completions", "nosh"])
        .output()
        .expect("tessera runs");
    assert_eq!(
        bad.status.code(),
        Some(1),
        "an unknown shell is a tool failure"
    );
}
