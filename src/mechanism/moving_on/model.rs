//! The `moving_on:` section of a rule set.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: by piece kind, how far a piece of that kind moves on.
pub type Section = IndexMap<String, MovingOnDef>;

/// How far a piece moves on when its feature is scored.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MovingOnDef {
    /// How far, in cells: a feature on the piece's tile, or on a tile at most this many
    /// cells away in both directions (1: the 8 around, a wagon).
    #[schemars(with = "crate::model::bounds::Radius")]
    pub within: Sp<u32>,
    /// While this option is on, the piece moves instead to a feature its scored feature
    /// adjoins, at any distance: one that meets it at a junction of a tile (the tiles'
    /// `junctions`), or a feature inside a tile whose wall closes it (a road ending at an
    /// abbey: the abbey's monastery). The first edition's wagon (JCloisterZone's rule
    /// `wagon-move: C1`).
    #[serde(default)]
    pub adjoining_option: Option<Sp<String>>,
}
