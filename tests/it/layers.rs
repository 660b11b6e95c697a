//! The layering of ARCHITECTURE.md, checked on the source: no module of `src/` imports a
//! module of a higher layer, and the document's list of layers is this test's table.
//!
//! Every `crate::<name>` path in `src/` counts (in `use` items, `use crate::{a, b}` groups
//! and inline paths such as `crate::model::plural(..)`), once comments, strings and
//! character literals are blanked out. A `crate::` path to an item of the crate root
//! (`crate::Finding`, a re-export in `lib.rs`) imports the top. `super::` stays inside the
//! top-level module unless it climbs out of it, to the crate root. `src/lib.rs` and
//! `src/main.rs` are the top and may import anything.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The layers, lowest first: a module may import modules of its own layer and of lower
/// ones. Several modules in one layer may import each other (ARCHITECTURE.md names them
/// in one item).
const LAYERS: &[&[&str]] = &[
    // The registry of mechanisms (`src/mechanism/mod.rs` and each mechanism's `mod.rs`):
    // a list and module declarations, importing nothing. A mechanism's parts belong to
    // the modules of their layers (see `MECHANISM_PARTS`).
    &["mechanism"],
    &["limits"],
    // The writer of generated files: std only, so that every layer that writes (`jcz`'s
    // import, `lib`'s `new`, the binary) writes through it.
    &["output"],
    &["geometry"],
    &["model"],
    &["schema"],
    &["diag"],
    &["load"],
    &["rules"],
    &["validate"],
    &["jcz"],
    &["forest"],
    &["board", "graph", "score"],
    &["engine"],
    &["address", "replay"],
    &["simulate"],
    &["report", "picture"],
    // The commands: each one's arguments, library entry points and printing; below only
    // `lib.rs` (which re-exports the entry points) and `main.rs` (which dispatches).
    &["command"],
    // The language server: a front end over the commands' entry points (`validate_file`).
    &["lsp"],
];

/// The parts of a mechanism (`src/mechanism/NAME/PART.rs`, or a directory `PART/`) and
/// the module each is a part of: a mechanism's `model.rs` is part of `model` (it may
/// import what `model` may, and `model` may import it), and so on up the layers.
const MECHANISM_PARTS: &[(&str, &str)] = &[
    ("model", "model"),
    ("table", "rules"),
    ("check", "validate"),
    ("play", "engine"),
    ("words", "report"),
];

/// The module a mechanism's part belongs to, if `part` is one.
fn part_module(part: &str) -> Option<&'static str> {
    MECHANISM_PARTS
        .iter()
        .find(|(p, _)| *p == part.trim_end_matches(".rs"))
        .map(|(_, m)| *m)
}

/// What a path to the crate root (`lib.rs`) counts as: the top, above every layer.
const ROOT: &str = "crate root (lib.rs)";

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, in name order.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{} lists: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The top-level modules of `src/`: `src/NAME.rs` and `src/NAME/`, not `lib.rs` or
/// `main.rs`.
fn top_level_modules() -> BTreeSet<String> {
    std::fs::read_dir(src())
        .expect("src/ lists")
        .map(|e| e.expect("a directory entry").path())
        .filter_map(|p| {
            let name = if p.is_dir() {
                p.file_name()?.to_str()?.to_string()
            } else if p.extension().is_some_and(|x| x == "rs") {
                p.file_stem()?.to_str()?.to_string()
            } else {
                return None;
            };
            (name != "lib" && name != "main").then_some(name)
        })
        .collect()
}

/// The source with comments, string literals and character literals replaced by spaces
/// (line breaks kept), so that only code is searched.
fn code_only(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |out: &mut String, ch: char| out.push(if ch == '\n' { '\n' } else { ' ' });
    let mut i = 0;
    while i < c.len() {
        if c[i] == '/' && c.get(i + 1) == Some(&'/') {
            while i < c.len() && c[i] != '\n' {
                blank(&mut out, c[i]);
                i += 1;
            }
        } else if c[i] == '/' && c.get(i + 1) == Some(&'*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, c[i]);
                    i += 1;
                }
            }
        } else if let Some((quote, hashes)) = raw_string_at(&c, i) {
            // A raw string ends at a quote followed by as many `#`.
            let mut j = quote + 1;
            while j < c.len() && !(c[j] == '"' && (1..=hashes).all(|k| c.get(j + k) == Some(&'#')))
            {
                j += 1;
            }
            let end = (j + 1 + hashes).min(c.len());
            for &ch in &c[i..end] {
                blank(&mut out, ch);
            }
            i = end;
        } else if c[i] == '"' {
            blank(&mut out, c[i]);
            i += 1;
            while i < c.len() && c[i] != '"' {
                let step = if c[i] == '\\' { 2 } else { 1 };
                for &ch in &c[i..(i + step).min(c.len())] {
                    blank(&mut out, ch);
                }
                i += step;
            }
            if i < c.len() {
                blank(&mut out, c[i]);
                i += 1;
            }
        } else if c[i] == '\'' && c.get(i + 1) == Some(&'\\') {
            // An escaped character literal: '\n', '\'', '\u{..}'.
            let mut j = i + 3;
            while j < c.len() && c[j] != '\'' {
                j += 1;
            }
            for &ch in &c[i..(j + 1).min(c.len())] {
                blank(&mut out, ch);
            }
            i = j + 1;
        } else if c[i] == '\'' && c.get(i + 2) == Some(&'\'') {
            // A character literal ('{', '"'); a lifetime ('a) has no closing quote.
            out.push_str("   ");
            i += 3;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// Whether a raw string (`r"`, `r#"`, `br"`) starts at `i`: its opening quote and its
/// number of `#`.
fn raw_string_at(c: &[char], i: usize) -> Option<(usize, usize)> {
    if i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_') {
        return None;
    }
    let mut j = match (c.get(i), c.get(i + 1)) {
        (Some('r'), _) => i + 1,
        (Some('b'), Some('r')) => i + 2,
        _ => return None,
    };
    let hashes = j;
    while c.get(j) == Some(&'#') {
        j += 1;
    }
    (c.get(j) == Some(&'"')).then_some((j, j - hashes))
}

/// The first names of the paths in a `{..}` group starting at `open` (the brace):
/// `{diag::{A, B}, model, self}` gives `diag`, `model`, `self`.
fn group_heads(code: &[char], open: usize) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut at_start = true;
    let mut i = open;
    while i < code.len() {
        let ch = code[i];
        match ch {
            '{' => {
                depth += 1;
                at_start = depth == 1;
            }
            '}' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            ',' if depth == 1 => at_start = true,
            c if at_start && (c.is_alphabetic() || c == '_') => {
                let start = i;
                while i < code.len() && (code[i].is_alphanumeric() || code[i] == '_') {
                    i += 1;
                }
                heads.push(code[start..i].iter().collect());
                at_start = false;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    heads
}

/// What one file imports: the top-level modules (or [`ROOT`]) named by its `crate::`
/// paths, and by `super::` paths that climb out of its top-level module, with the line.
/// `depth` is how deep the file's module is below its top-level module (0 for
/// `src/x.rs` and `src/x/mod.rs`, 1 for `src/x/y.rs`).
fn imports(code: &str, depth: usize, modules: &BTreeSet<String>) -> Vec<(usize, String)> {
    let c: Vec<char> = code.chars().collect();
    let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    let line_at = |i: usize| c[..i].iter().filter(|&&ch| ch == '\n').count() + 1;
    let skip_space = |mut i: usize| {
        while i < c.len() && c[i].is_whitespace() {
            i += 1;
        }
        i
    };
    let word_at = |i: usize, w: &str| {
        let w: Vec<char> = w.chars().collect();
        c.get(i..i + w.len()) == Some(&w[..])
            && (i == 0 || !ident(c[i - 1]) || c[i - 1] == '$')
            && !c.get(i + w.len()).copied().is_some_and(ident)
    };
    let sep_at = |i: usize| {
        let i = skip_space(i);
        (c.get(i) == Some(&':') && c.get(i + 1) == Some(&':')).then(|| skip_space(i + 2))
    };
    let module_of = |name: &str| {
        if modules.contains(name) {
            name.to_string()
        } else {
            ROOT.to_string()
        }
    };
    // Inline `mod x { .. }` blocks open at these brace depths.
    let mut inline_mods: Vec<usize> = Vec::new();
    let mut braces = 0usize;
    let mut found = Vec::new();
    let mut i = 0;
    while i < c.len() {
        match c[i] {
            '{' => braces += 1,
            '}' => {
                braces = braces.saturating_sub(1);
                if inline_mods.last() == Some(&braces) {
                    inline_mods.pop();
                }
            }
            _ => {}
        }
        if word_at(i, "mod") {
            let mut j = skip_space(i + 3);
            while j < c.len() && ident(c[j]) {
                j += 1;
            }
            if c.get(skip_space(j)) == Some(&'{') {
                inline_mods.push(braces);
            }
        } else if word_at(i, "crate") {
            if let Some(j) = sep_at(i + 5) {
                if c.get(j) == Some(&'{') {
                    for head in group_heads(&c, j) {
                        if head != "self" {
                            found.push((line_at(i), module_of(&head)));
                        }
                    }
                } else if c.get(j).copied().is_some_and(ident) {
                    let end = (j..c.len()).find(|&k| !ident(c[k])).unwrap_or(c.len());
                    let head: String = c[j..end].iter().collect();
                    // `crate::mechanism::NAME::PART` (NAME may be a macro's `$m`) is a path
                    // into the module PART belongs to; other `crate::mechanism` paths
                    // name the registry.
                    let segment = |from: usize| {
                        let k = sep_at(from)?;
                        let k0 = if c.get(k) == Some(&'$') { k + 1 } else { k };
                        let e = (k0..c.len()).find(|&e| !ident(c[e])).unwrap_or(c.len());
                        (e > k0).then(|| (c[k..e].iter().collect::<String>(), e))
                    };
                    let part = (head == "mechanism")
                        .then(|| segment(end))
                        .flatten()
                        .and_then(|(_, e)| segment(e))
                        .and_then(|(part, _)| part_module(&part));
                    found.push((
                        line_at(i),
                        part.map_or_else(|| module_of(&head), String::from),
                    ));
                }
            }
        } else if word_at(i, "super") && sep_at(i + 5).is_some() {
            // A chain `super::super::..` climbs that many modules up.
            let mut ups = 1;
            let mut j = i + 5;
            while let Some(k) = sep_at(j).filter(|&k| word_at(k, "super")) {
                ups += 1;
                j = k + 5;
            }
            if ups > depth + inline_mods.len() {
                found.push((line_at(i), ROOT.to_string()));
            }
            i = j;
            continue;
        }
        i += 1;
    }
    found
}

/// The imports of `module` that go up a layer: (line, imported module).
fn violations(
    module: &str,
    code: &str,
    depth: usize,
    modules: &BTreeSet<String>,
) -> Vec<(usize, String)> {
    let own = layer_of(module).unwrap_or(usize::MAX);
    imports(&code_only(code), depth, modules)
        .into_iter()
        .filter(|(_, m)| m != module && (m == ROOT || layer_of(m).is_some_and(|l| l > own)))
        .collect()
}

/// One source file of a top-level module (not `lib.rs` or `main.rs`): its path under
/// `src/`, its module, how deep it sits in it (for `super::`), and its text.
struct ModuleFile {
    rel: PathBuf,
    /// Its module (a mechanism's part: the module of its layer).
    top: String,
    /// Whether it is a part of a mechanism (`src/mechanism/NAME/PART.rs`).
    part: bool,
    depth: usize,
    text: String,
}

/// Every source file of the top-level modules of `src/`, in name order.
fn module_files() -> Vec<ModuleFile> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut out = Vec::new();
    for path in &files {
        let rel = path.strip_prefix(src()).expect("under src/").to_path_buf();
        let parts: Vec<&str> = rel
            .iter()
            .map(|p| p.to_str().expect("UTF-8 name"))
            .collect();
        let mut top = parts[0].trim_end_matches(".rs").to_string();
        if top == "lib" || top == "main" {
            continue;
        }
        let depth = match parts.last() {
            Some(&"mod.rs") => parts.len() - 2,
            _ => parts.len() - 1,
        };
        // A mechanism's part is part of its layer's module.
        let mut part = false;
        if top == "mechanism" {
            if let Some(m) = parts.get(2).and_then(|p| part_module(p)) {
                top = m.to_string();
                part = true;
            }
        }
        let text = std::fs::read_to_string(path).expect("a source file reads");
        out.push(ModuleFile {
            rel,
            top,
            part,
            depth,
            text,
        });
    }
    out
}

impl ModuleFile {
    /// What the file imports (see [`imports`]); in a mechanism's part, a `super::PART`
    /// path is an import of the module that part belongs to (a mechanism's `table` may
    /// not reach into its own `play`).
    fn imports(&self, modules: &BTreeSet<String>) -> Vec<(usize, String)> {
        let code = code_only(&self.text);
        let mut found = imports(&code, self.depth, modules);
        if self.part {
            for (n, line) in code.lines().enumerate() {
                for (at, _) in line.match_indices("super::") {
                    let rest = &line[at + "super::".len()..];
                    let end = rest
                        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .unwrap_or(rest.len());
                    if let Some(m) = part_module(&rest[..end]) {
                        found.push((n + 1, m.to_string()));
                    }
                }
            }
        }
        found
    }

    /// The imports that go up a layer: (line, imported module).
    fn violations(&self, modules: &BTreeSet<String>) -> Vec<(usize, String)> {
        let own = layer_of(&self.top).unwrap_or(usize::MAX);
        self.imports(modules)
            .into_iter()
            .filter(|(_, m)| m != &self.top && (m == ROOT || layer_of(m).is_some_and(|l| l > own)))
            .collect()
    }
}

#[test]
fn no_module_imports_a_higher_layer() {
    let modules = top_level_modules();
    let mut bad = Vec::new();
    let mut paths_seen = 0;
    for f in module_files() {
        let (rel, top) = (&f.rel, f.top.as_str());
        paths_seen += f.imports(&modules).len();
        for (line, m) in f.violations(&modules) {
            bad.push(format!(
                "src/{}:{line}: `{top}` (layer {}) imports `{m}`",
                rel.display(),
                layer_of(top).map_or("none".into(), |l| l.to_string()),
            ));
        }
    }
    assert!(
        paths_seen > 0,
        "no `crate::` path found in src/: the scan is broken"
    );
    assert!(
        bad.is_empty(),
        "{} import(s) go up a layer (see ARCHITECTURE.md; move the code down or the \
         caller up):\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// Every top-level module's imports of other top-level modules, from every file of it.
fn import_graph(
    modules: &BTreeSet<String>,
) -> std::collections::BTreeMap<String, BTreeSet<String>> {
    let mut graph: std::collections::BTreeMap<String, BTreeSet<String>> = Default::default();
    for f in module_files() {
        let to = graph.entry(f.top.clone()).or_default();
        for (_, m) in f.imports(modules) {
            if m != f.top && m != ROOT {
                to.insert(m);
            }
        }
    }
    graph
}

#[test]
fn modules_of_one_layer_import_each_other_without_a_cycle() {
    // Issue 22: modules that share a layer may import each other, but not in a circle
    // (then they are one module, or one of them belongs lower).
    let graph = import_graph(&top_level_modules());
    let same_layer = |a: &str, b: &str| layer_of(a).is_some() && layer_of(a) == layer_of(b);
    // Depth-first search for a back edge among same-layer imports.
    fn visit<'a>(
        m: &'a str,
        graph: &'a std::collections::BTreeMap<String, BTreeSet<String>>,
        same: &dyn Fn(&str, &str) -> bool,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| *p == m) {
            let mut cycle: Vec<String> = path[i..].iter().map(|s| s.to_string()).collect();
            cycle.push(m.to_string());
            return Some(cycle);
        }
        if !done.insert(m) {
            return None;
        }
        path.push(m);
        for next in graph.get(m).into_iter().flatten() {
            if same(m, next) {
                if let Some(c) = visit(next, graph, same, path, done) {
                    return Some(c);
                }
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    for m in graph.keys() {
        let cycle = visit(m, &graph, &same_layer, &mut Vec::new(), &mut done);
        assert!(
            cycle.is_none(),
            "a cycle of imports inside a layer: {:?}",
            cycle
        );
    }
    assert!(
        graph.values().any(|to| !to.is_empty()),
        "no import found: the scan is broken"
    );
}

#[test]
fn every_module_has_a_layer_and_the_map_names_it() {
    let modules = top_level_modules();
    let table: BTreeSet<String> = LAYERS
        .iter()
        .flat_map(|l| l.iter())
        .map(|m| m.to_string())
        .collect();
    let unplaced: Vec<&String> = modules.difference(&table).collect();
    assert!(
        unplaced.is_empty(),
        "modules of src/ with no layer in tests/it/layers.rs (add them to LAYERS and to \
         ARCHITECTURE.md): {unplaced:?}"
    );
    let gone: Vec<&String> = table.difference(&modules).collect();
    assert!(
        gone.is_empty(),
        "LAYERS names modules src/ does not have: {gone:?}"
    );

    // The numbered items of ARCHITECTURE.md's layer list, each with the modules its bold
    // heading names, must be the table, in order.
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md"))
            .expect("ARCHITECTURE.md reads");
    let mut listed: Vec<Vec<String>> = Vec::new();
    for line in doc.lines() {
        let Some((number, rest)) = line.split_once(". **") else {
            continue;
        };
        if number.is_empty() || !number.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let Some((heading, _)) = rest.split_once("**") else {
            continue;
        };
        let names: Vec<String> = heading
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|n| !n.ends_with(".rs"))
            .map(str::to_string)
            .collect();
        if !names.is_empty() {
            listed.push(names);
        }
    }
    let expected: Vec<Vec<String>> = LAYERS
        .iter()
        .map(|l| l.iter().map(|m| m.to_string()).collect())
        .collect();
    assert_eq!(
        listed, expected,
        "ARCHITECTURE.md's layers (left) differ from LAYERS in tests/it/layers.rs (right)"
    );
    for m in &modules {
        assert!(
            doc.contains(&format!("`{m}`")),
            "ARCHITECTURE.md does not mention `{m}`"
        );
    }
}

#[test]
fn the_readme_module_table_names_every_module_in_layer_order() {
    // README.md's "Layout" table: one row per top-level module of `src/`, lowest layer
    // first (the order of LAYERS; modules of one layer in any order).
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md reads");
    let start = readme
        .find("| module | concept |")
        .expect("README.md has the module table");
    let rows: Vec<String> = readme[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| l.split('`').nth(1).map(str::to_string))
        .collect();
    let mut listed: Vec<String> = rows.clone();
    listed.sort();
    let mut modules: Vec<String> = top_level_modules().into_iter().collect();
    modules.sort();
    assert_eq!(
        listed, modules,
        "README.md's module table (left) and src/ (right)"
    );
    let layers: Vec<usize> = rows
        .iter()
        .map(|m| layer_of(m).expect("a module of LAYERS"))
        .collect();
    assert!(
        layers.windows(2).all(|w| w[0] <= w[1]),
        "README.md's module table is not in layer order: {rows:?}"
    );
}

#[test]
fn lib_rs_is_a_map_of_modules_and_re_exports() {
    // Issue 22: the entry points live in `command` (one module per command); `lib.rs`
    // declares the modules and re-exports the public API, nothing else.
    let text = std::fs::read_to_string(src().join("lib.rs")).expect("src/lib.rs reads");
    let code: String = code_only(&text)
        .lines()
        .filter(|l| !l.trim_start().starts_with("#!["))
        .collect::<Vec<_>>()
        .join("\n");
    let others: Vec<&str> = code
        .split(';')
        .map(str::trim)
        .filter(|item| {
            !item.is_empty() && !item.starts_with("pub mod ") && !item.starts_with("pub use ")
        })
        .collect();
    assert!(
        others.is_empty(),
        "src/lib.rs holds more than module declarations and `pub use` re-exports (move \
         code into its module, an entry point into `src/command/`): {others:?}"
    );
}

#[test]
fn the_scan_sees_every_form_of_import() {
    let modules: BTreeSet<String> = LAYERS
        .iter()
        .flat_map(|l| l.iter())
        .map(|m| m.to_string())
        .collect();
    let code = r##"
//! Doc text naming [`crate::engine`] is not an import.
use crate::{diag::{Check, Finding}, replay, self};
use crate::rules::Game;
use crate::Failure;
fn f() -> u32 {
    let s = "crate::report::x";
    let r = r#"crate::output"#;
    let c = '{';
    let _ = crate :: engine::State::new;
    /* crate::jcz::a */
    super::inner()
}
mod tests {
    use super::*;
}
"##;
    let found: Vec<String> = violations("validate", code, 0, &modules)
        .into_iter()
        .map(|(line, m)| format!("{line}:{m}"))
        .collect();
    assert_eq!(
        found,
        [
            "3:replay",
            format!("5:{ROOT}").as_str(),
            "10:engine",
            format!("12:{ROOT}").as_str()
        ]
    );
    // One level down (src/validate/x.rs) `super::` is `validate` itself.
    assert!(violations("validate", "fn f() { super::inner() }", 1, &modules).is_empty());
    // A module of the same layer, and a lower one, are fine.
    assert!(
        violations(
            "score",
            "use crate::graph::Forest; use crate::rules::Rules;",
            0,
            &modules
        )
        .is_empty()
    );
    assert_eq!(
        violations("graph", "use crate::engine::State;", 0, &modules),
        [(1, "engine".to_string())]
    );
}
