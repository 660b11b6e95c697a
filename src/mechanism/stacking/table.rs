//! The compiled `stacking:` section.

use crate::rules::{FeatureId, MechanismTable, OptionId};

/// The compiled section, in the rule set's order (an entry's index is its id).
pub type Table = Vec<Stacking>;

/// A compiled kind of token (see [`super::model::StackingDef`]).
#[derive(Debug, Clone)]
pub struct Stacking {
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

impl Stacking {
    /// Tokens each player has with `players` players.
    pub fn supply_for(&self, players: usize) -> u32 {
        let i = players.clamp(1, self.supply.len().max(1)) - 1;
        self.supply.get(i).copied().unwrap_or(0)
    }
}

/// It reads no item.
impl MechanismTable for Table {}
