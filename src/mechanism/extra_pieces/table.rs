//! The compiled `extra_pieces:` section.

use crate::rules::{MechanismTable, OptionId, PieceKindId};

/// The compiled section, in the rule set's order.
pub type Table = Vec<ExtraPiece>;

/// A compiled piece kind placed in addition to the turn's action (see
/// [`super::model::ExtraPieceDef`]).
#[derive(Debug, Clone)]
pub struct ExtraPiece {
    /// The piece kind.
    pub piece: PieceKindId,
    /// Only while this option is on.
    pub requires_option: Option<OptionId>,
}

/// It reads no item.
impl MechanismTable for Table {}
