//! The `expelling:` section of a rule set.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: the segment items that let a tile send a follower home, e.g.
/// `[{item: princess}]`.
pub type Section = Vec<ExpellingDef>;

/// A segment item that lets the player who places a tile carrying it send one piece that
/// counts for majorities, standing in the feature that segment joins, back to its owner's
/// supply instead of placing a piece.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExpellingDef {
    /// The item, declared in the rule set's `items`, e.g. `princess`.
    pub item: Sp<String>,
    /// Only while this option is on.
    #[serde(default)]
    pub requires_option: Option<Sp<String>>,
    /// While this option is on, a player whose tile offers a piece to send home must send
    /// one: no other action, no passing (JCloisterZone's rule `princess-action: must`).
    #[serde(default)]
    pub must_option: Option<Sp<String>>,
}
