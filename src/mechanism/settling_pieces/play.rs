//! Where a settling piece may go, the pieces it settles during play, and its owners'
//! points at the end.

use smallvec::SmallVec;

use super::table::SettlingPiece;
use crate::engine::{Action, Asked, Hooks, PieceError, State, TurnError};
use crate::geometry::{Corner, corner_neighbours, corner_slots};
use crate::graph;
use crate::rules::{FeatureId, NO_SEGMENT};
use crate::score::Piece;
use petgraph::graph::NodeIndex;

/// The mechanism's hooks.
pub struct Play;

impl Hooks for Play {
    type Memory = ();

    /// A settling piece goes only into a feature without one of its kind (unless the
    /// sharing option is on), and, with `at_corner`, only at a corner where four tiles'
    /// segments of its feature meet.
    #[inline]
    fn may_place_piece(state: &State, piece: &Piece) -> Result<(), PieceError> {
        let table = &state.game().rules.mechanisms.settling_pieces;
        if table.is_empty() {
            return Ok(());
        }
        match table.iter().find(|s| s.piece == piece.kind) {
            Some(s) => may_settle(state, s, piece),
            None => Ok(()),
        }
    }

    /// The features holding a settling piece and other pieces after the turn's action:
    /// those pieces are scored (`when_placed` when the action placed the settling piece
    /// there, else `when_joined`) and return.
    #[inline]
    fn after_action(
        state: &mut State,
        _player: usize,
        placed: u32,
        action: Action,
        _asked: &mut Asked,
    ) -> Result<(), TurnError> {
        if !state.game().rules.mechanisms.settling_pieces.is_empty() {
            settle(state, placed, action);
        }
        Ok(())
    }

    /// A piece placed at a corner: the corner it stands at (the one written, or the first
    /// clockwise from the north-west that its segment reaches where four tiles meet).
    #[inline]
    fn placed_corner(state: &State, kind: usize, placed: u32, segment: usize) -> Option<Corner> {
        let table = &state.game().rules.mechanisms.settling_pieces;
        let s = table.iter().find(|s| s.piece == kind && s.at_corner)?;
        corner_of(state, s.feature, state.board().node(placed, segment))
    }

    /// Each player with a settling piece in a feature scores its `final` cases once.
    #[inline]
    fn final_scoring(state: &mut State) {
        if !state.game().rules.mechanisms.settling_pieces.is_empty() {
            score_final(state);
        }
    }
}

/// [`Hooks::may_place_piece`] for a piece of a settling kind.
fn may_settle(state: &State, s: &SettlingPiece, piece: &Piece) -> Result<(), PieceError> {
    let sharing = s.sharing_option.is_some_and(|o| state.options()[o]);
    if !sharing {
        let other = state
            .board()
            .features
            .pieces(piece.scored_on, piece.node)
            .iter()
            .filter_map(|&id| state.pieces().get(id))
            .find(|p| p.kind == piece.kind);
        if let Some(other) = other {
            return Err(PieceError::Occupied {
                feature: piece.scored_on,
                by: other.player,
                piece: other.kind,
                segment: false,
            });
        }
    }
    if s.at_corner && !at_corner(state, s.feature, piece.node) {
        return Err(PieceError::NotAtCorner { feature: s.feature });
    }
    Ok(())
}

/// Whether segment node `node` (on a placed tile) reaches a corner of its tile where
/// four tiles meet, each with one segment of feature kind `feature` at that corner (the
/// corner the position named, when it named one).
fn at_corner(state: &State, feature: FeatureId, node: NodeIndex) -> bool {
    corner_of(state, feature, node).is_some()
}

/// The corner of [`at_corner`], the first clockwise from the north-west.
fn corner_of(state: &State, feature: FeatureId, node: NodeIndex) -> Option<Corner> {
    let board = state.board();
    let n = board.graph[node];
    let p = board.placed[n.placed as usize];
    // A position that names the corner (`NW`) means that one.
    let named = state.piece_corner();
    (0..4).filter(|&c| named.is_none_or(|k| k == c)).find(|&c| {
        quarter(state, n.placed, c) == Some(n.segment as usize)
            && of_kind(state, n.placed, n.segment as usize, feature)
            && corner_neighbours(p.x, p.y, c).iter().all(|&(x, y, k)| {
                board.at(x, y).is_some_and(|q| {
                    quarter(state, q, k).is_some_and(|seg| of_kind(state, q, seg, feature))
                })
            })
    })
}

/// The segment of placed tile `placed` at its corner `corner`: the one segment both slots
/// meeting there belong to; `None` when they differ or a side is a wall.
fn quarter(state: &State, placed: u32, corner: Corner) -> Option<usize> {
    let game = state.game();
    let p = state.board().placed[placed as usize];
    let rot = game.tiles.tiles[p.tile].rotated(p.rotation);
    let [a, b] = corner_slots(corner, |s| game.rules.parts(rot.sides[s as usize]))?;
    let sa = rot.slot_segment[a.side as usize][a.part as usize];
    let sb = rot.slot_segment[b.side as usize][b.part as usize];
    (sa == sb && sa != NO_SEGMENT).then_some(sa as usize)
}

/// Whether segment `segment` of placed tile `placed` is part of features of kind `kind`.
fn of_kind(state: &State, placed: u32, segment: usize, kind: FeatureId) -> bool {
    let node = state.board().node(placed, segment);
    state.game().rules.features[kind]
        .members
        .contains(&state.board().graph[node].feature)
}

/// [`Hooks::after_action`]'s work, apart from its test that the rule set has any settling
/// piece (inlined into every turn).
#[inline(never)]
fn settle(state: &mut State, placed: u32, action: Action) {
    let game = state.game();
    let table = &game.rules.mechanisms.settling_pieces;
    // Most turns no such piece is on the board: nothing to settle.
    let players = state.players().len();
    if !(0..players).any(|p| table.iter().any(|s| state.pieces().count(p, s.piece) > 0)) {
        return;
    }
    // The feature a settling piece was placed into by this action.
    let just = match action {
        Action::Piece { kind, on, segment } => table
            .iter()
            .position(|s| s.piece == kind)
            .map(|i| (i, state.board().node(on.unwrap_or(placed), segment))),
        _ => None,
    };
    let mut seen: SmallVec<[(FeatureId, NodeIndex); 4]> = SmallVec::new();
    let settling: Vec<(usize, NodeIndex)> = state
        .pieces()
        .iter()
        .filter_map(|p| {
            let i = table.iter().position(|s| s.piece == p.kind)?;
            Some((i, p.node))
        })
        .collect();
    for (i, node) in settling {
        let s = &table[i];
        let kind = s.feature;
        let root = state.board().features.find(kind, node);
        if seen.contains(&(kind, root)) {
            continue;
        }
        seen.push((kind, root));
        let others: Vec<u32> = state
            .board()
            .features
            .pieces(kind, node)
            .iter()
            .copied()
            .filter(|&id| {
                state
                    .pieces()
                    .get(id)
                    .is_some_and(|p| !table.iter().any(|t| t.piece == p.kind))
            })
            .collect();
        if others.is_empty() {
            continue;
        }
        let placed_here = just.is_some_and(|(j, n)| {
            table[j].feature == kind && state.board().features.find(kind, n) == root
        });
        let cases = if placed_here {
            &s.when_placed
        } else {
            &s.when_joined
        };
        let f = graph::component(&game.rules, &game.tiles, state.board(), kind, node);
        state.score_feature_by(f, cases);
        for id in others {
            state.return_piece_id(id);
        }
    }
}

/// [`Hooks::final_scoring`]'s work: each feature holding settling pieces of a kind, its
/// `final` cases for each of their owners once.
#[inline(never)]
fn score_final(state: &mut State) {
    let game = state.game();
    let table = &game.rules.mechanisms.settling_pieces;
    let mut features: Vec<(usize, FeatureId, NodeIndex, NodeIndex, Vec<usize>)> = Vec::new();
    for p in state.pieces().iter() {
        let Some(i) = table.iter().position(|s| s.piece == p.kind) else {
            continue;
        };
        let kind = table[i].feature;
        let root = state.board().features.find(kind, p.node);
        match features
            .iter_mut()
            .find(|(j, k, r, _, _)| *j == i && *k == kind && *r == root)
        {
            Some((_, _, _, _, owners)) => {
                if !owners.contains(&p.player) {
                    owners.push(p.player);
                }
            }
            None => features.push((i, kind, root, p.node, vec![p.player])),
        }
    }
    for (i, kind, _, node, mut owners) in features {
        owners.sort_unstable();
        let f = graph::component(&game.rules, &game.tiles, state.board(), kind, node);
        state.score_feature_for(f, &table[i].final_, owners, crate::engine::Phase::Final);
    }
}
