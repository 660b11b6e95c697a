//! The `extending_pieces:` section of a rule set.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: by piece kind, what placing one needs.
pub type Section = IndexMap<String, ExtendingPieceDef>;

/// A piece kind whose owner earns an extra turn by extending its feature.
#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExtendingPieceDef {
    /// Placing it needs a piece of one of these kinds of the same player on the feature
    /// already (a builder: `[follower]`, a knight or highwayman of its owner). Omitted:
    /// nothing.
    #[serde(default)]
    pub needs: Vec<Sp<String>>,
}
