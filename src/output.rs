//! Writing generated files (`tessera schema`, `tessera explain --markdown --out`) without
//! harming what is already there.
//!
//! Every target is checked before any is written, so a run writes all its files or none:
//! a target that is a symbolic link is never followed (only `--force` replaces the link
//! itself), nor is a directory it goes in that is a symbolic link (unless `--force`), one that is not a regular file is never replaced, and a regular file that
//! differs is replaced only when it is a file tessera generated (the caller says how to
//! tell) or with `--force`. Each file is then written to a temporary file beside it and
//! renamed over it, so a reader never sees half a file.

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// One file to write: where, and its whole text.
#[derive(Debug, Clone)]
pub struct Target {
    /// The file.
    pub path: PathBuf,
    /// Its new contents.
    pub text: String,
}

/// What happened to one target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The file did not exist and was written.
    Created(PathBuf),
    /// The file (or a link at its place) was replaced.
    Replaced(PathBuf),
    /// The file already had these contents; it was not touched.
    Unchanged(PathBuf),
}

/// The largest existing file read to compare it with its new contents (16 MiB): a larger
/// one cannot be a generated file.
const MAX_COMPARED: u64 = 16 * 1024 * 1024;

/// The text of the regular file at `path` (through a symbolic link), if it is one of at
/// most 16 MiB that reads as UTF-8: what a generated file holds now, to compare with what
/// it should hold. `None` for anything else: a FIFO is never opened (a read would wait
/// for a writer), a device never read (`/dev/zero` has no end).
pub fn read_existing(path: &Path) -> Option<String> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > MAX_COMPARED {
        return None;
    }
    std::fs::read_to_string(path).ok()
}

/// What stands at a target's path now.
enum Found {
    Nothing,
    Same,
    Ours,
    /// A file tessera did not write, with what to add to the message (` (N bytes, ...)`).
    Foreign(String),
    Link,
    NotAFile(String),
}

fn inspect(t: &Target, ours: &dyn Fn(&Path, &str) -> bool) -> Result<Found, String> {
    let meta = match std::fs::symlink_metadata(&t.path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Found::Nothing),
        Err(e) => return Err(format!("cannot check {}: {e}", t.path.display())),
        Ok(m) => m,
    };
    if meta.file_type().is_symlink() {
        return Ok(Found::Link);
    }
    if !meta.is_file() {
        return Ok(Found::NotAFile(if meta.is_dir() {
            "a directory".into()
        } else {
            "not a regular file".into()
        }));
    }
    if meta.len() > MAX_COMPARED {
        return Ok(Found::Foreign(format!(
            " ({} bytes, more than tessera writes)",
            meta.len()
        )));
    }
    let current =
        std::fs::read(&t.path).map_err(|e| format!("cannot read {}: {e}", t.path.display()))?;
    if current == t.text.as_bytes() {
        return Ok(Found::Same);
    }
    match String::from_utf8(current) {
        Ok(text) if ours(&t.path, &text) => Ok(Found::Ours),
        _ => Ok(Found::Foreign(String::new())),
    }
}

/// Writes `targets`, all or none (see the module documentation). `ours` tells whether an
/// existing file's text is one tessera generated (an older generation), which may be
/// replaced without `force`.
///
/// Errors: every reason a target cannot be written (checked before anything is written),
/// or the first failure to write; nothing is left half written.
pub fn write_all(
    targets: &[Target],
    ours: &dyn Fn(&Path, &str) -> bool,
    force: bool,
) -> Result<Vec<Outcome>, Vec<String>> {
    let mut refused = Vec::new();
    let mut plan = Vec::new();
    for t in targets {
        // The directory it goes in, as named: never written through a symbolic link either.
        if let Some(dir) = t.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            let linked = std::fs::symlink_metadata(dir).is_ok_and(|m| m.file_type().is_symlink());
            if linked && !force {
                refused.push(format!(
                    "{} is a symbolic link: not followed to write {}; pass --force to write through it",
                    dir.display(),
                    t.path.display()
                ));
                continue;
            }
        }
        match inspect(t, ours) {
            Err(m) => refused.push(m),
            Ok(Found::Nothing) => plan.push((t, false)),
            Ok(Found::Same) => {}
            Ok(Found::Ours) => plan.push((t, true)),
            Ok(Found::Foreign(_)) if force => plan.push((t, true)),
            Ok(Found::Foreign(why)) => refused.push(format!(
                "{} exists and is not a file tessera wrote{why}; pass --force to replace it",
                t.path.display()
            )),
            Ok(Found::Link) if force => plan.push((t, true)),
            Ok(Found::Link) => refused.push(format!(
                "{} is a symbolic link: not followed; pass --force to replace the link itself with the file",
                t.path.display()
            )),
            Ok(Found::NotAFile(what)) => refused.push(format!(
                "{} is {what}: not replaced",
                t.path.display()
            )),
        }
    }
    if !refused.is_empty() {
        return Err(refused);
    }
    // Temporary files first, all of them; then the renames.
    let mut written: Vec<(PathBuf, &Target, bool)> = Vec::new();
    let cleanup = |written: &[(PathBuf, &Target, bool)]| {
        for (tmp, _, _) in written {
            let _ = std::fs::remove_file(tmp);
        }
    };
    for (t, replaces) in plan {
        let dir = match t.path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        if let Err(e) = std::fs::create_dir_all(&dir) {
            cleanup(&written);
            return Err(vec![format!("cannot create {}: {e}", dir.display())]);
        }
        let name = t
            .path
            .file_name()
            .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
        let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
        let result = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
            .and_then(|mut f| {
                f.write_all(t.text.as_bytes())?;
                f.sync_all()
            });
        if let Err(e) = result {
            let _ = std::fs::remove_file(&tmp);
            cleanup(&written);
            return Err(vec![format!("cannot write {}: {e}", tmp.display())]);
        }
        written.push((tmp, t, replaces));
    }
    let mut out = Vec::new();
    for (i, (tmp, t, replaces)) in written.iter().enumerate() {
        if let Err(e) = std::fs::rename(tmp, &t.path) {
            cleanup(&written[i..]);
            return Err(vec![format!("cannot write {}: {e}", t.path.display())]);
        }
        out.push(if *replaces {
            Outcome::Replaced(t.path.clone())
        } else {
            Outcome::Created(t.path.clone())
        });
    }
    for t in targets {
        if !out
            .iter()
            .any(|o| matches!(o, Outcome::Created(p) | Outcome::Replaced(p) if *p == t.path))
        {
            out.push(Outcome::Unchanged(t.path.clone()));
        }
    }
    Ok(out)
}

/// The root of the tessera checkout `from` is in: the nearest directory at or above it
/// whose `Cargo.toml` declares the package `tessera`.
pub fn checkout_root(from: &Path) -> Option<PathBuf> {
    from.ancestors()
        .find(|d| is_tessera_manifest(&d.join("Cargo.toml")))
        .map(Path::to_path_buf)
}

/// Whether a file is a Cargo manifest of the package `tessera` (`name = "tessera"` in its
/// `[package]` section).
fn is_tessera_manifest(path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else {
        return false;
    };
    if !meta.is_file() || meta.len() > 1024 * 1024 {
        return false;
    }
    let Ok(text) = std::fs::read_to_string(path) else {
        return false;
    };
    let mut in_package = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if in_package {
            if let Some((key, value)) = line.split_once('=') {
                if key.trim() == "name" {
                    return value.trim() == "\"tessera\"";
                }
            }
        }
    }
    false
}
