//! The compiled `building:` section.

use crate::rules::{FeatureId, MechanismTable, OptionId};

/// The compiled section, in the rule set's order (an entry's index is its id).
pub type Table = Vec<Building>;

/// A compiled kind of token (see [`super::model::BuildingDef`]).
#[derive(Debug, Clone)]
pub struct Building {
    /// Its name (the section's key), for reports.
    pub name: String,
    /// The feature kind it goes on.
    pub feature: FeatureId,
    /// Tokens per player, by number of players from 1 (never empty).
    pub supply: Vec<u32>,
    /// Whether raising a feature lets its player capture a follower.
    pub capture: bool,
    /// The ransom, in points, if any.
    pub ransom: Option<u32>,
    /// Only while this option is on.
    pub requires_option: Option<OptionId>,
}

impl Building {
    /// Tokens each player has with `players` players.
    pub fn supply_for(&self, players: usize) -> u32 {
        crate::rules::supply_for(&self.supply, players)
    }
}

/// It reads no item.
impl MechanismTable for Table {}
