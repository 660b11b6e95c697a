//! `tessera validate`: any file checked (a YAML rule set, tile set or position, or
//! JCloisterZone XML), [`validate_file`]; the directory walk, [`InputFiles`].

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::PolicyArgs;
use super::common::{
    FAILURE, FINDINGS, count, err, failure_as, findings_not_shown, judge, out, plural,
    print_findings, print_json, shown, within_cap,
};
use crate::diag::{Failure, Level, SourceFile};
use crate::report::{CoverageRecord, FileRecord, FindingRecord, ValidateReport, coverage_text};
use crate::validate::Validation;
use crate::{jcz, load, replay};

/// Check rule sets, tile sets and positions; report every problem with its line.
///
/// Checks run in stages: YAML syntax, then the JSON Schema, then meaning (declared
/// total vs counts, sides consistent with segments, every slot claimed once, links,
/// and for positions every turn replayed under the rules). The file kind is told from
/// its keys. JCloisterZone / FanCloisterZone tile-definition XML (root `<pack>` or
/// `<defs>`) is checked against a rule set, every finding at its XML line. A directory
/// is searched for *.yaml and *.xml files.
///
/// Every finding has a code (`tileset::count_mismatch`) and a severity: errors,
/// warnings and notes. `tessera explain CODE` says what a code means; --allow and
/// --deny change what is reported.
///
/// Exit status: 0 clean (warnings and notes allowed), 2 errors (or denied warnings),
/// 1 a path cannot be read or a flag is wrong.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  tessera validate tilesets/base.yaml\n  tessera validate rulesets tilesets examples\n  tessera validate my-tiles.yaml --format json\n  tessera validate my-expansion.xml --ruleset rulesets/carcassonne.yaml\n  tessera validate my-tiles.yaml --deny warnings\n  tessera validate tilesets --allow note::provenance"
)]
pub struct ValidateArgs {
    /// Files or directories to check.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// How to print findings.
    #[arg(long, value_enum, default_value_t = FindingFormat::Human)]
    format: FindingFormat,
    /// Rule set to check JCZ XML files against (default:
    /// `bundled:rulesets/base-ic-river.yaml`, the base game with Inns and Cathedrals and
    /// The River, built into tessera).
    #[arg(long, value_name = "FILE")]
    ruleset: Option<PathBuf>,
    #[command(flatten)]
    policy: PolicyArgs,
}

/// How `tessera validate` prints findings.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum FindingFormat {
    /// Diagnostics with source snippets.
    Human,
    /// One JSON object on standard output: `findings` (the records) and `files` (per file:
    /// kind, errors, warnings, notes).
    Json,
}

/// What [`validate_file`] checks: a file named by its path, or one already read (its
/// path still resolves the files it names; an editor's unsaved buffer, a fuzzer's input).
#[derive(Debug)]
pub enum FileToCheck<'a> {
    /// A file to read (regular files only, at most [`crate::limits::max_file_size`]).
    Path(&'a Path),
    /// A file already read.
    Read(SourceFile),
}

impl<'a> From<&'a Path> for FileToCheck<'a> {
    fn from(path: &'a Path) -> Self {
        FileToCheck::Path(path)
    }
}

impl<'a> From<&'a PathBuf> for FileToCheck<'a> {
    fn from(path: &'a PathBuf) -> Self {
        FileToCheck::Path(path)
    }
}

impl From<SourceFile> for FileToCheck<'_> {
    fn from(file: SourceFile) -> Self {
        FileToCheck::Read(file)
    }
}

/// Validates one file of any kind tessera reads: JCloisterZone / FanCloisterZone XML (told
/// by its first character or its extension) against `ruleset` (default:
/// [`jcz::default_ruleset`]), anything else as a tessera YAML rule set, tile set or
/// position (`ruleset` is not used), the kind told from its keys: syntax, schema, then
/// meaning; a position's turns are replayed. `file` is a path (`&Path`, `&PathBuf`) or a
/// file already read ([`SourceFile`]). The one entry point for front ends (the CLI, an
/// editor's language server).
///
/// A path that is not a regular file or is too large is a finding in it (`io::`), not an
/// error.
///
/// Errors: `Err(message)` when the file (or a file it names) cannot be read.
pub fn validate_file<'a>(
    file: impl Into<FileToCheck<'a>>,
    ruleset: Option<&Path>,
) -> Result<Validation, String> {
    let file = match file.into() {
        FileToCheck::Read(file) => file,
        FileToCheck::Path(path) => match load::read(path) {
            Ok(f) => f,
            Err(e) if e.is_finding() => {
                return Ok(Validation {
                    path: path.to_path_buf(),
                    kind: None,
                    findings: vec![e.finding()],
                    coverage: None,
                });
            }
            Err(e) => return Err(e.to_string()),
        },
    };
    if jcz::looks_like_xml(&file) {
        jcz::validate_source(file, ruleset)
    } else {
        replay::validate_source(file)
    }
}

/// The files `tessera validate` checks for the paths it is given: a path to a file is
/// taken as it is (whatever it is: reading it checks that it is a regular file); a
/// directory is walked for `*.yaml`, `*.yml` and `*.xml` files, in name order.
///
/// The walk follows no symbolic link to a directory (so a link loop cannot make it run
/// forever, and a link to `/` cannot make it read the whole disk): such a link is left
/// out with a note. A link to a file is taken. Every file is taken once, however many
/// paths or links reach it (told by its canonical path).
#[derive(Debug, Default)]
pub struct InputFiles {
    /// The files to check, in the order found.
    pub files: Vec<PathBuf>,
    /// What was left out, and why (for the user, not findings).
    pub notes: Vec<String>,
    seen: HashSet<PathBuf>,
}

impl InputFiles {
    /// Adds the files of one path (a file or a directory); returns how many files the path
    /// holds (taken now or already).
    ///
    /// Errors: a message when a directory cannot be listed.
    pub fn add(&mut self, path: &Path) -> Result<usize, String> {
        if !path.is_dir() {
            self.take(path);
            return Ok(1);
        }
        let mut found = 0;
        let walk = walkdir::WalkDir::new(path)
            .follow_links(false)
            .follow_root_links(true)
            .sort_by_file_name();
        for entry in walk {
            let entry = entry.map_err(|e| match e.path() {
                Some(p) => format!("{}: {e}", p.display()),
                None => e.to_string(),
            })?;
            let p = entry.path();
            let wanted = p
                .extension()
                .is_some_and(|x| x == "yaml" || x == "yml" || x == "xml");
            let t = entry.file_type();
            if t.is_dir() {
                continue;
            }
            if t.is_symlink() && std::fs::metadata(p).is_ok_and(|m| m.is_dir()) {
                self.notes.push(format!(
                    "{}: a symbolic link to a directory, not followed",
                    p.display()
                ));
                continue;
            }
            if wanted {
                found += 1;
                self.take(p);
            }
        }
        Ok(found)
    }

    /// Takes one file unless it was taken already.
    fn take(&mut self, path: &Path) {
        if self.seen.insert(load::identity(path)) {
            self.files.push(path.to_path_buf());
        }
    }
}

/// Runs `tessera validate`.
pub fn run(args: ValidateArgs) -> ExitCode {
    let policy = match args.policy.policy() {
        Ok(p) => p,
        Err(code) => return code,
    };
    let (paths, format, ruleset) = (&args.paths, args.format, args.ruleset.as_deref());
    let mut input = InputFiles::default();
    for p in paths {
        match input.add(p) {
            // Told once, below, when no path gave a file.
            Ok(0) if paths.len() > 1 => err!("note: no .yaml, .yml or .xml files in {}", shown(p)),
            Ok(0) => {}
            Ok(_) => {}
            Err(m) => {
                let json = matches!(format, FindingFormat::Json);
                return failure_as(Failure::Tool(m), &policy, json);
            }
        }
    }
    let files = input.files;
    if files.is_empty() {
        // One message (the notes say the same per path), as JSON when JSON is asked for.
        let m = format!(
            "no .yaml, .yml or .xml files found in {}",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        let json = matches!(format, FindingFormat::Json);
        return failure_as(Failure::Tool(m), &policy, json);
    }
    for n in &input.notes {
        err!("note: {n}");
    }
    let mut all = Vec::new();
    let mut file_records: Vec<FileRecord> = Vec::new();
    let mut tool_failed = false;
    let mut tool_messages = Vec::new();
    let mut checked = 0;
    let (mut errors, mut warnings, mut notes) = (0, 0, 0);
    // A finding in a file that several checked files use (the provenance note of a set
    // included by others) is reported once per run.
    let mut reported = std::collections::HashSet::new();
    for f in &files {
        match validate_file(f, ruleset) {
            Ok(v) => {
                checked += 1;
                let mut findings = judge(&policy, v.findings);
                findings.retain(|x| {
                    reported.insert((
                        x.check,
                        x.file.as_ref().map(|s| s.path.clone()),
                        x.labels.first().map(|(s, _)| s.offset()),
                        x.message.clone(),
                    ))
                });
                let (e, w) = (
                    count(&findings, Level::Error),
                    count(&findings, Level::Warning),
                );
                errors += e;
                warnings += w;
                notes += count(&findings, Level::Note);
                if matches!(format, FindingFormat::Human) {
                    print_findings(&findings);
                    // The kind when it could be told (not for a file that is not YAML).
                    let kind = v.kind.map_or(String::new(), |k| format!("{} ", k.name()));
                    let mut verdict = if e == 0 {
                        "ok".to_string()
                    } else {
                        plural(e, "error")
                    };
                    if w > 0 {
                        verdict.push_str(&format!(", {}", plural(w, "warning")));
                    }
                    err!("{}: {kind}{verdict}", shown(f));
                    if let Some(c) = &v.coverage {
                        err!("{}: {}", shown(f), coverage_text(c));
                    }
                }
                file_records.push(FileRecord {
                    file: f.display().to_string(),
                    kind: v.kind.map(|k| k.name()),
                    errors: e,
                    warnings: w,
                    notes: count(&findings, Level::Note),
                    coverage: v.coverage.as_ref().map(CoverageRecord::from),
                });
                all.extend(findings);
            }
            Err(m) => {
                err!("error: {m}");
                tool_failed = true;
                tool_messages.push(m);
            }
        }
    }
    match format {
        // The tool could not check a file: one failure record (with the findings of the
        // files it did check), as every command's JSON failure.
        FindingFormat::Json if tool_failed => {
            let records: Vec<FindingRecord> =
                within_cap(&all).iter().map(FindingRecord::from).collect();
            print_json(&serde_json::json!({
                "error": "tool",
                "exit_code": FAILURE,
                "message": tool_messages.join("\n"),
                "findings": records,
                "files": file_records,
            }));
        }
        FindingFormat::Json => {
            let findings = within_cap(&all).iter().map(FindingRecord::from).collect();
            let report = ValidateReport {
                findings,
                files: file_records,
                not_recorded: findings_not_shown(),
            };
            out!(
                "{}\n",
                serde_json::to_string_pretty(&report).unwrap_or_default()
            );
        }
        FindingFormat::Human if checked > 0 => {
            // Warnings are counted only when there are some, so that runs without any
            // print as before.
            let warnings = match warnings {
                0 => String::new(),
                1 => ", 1 warning".to_string(),
                n => format!(", {n} warnings"),
            };
            err!(
                "checked {checked} file{}: {errors} error{}{warnings}, {notes} note{}",
                if checked == 1 { "" } else { "s" },
                if errors == 1 { "" } else { "s" },
                if notes == 1 { "" } else { "s" }
            );
        }
        FindingFormat::Human => {}
    }
    if tool_failed {
        ExitCode::from(FAILURE)
    } else if errors > 0 {
        ExitCode::from(FINDINGS)
    } else {
        ExitCode::SUCCESS
    }
}
