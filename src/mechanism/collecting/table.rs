//! The compiled `collecting:` section.

use crate::rules::{FeatureId, ItemId, MechanismTable, OptionId, Rules};

/// The compiled collected items, in the rule set's order.
pub type Table = Vec<Collected>;

/// A compiled collected item (see [`super::model::CollectedDef`]).
#[derive(Debug, Clone)]
pub struct Collected {
    /// The item.
    pub item: ItemId,
    /// The feature kind it is collected from.
    pub feature: FeatureId,
    /// Points to each player with the most at the end.
    pub most: i64,
    /// The option it needs, if any.
    pub requires_option: Option<OptionId>,
}

impl MechanismTable for Table {
    /// A collected item is read on its feature kind.
    fn items_read(&self, _rules: &Rules, mark: &mut dyn FnMut(ItemId, FeatureId)) {
        for c in self {
            mark(c.item, c.feature);
        }
    }
}
