//! The compiled `auctioning:` section.

use crate::rules::{ItemId, MechanismTable, OptionId};

/// The compiled section, in the rule set's order (an entry's index is its id).
pub type Table = Vec<Auctioning>;

/// A compiled item that starts an auction (see [`super::model::AuctionDef`]).
#[derive(Debug, Clone)]
pub struct Auctioning {
    /// Its name (the section's key), for reports.
    pub name: String,
    /// The item on a tile that starts it.
    pub item: ItemId,
    /// Bids are made only while this option is on.
    pub bids_option: Option<OptionId>,
    /// Whether a chooser who sold chooses again.
    pub seller_chooses_again: bool,
    /// Only while this option is on.
    pub requires_option: Option<OptionId>,
}

/// It reads its item on tiles as a whole.
impl MechanismTable for Table {
    fn tile_items_read(&self, mark: &mut dyn FnMut(ItemId)) {
        for e in self {
            mark(e.item);
        }
    }
}
