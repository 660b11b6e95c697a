//! The `settling_pieces:` section of a rule set.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::{ScoreCase, Sp};

/// The section: by piece kind, how a piece of that kind settles its feature.
pub type Section = IndexMap<String, SettlingPieceDef>;

/// How a piece kind settles the feature it stands in.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SettlingPieceDef {
    /// The feature kind it stands in, e.g. `field`; the piece kind needs a role there.
    pub feature: Sp<String>,
    /// It may be placed only at a corner of the tile just placed where four tiles meet,
    /// each with one segment of `feature` at that corner (both slots meeting there): a
    /// barn stands where four fields meet. Its address in a position may be the corner
    /// (`NW`, `NE`, `SE`, `SW`).
    #[serde(default)]
    pub at_corner: bool,
    /// When a piece of this kind is placed into a feature holding other pieces, the
    /// feature is scored at once by these cases for the majority of those pieces (a
    /// barn: as at the end of the game, 3 per completed city), and they return.
    pub when_placed: Vec<ScoreCase>,
    /// When the feature a piece of this kind stands in is joined to other pieces later
    /// (a tile links the fields), the feature is scored by these cases for their
    /// majority (a barn: 1 per completed city), and they return.
    pub when_joined: Vec<ScoreCase>,
    /// At the end of the game, each player with a piece of this kind in a feature scores
    /// these cases once for it (a barn: 4 per completed city).
    #[serde(rename = "final")]
    pub final_: Vec<ScoreCase>,
    /// While this option is on, a piece of this kind may go into a feature that holds
    /// one already; otherwise not (JCloisterZone's rule `barn-placement`).
    #[serde(default)]
    pub sharing_option: Option<Sp<String>>,
}
