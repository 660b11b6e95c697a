//! The compiled `converting:` section.

use crate::rules::{FeatureId, MechanismTable, OptionId, RelationId};

/// The compiled section, in the rule set's order (an entry's index is its id).
pub type Table = Vec<Converting>;

/// A compiled kind of conversion (see [`super::model::ConvertingDef`]).
#[derive(Debug, Clone)]
pub struct Converting {
    /// Its name (the section's key), for reports.
    pub name: String,
    /// The feature kind converted.
    pub feature: FeatureId,
    /// Its segments.
    pub segments: u32,
    /// Tokens per player, by number of players from 1 (never empty).
    pub supply: Vec<u32>,
    /// A linked feature's bonus: (relation, points per converted feature).
    pub linked_bonus: Option<(RelationId, i64)>,
    /// Only while this option is on.
    pub requires_option: Option<OptionId>,
}

impl Converting {
    /// Tokens each player has with `players` players.
    pub fn supply_for(&self, players: usize) -> u32 {
        crate::rules::supply_for(&self.supply, players)
    }
}

/// It reads no item.
impl MechanismTable for Table {}
