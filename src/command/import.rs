//! `tessera import jcz`: JCloisterZone / FanCloisterZone tile definitions converted to a
//! tessera tile set ([`crate::jcz::import`], [`crate::jcz::write_new`]).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};

use super::common::{FAILURE, FINDINGS, count, err, failure, plural, print_findings, shown};
use crate::diag::{Failure, Level, Policy, escape_text};
use crate::jcz;

/// The formats `tessera import` converts from.
#[derive(Debug, Subcommand)]
pub enum ImportCommand {
    /// Convert JCloisterZone / FanCloisterZone tile-definition XML to a tessera tile set.
    ///
    /// Each tile keeps its JCZ orientation; counts come from the chosen `<tile-set>`
    /// (repeat --set to add sets up), or from `count` attributes when the file has no sets.
    /// A file with several sets needs --set. The start tile is the tile of group
    /// `river-spring`, else the first tile, unless --start names one. What the rule set
    /// cannot express is a warning: an element or attribute is left out of its tile (a
    /// comment on the tile says so), a tile whose sides or whole it cannot express is left
    /// out of the set (named on standard error and in the file's header); --strict
    /// refuses instead. Errors in the source stop the import, unless --fix can apply their
    /// mechanical fix to the imported tile (a field's missing or impossible city contact).
    /// The output is written whole or not at all, validated first, and never replaces an
    /// existing file without --force.
    ///
    /// Exit status: 0 written, 2 findings in the source (with --strict, also what would be
    /// left out), 1 bad arguments or the output cannot be written (or exists).
    #[command(
        after_help = "Examples:\n  tessera import jcz basic.xml --set basic:2 --start BA/RCr -o base-jcz.yaml\n  tessera import jcz river.xml --set river/1:2 -o river.yaml --ruleset rulesets/river.yaml\n  tessera import jcz abbey_and_mayor.xml --set abbey-and-mayor:1 --fix -o am.yaml"
    )]
    Jcz(JczArgs),
    /// Convert a JCloisterZone / FanCloisterZone saved game (.jcz) to a position file.
    ///
    /// The position replays the save's turns (tiles with JCloisterZone's ids, from the
    /// bundled tile sets imported from its XML), with its players, rule switches as
    /// options and, when the save reached its end, `ended: true` (end-of-game scoring
    /// applies). `tessera score GAME.jcz` reads the save directly; this writes the position
    /// to read, edit or share. A save that uses what tessera does not play yet (a set, an
    /// element, a rule switch, an action) is refused with all of it listed. The position
    /// is replayed before it is written; the output never replaces an existing file
    /// without --force.
    ///
    /// Exit status: 0 written, 2 findings in the save (what tessera does not play, or a
    /// turn its rules refuse), 1 bad arguments or the output cannot be written (or exists).
    #[command(
        name = "jcz-save",
        after_help = "Examples:\n  tessera import jcz-save game.jcz -o game.yaml\n  tessera score game.yaml"
    )]
    JczSave(JczSaveArgs),
}

/// The arguments of `tessera import jcz-save`.
#[derive(Debug, Args)]
pub struct JczSaveArgs {
    /// The saved game (.jcz).
    file: PathBuf,
    /// Output position (YAML).
    #[arg(short, long, value_name = "OUT.yaml")]
    out: PathBuf,
    /// Replace OUT if it exists.
    #[arg(long)]
    force: bool,
}

/// The arguments of `tessera import jcz`.
#[derive(Debug, Args)]
pub struct JczArgs {
    /// The XML file.
    file: PathBuf,
    /// Tile set id (`<tile-set id>`) to take; repeat to add sets up.
    #[arg(long = "set", value_name = "ID")]
    sets: Vec<String>,
    /// Output tile set (YAML).
    #[arg(short, long, value_name = "OUT.yaml")]
    out: PathBuf,
    /// Replace OUT if it exists.
    #[arg(long)]
    force: bool,
    /// Rule set to convert for; the output names it (default:
    /// `bundled:rulesets/base-ic-river.yaml`, the base game with Inns and Cathedrals and
    /// The River, built into tessera).
    #[arg(long, value_name = "FILE")]
    ruleset: Option<PathBuf>,
    /// Start tile id.
    #[arg(long, value_name = "TILE")]
    start: Option<String>,
    /// Where the data comes from (repository, commit, licence notice), written to the
    /// provenance and the header comment (default: the file's name).
    #[arg(long, value_name = "TEXT")]
    source: Option<String>,
    /// Refuse (exit 2, nothing written) instead of leaving out what the rule set
    /// cannot express: elements, attributes, whole tiles, tiles defined elsewhere.
    #[arg(long)]
    strict: bool,
    /// Apply the mechanical fix of each error that has one (a field's `city` contact
    /// the tile's geometry requires or forbids) to the imported tile, instead of
    /// stopping; each fix is a `# fixed:` comment on the tile and a warning. The XML is
    /// not changed: for upstream files with a known defect.
    #[arg(long)]
    fix: bool,
}

/// Runs `tessera import`.
pub fn run(command: ImportCommand) -> ExitCode {
    match command {
        ImportCommand::Jcz(args) => import_jcz(args),
        ImportCommand::JczSave(args) => import_jcz_save(args),
    }
}

fn import_jcz(args: JczArgs) -> ExitCode {
    let (file, out, force) = (&args.file, &args.out, args.force);
    let opts = jcz::ImportOptions {
        sets: args.sets,
        ruleset: args.ruleset,
        start: args.start,
        source: args.source,
        strict: args.strict,
        fix: args.fix,
    };
    // Refuse early, before any work, when the output cannot be written or exists.
    if let Some(refused) = output_refused(file, out, force) {
        return refused;
    }
    let imported = match jcz::import(file, out, &opts) {
        Ok(i) => i,
        Err(Failure::Findings(f)) => return nothing_written(file, &f),
        Err(e) => return failure(e, &Policy::default()),
    };
    print_findings(&imported.warnings);
    if let Err(m) = jcz::write_new(out, &imported.yaml, force) {
        err!("error: {m}");
        return ExitCode::from(FAILURE);
    }
    let left = if imported.left_out.is_empty() {
        String::new()
    } else {
        format!(
            "; left out (the rule set cannot express them): {}",
            escape_text(&imported.left_out_why.join(", "))
        )
    };
    err!(
        "wrote {}: {}, {}{left}",
        shown(out),
        plural(imported.total as usize, "tile"),
        plural(imported.definitions, "definition")
    );
    let (size, limit) = (imported.yaml.len() as u64, crate::limits::max_file_size());
    if size > limit {
        err!(
            "warning: {} is {size} bytes, over the maximum file size tessera reads ({limit} bytes): read it with `tessera --max-file-size {size} ...`, or import fewer tiles at a time (`--set`)",
            shown(out)
        );
    }
    ExitCode::SUCCESS
}

fn import_jcz_save(args: JczSaveArgs) -> ExitCode {
    let (file, out, force) = (&args.file, &args.out, args.force);
    if let Some(refused) = output_refused(file, out, force) {
        return refused;
    }
    let source = match crate::load::read(file) {
        Ok(s) => s,
        Err(e) => return failure(e.into_failure(), &Policy::default()),
    };
    // Read and replayed before anything is written: a position that does not replay is
    // never written.
    let replayed = jcz::save::import_save(&source).and_then(|imported| {
        let yaml = crate::diag::SourceFile::new(out, imported.yaml.clone());
        // Findings about turns are shown in the save (the output is not written).
        let in_save = |f| Failure::Findings(imported.relocate(&source, out, f));
        let lp = crate::replay::load_position_file(&yaml).map_err(|e| match e {
            Failure::Findings(f) => in_save(f),
            e => e,
        })?;
        crate::replay::replay(&lp, None).map_err(in_save)?;
        let turns = lp.position.turns.as_ref().map_or(0, Vec::len);
        Ok((imported, turns))
    });
    let (imported, turns) = match replayed {
        Ok(r) => r,
        Err(Failure::Findings(f)) => return nothing_written(file, &f),
        Err(e) => return failure(e, &Policy::default()),
    };
    // Never over a file that exists without `force`, even an earlier import.
    let target = crate::output::Target {
        path: out.to_path_buf(),
        text: imported.yaml.clone(),
    };
    if let Err(reasons) = crate::output::write_all(&[target], &|_, _| false, force) {
        err!("error: {}", reasons.join("\n"));
        return ExitCode::from(FAILURE);
    }
    err!(
        "wrote {}: {} of {}{}",
        shown(out),
        plural(turns, "turn"),
        plural(imported.players.len(), "player"),
        if imported.ended {
            ", the game over"
        } else {
            ", the game not over"
        }
    );
    ExitCode::SUCCESS
}

/// Why an import may not write `out`, printed, as the exit status (a tool failure), or
/// `None`: `out` is not a regular file (never replaced, `--force` or not), exists and
/// `force` is off, is the input itself, or its directory does not exist.
fn output_refused(input: &std::path::Path, out: &std::path::Path, force: bool) -> Option<ExitCode> {
    let same = matches!(
        (std::fs::canonicalize(input), std::fs::canonicalize(out)),
        (Ok(a), Ok(b)) if a == b
    );
    let missing_dir = out
        .parent()
        .filter(|d| !d.as_os_str().is_empty() && !d.is_dir());
    if std::fs::metadata(out).is_ok_and(|m| !m.is_file()) {
        err!(
            "error: {} is not a regular file (a directory, a device or a FIFO): it is never replaced, --force or not",
            shown(out)
        );
    } else if same {
        err!(
            "error: {} is the file being imported: write the output to another file",
            shown(out)
        );
    } else if !force && out.exists() {
        err!("error: {} exists; pass --force to replace it", shown(out));
    } else if let Some(dir) = missing_dir {
        err!(
            "error: cannot write {}: the directory {} does not exist",
            shown(out),
            shown(dir)
        );
    } else {
        return None;
    }
    Some(ExitCode::from(FAILURE))
}

/// Prints the findings that stopped an import, and says nothing was written: the exit
/// status for findings.
fn nothing_written(file: &std::path::Path, findings: &[crate::diag::Finding]) -> ExitCode {
    print_findings(findings);
    err!(
        "{}: {}; nothing written",
        shown(file),
        plural(count(findings, Level::Error), "error")
    );
    ExitCode::from(FINDINGS)
}
