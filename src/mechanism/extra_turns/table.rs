//! The compiled `bonus_turns:` section.

use crate::rules::{FeatureId, ItemId, MechanismTable, OptionId, Rules};

/// The compiled extra-turn rules, in the rule set's order.
pub type Table = Vec<BonusTurn>;

/// A compiled extra-turn rule (see [`super::model::BonusTurnDef`]).
#[derive(Debug, Clone)]
pub struct BonusTurn {
    /// Feature kind whose completion earns it.
    pub feature: FeatureId,
    /// Item the completed feature must hold.
    pub item: ItemId,
    /// Stack the extra tile comes from.
    pub stack: usize,
    /// Option that makes a piece in the feature necessary.
    pub requires_piece_option: Option<OptionId>,
}

impl MechanismTable for Table {
    /// An extra turn reads `with_item` on the completed kind.
    fn items_read(&self, _rules: &Rules, mark: &mut dyn FnMut(ItemId, FeatureId)) {
        for b in self {
            mark(b.item, b.feature);
        }
    }
}
