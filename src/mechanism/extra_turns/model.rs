//! The `bonus_turns:` section of a rule set.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: extra-turn rules, in order; the first that a turn earns is the one played.
pub type Section = Vec<BonusTurnDef>;

/// An extra turn earned by completing a feature.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BonusTurnDef {
    /// The feature kind whose completion earns it, e.g. `forest`.
    pub completed: Sp<String>,
    /// The completed feature must hold this item, e.g. `menhir`.
    pub with_item: Sp<String>,
    /// The extra turn's tile comes from this stack; no extra turn when it is empty.
    pub stack: Sp<String>,
    /// With this option on, the completed feature must also hold a piece (the Board Game
    /// Arena reading of the menhir rule).
    #[serde(default)]
    pub requires_piece_option: Option<Sp<String>>,
}
