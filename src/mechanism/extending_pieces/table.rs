//! The compiled `extending_pieces:` section.

use crate::rules::{MechanismTable, PieceKindId};

/// The compiled section, in the rule set's order.
pub type Table = Vec<ExtendingPiece>;

/// A compiled extending piece kind (see [`super::model::ExtendingPieceDef`]).
#[derive(Debug, Clone)]
pub struct ExtendingPiece {
    /// The piece kind.
    pub piece: PieceKindId,
    /// Piece kinds of which its owner needs one on the feature to place it (empty: none).
    pub needs: Vec<PieceKindId>,
}

/// It reads no item.
impl MechanismTable for Table {}
