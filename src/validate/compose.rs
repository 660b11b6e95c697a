//! Composition: a rule set that `extends` others, a tile set that `include`s others, a
//! position that names several tile sets.
//!
//! Every value keeps the file it was written in ([`crate::model::Loc::src`]), so a finding
//! about a merged or included value is reported in the file that must change; findings in
//! an included file carry the chain of includes that led there as related notes.

mod checks;

use super::*;
use crate::model::RuleSetFile;

use crate::limits::MAX_COMPOSE_DEPTH as MAX_DEPTH;

/// Loads a rule set and everything it extends, merged into one [`RuleSetFile`].
///
/// The files are applied in one order, bases before the files that extend them and the
/// entries of `extends` in the order written, each file once: a rule set that two others
/// extend (the base game under `extends: [inns-cathedrals.yaml, river.yaml]`) is applied
/// once, first, so that the second extension's copy of it cannot undo the first
/// extension's changes. Each file then replaces the entries it writes itself.
///
/// `chain` holds the files being loaded (to find loops). Errors: `Err(Err(message))` if
/// `path` itself cannot be read; findings otherwise (a rule set named by `extends` that
/// cannot be read is a finding at the `extends` entry).
///
/// `named`: the path is written in another file (a tile set's or position's `ruleset`),
/// so it is read with [`load::load_named`]'s guard; otherwise it was given on the command
/// line.
pub(crate) fn load_ruleset_merged(
    path: &Path,
    chain: &mut Vec<PathBuf>,
    named: bool,
) -> Result<(SourceFile, RuleSetFile), Result<Vec<Finding>, load::ReadError>> {
    let (file, rs) = if named {
        load::load_named::<RuleSetFile>(path, FileKind::Ruleset)?
    } else {
        load::load::<RuleSetFile>(path, FileKind::Ruleset)?
    };
    merge_extends(file, rs, chain)
}

/// Merges an already read rule set over everything it extends (the rule sets named by
/// `extends` are read from disk, relative to `file`), in the order described at
/// [`load_ruleset_merged`].
///
/// Errors: as [`load_ruleset_merged`].
pub(crate) fn merge_extends(
    file: SourceFile,
    rs: RuleSetFile,
    chain: &mut Vec<PathBuf>,
) -> Result<(SourceFile, RuleSetFile), Result<Vec<Finding>, load::ReadError>> {
    if rs.extends.is_none() {
        return Ok((file, rs));
    }
    let mut order: Vec<(PathBuf, RuleSetFile)> = Vec::new();
    let mut findings = Vec::new();
    linearize(&file, rs, chain, &mut order, &mut findings);
    if !findings.is_empty() {
        return Err(Ok(findings));
    }
    let mut files = order.into_iter().map(|(_, rs)| rs);
    let first = files.next().ok_or(Ok(Vec::new()))?;
    Ok((file, files.fold(first, merge_ruleset)))
}

/// Several rule sets played together, as a rule set that `extends` them all (a position's
/// `ruleset: [fairy.yaml, mayor.yaml]`): `list` as written in `from`, whose findings
/// (a path that cannot be read, a cycle) point at the entries there. Named after the
/// files it composes.
pub(crate) fn compose_listed(
    from: &SourceFile,
    list: &[Sp<String>],
) -> Result<(SourceFile, RuleSetFile), Result<Vec<Finding>, load::ReadError>> {
    let stems: Vec<String> = list
        .iter()
        .map(|w| {
            Path::new(&w.value)
                .file_stem()
                .map_or_else(|| w.value.clone(), |s| s.to_string_lossy().into_owned())
        })
        .collect();
    let stub = SourceFile::new(&from.path, "name: composed\n".to_string());
    let mut rs: RuleSetFile = load::deserialize(&stub).map_err(|f| Ok(vec![f]))?;
    rs.name = format!("the rule sets {} together", stems.join(", "));
    rs.extends = Some(crate::model::Paths(list.to_vec()));
    merge_extends(from.clone(), rs, &mut Vec::new())
}

/// Appends to `order` the rule sets `rs` extends (depth first, each file once), then `rs`.
fn linearize(
    file: &SourceFile,
    rs: RuleSetFile,
    chain: &mut Vec<PathBuf>,
    order: &mut Vec<(PathBuf, RuleSetFile)>,
    findings: &mut Vec<Finding>,
) {
    let me = load::identity(&file.path);
    chain.push(me.clone());
    let mut listed: Vec<PathBuf> = Vec::new();
    for written in rs.extends.iter().flat_map(|e| e.as_slice()) {
        let p = load::resolve(&file.path, &written.value);
        let id = load::identity(&p);
        if listed.contains(&id) {
            findings.push(
                Finding::new(
                    Check::ExtendedTwice,
                    format!("`{}` is listed twice", written.value),
                )
                .in_file(file)
                .at(&written.loc, "listed again")
                .help(
                    "remove this entry: each rule set is applied once, however often it is named",
                ),
            );
            continue;
        }
        listed.push(id.clone());
        if chain.len() > MAX_DEPTH {
            findings.push(too_deep(file, written, "extends"));
            continue;
        }
        if chain.contains(&id) {
            findings.push(
                Finding::new(
                    Check::ComposeCycle,
                    format!("`extends: {}` leads back to a rule set being extended", written.value),
                )
                .in_file(file)
                .at(&written.loc, "extends itself through this")
                .help("remove this entry: a rule set cannot extend itself, directly or through others"),
            );
            continue;
        }
        if order.iter().any(|(seen, _)| *seen == id) {
            // Already applied, as the base of an earlier entry.
            continue;
        }
        match load::load_named::<RuleSetFile>(&p, FileKind::Ruleset) {
            Ok((base_file, base)) => linearize(&base_file, base, chain, order, findings),
            Err(e) => findings.extend(reference_failure(file, written, "rule set", e)),
        }
    }
    chain.pop();
    order.push((me, rs));
}

/// The finding for an `extends` or `include` entry past [`MAX_DEPTH`] files deep.
fn too_deep(file: &SourceFile, written: &Sp<String>, key: &str) -> Finding {
    Finding::new(
        Check::ComposeTooDeep,
        format!(
            "`{key}: {}` is more than {MAX_DEPTH} files deep in a chain of `{key}`",
            written.value
        ),
    )
    .in_file(file)
    .at(&written.loc, format!("names file {} of the chain", MAX_DEPTH + 2))
    .help(format!(
        "a chain of `{key}` may be at most {MAX_DEPTH} files deep (real ones are 2 or 3): name the files this chain reaches in the `{key}` of a file nearer the top"
    ))
}

/// Writes `merge_ruleset`, with a merge of each mechanism's section as the registry
/// lists them ([`crate::mechanism::registry!`]).
macro_rules! merge_ruleset {
    ($($(#[$doc:meta])* $m:ident => $key:ident,)*) => {
        /// Merges `ext` over `base`: named entries of `ext` replace those of `base`, terrains
        /// are the union, lists are appended (a mechanism's section as its
        /// [`crate::mechanism::Section`] says); name and source are `ext`'s.
        fn merge_ruleset(mut base: RuleSetFile, ext: RuleSetFile) -> RuleSetFile {
            // Destructured so that a new section of the format cannot be forgotten here.
            let RuleSetFile {
                name,
                source,
                extends: _,
                terrains,
                sides,
                items,
                relations,
                decorations,
                stacks,
                features,
                pieces,
                tokens,
                options,
                colours,
                $($key,)*
            } = ext;
            base.name = name;
            base.source = source.or(base.source);
            base.extends = None;
            for t in terrains {
                if !base.terrains.iter().any(|b| b.value == t.value) {
                    base.terrains.push(t);
                }
            }
            base.sides.extend(sides);
            base.items.extend(items);
            base.relations.extend(relations);
            base.decorations.extend(decorations);
            base.stacks.extend(stacks);
            base.features.extend(features);
            base.pieces.extend(pieces);
            base.tokens.extend(tokens);
            $(crate::mechanism::Section::merge(&mut base.$key, $key);)*
            base.options.extend(options);
            base.colours.extend(colours);
            base
        }
    };
}
crate::mechanism::registry!(merge_ruleset);

/// One tile set of a composition: its file, its contents and how it was reached.
pub(crate) struct Part {
    /// The file.
    pub file: SourceFile,
    /// Its contents.
    pub ts: TileSetFile,
    /// The includes that led here, outermost first: (including file, include entry).
    pub chain: Vec<(SourceFile, Loc)>,
    /// Count overrides and exclusions applied by the includes on the way.
    pub counts: HashMap<String, Sp<u32>>,
    /// Tiles left out by an include.
    pub excluded: HashSet<String>,
}

/// Loads a tile set and, depth first, every tile set it includes. The first part is the
/// top file; included parts follow in include order (each before its own includes).
///
/// Errors: `Err(Err(message))` if the top file cannot be read; findings for everything
/// else (an included file that cannot be read is a finding at its include entry).
pub(crate) fn load_parts(top: (SourceFile, TileSetFile), findings: &mut Vec<Finding>) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut stack = vec![load::identity(&top.0.path)];
    let mut seen = HashMap::new();
    collect(
        Part {
            file: top.0,
            ts: top.1,
            chain: Vec::new(),
            counts: HashMap::new(),
            excluded: HashSet::new(),
        },
        &mut stack,
        &mut seen,
        &mut parts,
        findings,
    );
    parts
}

fn collect(
    part: Part,
    stack: &mut Vec<PathBuf>,
    seen: &mut HashMap<u64, Loc>,
    out: &mut Vec<Part>,
    findings: &mut Vec<Finding>,
) {
    let includes = part.ts.include.clone();
    let file = part.file.clone();
    let chain = part.chain.clone();
    let (counts, excluded) = (part.counts.clone(), part.excluded.clone());
    out.push(part);
    for inc in &includes {
        let (written, loc) = (inc.tileset(), inc.loc());
        let p = load::resolve(&file.path, &written.value);
        let id = load::identity(&p);
        if stack.len() > MAX_DEPTH {
            findings.push(with_chain(too_deep(&file, written, "include"), &chain));
            continue;
        }
        if stack.contains(&id) {
            findings.push(with_chain(
                Finding::new(
                    Check::ComposeCycle,
                    format!("`include: {}` leads back to a tile set being included", written.value),
                )
                .in_file(&file)
                .at(&written.loc, "includes itself through this")
                .help("remove this entry: a tile set cannot include itself, directly or through others"),
                &chain,
            ));
            continue;
        }
        let loaded = match load::load_named::<TileSetFile>(&p, FileKind::Tileset) {
            Ok(x) => x,
            Err(e) => {
                findings.extend(
                    reference_failure(&file, written, "included tile set", e)
                        .into_iter()
                        .map(|f| with_chain(f, &chain)),
                );
                continue;
            }
        };
        // The same set reached twice, by the same path or another one (a bundled copy and
        // a checkout's file): told by its contents.
        if let Some(first) = seen.get(&text_id(&loaded.0)) {
            findings.push(with_chain(
                Finding::new(
                    Check::IncludedTwice,
                    format!("`{}` is included twice in this composition", written.value),
                )
                .in_file(&file)
                .at(&written.loc, "second include")
                .at(first, "first include (same contents)")
                .help("include each tile set once; change its counts with `counts:` instead"),
                &chain,
            ));
            continue;
        }
        seen.insert(text_id(&loaded.0), written.loc);
        let mut sub_chain = chain.clone();
        sub_chain.push((file.clone(), loc));
        // Overrides written nearer the top win over deeper ones.
        let mut sub_counts: HashMap<String, Sp<u32>> = inc
            .counts()
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        sub_counts.extend(counts.clone());
        let mut sub_excluded = excluded.clone();
        sub_excluded.extend(inc.exclude().iter().map(|e| e.value.clone()));
        stack.push(id);
        collect(
            Part {
                file: loaded.0,
                ts: loaded.1,
                chain: sub_chain,
                counts: sub_counts,
                excluded: sub_excluded,
            },
            stack,
            seen,
            out,
            findings,
        );
        stack.pop();
    }
}

/// Where a rule set is named: the file, the path as written, and the include chain that
/// led to the file.
pub(crate) type NamedRuleSet<'a> = (&'a SourceFile, &'a Sp<String>, &'a [(SourceFile, Loc)]);

/// The rule set a composed tile set is played with: the top file's `ruleset` if it names
/// one; otherwise, among the rule sets the included sets name, the one that extends all
/// the others (base + an expansion's set: the expansion's rule set, whatever the order of
/// the includes). When none does (two unrelated games), a finding asks the top file to
/// name one. `None` when no part names a rule set (or the conflict was reported).
pub(crate) fn choose_ruleset<'a>(
    parts: &'a [Part],
    findings: &mut Vec<Finding>,
) -> Option<NamedRuleSet<'a>> {
    let named: Vec<&Part> = parts.iter().filter(|p| p.ts.ruleset.is_some()).collect();
    let entry = |p: &'a Part| {
        p.ts.ruleset
            .as_ref()
            .map(|r| (&p.file, r, p.chain.as_slice()))
    };
    match named.first() {
        None => return None,
        Some(first) if std::ptr::eq(*first, &parts[0]) || named.len() == 1 => {
            return entry(first);
        }
        _ => {}
    }
    // Every rule set each candidate is built on (itself included), by contents.
    // Each candidate's own contents identity and those of every rule set it is built on.
    let (own, closures): (Vec<Option<u64>>, Vec<HashSet<u64>>) = named
        .iter()
        .map(|p| {
            let mut seen = HashSet::new();
            let own = p.ts.ruleset.as_ref().and_then(|r| {
                extends_closure(&load::resolve(&p.file.path, &r.value), &mut seen, 0)
            });
            (own, seen)
        })
        .unzip();
    let covers_all = |i: usize| own.iter().flatten().all(|o| closures[i].contains(o));
    if let Some(i) = (0..named.len()).find(|&i| covers_all(i)) {
        return entry(named[i]);
    }
    let top = &parts[0].file;
    let mut f = Finding::new(
        Check::RuleSetConflict,
        "the composed tile sets name different rule sets, and none of them extends the others",
    )
    .in_file(top)
    .at_span(top.top_key_span("name"), "this composition");
    for p in &named {
        if let Some(r) = &p.ts.ruleset {
            let mut note = Finding::new(Check::RuleSetConflict, format!("`ruleset: {}`", r.value))
                .in_file(&p.file)
                .at(&r.loc, "names this rule set");
            note.level = crate::diag::Level::Note;
            f = f.with_related(note);
        }
    }
    findings.push(f.help(
        "name the rule set to play with in this file (`ruleset: ...`; a position can give `ruleset:` too), one that extends all of these if they are to be played together",
    ));
    None
}

/// Adds to `seen` the contents identity of the rule set at `path` and of every rule set it
/// extends, and returns the first (unreadable files and loops are left to the rule set's
/// own loading to report).
fn extends_closure(path: &Path, seen: &mut HashSet<u64>, depth: usize) -> Option<u64> {
    let file = load::read(path).ok()?;
    let id = text_id(&file);
    if depth > MAX_DEPTH || !seen.insert(id) {
        return Some(id);
    }
    if let Ok(rs) = load::deserialize::<RuleSetFile>(&file) {
        for written in rs.extends.iter().flat_map(|e| e.as_slice()) {
            extends_closure(&load::resolve(&file.path, &written.value), seen, depth + 1);
        }
    }
    Some(id)
}

/// The identity of a file's contents (a bundled file and the same file in a checkout are
/// one set).
pub(crate) fn text_id(file: &SourceFile) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    file.text().hash(&mut h);
    h.finish()
}

/// Adds the include chain of `part` to a finding located in it ("included from
/// my-expansion.yaml:3").
pub(crate) fn with_chain(mut f: Finding, chain: &[(SourceFile, Loc)]) -> Finding {
    for (from, loc) in chain.iter().rev() {
        let line = loc.line;
        let note = Finding::new(
            f.check,
            format!("included from {}:{line}", from.path.display()),
        )
        .in_file(from)
        .at(loc, "included here");
        let mut note = note;
        note.level = crate::diag::Level::Note;
        f.related.push(note);
    }
    f
}

/// Checks that every id named by an include's `counts` and `exclude` is a tile of the
/// included set (or of the sets it includes).
pub(crate) fn check_include_ids(parts: &[Part], findings: &mut Vec<Finding>) {
    for (i, part) in parts.iter().enumerate() {
        for inc in &part.ts.include {
            // The parts reached through this include: the ones whose chain passes it.
            let below: Vec<&Part> = parts[i + 1..]
                .iter()
                .filter(|p| {
                    p.chain
                        .iter()
                        .any(|(f, l)| f.id == part.file.id && *l == inc.loc())
                })
                .collect();
            let known = |id: &str| {
                below
                    .iter()
                    .any(|p| p.ts.tiles.iter().any(|t| t.id.value == id))
            };
            let names = || {
                below
                    .iter()
                    .flat_map(|p| p.ts.tiles.iter().map(|t| t.id.value.clone()))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            if below.is_empty() {
                continue;
            }
            for (id, n) in inc.counts() {
                if !known(id) {
                    findings.push(
                        Finding::unknown(Check::IncludeUnknownTile, "tile", id)
                            .in_file(&part.file)
                            .at_key(&n.loc, id, "not a tile of the included set")
                            .help(format!("tiles of the included set: {}", names())),
                    );
                }
            }
            for id in inc.exclude() {
                if !known(&id.value) {
                    findings.push(
                        Finding::unknown(Check::IncludeUnknownTile, "tile", &id.value)
                            .in_file(&part.file)
                            .at(&id.loc, "not a tile of the included set")
                            .help(format!("tiles of the included set: {}", names())),
                    );
                }
            }
        }
    }
}
