//! Scoring: evaluating a rule set's cases and terms on a feature, and majorities.
//!
//! Rules digest section 1 and 4: a feature's majority is the player(s) with the most
//! majority-counting pieces in it; all tied players score the full points; the number of
//! pieces never multiplies points. The first case whose condition holds gives the points.

use serde::Serialize;

use crate::board::Board;
use crate::graph::{self, Feature, Features};
use crate::rules::{Case, Count, Rules, TileSet};

/// One term's contribution, for the breakdown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TermValue {
    /// What was counted, singular: `tile`, `pennant`, `surrounding tile`, `completed city`,
    /// or `base` for a constant term.
    pub what: String,
    /// How many.
    pub count: i64,
    /// Points per unit.
    pub points_each: i64,
}

/// A feature's value under one list of cases.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Valuation {
    /// Total points (never below zero).
    pub points: i64,
    /// The terms, in rule-set order.
    pub terms: Vec<TermValue>,
}

/// Context a valuation needs beyond the feature.
pub struct Ctx<'a> {
    /// Rules.
    pub rules: &'a Rules,
    /// Tiles.
    pub tiles: &'a TileSet,
    /// Board.
    pub board: &'a Board,
    /// Options in effect, by option id.
    pub options: &'a [bool],
}

fn holds(ctx: &Ctx, case: &Case, f: &Feature) -> bool {
    case.option.is_none_or(|o| ctx.options[o])
        && case.tiles.is_none_or(|t| f.tiles.len() as u32 == t)
        && case.items.iter().all(|&(i, n)| f.items[i] == n)
}

/// Values a feature with the first case that holds; `None` if no case holds or the list
/// is empty. `features` is needed only for `linked` terms (computed when absent).
pub fn value(
    ctx: &Ctx,
    f: &Feature,
    cases: &[Case],
    features: Option<&Features>,
) -> Option<Valuation> {
    let case = cases.iter().find(|c| holds(ctx, c, f))?;
    let mut computed = None;
    let mut terms = Vec::new();
    let mut total = 0i64;
    for t in &case.terms {
        let (what, count) = match t.count {
            Count::One => ("base".to_string(), 1),
            Count::Tiles => ("tile".to_string(), f.tiles.len() as i64),
            Count::Neighbours => (
                "surrounding tile".to_string(),
                graph::neighbours(ctx.board, f) as i64,
            ),
            Count::Item(i) => (ctx.rules.items[i].clone(), f.items[i] as i64),
            Count::Linked {
                relation,
                feature,
                completed,
            } => {
                let all = match features {
                    Some(x) => x,
                    None => computed.get_or_insert_with(|| {
                        graph::all_features(ctx.rules, ctx.tiles, ctx.board)
                    }),
                };
                let n = graph::linked(ctx.board, all, f, relation, feature)
                    .into_iter()
                    .filter(|&id| {
                        !completed
                            || graph::is_completed(ctx.rules, ctx.board, &all.list[id as usize])
                    })
                    .count();
                let name = &ctx.rules.features[feature].name;
                let what = if completed {
                    format!("completed {name}")
                } else {
                    name.clone()
                };
                (what, n as i64)
            }
        };
        total += count * t.points;
        terms.push(TermValue {
            what,
            count,
            points_each: t.points,
        });
    }
    Some(Valuation {
        points: total.max(0),
        terms,
    })
}

/// A piece on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    /// Owner (index in the players list).
    pub player: usize,
    /// Piece kind.
    pub kind: usize,
    /// Segment node it stands on.
    pub node: petgraph::graph::NodeIndex,
}

/// The players with the majority of majority-counting pieces among `pieces` (those on the
/// feature). Empty when no such piece is there.
pub fn majority(rules: &Rules, pieces: &[Piece], players: usize) -> Vec<usize> {
    let mut counts = vec![0u32; players];
    for p in pieces {
        if rules.pieces[p.kind].majority {
            counts[p.player] += 1;
        }
    }
    let max = counts.iter().copied().max().unwrap_or(0);
    if max == 0 {
        return Vec::new();
    }
    (0..players).filter(|&i| counts[i] == max).collect()
}

/// Human-readable sum: `4 tiles x 2 + 1 pennant x 2 = 10`.
pub fn explain(v: &Valuation) -> String {
    let parts: Vec<String> = v
        .terms
        .iter()
        .filter(|t| t.count != 0)
        .map(|t| {
            if t.what == "base" {
                format!("{}", t.points_each)
            } else {
                format!(
                    "{} {} x {}",
                    t.count,
                    plural(&t.what, t.count),
                    t.points_each
                )
            }
        })
        .collect();
    if parts.is_empty() {
        return format!("{}", v.points);
    }
    format!("{} = {}", parts.join(" + "), v.points)
}

/// An English noun in the plural when `n` is not 1 (`tile` → `tiles`, `city` → `cities`).
pub fn plural(word: &str, n: i64) -> String {
    if n == 1 {
        return word.to_string();
    }
    match word.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'o', 'u']) => format!("{stem}ies"),
        _ => format!("{word}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn majority_ties_all_score_and_counts_do_not_multiply() {
        let rules = crate::rules::Rules {
            name: "t".into(),
            terrains: vec![],
            side_kinds: vec![],
            items: vec![],
            relations: vec![],
            decorations: vec![],
            stacks: vec![],
            features: vec![],
            pieces: vec![crate::rules::PieceKind {
                name: "follower".into(),
                supply: 7,
                roles: vec![],
                blocked_by: vec![0],
                majority: true,
            }],
            options: vec![],
        };
        let n = petgraph::graph::NodeIndex::new(0);
        let p = |player| Piece {
            player,
            kind: 0,
            node: n,
        };
        assert_eq!(majority(&rules, &[p(0), p(1)], 3), vec![0, 1]);
        assert_eq!(majority(&rules, &[p(0), p(0), p(1)], 3), vec![0]);
        assert_eq!(majority(&rules, &[], 3), Vec::<usize>::new());
    }

    #[test]
    fn plurals() {
        assert_eq!(plural("tile", 1), "tile");
        assert_eq!(plural("tile", 4), "tiles");
        assert_eq!(plural("completed city", 2), "completed cities");
        assert_eq!(plural("surrounding tile", 0), "surrounding tiles");
    }
}
