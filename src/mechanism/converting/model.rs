//! The `converting:` section of a rule set.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: by name (`castle`), the small features players may convert.
pub type Section = IndexMap<String, ConvertingDef>;

/// A small completed feature its piece's owner may convert instead of scoring it; it pays
/// them, later, the points of the first feature completed near it.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConvertingDef {
    /// The feature kind, e.g. `city`.
    pub feature: Sp<String>,
    /// How many segments the feature has, each touching one side of its tile, e.g. 2 (a
    /// city of two half-circles facing each other); at least 1.
    #[schemars(with = "crate::model::bounds::Weight")]
    pub segments: Sp<u32>,
    /// Tokens each player has, by number of players from 1, e.g. `[3, 3, 3, 3, 2]` (the
    /// last entry for more players).
    #[schemars(with = "Vec<crate::model::bounds::Supply>")]
    pub supply: Sp<Vec<u32>>,
    /// Points a feature linked to a converted one by `relation` counts it for besides what
    /// its own scoring counts (a field: a castle 1 more than the completed city it was).
    #[serde(default)]
    pub linked_bonus: Option<LinkedBonusDef>,
    /// Only while this option is on.
    #[serde(default)]
    pub requires_option: Option<Sp<String>>,
}

/// Points a feature linked to a converted one counts it for besides its own scoring.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkedBonusDef {
    /// The relation, e.g. `touches` (a field touches a city).
    pub relation: Sp<String>,
    /// Points per converted feature, e.g. 1.
    #[schemars(with = "crate::model::bounds::Points")]
    pub points: Sp<i64>,
}
