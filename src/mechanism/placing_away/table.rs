//! The compiled `placing_away:` section.

use crate::rules::{ItemId, MechanismTable, OptionId};

/// The compiled section, in the rule set's order.
pub type Table = Vec<PlacingAway>;

/// A compiled tile item that lets the turn's piece go elsewhere (see
/// [`super::model::PlacingAwayDef`]).
#[derive(Debug, Clone)]
pub struct PlacingAway {
    /// The tile item.
    pub item: ItemId,
    /// Only while this option is on.
    pub requires_option: Option<OptionId>,
}

/// It reads its items on tiles as a whole.
impl MechanismTable for Table {
    fn tile_items_read(&self, mark: &mut dyn FnMut(ItemId)) {
        for p in self {
            mark(p.item);
        }
    }
}
