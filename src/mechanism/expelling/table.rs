//! The compiled `expelling:` section.

use crate::rules::{FeatureId, ItemId, MechanismTable, OptionId, Rules};

/// The compiled section, in the rule set's order.
pub type Table = Vec<Expelling>;

/// A compiled segment item that sends a follower home (see
/// [`super::model::ExpellingDef`]).
#[derive(Debug, Clone)]
pub struct Expelling {
    /// The segment item.
    pub item: ItemId,
    /// Only while this option is on.
    pub requires_option: Option<OptionId>,
    /// While this option is on, sending a piece home is the only action offered.
    pub must_option: Option<OptionId>,
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
