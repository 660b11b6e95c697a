//! `tessera schema`: the JSON Schemas of the YAML formats written (or checked fresh).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::common::{FAILURE, FINDINGS, err, out, shown};
use crate::output::{self, Outcome, Target};
use crate::schema::{FileKind, schema_text};

/// Write the JSON Schemas (draft-07) of the YAML formats to schema/.
///
/// Editors using yaml-language-server read them through the first line of each file,
/// e.g. `# yaml-language-server: $schema=../schema/tileset.schema.json`.
///
/// Without --out the schemas go to schema/ of the tessera checkout the working
/// directory is in; elsewhere --out is needed. Every file is checked before any is
/// written, and each is written whole (a temporary file renamed over it). A file
/// tessera did not generate (not a JSON Schema of that kind), a symbolic link or
/// anything but a regular file is not replaced: --force replaces a foreign file or
/// the link itself (never its target).
///
/// Exit status: 0 written (or up to date), 1 not written (nothing is), 2 with --check
/// when a file is stale.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  tessera schema                 # write schema/*.schema.json\n  tessera schema tileset --stdout\n  tessera schema --check         # exit 2 if schema/ is stale"
)]
pub struct SchemaArgs {
    /// Only this kind (default: all three).
    kind: Option<FileKind>,
    /// Directory to write to (default: schema/ of the tessera checkout the working
    /// directory is in).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Print one kind's schema to standard output instead of writing files (one JSON
    /// document: name the KIND).
    #[arg(long, conflicts_with = "check", requires = "kind")]
    stdout: bool,
    /// Do not write; exit 2 if the files in the directory differ from the generated ones.
    #[arg(long)]
    check: bool,
    /// Replace files tessera did not generate, and symbolic links (the link itself).
    #[arg(long, conflicts_with_all = ["check", "stdout"])]
    force: bool,
}

/// Whether `text` is a schema tessera generated for the kind whose file `path` is (any
/// generation: a JSON Schema draft-07 document with that kind's title).
fn generated_schema(path: &Path, text: &str) -> bool {
    let Some(kind) = FileKind::ALL
        .into_iter()
        .find(|k| path.file_name().is_some_and(|n| *n == *k.schema_file()))
    else {
        return false;
    };
    let Ok(found) = serde_json::from_str::<serde_json::Value>(text) else {
        return false;
    };
    let wanted = crate::schema::schema(kind);
    found.get("$schema").is_some()
        && found.get("$schema") == wanted.get("$schema")
        && found.get("title") == wanted.get("title")
}

/// Runs `tessera schema`.
pub fn run(args: SchemaArgs) -> ExitCode {
    let (out, check, force) = (args.out.as_deref(), args.check, args.force);
    let kinds: Vec<FileKind> = args.kind.map_or(FileKind::ALL.to_vec(), |k| vec![k]);
    if args.stdout {
        for k in kinds {
            out!("{}", schema_text(k));
        }
        return ExitCode::SUCCESS;
    }
    let dir = match out {
        Some(d) => d.to_path_buf(),
        None => {
            let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
            match output::checkout_root(&cwd) {
                Some(root) => {
                    let rel = root.strip_prefix(&cwd).map(Path::to_path_buf);
                    rel.unwrap_or(root).join("schema")
                }
                None => {
                    err!(
                        "error: {} is not inside a tessera checkout (no Cargo.toml of the package `tessera` here or above); pass --out DIR to say where the schemas go, or --stdout",
                        shown(&cwd)
                    );
                    return ExitCode::from(FAILURE);
                }
            }
        }
    };
    let targets: Vec<Target> = kinds
        .iter()
        .map(|k| Target {
            path: dir.join(k.schema_file()),
            text: schema_text(*k),
        })
        .collect();
    if check {
        let stale: Vec<&Path> = targets
            .iter()
            .filter(|t| {
                crate::load::read(&t.path)
                    .ok()
                    .is_none_or(|f| f.text() != t.text)
            })
            .map(|t| t.path.as_path())
            .collect();
        let again = match out {
            Some(d) => format!("tessera schema --out {}", shown(d)),
            None => "tessera schema".to_string(),
        };
        for p in &stale {
            err!("stale: {} (run `{again}` to regenerate)", shown(p));
        }
        return if stale.is_empty() {
            let n = targets.len();
            err!(
                "up to date: {} ({n} file{})",
                shown(&dir),
                if n == 1 { "" } else { "s" }
            );
            ExitCode::SUCCESS
        } else {
            ExitCode::from(FINDINGS)
        };
    }
    match output::write_all(&targets, &generated_schema, force) {
        Ok(outcomes) => {
            for o in outcomes {
                match o {
                    Outcome::Unchanged(p) => {
                        err!("{} is up to date", shown(&p))
                    }
                    Outcome::Created(p) | Outcome::Replaced(p) => {
                        err!("wrote {}", shown(&p))
                    }
                }
            }
            ExitCode::SUCCESS
        }
        Err(reasons) => {
            for r in reasons {
                err!("error: {r}");
            }
            err!("nothing written");
            ExitCode::from(FAILURE)
        }
    }
}
