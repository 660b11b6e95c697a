//! Which pieces may be taken back, and the points they bring.

use crate::engine::{Hooks, Phase, State};
use crate::graph;
use crate::score::Piece;

/// The mechanism's hooks.
pub struct Play;

impl Hooks for Play {
    type Memory = ();

    /// The player's pieces of a kind that may be taken back, each where it stands.
    #[inline]
    fn recallable(state: &State, player: usize, out: &mut Vec<(u32, usize)>) {
        let table = &state.game().rules.mechanisms.recalling_pieces;
        if table.is_empty() {
            return;
        }
        for p in state.pieces().iter() {
            let allowed = p.player == player
                && table
                    .iter()
                    .any(|r| r.piece == p.kind && state.option_on(r.requires_option));
            if allowed {
                let n = state.board().graph[p.node];
                out.push((n.placed, n.segment as usize));
            }
        }
        out.sort_unstable();
        out.dedup();
    }

    /// Whether `player` has a piece on the board that may be taken back.
    #[inline]
    fn may_recall_any(state: &State, player: usize) -> bool {
        let table = &state.game().rules.mechanisms.recalling_pieces;
        !table.is_empty()
            && table.iter().any(|r| {
                state.option_on(r.requires_option) && state.pieces().count(player, r.piece) > 0
            })
    }

    /// The piece's feature, scored for its owner alone by the feature kind's end-of-game
    /// cases.
    #[inline]
    fn recalled(state: &mut State, player: usize, piece: &Piece) {
        let game = state.game();
        if !game
            .rules
            .mechanisms
            .recalling_pieces
            .iter()
            .any(|r| r.piece == piece.kind)
        {
            return;
        }
        let kind = piece.scored_on;
        let f = graph::component(&game.rules, &game.tiles, state.board(), kind, piece.node);
        state.score_feature_for(f, &game.rules.features[kind].final_, vec![player], Phase::Play);
    }
}
