//! The `raising_pieces:` section of a rule set.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: by piece kind, what a piece of that kind raises.
pub type Section = IndexMap<String, RaisingPieceDef>;

/// What a piece kind raises: its owner's points on a feature kind, per unit counted.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RaisingPieceDef {
    /// The feature kind whose scoring it raises, e.g. `field`.
    pub feature: Sp<String>,
    /// Points its owner receives more, when among the feature's scorers, for each unit
    /// every scoring term of the feature counted (a pig: 1, so a field's 3 points per
    /// completed city are 4 for the pig's owner). Several of the owner's pieces of this
    /// kind on one feature raise it once.
    #[schemars(with = "crate::model::bounds::Points")]
    pub per_unit: Sp<i64>,
    /// Placing it needs a piece of one of these kinds of the same player on the feature
    /// already (a pig: `[follower]`, a farmer of its owner). Omitted: nothing.
    #[serde(default)]
    pub needs: Vec<Sp<String>>,
}
