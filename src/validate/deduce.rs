//! Deduced shapes (`provenance.deduction`): a set whose tiles reuse shapes chosen by
//! deduction is checked against the evidence it states, and the uncertainty that evidence
//! leaves is measured.
//!
//! The evidence is a shape distribution (shape id → number of tiles) and hard constraints:
//! a tile gets a shape with its own count, each shape goes to one tile, the start tile has
//! `start_shape`, and a decoration finds the features it `needs` on the shape. The solver
//! counts the assignments that meet every constraint (a permanent per connected group,
//! by dynamic programming over subsets of shapes) and finds for each tile the shapes it has
//! in at least one of them (a bipartite matching with that pair fixed). Source rule: the
//! print-and-play demo's distribution (issue 8; `tilesets/pnp-demo.yaml`).

mod checks;

use super::*;
use std::collections::BTreeSet;

use crate::model::{Confidence, Deduction};

/// Groups with more shapes than this are not counted exactly (2^n states).
const COUNT_LIMIT: usize = 20;
/// Groups with more tiles than this get no per-tile alternatives (each is a matching).
const ALTERNATIVES_LIMIT: usize = 200;
/// Sets with more (tile, shape) pairs than this are not measured at all.
const PAIR_LIMIT: usize = 1_000_000;

/// The shape ids a tile set's `shapes_from` sets must lend: its tiles' `shape:` entries and
/// the shapes named by its `provenance.deduction` (located at their values).
pub(crate) fn wanted_shapes(ts: &TileSetFile) -> Vec<Sp<String>> {
    let mut wanted: Vec<Sp<String>> = ts.tiles.iter().filter_map(|t| t.shape.clone()).collect();
    if let Some(d) = deduction(ts) {
        wanted.extend(
            d.distribution
                .iter()
                .map(|(id, n)| Sp::at(id.clone(), n.loc)),
        );
        wanted.extend(d.start_shape.clone());
    }
    wanted
}

fn deduction(ts: &TileSetFile) -> Option<&Deduction> {
    ts.provenance.as_ref().and_then(|p| p.deduction.as_ref())
}

/// What the constraints leave: the number of consistent assignments (`None` when a group
/// is too large to count), and per tile the shapes (indices) it has in at least one of
/// them (`None` when its group is too large to say).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// Consistent assignments of shapes to tiles, saturating at `u128::MAX`.
    pub count: Option<u128>,
    /// Per tile, the shapes it can have.
    pub possible: Vec<Option<Vec<usize>>>,
}

/// Counts the one-to-one assignments of shapes to tiles in which every tile `t` gets a
/// shape `s` with `allowed[t][s]`, and finds each tile's possible shapes.
///
/// `allowed` is tiles × shapes (every row the same length). There are no assignments when
/// some tile has no shape left, whatever the rest.
pub fn solve(allowed: &[Vec<bool>]) -> Solution {
    let tiles = allowed.len();
    let shapes = allowed.first().map_or(0, Vec::len);
    // Connected groups of the bipartite graph: independent sub-problems.
    let mut group_of_shape: Vec<Option<usize>> = vec![None; shapes];
    let mut groups: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    let mut group_of_tile: Vec<Option<usize>> = vec![None; tiles];
    for start in 0..tiles {
        if group_of_tile[start].is_some() {
            continue;
        }
        let g = groups.len();
        let (mut ts, mut ss) = (vec![start], Vec::new());
        group_of_tile[start] = Some(g);
        let mut i = 0;
        while i < ts.len() {
            let t = ts[i];
            for s in 0..shapes {
                if allowed[t][s] && group_of_shape[s].is_none() {
                    group_of_shape[s] = Some(g);
                    ss.push(s);
                    for (t2, row) in allowed.iter().enumerate() {
                        if row[s] && group_of_tile[t2].is_none() {
                            group_of_tile[t2] = Some(g);
                            ts.push(t2);
                        }
                    }
                }
            }
            i += 1;
        }
        groups.push((ts, ss));
    }
    let mut count = Some(1u128);
    let mut possible: Vec<Option<Vec<usize>>> = vec![None; tiles];
    for (ts, ss) in &groups {
        count = match (count, count_group(allowed, ts, ss)) {
            (Some(a), Some(b)) => Some(a.saturating_mul(b)),
            (Some(0), None) => Some(0),
            _ => None,
        };
        if ts.len() <= ALTERNATIVES_LIMIT {
            for &t in ts {
                let mut can = Vec::new();
                for &s in ss {
                    if allowed[t][s] && matches_with(allowed, ts, ss, (t, s)) {
                        can.push(s);
                    }
                }
                can.sort_unstable();
                possible[t] = Some(can);
            }
        }
    }
    if possible.iter().flatten().any(Vec::is_empty) {
        count = Some(0);
    }
    Solution { count, possible }
}

/// Assignments within one group: dynamic programming over the subsets of its shapes,
/// one tile at a time. `None` when the group has more than [`COUNT_LIMIT`] shapes.
fn count_group(allowed: &[Vec<bool>], ts: &[usize], ss: &[usize]) -> Option<u128> {
    if ss.len() > COUNT_LIMIT {
        return None;
    }
    if ts.len() > ss.len() {
        return Some(0);
    }
    let mut ways = vec![0u128; 1 << ss.len()];
    ways[0] = 1;
    for &t in ts {
        let mut next = vec![0u128; ways.len()];
        for (mask, &w) in ways.iter().enumerate() {
            if w == 0 {
                continue;
            }
            for (j, &s) in ss.iter().enumerate() {
                if allowed[t][s] && mask & (1 << j) == 0 {
                    let n = &mut next[mask | (1 << j)];
                    *n = n.saturating_add(w);
                }
            }
        }
        ways = next;
    }
    Some(ways.iter().fold(0u128, |a, &w| a.saturating_add(w)))
}

/// Whether every tile of the group gets a distinct allowed shape with `fixed` (tile,
/// shape) taken (Kuhn's augmenting paths).
fn matches_with(allowed: &[Vec<bool>], ts: &[usize], ss: &[usize], fixed: (usize, usize)) -> bool {
    let mut owner: HashMap<usize, usize> = HashMap::from([(fixed.1, fixed.0)]);
    fn augment(
        allowed: &[Vec<bool>],
        ss: &[usize],
        t: usize,
        fixed: (usize, usize),
        seen: &mut HashSet<usize>,
        owner: &mut HashMap<usize, usize>,
    ) -> bool {
        for &s in ss {
            if s == fixed.1 || !allowed[t][s] || !seen.insert(s) {
                continue;
            }
            let free = match owner.get(&s) {
                None => true,
                Some(&o) => augment(allowed, ss, o, fixed, seen, owner),
            };
            if free {
                owner.insert(s, t);
                return true;
            }
        }
        false
    }
    ts.iter().filter(|&&t| t != fixed.0).all(|&t| {
        let mut seen = HashSet::new();
        augment(allowed, ss, t, fixed, &mut seen, &mut owner)
    })
}

/// One tile of the deduced set, as the checks see it.
struct Letter<'a> {
    def: &'a Sp<TileDef>,
    shape: &'a Sp<String>,
    /// Index in the distribution's shape list.
    chosen: Option<usize>,
}

/// Checks a part that has `provenance.deduction` against its evidence: the distribution
/// (`tileset::distribution_mismatch`), the hard constraints (`tileset::deduction_conflict`),
/// each tile's `deduced` (`tileset::deduced_mismatch`, a warning), and the summary note
/// (`note::deduction`). `shapes` is the part's `shapes_from` look-up set.
pub(crate) fn check(part: &compose::Part, shapes: Option<&TileSet>, rules: &Rules) -> Vec<Finding> {
    let file = &part.file;
    let Some(d) = deduction(&part.ts) else {
        return unchecked_claims(part);
    };
    let mut out = Vec::new();
    let status = part.ts.provenance.as_ref().map(|p| p.status.value);
    if status != Some(ProvenanceStatus::Deduced) {
        out.push(
            Finding::new(
                Check::DeductionStatus,
                "`provenance.deduction` is given, but `provenance.status` is not `deduced`",
            )
            .in_file(file)
            .at(&d.source.loc, "evidence of a deduction")
            .help("say `status: deduced` while the shapes are deduced; once they are checked against the tiles, say `verified` and drop `deduction`"),
        );
    }
    let Some(shapes) = shapes else {
        out.push(
            Finding::new(
                Check::UnknownShape,
                "`provenance.deduction` names shapes but the set has no `shapes_from`",
            )
            .in_file(file)
            .at(&d.source.loc, "shapes from where?")
            .help("add `shapes_from: <tile set path>` naming the sets that define the shapes"),
        );
        return out;
    };
    // Needs: decoration -> feature kinds, checked against the rule set.
    let decorations = &rules.decorations;
    let feature_names: Vec<String> = rules.features.iter().map(|f| f.name.clone()).collect();
    let mut needs: HashMap<&str, Vec<usize>> = HashMap::new();
    for (dec, kinds) in &d.needs {
        let at = kinds.first().map(|k| k.loc).unwrap_or(d.source.loc);
        if !decorations.contains(dec) {
            out.push(
                Finding::unknown(Check::TileSetUnknownName, "decoration", dec)
                    .in_file(file)
                    .at(&at, "needs of an undeclared decoration")
                    .known("declared", decorations.iter().map(String::as_str)),
            );
        }
        for k in kinds {
            if let Ok(f) = lookup(
                &feature_names,
                k,
                "feature kind",
                Check::TileSetUnknownName,
                file,
            )
            .map_err(|f| out.push(f))
            {
                needs.entry(dec.as_str()).or_default().push(f);
            }
        }
    }
    // The distribution's shapes.
    let dist: Vec<(&String, &Sp<u32>, Option<usize>)> = d
        .distribution
        .iter()
        .map(|(id, n)| (id, n, shapes.get(id)))
        .collect();
    for (id, n, tile) in &dist {
        if tile.is_none() {
            out.push(
                Finding::new(
                    Check::UnknownShape,
                    format!(
                        "the distribution's shape `{id}` is not a tile of {}",
                        shapes.name
                    ),
                )
                .in_file(file)
                .at(&n.loc, "unknown shape")
                .help("name a tile id of a `shapes_from` set"),
            );
        }
    }
    // The start shape must be one of the distribution's.
    let mut start_shape = d.start_shape.as_ref();
    if let Some(ss) = start_shape {
        if !d.distribution.contains_key(&ss.value) {
            let known = shapes.get(&ss.value).is_some();
            out.push(
                Finding::new(
                    if known {
                        Check::DistributionMismatch
                    } else {
                        Check::UnknownShape
                    },
                    if known {
                        format!("`start_shape: {}` is not in the distribution", ss.value)
                    } else {
                        format!(
                            "`start_shape: {}` is not a tile of {}",
                            ss.value, shapes.name
                        )
                    },
                )
                .in_file(file)
                .at(&ss.loc, "start shape")
                .help("name one of the distribution's shapes"),
            );
            start_shape = None;
        }
    }
    let start_id = part.ts.start.as_ref().map(|s| s.tile.value.as_str());
    let mut letters = Vec::new();
    for def in &part.ts.tiles {
        if part.excluded.contains(&def.id.value) {
            continue;
        }
        let Some(shape) = &def.shape else {
            out.push(
                Finding::new(
                    Check::DistributionMismatch,
                    format!(
                        "tile `{}` writes its own sides; a deduced set takes every shape from its distribution",
                        def.id.value
                    ),
                )
                .in_file(file)
                .at(&def.id.loc, "no `shape:`")
                .help("reuse one of the distribution's shapes with `shape:`"),
            );
            continue;
        };
        let chosen = dist.iter().position(|(id, _, _)| **id == shape.value);
        letters.push(Letter { def, shape, chosen });
    }
    // The multiset: per shape, the tiles that have it against the distribution.
    for (i, (id, n, _)) in dist.iter().enumerate() {
        let users: Vec<&Letter> = letters.iter().filter(|l| l.chosen == Some(i)).collect();
        let used: u64 = users.iter().map(|l| u64::from(l.def.count.value)).sum();
        if used != u64::from(n.value) {
            let mut f = Finding::new(
                Check::DistributionMismatch,
                format!(
                    "shape `{id}`: the distribution has {} {}, the definitions with `shape: {id}` have {used}",
                    n.value,
                    plural(n.value, "tile")
                ),
            )
            .in_file(file)
            .at(&n.loc, "in the distribution");
            for u in &users {
                let mut note = Finding::new(
                    Check::DistributionMismatch,
                    format!(
                        "`{}` ({} {}) has `shape: {id}`",
                        u.def.id.value,
                        u.def.count.value,
                        plural(u.def.count.value, "copy")
                    ),
                )
                .in_file(file)
                .at(&u.shape.loc, "here");
                note.level = crate::diag::Level::Note;
                f = f.with_related(note);
            }
            out.push(f.help(if users.is_empty() {
                format!("give one definition `shape: {id}`, or correct the distribution")
            } else {
                "each shape of the distribution goes to one definition with its count: correct the shapes and counts, or the distribution"
                    .to_string()
            }));
        }
    }
    for l in letters.iter().filter(|l| l.chosen.is_none()) {
        if shapes.get(&l.shape.value).is_some() {
            out.push(
                Finding::new(
                    Check::DistributionMismatch,
                    format!(
                        "tile `{}` has shape `{}`, which is not in the distribution",
                        l.def.id.value, l.shape.value
                    ),
                )
                .in_file(file)
                .at(&l.shape.loc, "not in the distribution")
                .help("choose one of the distribution's shapes, or add this one to it"),
            );
        }
    }
    if letters.len().saturating_mul(dist.len()) > PAIR_LIMIT {
        out.push(
            Finding::new(
                Check::DeductionNote,
                format!(
                    "the deduction is not measured: {} tiles by {} shapes is more than {PAIR_LIMIT} pairs",
                    letters.len(),
                    dist.len()
                ),
            )
            .in_file(file)
            .at(&d.source.loc, "the evidence")
            .help("split the set, or state the evidence for fewer shapes"),
        );
        return out;
    }
    // The hard constraints, for every (tile, shape) pair.
    let reasons = |l: &Letter, s: usize| -> Vec<String> {
        let (id, n, tile) = &dist[s];
        let mut why = Vec::new();
        if l.def.count.value != n.value {
            why.push(format!(
                "`{}` has {} {} but shape `{id}` has {} in the distribution (each shape goes to one definition)",
                l.def.id.value,
                l.def.count.value,
                plural(l.def.count.value, "copy"),
                n.value
            ));
        }
        if Some(l.def.id.value.as_str()) == start_id {
            if let Some(ss) = start_shape {
                if ss.value != **id {
                    why.push(format!(
                        "`{}` is the start tile, whose shape is `{}`",
                        l.def.id.value, ss.value
                    ));
                }
            }
        }
        let Some(tile) = tile.map(|t| &shapes.tiles[t]) else {
            return why;
        };
        for (ci, copy) in l.def.copies.iter().enumerate() {
            for dec in &copy.decorations {
                for &f in needs.get(dec.value.as_str()).into_iter().flatten() {
                    if !tile.segments.iter().any(|seg| seg.feature == f) {
                        why.push(format!(
                            "copy {} of `{}` shows {}, which needs a {}; shape `{id}` has none",
                            ci + 1,
                            l.def.id.value,
                            dec.value,
                            rules.features[f].name
                        ));
                    }
                }
            }
        }
        why
    };
    let allowed: Vec<Vec<bool>> = letters
        .iter()
        .map(|l| (0..dist.len()).map(|s| reasons(l, s).is_empty()).collect())
        .collect();
    for l in &letters {
        let Some(s) = l.chosen else { continue };
        let why = reasons(l, s);
        if !why.is_empty() {
            out.push(
                Finding::new(
                    Check::DeductionConflict,
                    format!(
                        "tile `{}` cannot have shape `{}`: {}",
                        l.def.id.value,
                        l.shape.value,
                        why.join("; ")
                    ),
                )
                .in_file(file)
                .at(&l.shape.loc, "breaks a constraint")
                .help("choose a shape the constraints allow (its `deduced.alternatives` lists them), or correct the evidence in `provenance.deduction`"),
            );
        }
    }
    if out.iter().any(|f| f.level == crate::diag::Level::Error) {
        return out;
    }
    let solution = solve(&allowed);
    // Each tile's `deduced` against what the constraints leave.
    let mut by_confidence: BTreeMap<Confidence, Vec<&str>> = BTreeMap::new();
    let mut forced = Vec::new();
    for (li, l) in letters.iter().enumerate() {
        let Some(can) = &solution.possible[li] else {
            continue;
        };
        let others: BTreeSet<&str> = can
            .iter()
            .filter(|&&s| Some(s) != l.chosen)
            .map(|&s| dist[s].0.as_str())
            .collect();
        if others.is_empty() {
            forced.push(l.def.id.value.as_str());
        }
        let listed = || {
            others
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let Some(ded) = &l.def.deduced else {
            out.push(
                Finding::new(
                    Check::DeducedMismatch,
                    format!(
                        "tile `{}` does not say how sure its shape is",
                        l.def.id.value
                    ),
                )
                .in_file(file)
                .at(&l.shape.loc, "deduced shape")
                .help(if others.is_empty() {
                    "add `deduced: {confidence: certain}`: the constraints leave no other shape"
                        .to_string()
                } else {
                    format!(
                        "add `deduced: {{confidence: .., alternatives: [{}]}}`",
                        listed()
                    )
                }),
            );
            continue;
        };
        by_confidence
            .entry(ded.confidence.value)
            .or_default()
            .push(l.def.id.value.as_str());
        let mut stated: BTreeSet<&str> = BTreeSet::new();
        let mut what = Vec::new();
        for a in ded.alternatives.iter() {
            if !stated.insert(a.value.as_str()) {
                what.push(format!("`{}` is listed twice", a.value));
            }
        }
        if stated.contains(l.shape.value.as_str()) {
            what.push(format!("`{}` is the chosen shape itself", l.shape.value));
        }
        let missing: Vec<&str> = others.difference(&stated).copied().collect();
        if !missing.is_empty() {
            what.push(format!("the constraints also allow {}", missing.join(", ")));
        }
        let (unknown, excluded): (Vec<&str>, Vec<&str>) = stated
            .difference(&others)
            .copied()
            .filter(|a| *a != l.shape.value)
            .partition(|a| !d.distribution.contains_key(*a));
        if !excluded.is_empty() {
            what.push(format!("they rule out {}", excluded.join(", ")));
        }
        if !unknown.is_empty() {
            what.push(format!("{} not in the distribution", unknown.join(", ")));
        }
        if !what.is_empty() {
            let written = !ded.alternatives.loc.is_unknown();
            out.push(
                Finding::new(
                    Check::DeducedMismatch,
                    if written {
                        format!(
                            "the alternatives of tile `{}` are not what the constraints leave: {}",
                            l.def.id.value,
                            what.join("; ")
                        )
                    } else {
                        format!(
                            "tile `{}` gives no `alternatives`, but the constraints allow {}",
                            l.def.id.value,
                            listed()
                        )
                    },
                )
                .in_file(file)
                .at(
                    if written {
                        &ded.alternatives.loc
                    } else {
                        &ded.confidence.loc
                    },
                    if written {
                        "stated alternatives"
                    } else {
                        "no alternatives"
                    },
                )
                .help(format!("write `alternatives: [{}]`", listed())),
            );
        }
        let certain = ded.confidence.value == Confidence::Certain;
        if certain != others.is_empty() {
            out.push(
                Finding::new(
                    Check::DeducedMismatch,
                    if certain {
                        format!(
                            "tile `{}` says `certain`, but the constraints also allow {}",
                            l.def.id.value,
                            listed()
                        )
                    } else {
                        format!(
                            "the constraints leave tile `{}` no shape but `{}`",
                            l.def.id.value, l.shape.value
                        )
                    },
                )
                .in_file(file)
                .at(&ded.confidence.loc, "confidence")
                .help(if certain {
                    "`certain` is for a shape the constraints force; say `high`, `medium` or `low`"
                } else {
                    "write `confidence: certain`"
                }),
            );
        }
    }
    let tiles: u64 = letters.iter().map(|l| u64::from(l.def.count.value)).sum();
    let count = match solution.count {
        Some(n) => format!(
            "{} {}",
            grouped(n),
            if n == 1 { "assignment" } else { "assignments" }
        ),
        None => "more assignments than can be counted".to_string(),
    };
    let mut constraints = vec!["each definition has a shape with its own count".to_string()];
    if let Some(ss) = start_shape {
        constraints.push(format!("the start tile has shape {}", ss.value));
    }
    for (dec, kinds) in &d.needs {
        let kinds: Vec<&str> = kinds.iter().map(|k| k.value.as_str()).collect();
        constraints.push(format!("{dec} needs {}", kinds.join(" and ")));
    }
    let mut help = vec![
        format!("Constraints checked: {}", constraints.join("; ")),
        format!(
            "Forced by them: {}",
            if forced.is_empty() {
                "none".to_string()
            } else {
                forced.join(", ")
            }
        ),
    ];
    let stated: Vec<String> = by_confidence
        .iter()
        .filter(|(c, _)| **c != Confidence::Certain)
        .map(|(c, ids)| format!("{} {}", confidence_word(*c), ids.join(", ")))
        .collect();
    if !stated.is_empty() {
        help.push(format!(
            "Stated confidence of the others: {}",
            stated.join("; ")
        ));
    }
    out.push(
        Finding::new(
            Check::DeductionNote,
            format!(
                "shapes deduced from {}: {count} of its {} shapes to the {} tile definitions ({tiles} tiles) meet every constraint; {} {} the same shape in all of them",
                d.source.value,
                dist.len(),
                letters.len(),
                forced.len(),
                if forced.len() == 1 { "definition has" } else { "definitions have" }
            ),
        )
        .in_file(file)
        .at(&d.source.loc, "the evidence")
        .help(format!(
            "{}. Each definition's `deduced` says why and lists its alternatives.",
            help.join(". ")
        )),
    );
    out
}

/// A set without `provenance.deduction` whose tiles still say `deduced:`: nothing checks
/// those claims (one warning, at the first).
fn unchecked_claims(part: &compose::Part) -> Vec<Finding> {
    let claims: Vec<&Sp<TileDef>> = part
        .ts
        .tiles
        .iter()
        .filter(|t| t.deduced.is_some())
        .collect();
    let Some(first) = claims.first() else {
        return Vec::new();
    };
    let ded = first.deduced.as_ref().expect("filtered");
    vec![
        Finding::new(
            Check::DeducedUnchecked,
            format!(
                "{} {} `deduced:`, but the set has no `provenance.deduction` to check {} against",
                claims.len(),
                if claims.len() == 1 { "definition says" } else { "definitions say" },
                if claims.len() == 1 { "it" } else { "them" }
            ),
        )
        .in_file(&part.file)
        .at(&ded.confidence.loc, format!("`{}` says how sure its shape is", first.id.value))
        .help("state the evidence under `provenance.deduction` (distribution, start_shape, needs), or drop the `deduced:` blocks"),
    ]
}

/// `124416000` as `124,416,000`.
fn grouped(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn confidence_word(c: Confidence) -> &'static str {
    match c {
        Confidence::Certain => "certain",
        Confidence::High => "high",
        Confidence::Medium => "medium",
        Confidence::Low => "low",
    }
}

/// `word` for one, its plural (`tiles`, `copies`) otherwise.
fn plural(n: u32, word: &str) -> String {
    match (n, word.strip_suffix('y')) {
        (1, _) => word.to_string(),
        (_, Some(stem)) => format!("{stem}ies"),
        _ => format!("{word}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_alternatives_of_a_small_problem() {
        // Tiles 0, 1 may take shapes 0 or 1; tile 2 only shape 2.
        let allowed = vec![
            vec![true, true, false],
            vec![true, true, false],
            vec![false, false, true],
        ];
        let s = solve(&allowed);
        assert_eq!(s.count, Some(2));
        assert_eq!(s.possible[0], Some(vec![0, 1]));
        assert_eq!(s.possible[2], Some(vec![2]));
    }

    #[test]
    fn a_pair_that_blocks_the_others_is_not_possible() {
        // Tile 1 can only take shape 0, so tile 0 cannot.
        let allowed = vec![vec![true, true], vec![true, false]];
        let s = solve(&allowed);
        assert_eq!(s.count, Some(1));
        assert_eq!(s.possible[0], Some(vec![1]));
        assert_eq!(s.possible[1], Some(vec![0]));
    }

    /// Every permutation of shapes, kept when every tile's shape is allowed.
    fn brute_force(allowed: &[Vec<bool>]) -> (u128, Vec<Vec<usize>>) {
        fn go(
            allowed: &[Vec<bool>],
            t: usize,
            used: &mut Vec<bool>,
            pick: &mut Vec<usize>,
            out: &mut (u128, Vec<BTreeSet<usize>>),
        ) {
            if t == allowed.len() {
                out.0 += 1;
                for (i, &s) in pick.iter().enumerate() {
                    out.1[i].insert(s);
                }
                return;
            }
            for s in 0..used.len() {
                if allowed[t][s] && !used[s] {
                    used[s] = true;
                    pick.push(s);
                    go(allowed, t + 1, used, pick, out);
                    pick.pop();
                    used[s] = false;
                }
            }
        }
        let n = allowed.len();
        let mut out = (0, vec![BTreeSet::new(); n]);
        go(allowed, 0, &mut vec![false; n], &mut Vec::new(), &mut out);
        (
            out.0,
            out.1.into_iter().map(|s| s.into_iter().collect()).collect(),
        )
    }

    #[test]
    fn counting_and_alternatives_agree_with_brute_force() {
        // Random square problems up to 7 x 7 with about half the pairs allowed.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..300 {
            let n = 1 + round % 7;
            let allowed: Vec<Vec<bool>> = (0..n)
                .map(|_| (0..n).map(|_| next() % 2 == 0).collect())
                .collect();
            let (count, possible) = brute_force(&allowed);
            let s = solve(&allowed);
            assert_eq!(s.count, Some(count), "{allowed:?}");
            if count > 0 {
                let got: Vec<Vec<usize>> =
                    s.possible.into_iter().map(|p| p.expect("small")).collect();
                assert_eq!(got, possible, "{allowed:?}");
            }
        }
    }

    #[test]
    fn large_counts_are_grouped_by_thousands() {
        assert_eq!(grouped(124_416_000), "124,416,000");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
    }

    #[test]
    fn a_tile_with_no_shape_leaves_no_assignment() {
        let allowed = vec![vec![true, false], vec![false, false]];
        assert_eq!(solve(&allowed).count, Some(0));
    }
}
