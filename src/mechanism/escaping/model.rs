//! The `escaping:` section of a rule set.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: the features pieces may escape, e.g.
/// `[{item: besieged, near: [monastery]}]`.
pub type Section = Vec<EscapingDef>;

/// A feature item that lets a player, at the end of their turn, take one of their pieces
/// that count for majorities back from a feature holding it (scoring nothing), when a
/// segment of a `near` kind lies on one of the feature's tiles or on a cell around one.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EscapingDef {
    /// The item, declared in the rule set's `items`, on any segment of the feature, e.g.
    /// `besieged`.
    pub item: Sp<String>,
    /// Feature kinds, e.g. `[monastery]`: a segment of one of them, occupied or not,
    /// completed or not, on a tile of the feature or on one of the 8 cells around one,
    /// opens the way out.
    #[schemars(length(min = 1))]
    pub near: Vec<Sp<String>>,
    /// While this option is on, only the feature's tiles that carry the item (on any of
    /// their segments) count (Hans im Glück's Cathars and Besiegers: next to a siege
    /// tile; JCloisterZone's rule `espace-variant: siege-tile`).
    #[serde(default)]
    pub item_tile_option: Option<Sp<String>>,
    /// Only while this option is on.
    #[serde(default)]
    pub requires_option: Option<Sp<String>>,
}
