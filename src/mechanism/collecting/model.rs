//! The `collecting:` section of a rule set.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: by item, how it is collected.
pub type Section = IndexMap<String, CollectedDef>;

/// An item players collect from completed features.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CollectedDef {
    /// The feature kind it is collected from when completed (`city`).
    pub feature: Sp<String>,
    /// Points at the end of the game to each player who collected the most of it (at
    /// least one; tied players all score).
    #[schemars(with = "crate::model::bounds::Points")]
    pub most: i64,
    /// Collected only while this option is on.
    #[serde(default)]
    pub requires_option: Option<Sp<String>>,
}
