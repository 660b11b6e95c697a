//! Scoring: evaluating a rule set's cases and terms on a feature, and majorities.
//!
//! A feature's majority (docs/rules/carcassonne.md#8-majority-and-ties) is the
//! player(s) with the most majority-counting pieces in it; all tied players score the full
//! points; the number of pieces never multiplies points. The first case whose condition
//! holds gives the points.

use std::collections::HashMap;

use petgraph::graph::NodeIndex;
use smallvec::{SmallVec, smallvec};

use crate::board::Board;
use crate::graph::{self, Feature};
use crate::rules::{Area, Case, Count, ItemId, Rules, Term, TileSet};

/// One term's contribution, for the breakdown: ids and numbers only; reports name what
/// was counted from the rule set ([`crate::report`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermValue {
    /// What was counted (the compiled term's count: tiles, an item, linked features, ...).
    pub counted: Count,
    /// How many units counted (after cancellation).
    pub count: i64,
    /// Points per unit.
    pub points_each: i64,
    /// Units cancelled (by tigers, say).
    pub cancelled: i64,
    /// The item that cancelled them.
    pub cancelled_by: Option<ItemId>,
    /// Units that counted more because of an area bonus (pit trap).
    pub boosted: i64,
    /// Points of the term (capped at the limits of `i64`, see [`Valuation::capped`]).
    pub points: i64,
}

/// A feature's value under one list of cases.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Valuation {
    /// Total points: the sum of the terms, exactly (negative when penalty terms outweigh
    /// the rest; saturating at the limits of `i64`).
    pub points: i64,
    /// The terms, in rule-set order.
    pub terms: Vec<TermValue>,
    /// Whether the exact total is beyond the limits of `i64` and `points` is capped there
    /// (only values built in code can be: the limits of [`crate::limits`] keep every
    /// file's sums far inside). A term's `points` are capped likewise; the total is the
    /// exact sum of the terms before capping.
    pub capped: bool,
}

/// Items covered on segments (hunting trap), by segment node: counts indexed by item.
pub type Covered = HashMap<NodeIndex, Vec<u32>>;

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
    /// Covered items.
    pub covered: &'a Covered,
}

/// Limits counting to the segments on tiles within `radius` cells (Chebyshev) of a cell.
#[derive(Debug, Clone, Copy)]
pub struct Within {
    /// Centre cell.
    pub centre: (i32, i32),
    /// Radius in cells.
    pub radius: u32,
}

fn near(a: (i32, i32), b: (i32, i32), radius: u32) -> bool {
    a.0.abs_diff(b.0) <= radius && a.1.abs_diff(b.1) <= radius
}

impl Ctx<'_> {
    fn cell(&self, n: NodeIndex) -> (i32, i32) {
        let p = self.board.placed[self.board.graph[n].placed as usize];
        (p.x, p.y)
    }

    /// Uncovered count of an item on one segment.
    pub fn items_on(&self, n: NodeIndex, item: ItemId) -> u32 {
        let s = self.board.graph[n];
        let p = self.board.placed[s.placed as usize];
        let all = self.tiles.tiles[p.tile].segments[s.segment as usize]
            .items
            .iter()
            .filter(|(i, _)| *i == item)
            .fold(0u32, |a, (_, k)| a.saturating_add(*k));
        let covered = self
            .covered
            .get(&n)
            .and_then(|c| c.get(item))
            .copied()
            .unwrap_or(0);
        all.saturating_sub(covered)
    }

    /// Uncovered count of an item on segments, added up in 64 bits (every segment may
    /// carry up to `u32::MAX` when built in code: the sum never wraps).
    pub fn items_in(&self, nodes: impl IntoIterator<Item = NodeIndex>, item: ItemId) -> u64 {
        nodes.into_iter().fold(0u64, |a, n| {
            a.saturating_add(u64::from(self.items_on(n, item)))
        })
    }

    /// Uncovered item counts of a whole feature, by item id: its running counters when
    /// nothing is covered and no counter saturated, else counted segment by segment.
    pub fn feature_items(&self, f: &Feature) -> SmallVec<[u64; 8]> {
        let n = self.rules.items.len();
        if self.covered.is_empty() && f.items.len() == n && f.items.iter().all(|&k| k < u32::MAX) {
            f.items.iter().map(|&k| u64::from(k)).collect()
        } else {
            (0..n)
                .map(|i| self.items_in(f.nodes.iter().copied(), i))
                .collect()
        }
    }

    /// The segments of a feature inside the scope.
    pub fn scoped<'f>(
        &self,
        f: &'f Feature,
        within: Option<Within>,
    ) -> impl Iterator<Item = NodeIndex> + 'f + use<'f, '_> {
        let cells: Vec<(i32, i32)> = f.nodes.iter().map(|&n| self.cell(n)).collect();
        f.nodes
            .iter()
            .zip(cells)
            .filter(move |(_, c)| within.is_none_or(|w| near(*c, w.centre, w.radius)))
            .map(|(n, _)| *n)
    }
}

fn holds(ctx: &Ctx, case: &Case, f: &Feature, items: &[u64]) -> bool {
    case.options.iter().all(|&o| ctx.options[o])
        && case
            .tiles
            .is_none_or(|t| f.tiles.len() as u64 == u64::from(t))
        && case.items.iter().all(|&(i, n)| items[i] == u64::from(n))
        && case
            .items_at_least
            .iter()
            .all(|&(i, n)| items[i] >= u64::from(n))
}

/// Values a feature with the first case that holds; `None` if no case holds or the list
/// is empty. `within` limits the items counted to an area (hunting trap).
pub fn value(ctx: &Ctx, f: &Feature, cases: &[Case], within: Option<Within>) -> Option<Valuation> {
    value_with_case(ctx, f, cases, within).map(|(v, _)| v)
}

/// Like [`value`], also returning the index of the case used. Conditions look at the whole
/// feature (a wildfire anywhere in the grassland); terms count within the scope.
pub fn value_with_case(
    ctx: &Ctx,
    f: &Feature,
    cases: &[Case],
    within: Option<Within>,
) -> Option<(Valuation, usize)> {
    let whole = ctx.feature_items(f);
    let index = cases.iter().position(|c| holds(ctx, c, f, &whole))?;
    let case = &cases[index];
    let v = match within {
        // The scope is the whole feature.
        None => terms_value(ctx, f, &case.terms, case.area, &f.nodes, &whole),
        Some(_) => {
            let scope: Vec<NodeIndex> = ctx.scoped(f, within).collect();
            let items: SmallVec<[u64; 8]> = (0..ctx.rules.items.len())
                .map(|i| ctx.items_in(scope.iter().copied(), i))
                .collect();
            terms_value(ctx, f, &case.terms, case.area, &scope, &items)
        }
    };
    Some((v, index))
}

/// An exact value as `i64`, capped at its limits; the flag says whether it was capped.
fn capped(exact: i128) -> (i64, bool) {
    match i64::try_from(exact) {
        Ok(v) => (v, false),
        Err(_) if exact < 0 => (i64::MIN, true),
        Err(_) => (i64::MAX, true),
    }
}

/// Evaluates terms on the segments `scope` of feature `f` with item totals `items`.
///
/// Units are counted, never listed one by one: a term's units are groups of (multiplier,
/// how many), so a segment carrying `u32::MAX` items costs one group. Points are computed
/// exactly in 128 bits and capped at the limits of `i64` ([`Valuation::capped`]).
///
/// Features counted by a term (linked ones, or those inside an aggregate) are found
/// through the board's [`crate::graph::Forest`].
pub fn terms_value(
    ctx: &Ctx,
    f: &Feature,
    terms: &[Term],
    area: Option<Area>,
    scope: &[NodeIndex],
    items: &[u64],
) -> Valuation {
    // Area bonus: cells of the feature's segments holding the marker item.
    let markers: Vec<(i32, i32)> = match area {
        Some(a) => f
            .nodes
            .iter()
            .filter(|&&n| ctx.items_on(n, a.around) > 0)
            .map(|&n| ctx.cell(n))
            .collect(),
        None => Vec::new(),
    };
    let factor = |n: NodeIndex| match area {
        Some(a) if markers.iter().any(|&m| near(ctx.cell(n), m, a.radius)) => a.factor,
        _ => 1,
    };
    let mut out = Vec::new();
    let mut total = 0i128;
    for t in terms {
        // Units of the term: (multiplier, how many).
        let mut units: SmallVec<[(i64, u64); 4]> = match t.count {
            Count::One => smallvec![(1, 1)],
            Count::Tiles => smallvec![(1, f.tiles.len() as u64)],
            Count::Neighbours => smallvec![(1, u64::from(graph::neighbours(ctx.board, f)))],
            Count::NeighboursWith(i) => smallvec![(
                1,
                u64::from(graph::neighbours_with(ctx.board, ctx.tiles, f, i))
            )],
            // Without an area bonus every unit counts once: the scope's total.
            Count::Item(i) if area.is_none() => smallvec![(1, items.get(i).copied().unwrap_or(0))],
            Count::Item(i) => scope
                .iter()
                .map(|&n| (factor(n), u64::from(ctx.items_on(n, i))))
                .collect(),
            Count::Features(kind) => {
                let ids: std::collections::HashSet<NodeIndex> = scope
                    .iter()
                    .filter(|&&n| ctx.board.graph[n].feature == kind)
                    .map(|&n| ctx.board.features.find(kind, n))
                    .collect();
                smallvec![(1, ids.len() as u64)]
            }
            Count::Linked {
                relation,
                feature,
                completed,
                item,
                holding,
            } => {
                // One segment of each distinct linked feature.
                let linked = graph::linked(ctx.tiles, ctx.board, f, relation, feature)
                    .into_iter()
                    .filter(|&g| {
                        !completed || graph::completed(ctx.rules, ctx.tiles, ctx.board, feature, g)
                    })
                    .filter(|&g| {
                        holding.is_none_or(|h| {
                            ctx.items_in(ctx.board.features.nodes(feature, g), h) > 0
                        })
                    });
                match item {
                    Some(i) => smallvec![(
                        1,
                        linked.fold(0u64, |a, g| {
                            a.saturating_add(ctx.items_in(ctx.board.features.nodes(feature, g), i))
                        }),
                    )],
                    None => smallvec![(1, linked.count() as u64)],
                }
            }
        };
        let value = |u: i64| i128::from(u).saturating_mul(i128::from(t.points));
        let mut cancelled = 0u64;
        if let Some(c) = t.cancelled_by {
            // The scorer's best choice: cancel the units worth least to them (the smallest
            // multipliers, or with negative points the largest).
            units.sort_by_key(|&(u, _)| value(u));
            let mut left = items[c];
            for (_, n) in &mut units {
                let k = (*n).min(left);
                *n -= k;
                left -= k;
                cancelled += k;
            }
        }
        let sum = |f: &dyn Fn(&(i64, u64)) -> bool| {
            units
                .iter()
                .filter(|u| f(u))
                .fold(0u64, |a, &(_, n)| a.saturating_add(n))
        };
        let count = sum(&|_| true);
        let boosted = sum(&|&(u, _)| u != 1);
        let exact = units.iter().fold(0i128, |a, &(u, n)| {
            a.saturating_add(value(u).saturating_mul(i128::from(n)))
        });
        total = total.saturating_add(exact);
        let (points, _) = capped(exact);
        let as_i64 = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
        out.push(TermValue {
            counted: t.count,
            count: as_i64(count),
            points_each: t.points,
            cancelled: as_i64(cancelled),
            cancelled_by: t.cancelled_by,
            boosted: as_i64(boosted),
            points,
        });
    }
    let (points, at_limit) = capped(total);
    Valuation {
        points,
        terms: out,
        capped: at_limit,
    }
}

/// A piece on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    /// Owner (index in the players list).
    pub player: usize,
    /// Piece kind.
    pub kind: usize,
    /// Segment node it stands on.
    pub node: NodeIndex,
    /// Feature kind it counts on (its role's `scored_on`).
    pub scored_on: usize,
}

/// Each player's strength among `pieces` (those on a feature): the sum of the `weight` of
/// their majority-counting pieces (a large follower counts 2), indexed by player. Kept
/// inline for up to 8 players (scoring a feature allocates nothing for it).
pub fn strengths(rules: &Rules, pieces: &[Piece], players: usize) -> SmallVec<[u32; 8]> {
    let mut counts: SmallVec<[u32; 8]> = smallvec![0; players];
    for p in pieces {
        let kind = &rules.pieces[p.kind];
        if kind.majority {
            if let Some(c) = counts.get_mut(p.player) {
                *c = c.saturating_add(kind.weight);
            }
        }
    }
    counts
}

/// The players with the majority among `pieces` (those on the feature): the greatest
/// strength (see [`strengths`]); all tied players. Empty when no majority-counting piece is
/// there.
pub fn majority(rules: &Rules, pieces: &[Piece], players: usize) -> Vec<usize> {
    majority_of(&strengths(rules, pieces, players))
}

/// The players with the greatest strength in `counts` (indexed by player, see
/// [`strengths`]); all tied players; empty when every strength is 0.
pub fn majority_of(counts: &[u32]) -> Vec<usize> {
    let max = counts.iter().copied().max().unwrap_or(0);
    if max == 0 {
        return Vec::new();
    }
    (0..counts.len()).filter(|&i| counts[i] == max).collect()
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
            item_plurals: vec![],
            item_symbols: vec![],
            relations: vec![],
            relation_kinds: vec![],
            relation_corners: vec![],
            decorations: vec![],
            colours: vec![],
            stacks: vec![],
            features: vec![],
            pieces: vec![crate::rules::PieceKind {
                name: "follower".into(),
                supply: 7,
                roles: vec![],
                blocked_by: vec![0],
                majority: true,
                weight: 1,
                anywhere: false,
                movable: false,
                blocked_on_segment: false,
            }],
            options: vec![],
            mechanisms: Default::default(),
            token_pools: vec![],
            item_readers: vec![],
            tile_item_readers: vec![],
            draw_values: vec![],
        };
        let n = petgraph::graph::NodeIndex::new(0);
        let p = |player| Piece {
            player,
            kind: 0,
            node: n,
            scored_on: 0,
        };
        assert_eq!(majority(&rules, &[p(0), p(1)], 3), vec![0, 1]);
        assert_eq!(majority(&rules, &[p(0), p(0), p(1)], 3), vec![0]);
        assert_eq!(majority(&rules, &[], 3), Vec::<usize>::new());
        // A piece of weight 2 ties two pieces of weight 1 and beats one.
        let mut heavy = rules.clone();
        let mut large = heavy.pieces[0].clone();
        large.weight = 2;
        heavy.pieces.push(large);
        let big = |player| Piece {
            kind: 1,
            ..p(player)
        };
        assert_eq!(majority(&heavy, &[big(0), p(1), p(1)], 2), vec![0, 1]);
        assert_eq!(majority(&heavy, &[big(0), p(1)], 2), vec![0]);
        assert_eq!(strengths(&heavy, &[big(0), p(1)], 2).as_slice(), [2, 1]);
    }
}
