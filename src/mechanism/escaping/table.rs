//! The compiled `escaping:` section.

use crate::rules::{FeatureId, ItemId, MechanismTable, OptionId, Rules};

/// The compiled section, in the rule set's order.
pub type Table = Vec<Escaping>;

/// A compiled way out of a feature (see [`super::model::EscapingDef`]).
#[derive(Debug, Clone)]
pub struct Escaping {
    /// The feature item.
    pub item: ItemId,
    /// Feature kinds whose segments nearby open the way out.
    pub near: Vec<FeatureId>,
    /// While this option is on, only the feature's tiles carrying the item count.
    pub item_tile_option: Option<OptionId>,
    /// Only while this option is on.
    pub requires_option: Option<OptionId>,
}

/// It reads its item on the segments of every feature kind.
impl MechanismTable for Table {
    fn items_read(&self, rules: &Rules, mark: &mut dyn FnMut(ItemId, FeatureId)) {
        for e in self {
            for f in 0..rules.features.len() {
                mark(e.item, f);
            }
        }
    }
}
