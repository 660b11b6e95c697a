//! The compiled `roaming:` section.

use crate::rules::{ItemId, MechanismTable, OptionId, PieceKindId};

/// The compiled section, in the rule set's order (a figure's index is its id).
pub type Table = Vec<Roaming>;

/// A compiled roaming figure (see [`super::model::RoamingDef`]).
#[derive(Debug, Clone)]
pub struct Roaming {
    /// Its name (the section's key), for reports.
    pub name: String,
    /// The tile item that brings it onto the board.
    pub arrives_on: ItemId,
    /// The tile item that makes it move.
    pub moved_by: ItemId,
    /// Steps of a move.
    pub steps: u32,
    /// Piece kinds it spares.
    pub spares: Vec<PieceKindId>,
    /// While this option is on, it moves after the turn's scoring.
    pub after_scoring_option: Option<OptionId>,
    /// In the game only while this option is on.
    pub requires_option: Option<OptionId>,
}

/// It reads its two items on tiles as a whole.
impl MechanismTable for Table {
    fn tile_items_read(&self, mark: &mut dyn FnMut(ItemId)) {
        for r in self {
            mark(r.arrives_on);
            mark(r.moved_by);
        }
    }
}
