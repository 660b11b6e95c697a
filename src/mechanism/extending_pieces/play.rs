//! Where an extending piece may go, and the extra turn its owner earns.

use crate::engine::{Completed, Hooks, PieceError, State};
use crate::rules::PieceKindId;
use crate::score::Piece;

/// The mechanism's hooks.
pub struct Play;

/// Whether the tile of the turn being played extended a feature holding an extending
/// piece of its player.
#[derive(Debug, Clone, Copy, Default)]
pub struct Extended(pub bool);

impl Hooks for Play {
    type Memory = Extended;

    /// Whether the tile just placed extends a feature holding one of the player's
    /// extending pieces (all of them were placed in earlier turns: this turn's piece
    /// comes after the tile).
    #[inline(always)]
    fn after_tile_placed(state: &mut State, player: usize, placed: u32) -> Option<PieceKindId> {
        if state.game().rules.mechanisms.extending_pieces.is_empty() {
            return None;
        }
        self::placed(state, player, placed)
    }

    /// A piece that needs one of its owner's pieces on the feature goes only where one is.
    #[inline]
    fn may_place_piece(state: &State, piece: &Piece) -> Result<(), PieceError> {
        let table = &state.game().rules.mechanisms.extending_pieces;
        match table.iter().find(|e| e.piece == piece.kind) {
            Some(e) => state.needs_own_piece(piece, &e.needs),
            None => Ok(()),
        }
    }

    /// An extra turn, drawn as usual, when the tile extended the player's piece's feature.
    #[inline]
    fn earned_extra_turn(state: &State, _completed: &[Completed]) -> Option<Option<usize>> {
        state.memory().extending_pieces.0.then_some(None)
    }
}

/// The hook's work, apart from its test that the rule set has any entry (inlined into
/// every turn).
#[inline(never)]
fn placed(state: &mut State, player: usize, placed: u32) -> Option<PieceKindId> {
    let table = &state.game().rules.mechanisms.extending_pieces;
    if table.is_empty() {
        return None;
    }
    let tile = state.board().placed[placed as usize].tile;
    let segments = state.game().tiles.tiles[tile].segments.len();
    let extended = (0..segments).any(|seg| {
        let node = state.board().node(placed, seg);
        let kind = state.board().graph[node].feature;
        state
            .pieces_at(kind, node)
            .iter()
            .any(|p| p.player == player && table.iter().any(|e| e.piece == p.kind))
    });
    state.memory_mut().extending_pieces = Extended(extended);
    None
}
