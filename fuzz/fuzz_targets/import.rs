//! `tessera import jcz`: any bytes, written as `fuzz-input.xml` in a scratch directory,
//! converted by `tessera::jcz::import` to a tile set for `fuzz-input.yaml` beside it (not
//! written), against the default rule set; a file of several `<tile-set>`s is imported
//! with its first (`--set ID`), and a file whose errors all have a mechanical fix is
//! imported again with `--fix`. The YAML it returns must be what `import jcz` may write:
//! validated as that file (`tessera::validate_file`), it reads as a tile set
//! with no error; otherwise the YAML and the findings are printed and the target panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessera::Failure;
use tessera::diag::{Level, SourceFile};
use tessera::jcz::{ImportOptions, Imported};
use tessera::schema::FileKind;

/// Checks what an import returned; with `Err`, whether every error has a fix (so that
/// `--fix` gives a tile set).
fn imported(result: Result<Imported, Failure>, out: &std::path::Path, fixed: bool) -> bool {
    match result {
        Ok(imp) => {
            tessera_fuzz::check_findings(&imp.warnings);
            validate(&imp.yaml, out, fixed);
            false
        }
        Err(Failure::Findings(f)) => {
            tessera_fuzz::check_findings(&f);
            let errors = f.iter().filter(|f| f.level == Level::Error);
            errors.clone().count() > 0 && errors.into_iter().all(|e| !e.fixes().is_empty())
        }
        Err(Failure::Tool(_)) => false,
    }
}

/// The imported YAML validated as the file `out`: a tile set, no error.
fn validate(yaml: &str, out: &std::path::Path, fixed: bool) {
    let how = if fixed {
        "import jcz --fix"
    } else {
        "import jcz"
    };
    let v = match tessera::validate_file(SourceFile::new(out, yaml.to_string()), None) {
        Ok(v) => v,
        Err(m) => panic!("the YAML {how} wrote cannot be validated: {m}\n--- YAML ---\n{yaml}"),
    };
    let errors: Vec<String> = v
        .findings
        .iter()
        .filter(|f| f.level == Level::Error)
        .map(|f| format!("[{}] {} at {:?}", f.check.code(), f.message, f.position()))
        .collect();
    if !errors.is_empty() || v.kind != Some(FileKind::Tileset) {
        panic!(
            "the YAML {how} wrote does not validate as a tile set (kind {:?}): {} error(s):\n{}\n--- YAML ---\n{yaml}",
            v.kind,
            errors.len(),
            errors.join("\n")
        );
    }
    tessera_fuzz::check_findings(&v.findings);
}

fuzz_target!(|data: &[u8]| {
    let dir = tessera_fuzz::scratch();
    let input = dir.join("fuzz-input.xml");
    if std::fs::write(&input, data).is_err() {
        return;
    }
    let out = dir.join("fuzz-input.yaml");
    let mut opts = ImportOptions::default();
    // Several sets: the first, as `--set` would choose it.
    let file = SourceFile::from_bytes(&input, data.to_vec());
    if let Ok((doc, _)) = tessera::jcz::xml::read(&file) {
        if doc.sets.len() > 1 {
            opts.sets = vec![doc.sets[0].id.value.clone()];
        }
    }
    if imported(tessera::jcz::import(&input, &out, &opts), &out, false) {
        opts.fix = true;
        imported(tessera::jcz::import(&input, &out, &opts), &out, true);
    }
});
