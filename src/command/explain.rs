//! `tessera explain`: the check catalogue, one code or all of them, as text, JSON or
//! Markdown (`docs/checks.md`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::Format;
use super::common::{FAILURE, FINDINGS, err, failure_as, out, shown};
use crate::diag::{Check, Failure, Policy, unknown_code_message};
use crate::report::{checks_list, checks_markdown, explain_text};

/// Explain a finding code: what it checks, why it matters, bad and fixed input.
///
/// Without a code, list every code with its default severity and title. --markdown
/// prints the whole reference (docs/checks.md).
///
/// Exit status: 0 explained, 1 unknown code or the file cannot be written, 2 with
/// --check when the file is stale.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  tessera explain                       # every code\n  tessera explain tileset::slot_claim\n  tessera explain --markdown --out docs/checks.md --force\n  tessera explain --markdown --out docs/checks.md --check"
)]
pub struct ExplainArgs {
    /// The code, e.g. tileset::count_mismatch.
    code: Option<String>,
    /// Print the whole reference as Markdown.
    #[arg(long, conflicts_with = "code")]
    markdown: bool,
    /// With --markdown: write to this file instead of standard output.
    #[arg(long, value_name = "FILE", requires = "markdown")]
    out: Option<PathBuf>,
    /// With --out: replace the file if it exists and differs.
    #[arg(long, requires = "out")]
    force: bool,
    /// With --out: do not write; exit 2 if the file differs from the generated reference.
    #[arg(long, requires = "out", conflicts_with = "force")]
    check: bool,
    /// Output format: `json` prints each code's record (code, severity, title, why,
    /// bad and fixed input), for editors and scripts.
    #[arg(long, value_enum, default_value_t = Format::Text, conflicts_with = "markdown")]
    format: Format,
}

/// Runs `tessera explain`.
pub fn run(args: ExplainArgs) -> ExitCode {
    if !args.markdown && args.format == Format::Json {
        return explain_json(args.code.as_deref());
    }
    explain(
        args.code.as_deref(),
        args.markdown,
        args.out.as_deref(),
        args.force,
        args.check,
    )
}

/// `explain --format json`: the record of one code, or of every code, as JSON.
fn explain_json(code: Option<&str>) -> ExitCode {
    let record = |c: Check| {
        let info = c.info();
        serde_json::json!({
            "code": info.code,
            "severity": info.severity.name(),
            "title": info.title,
            "why": info.why,
            "bad": info.bad,
            "fixed": info.fixed,
        })
    };
    let value = match code {
        None => serde_json::Value::Array(Check::all().iter().map(|&c| record(c)).collect()),
        Some(code) => match Check::from_code(code) {
            Some(c) => record(c),
            None => {
                return failure_as(
                    Failure::Tool(unknown_code_message(code, "", false)),
                    &Policy::default(),
                    true,
                );
            }
        },
    };
    out!(
        "{}\n",
        serde_json::to_string_pretty(&value).unwrap_or_default()
    );
    ExitCode::SUCCESS
}

fn explain(
    code: Option<&str>,
    markdown: bool,
    out: Option<&Path>,
    force: bool,
    check: bool,
) -> ExitCode {
    if !markdown {
        match code {
            None => out!("{}", checks_list()),
            Some(code) => match Check::from_code(code) {
                Some(c) => out!("{}", explain_text(c)),
                None => {
                    err!("error: {}", unknown_code_message(code, "", false));
                    return ExitCode::from(FAILURE);
                }
            },
        }
        return ExitCode::SUCCESS;
    }
    let text = checks_markdown();
    let Some(path) = out else {
        out!("{text}");
        return ExitCode::SUCCESS;
    };
    // Only a regular file is read: a FIFO or a device is never opened.
    let current = crate::output::read_existing(path);
    if current.as_deref() == Some(text.as_str()) {
        if !check {
            err!("{} is up to date", shown(path));
        }
        return ExitCode::SUCCESS;
    }
    if check {
        err!(
            "stale: {} (run `tessera explain --markdown --out {} --force` to regenerate)",
            shown(path),
            shown(path)
        );
        return ExitCode::from(FINDINGS);
    }
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        err!(
            "error: {} is not a regular file (a directory, a device or a FIFO): it is never replaced, --force or not",
            shown(path)
        );
        return ExitCode::from(FAILURE);
    }
    if path.exists() && !force {
        err!(
            "error: {} exists and differs from the generated reference; pass --force to replace it",
            shown(path)
        );
        return ExitCode::from(FAILURE);
    }
    let target = crate::output::Target {
        path: path.to_path_buf(),
        text,
    };
    // Written whole (a temporary file renamed over it), never through a symbolic link.
    if let Err(reasons) = crate::output::write_all(&[target], &|_, _| true, force) {
        for r in reasons {
            err!("error: {r}");
        }
        return ExitCode::from(FAILURE);
    }
    err!("wrote {}", shown(path));
    ExitCode::SUCCESS
}
