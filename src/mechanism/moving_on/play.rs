//! Which pieces that move on were scored in a turn, where each may go, and the move.

use super::table::MovingOn;
use crate::engine::{Action, Asked, Choice, Hooks, State, TurnError};
use crate::graph;
use crate::score::Piece;

/// The mechanism's hooks.
pub struct Play;

/// What the mechanism remembers during a turn: the pieces that may move on lying on the
/// board after the turn's action, by id, to tell which the turn's scoring returned.
#[derive(Debug, Clone, Default)]
pub struct Watched {
    /// (piece id, the piece) before the turn's features are scored.
    pub before: Vec<(u32, Piece)>,
}

impl Hooks for Play {
    type Memory = Watched;

    /// Notes the pieces that may move on lying on the board before the tile's features
    /// are scored.
    #[inline]
    fn after_action(
        state: &mut State,
        _player: usize,
        _placed: u32,
        _action: Action,
        _asked: &mut Asked,
    ) -> Result<(), TurnError> {
        if !state.game().rules.mechanisms.moving_on.is_empty() {
            watch(state);
        }
        Ok(())
    }

    /// Each piece noted that the scoring returned, in turn order from `player`: a
    /// decision, `return` or a move to a feature within its reach (none asked when there
    /// is nowhere to go).
    #[inline]
    fn after_scoring(state: &mut State, player: usize, asked: &mut Asked) -> Result<(), TurnError> {
        if state.game().rules.mechanisms.moving_on.is_empty() {
            return Ok(());
        }
        move_on(state, player, asked)
    }
}

/// [`Hooks::after_action`]'s work, apart from its test that the rule set has any piece
/// that moves on (inlined into every turn).
#[inline(never)]
fn watch(state: &mut State) {
    let table = &state.game().rules.mechanisms.moving_on;
    // Most turns no such piece is on the board: nothing to look for.
    let players = state.players().len();
    let any = (0..players).any(|p| table.iter().any(|m| state.pieces().count(p, m.piece) > 0));
    if !any {
        state.memory_mut().moving_on.before.clear();
        return;
    }
    let before: Vec<(u32, Piece)> = state
        .pieces()
        .with_ids()
        .filter(|(_, p)| table.iter().any(|m| m.piece == p.kind))
        .map(|(id, p)| (id, *p))
        .collect();
    state.memory_mut().moving_on.before = before;
}

/// [`Hooks::after_scoring`]'s work.
#[inline(never)]
fn move_on(state: &mut State, player: usize, asked: &mut Asked) -> Result<(), TurnError> {
    let game = state.game();
    let table = &game.rules.mechanisms.moving_on;
    if state.memory().moving_on.before.is_empty() {
        return Ok(());
    }
    let before = std::mem::take(&mut state.memory_mut().moving_on.before);
    let n = state.players().len().max(1);
    // Those the turn's scoring returned: gone from the board, their feature completed (a
    // piece a rule sent home from a feature still open, a dragon's prey, does not move on).
    let mut returned: Vec<(u32, Piece)> = before
        .into_iter()
        .filter(|(id, p)| {
            state.pieces().get(*id) != Some(p)
                && graph::completed(&game.rules, &game.tiles, state.board(), p.scored_on, p.node)
        })
        .collect();
    returned.sort_by_key(|(id, p)| ((p.player + n - player % n) % n, *id));
    for (_, p) in returned {
        let Some(m) = table.iter().find(|m| m.piece == p.kind) else {
            continue;
        };
        let targets = if state.option_on(m.adjoining_option) && m.adjoining_option.is_some() {
            adjoining(state, &p)
        } else {
            targets(state, m, &p)
        };
        if targets.is_empty() {
            continue;
        }
        let mut offered = Vec::with_capacity(targets.len() + 1);
        offered.push(Choice::Return);
        offered.extend(targets);
        if let Choice::MoveTo { placed, segment } = asked.choice_or(&offered, Choice::Return)? {
            state
                .move_piece_on(p.player, p.kind, placed, segment as usize)
                .map_err(TurnError::Piece)?;
        }
    }
    Ok(())
}

/// Where piece `p` (returned from the board) may move on under its adjoining option:
/// every segment its feature adjoins where a piece of its kind could be placed now, on a
/// feature not completed, at any distance; in placement order, segment by segment. A
/// segment of the feature adjoins the others of each junction of its tile, and the
/// segments inside a tile (no slot) whose wall its slots face.
fn adjoining(state: &State, p: &Piece) -> Vec<Choice> {
    let game = state.game();
    let board = state.board();
    let feature = graph::component(&game.rules, &game.tiles, board, p.scored_on, p.node);
    let mut found: Vec<(u32, usize)> = Vec::new();
    for &n in &feature.nodes {
        let node = board.graph[n];
        let at = board.placed[node.placed as usize];
        let tile = &game.tiles.tiles[at.tile];
        let segment = node.segment as usize;
        found.extend(tile.segments[segment].adjoins.iter().map(|&a| (node.placed, a)));
        // Walls its slots face: the segments inside the tile beyond.
        let rotated = tile.rotated(at.rotation);
        for side in 0..4u8 {
            if !rotated.slot_segment[side as usize].contains(&node.segment) {
                continue;
            }
            let Some(q) = board.at_offset(at.x, at.y, crate::geometry::offset(side)) else {
                continue;
            };
            let there = board.placed[q as usize];
            let beyond = &game.tiles.tiles[there.tile];
            if !beyond
                .rotated(there.rotation)
                .is_wall(crate::geometry::opposite(side) as usize)
            {
                continue;
            }
            found.extend(
                (0..beyond.segments.len())
                    .filter(|&i| beyond.segments[i].slots.is_empty())
                    .map(|i| (q, i)),
            );
        }
    }
    found.sort_unstable();
    found.dedup();
    found
        .into_iter()
        .filter(|&(placed, segment)| {
            state
                .can_place_piece(p.player, p.kind, placed, segment, true)
                .is_ok_and(|piece| {
                    !graph::completed(&game.rules, &game.tiles, board, piece.scored_on, piece.node)
                })
        })
        .map(|(placed, segment)| Choice::MoveTo {
            placed,
            segment: segment as u8,
        })
        .collect()
}

/// Where piece `p` (returned from the board) may move on: every segment of a tile within
/// reach of its tile where a piece of its kind could be placed now, on a feature not
/// completed; in placement order, segment by segment.
fn targets(state: &State, m: &MovingOn, p: &Piece) -> Vec<Choice> {
    let game = state.game();
    let board = state.board();
    let from = board.placed[board.graph[p.node].placed as usize];
    let r = i64::from(m.within);
    let mut out = Vec::new();
    for (i, q) in board.placed.iter().enumerate() {
        if (i64::from(q.x) - i64::from(from.x)).abs() > r
            || (i64::from(q.y) - i64::from(from.y)).abs() > r
        {
            continue;
        }
        let placed = i as u32;
        for segment in 0..game.tiles.tiles[q.tile].segments.len() {
            let Ok(piece) = state.can_place_piece(p.player, p.kind, placed, segment, true) else {
                continue;
            };
            if graph::completed(&game.rules, &game.tiles, board, piece.scored_on, piece.node) {
                continue;
            }
            out.push(Choice::MoveTo {
                placed,
                segment: segment as u8,
            });
        }
    }
    out
}
