//! The compiled `tie_breaks:` section.

use crate::rules::{ItemId, MechanismTable, OptionId};

/// The compiled section, in the rule set's order.
pub type Table = Vec<TieBreak>;

/// A compiled tie-break (see [`super::model::TieBreakDef`]).
#[derive(Debug, Clone)]
pub struct TieBreak {
    /// The tile item that decides.
    pub item: ItemId,
    /// Compared by the number of pieces (else by presence).
    pub by_pieces: bool,
    /// Applies only while this option is on.
    pub requires_option: Option<OptionId>,
    /// While this option is on, compared by the number of pieces.
    pub pieces_option: Option<OptionId>,
}

/// It reads its item on tiles as a whole.
impl MechanismTable for Table {
    fn tile_items_read(&self, mark: &mut dyn FnMut(ItemId)) {
        for t in self {
            mark(t.item);
        }
    }
}
