//! Where a raising piece may go, and what it adds when its feature is scored.

use crate::engine::{Hooks, PieceError, State};
use crate::graph::Feature;
use crate::score::{Piece, Valuation};

/// The mechanism's hooks.
pub struct Play;

impl Hooks for Play {
    type Memory = ();

    /// A raising piece that needs one of its owner's pieces on the feature goes only where
    /// one is (counted on the feature kind the piece's role scores on).
    #[inline]
    fn may_place_piece(state: &State, piece: &Piece) -> Result<(), PieceError> {
        let table = &state.game().rules.mechanisms.raising_pieces;
        match table.iter().find(|r| r.piece == piece.kind) {
            Some(r) => state.needs_own_piece(piece, &r.needs),
            None => Ok(()),
        }
    }

    /// For each scorer with a raising piece of the feature's kind on it: `per_unit` for
    /// every unit the terms counted, once per piece kind.
    #[inline]
    fn raise(state: &State, f: &Feature, on: &[Piece], v: &Valuation, raised: &mut [i64]) {
        let table = &state.game().rules.mechanisms.raising_pieces;
        for r in table.iter().filter(|r| r.feature == f.kind) {
            let units: i64 = v.terms.iter().map(|t| t.count).fold(0, i64::saturating_add);
            let mut owners: Vec<usize> = on
                .iter()
                .filter(|p| p.kind == r.piece)
                .map(|p| p.player)
                .collect();
            owners.sort_unstable();
            owners.dedup();
            for p in owners {
                if let Some(x) = raised.get_mut(p) {
                    *x = x.saturating_add(units.saturating_mul(r.per_unit));
                }
            }
        }
    }
}
