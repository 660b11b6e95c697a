//! `tessera schema` writes nothing it was not asked to (issue 9): it used to overwrite any
//! file, follow a symbolic link in schema/ and overwrite its target, write some files and
//! then fail, and create ./schema/ wherever it was run. Now every target is checked before
//! any is written, each file is written whole, a foreign file or a link is replaced only
//! with --force (the link itself, never its target), and outside a checkout --out is
//! needed.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tessera::schema::{FileKind, schema_text};

/// A fresh directory outside any tessera checkout (the system's temporary directory).
fn outside(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-output-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("created");
    assert!(
        tessera::output::checkout_root(&dir).is_none(),
        "{} is inside a checkout",
        dir.display()
    );
    dir
}

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The names in a directory, sorted (temporary files included).
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|r| {
            r.map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

const ALL: [&str; 3] = [
    "position.schema.json",
    "ruleset.schema.json",
    "tileset.schema.json",
];

#[test]
fn outside_a_checkout_out_is_needed_and_nothing_is_created() {
    let dir = outside("no-checkout");
    let out = run(&dir, &["schema"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("--out DIR"), "{}", stderr(&out));
    assert!(listing(&dir).is_empty(), "{:?}", listing(&dir));
    let out = run(&dir, &["schema", "--out", "s"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(listing(&dir.join("s")), ALL);
    for k in FileKind::ALL {
        let text = std::fs::read_to_string(dir.join("s").join(k.schema_file())).expect("written");
        assert_eq!(text, schema_text(k));
    }
    // Again: nothing to do, nothing touched.
    let out = run(&dir, &["schema", "--out", "s"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stderr(&out).matches("is up to date").count(),
        3,
        "{}",
        stderr(&out)
    );
    let out = run(&dir, &["schema", "--out", "s", "--check"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn inside_a_checkout_the_schemas_go_to_its_schema_directory() {
    let dir = outside("checkout");
    std::fs::write(
        dir.join("Cargo.toml"),
        "[workspace]\n\n[package]\nversion = \"0.1.0\"\nname = \"tessera\"\n",
    )
    .expect("written");
    std::fs::create_dir_all(dir.join("tilesets")).expect("created");
    let out = run(&dir.join("tilesets"), &["schema", "tileset"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(listing(&dir.join("schema")), ["tileset.schema.json"]);
    assert!(listing(&dir.join("tilesets")).is_empty());
    // A manifest of another package is not a checkout.
    let other = outside("other-package");
    std::fs::write(
        other.join("Cargo.toml"),
        "[package]\nname = \"tessera-fork\"\n",
    )
    .expect("written");
    assert_eq!(run(&other, &["schema"]).status.code(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&other);
}

#[test]
fn a_foreign_file_stops_the_whole_run_unless_forced() {
    let dir = outside("foreign");
    let s = dir.join("s");
    std::fs::create_dir_all(&s).expect("created");
    std::fs::write(s.join("ruleset.schema.json"), "my own notes\n").expect("written");
    let out = run(&dir, &["schema", "--out", "s"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("is not a file tessera wrote"));
    assert!(stderr(&out).contains("nothing written"));
    // Checked before writing: the other two were not written either.
    assert_eq!(listing(&s), ["ruleset.schema.json"]);
    assert_eq!(
        std::fs::read_to_string(s.join("ruleset.schema.json")).expect("kept"),
        "my own notes\n"
    );
    let out = run(&dir, &["schema", "--out", "s", "--force"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(listing(&s), ALL);
    assert_eq!(
        std::fs::read_to_string(s.join("ruleset.schema.json")).expect("written"),
        schema_text(FileKind::Ruleset)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_older_generation_is_replaced_without_force() {
    let dir = outside("older");
    let s = dir.join("s");
    std::fs::create_dir_all(&s).expect("created");
    let older = schema_text(FileKind::Tileset).replacen(
        "\"description\"",
        "\"$comment\": \"old\",\n  \"description\"",
        1,
    );
    assert_ne!(older, schema_text(FileKind::Tileset));
    std::fs::write(s.join("tileset.schema.json"), &older).expect("written");
    // The schema of another kind under this name is not an older generation of it.
    std::fs::write(
        s.join("ruleset.schema.json"),
        schema_text(FileKind::Position),
    )
    .expect("written");
    let out = run(&dir, &["schema", "tileset", "--out", "s"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(s.join("tileset.schema.json")).expect("written"),
        schema_text(FileKind::Tileset)
    );
    let out = run(&dir, &["schema", "ruleset", "--out", "s"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_symbolic_link_is_never_followed() {
    use std::os::unix::fs::symlink;
    let dir = outside("symlink");
    let s = dir.join("s");
    std::fs::create_dir_all(&s).expect("created");
    std::fs::write(dir.join("victim.txt"), "precious\n").expect("written");
    symlink("../victim.txt", s.join("position.schema.json")).expect("link");
    let out = run(&dir, &["schema", "--out", "s"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("is a symbolic link"),
        "{}",
        stderr(&out)
    );
    assert_eq!(listing(&s), ["position.schema.json"]);
    assert_eq!(
        std::fs::read_to_string(dir.join("victim.txt")).expect("kept"),
        "precious\n"
    );
    // --force replaces the link itself, not its target.
    let out = run(&dir, &["schema", "--out", "s", "--force"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let meta = std::fs::symlink_metadata(s.join("position.schema.json")).expect("there");
    assert!(meta.file_type().is_file());
    assert_eq!(
        std::fs::read_to_string(dir.join("victim.txt")).expect("kept"),
        "precious\n"
    );
    assert_eq!(listing(&s), ALL, "no temporary file is left");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_directory_that_is_a_symbolic_link_is_never_written_through() {
    use std::os::unix::fs::symlink;
    let dir = outside("linked-dir");
    let elsewhere = dir.join("elsewhere");
    std::fs::create_dir_all(&elsewhere).expect("created");
    symlink("elsewhere", dir.join("s")).expect("link");
    let out = run(&dir, &["schema", "--out", "s"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("s is a symbolic link"),
        "{}",
        stderr(&out)
    );
    assert!(
        listing(&elsewhere).is_empty(),
        "nothing written through the link"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_directory_at_a_target_is_never_replaced() {
    let dir = outside("directory");
    let s = dir.join("s");
    std::fs::create_dir_all(s.join("ruleset.schema.json")).expect("created");
    for args in [
        &["schema", "--out", "s"][..],
        &["schema", "--out", "s", "--force"],
    ] {
        let out = run(&dir, args);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(stderr(&out).contains("is a directory"), "{}", stderr(&out));
        assert_eq!(listing(&s), ["ruleset.schema.json"]);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
