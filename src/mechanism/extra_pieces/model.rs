//! The `extra_pieces:` section of a rule set.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: the piece kinds a player may place in addition to the turn's action, e.g.
/// `[{piece: phantom}]`.
pub type Section = Vec<ExtraPieceDef>;

/// A piece kind its owner may place after the turn's action, by the usual rules, unless
/// the action placed a piece of that kind or sent a piece home.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExtraPieceDef {
    /// The piece kind, declared under `pieces`, e.g. `phantom`.
    pub piece: Sp<String>,
    /// Only while this option is on.
    #[serde(default)]
    pub requires_option: Option<Sp<String>>,
}
