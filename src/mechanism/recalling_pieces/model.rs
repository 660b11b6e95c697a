//! The `recalling:` section of a rule set.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: the piece kinds that may be taken back, e.g. `[{piece: abbot}]`.
pub type Section = Vec<RecallDef>;

/// A piece kind its owner may take back as the turn's action, for the points its
/// feature is worth at the end of the game (the feature kind's `final` cases).
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RecallDef {
    /// The piece kind, e.g. `abbot`.
    pub piece: Sp<String>,
    /// It may be taken back only while this option is on.
    #[serde(default)]
    pub requires_option: Option<Sp<String>>,
}
