//! The `item_strength:` section of a rule set.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: by piece kind, what its strength in a majority counts.
pub type Section = IndexMap<String, ItemStrengthDef>;

/// A piece kind whose strength is the number of an item on its feature.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ItemStrengthDef {
    /// The item counted on the whole feature the piece stands on (every segment of it),
    /// e.g. `pennant`: a mayor in a city with 2 pennants counts as 2 followers, in a city
    /// with none as 0. The piece kind must count for the majority (`majority: true`).
    pub item: Sp<String>,
}
