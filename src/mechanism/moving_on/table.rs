//! The compiled `moving_on:` section.

use crate::rules::{MechanismTable, OptionId, PieceKindId};

/// The compiled section, in the rule set's order.
pub type Table = Vec<MovingOn>;

/// A compiled piece kind that moves on (see [`super::model::MovingOnDef`]).
#[derive(Debug, Clone)]
pub struct MovingOn {
    /// The piece kind.
    pub piece: PieceKindId,
    /// How far, in cells.
    pub within: u32,
    /// The option under which it moves to the features its own adjoins instead.
    pub adjoining_option: Option<OptionId>,
}

/// It reads no item.
impl MechanismTable for Table {}
