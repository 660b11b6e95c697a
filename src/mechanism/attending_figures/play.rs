//! Where each figure stands, where it may go, and what it brings.

use crate::engine::{AwardSource, Hooks, Phase, State};
use crate::graph::Feature;
use crate::score::Piece;
use petgraph::graph::NodeIndex;

/// The mechanism's hooks.
pub struct Play;

/// What the mechanism remembers during a game: by figure, the segment (graph node) and
/// player of the piece it attends, once it has been moved.
#[derive(Debug, Clone, Default)]
pub struct Attended {
    /// By figure (the rule set's order): (node, player), or `None` before it first moves.
    pub at: Vec<Option<(NodeIndex, usize)>>,
}

/// Whether piece `p` is one a figure attends: a piece of kind that counts for majorities.
fn attends(state: &State, p: &Piece) -> bool {
    state.game().rules.pieces[p.kind].majority
}

/// Whether figure `entry` stands on a tile rather than beside a piece (its
/// `on_tile_option` on).
fn on_tile(state: &State, entry: &super::table::Attending) -> bool {
    entry.on_tile_option.is_some() && state.option_on(entry.on_tile_option)
}

/// The placed tile of a segment (graph node).
fn tile_of(state: &State, node: NodeIndex) -> u32 {
    state.board().graph[node].placed
}

/// Whether the figure standing at `at` attends a piece of `player` now.
fn attending(state: &State, (node, player): (NodeIndex, usize)) -> bool {
    state
        .pieces()
        .on_node(node)
        .any(|(_, p)| p.player == player && attends(state, p))
}

impl Hooks for Play {
    type Memory = Attended;

    /// Every piece of `player` that counts for majorities, for each figure, but the one
    /// the figure attends already.
    #[inline]
    fn attendable(state: &State, player: usize, out: &mut Vec<(u8, u32, usize)>) {
        let table = &state.game().rules.mechanisms.attending_figures;
        if table.is_empty() {
            return;
        }
        let at = &state.memory().attending_figures.at;
        for (figure, entry) in table.iter().enumerate() {
            if !state.option_on(entry.requires_option) {
                continue;
            }
            let here = at.get(figure).copied().flatten();
            let tiled = on_tile(state, entry);
            for p in state.pieces().iter() {
                if p.player != player || !attends(state, p) || here == Some((p.node, player)) {
                    continue;
                }
                // On a tile: any tile of the player's pieces but the one it stands on.
                if tiled && here.is_some_and(|(n, _)| tile_of(state, n) == tile_of(state, p.node)) {
                    continue;
                }
                let n = state.board().graph[p.node];
                out.push((figure as u8, n.placed, n.segment as usize));
            }
        }
        out.sort_unstable();
        out.dedup();
    }

    /// Whether `player` has a piece a figure could attend.
    #[inline]
    fn may_attend_any(state: &State, player: usize) -> bool {
        let table = &state.game().rules.mechanisms.attending_figures;
        table.iter().any(|a| state.option_on(a.requires_option))
            && state
                .pieces()
                .iter()
                .any(|p| p.player == player && attends(state, p))
    }

    /// The figure now attends the player's piece there.
    #[inline]
    fn attended(state: &mut State, player: usize, figure: u8, on: u32, segment: usize) {
        let node = state.board().node(on, segment);
        let at = &mut state.memory_mut().attending_figures.at;
        let figure = usize::from(figure);
        if at.len() <= figure {
            at.resize(figure + 1, None);
        }
        at[figure] = Some((node, player));
    }

    /// Whether a figure that shields its tile stands on placed tile `placed`.
    #[inline]
    fn shielded(state: &State, placed: u32) -> bool {
        let table = &state.game().rules.mechanisms.attending_figures;
        table.iter().enumerate().any(|(figure, entry)| {
            entry.shields
                && state.option_on(entry.requires_option)
                && state
                    .memory()
                    .attending_figures
                    .at
                    .get(figure)
                    .copied()
                    .flatten()
                    .is_some_and(|(node, _)| state.board().graph[node].placed == placed)
        })
    }

    /// Each figure attending one of `player`'s pieces: its turn points.
    #[inline]
    fn turn_started(state: &mut State, player: usize) {
        let table = &state.game().rules.mechanisms.attending_figures;
        if table.is_empty() {
            return;
        }
        for (figure, entry) in table.iter().enumerate() {
            let Some(at) = state.memory().attending_figures.at.get(figure).copied().flatten()
            else {
                continue;
            };
            let points = entry.turn_points;
            if on_tile(state, entry) {
                // Each of the player's pieces on its tile, whoever moved it there.
                let tile = tile_of(state, at.0);
                let n = state
                    .pieces()
                    .iter()
                    .filter(|p| p.player == player && tile_of(state, p.node) == tile)
                    .count() as i64;
                if n > 0 && points != 0 {
                    let source = AwardSource::Attending {
                        figure,
                        scored: false,
                    };
                    state.award(player, points.saturating_mul(n), Phase::Play, source);
                }
                continue;
            }
            if at.1 == player && points != 0 && attending(state, at) {
                let source = AwardSource::Attending {
                    figure,
                    scored: false,
                };
                state.award(player, points, Phase::Play, source);
            }
        }
    }

    /// Each figure attending a piece on the feature: its scored points to that piece's
    /// owner.
    #[inline]
    fn feature_scored(state: &mut State, _f: &Feature, on: &[Piece], phase: Phase) {
        let table = &state.game().rules.mechanisms.attending_figures;
        if table.is_empty() {
            return;
        }
        for (figure, entry) in table.iter().enumerate() {
            let Some((node, player)) =
                state.memory().attending_figures.at.get(figure).copied().flatten()
            else {
                continue;
            };
            let points = entry.scored_points;
            // On a tile: the owner of the feature's first piece on that tile.
            let owner = if on_tile(state, entry) {
                let tile = tile_of(state, node);
                on.iter()
                    .find(|p| attends(state, p) && tile_of(state, p.node) == tile)
                    .map(|p| p.player)
            } else {
                on.iter()
                    .any(|p| p.node == node && p.player == player && attends(state, p))
                    .then_some(player)
            };
            if let Some(owner) = owner.filter(|_| points != 0) {
                let source = AwardSource::Attending {
                    figure,
                    scored: true,
                };
                state.award(owner, points, phase, source);
            }
        }
    }
}
