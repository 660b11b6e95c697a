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
    if std::fs::metadata(out).is_ok_and(|m| !m.is_file()) {
        err!(
            "error: {} is not a regular file (a directory, a device or a FIFO): it is never replaced, --force or not",
            shown(out)
        );
        return ExitCode::from(FAILURE);
    }
    if !force && out.exists() {
        err!("error: {} exists; pass --force to replace it", shown(out));
        return ExitCode::from(FAILURE);
    }
    let imported = match jcz::import(file, out, &opts) {
        Ok(i) => i,
        Err(Failure::Findings(f)) => {
            print_findings(&f);
            err!(
                "{}: {}; nothing written",
                shown(file),
                plural(count(&f, Level::Error), "error")
            );
            return ExitCode::from(FINDINGS);
        }
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
