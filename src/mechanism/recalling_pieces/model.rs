//! The `recalling:` section of a rule set.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: by piece kind, when a piece of that kind may be taken back.
pub type Section = IndexMap<String, RecallDef>;

/// A piece kind its owner may take back as the turn's action, for the points its
/// feature is worth at the end of the game (the feature kind's `final` cases).
#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RecallDef {
    /// It may be taken back only while this option is on.
    #[serde(default)]
    pub requires_option: Option<Sp<String>>,
}
