//! The compiled `recalling:` section.

use crate::rules::{MechanismTable, OptionId, PieceKindId};

/// The compiled section, in the rule set's order.
pub type Table = Vec<Recall>;

/// A compiled piece kind that may be taken back (see [`super::model::RecallDef`]).
#[derive(Debug, Clone)]
pub struct Recall {
    /// The piece kind.
    pub piece: PieceKindId,
    /// Only while this option is on.
    pub requires_option: Option<OptionId>,
}

/// It reads no item.
impl MechanismTable for Table {}
