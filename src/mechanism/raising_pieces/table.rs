//! The compiled `raising_pieces:` section.

use crate::rules::{FeatureId, MechanismTable, PieceKindId};

/// The compiled section, in the rule set's order.
pub type Table = Vec<RaisingPiece>;

/// A compiled raising piece kind (see [`super::model::RaisingPieceDef`]).
#[derive(Debug, Clone)]
pub struct RaisingPiece {
    /// The piece kind.
    pub piece: PieceKindId,
    /// The feature kind whose scoring it raises.
    pub feature: FeatureId,
    /// Points more per unit counted, for its owner among the scorers.
    pub per_unit: i64,
    /// Piece kinds of which its owner needs one on the feature to place it (empty: none).
    pub needs: Vec<PieceKindId>,
}

/// It reads no item.
impl MechanismTable for Table {}
