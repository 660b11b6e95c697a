//! CLI behaviour pinned with trycmd: help texts, exit codes and diagnostics for bad input.
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
