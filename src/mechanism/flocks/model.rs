//! The `flocks:` section of a rule set.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: by piece kind, the flock a piece of that kind keeps.
pub type Section = IndexMap<String, FlockDef>;

/// The flock a piece kind keeps on a feature kind, drawn from a bag of tokens.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FlockDef {
    /// The feature kind the piece keeps its flock on, e.g. `field`; the piece needs a role
    /// there.
    pub feature: Sp<String>,
    /// The bag, in its order (a draw written as a fraction picks by this order): the
    /// tokens by value, each value's points when the flock is scored, e.g. `[{value: 1,
    /// count: 4}, ..., {value: 0, count: 2}]`.
    pub bag: Sp<Vec<BagTokens>>,
    /// The value of the tokens that end a flock (Hills and Sheep's wolf, written 0): drawn,
    /// it goes back to the bag with the flock's tokens, and every piece keeping a flock on
    /// the feature returns to supply. Omitted: none ends a flock.
    #[serde(default)]
    #[schemars(with = "Option<crate::model::bounds::Items>")]
    pub ends_on: Option<Sp<u32>>,
}

/// Tokens of one value in a bag.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BagTokens {
    /// The value (points when scored), e.g. the sheep shown.
    #[schemars(with = "crate::model::bounds::Items")]
    pub value: Sp<u32>,
    /// How many tokens of it the bag holds.
    #[schemars(with = "crate::model::bounds::Items")]
    pub count: Sp<u32>,
}
