//! The compiled `item_strength:` section.

use crate::rules::{FeatureId, ItemId, MechanismTable, PieceKindId, Rules};

/// The compiled section, in the rule set's order.
pub type Table = Vec<ItemStrength>;

/// A compiled piece kind whose strength is counted (see [`super::model::ItemStrengthDef`]).
#[derive(Debug, Clone)]
pub struct ItemStrength {
    /// The piece kind.
    pub piece: PieceKindId,
    /// The item counted on its feature.
    pub item: ItemId,
}

/// It reads its item on every feature kind its piece kind counts on.
impl MechanismTable for Table {
    fn items_read(&self, rules: &Rules, mark: &mut dyn FnMut(ItemId, FeatureId)) {
        for s in self {
            if let Some(kind) = rules.pieces.get(s.piece) {
                for role in &kind.roles {
                    mark(s.item, role.scored_on);
                }
            }
        }
    }
}
