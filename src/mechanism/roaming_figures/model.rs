//! The `roaming:` section of a rule set.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: by figure name, a neutral figure that roams the board.
pub type Section = IndexMap<String, RoamingDef>;

/// A neutral figure that comes onto the board with a tile carrying `arrives_on`, then
/// moves `steps` steps whenever a tile carrying `moved_by` is placed, taking back to
/// supply every piece on the tiles it enters.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoamingDef {
    /// An item of a tile as a whole (a tile's `items:`), e.g. `volcano`: when a tile
    /// carrying it is placed, the figure goes onto that tile at once, from wherever it
    /// is.
    pub arrives_on: Sp<String>,
    /// An item of a tile as a whole, e.g. `dragon`: when a tile carrying it is placed
    /// while the figure is on the board, the figure moves. Tiles carrying it are not
    /// drawn until the figure is on the board (Hans im Glück: a dragon tile drawn before
    /// any volcano is set aside and shuffled back later).
    pub moved_by: Sp<String>,
    /// Steps of a move, e.g. 6, each onto a tile orthogonally next to the figure's that
    /// it has not stood on during this move (the tile it started from included), each
    /// chosen by the next player in turn order, from the player of the turn; it stops
    /// early where no step is left.
    #[schemars(with = "crate::model::bounds::Steps")]
    pub steps: Sp<u32>,
    /// Piece kinds it leaves where they are on the tiles it enters, e.g. `[barn]`.
    #[serde(default)]
    pub spares: Vec<Sp<String>>,
    /// While this option is on, it moves after the turn's scoring instead of before
    /// (Rio Grande Games; JCloisterZone's rule `dragon-move: after-scoring`).
    #[serde(default)]
    pub after_scoring_option: Option<Sp<String>>,
    /// It is in the game only while this option is on (off: its tiles are ordinary
    /// tiles).
    #[serde(default)]
    pub requires_option: Option<Sp<String>>,
}
