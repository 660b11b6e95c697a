//! The `titles:` section of a rule set.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: the titles by name (`king`).
pub type Section = IndexMap<String, TitleDef>;

/// A title: held by the player who completed the largest feature of a kind so far.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TitleDef {
    /// The feature kind whose completed features compete for it, by their size in tiles
    /// (`city`).
    pub feature: Sp<String>,
    /// The title exists only while this option is on (a game that leaves it out).
    #[serde(default)]
    pub requires_option: Option<Sp<String>>,
    /// What its holder receives at the end of the game: the first case whose option is on
    /// (a case without one always applies). None: nothing.
    #[serde(default)]
    pub end_of_game: Vec<TitleCase>,
    /// What its holder (before the title may pass) receives in a turn that completes
    /// features of its kind: the first case whose option is on. None: nothing.
    #[serde(default)]
    pub during_play: Vec<TitleCase>,
}

/// Points for a title's holder.
#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TitleCase {
    /// The case applies when this option is on; omitted: always.
    #[serde(default)]
    pub option: Option<Sp<String>>,
    /// Points per feature of the kind completed (on the board at the end of the game; in
    /// the turn, during play).
    #[serde(default)]
    #[schemars(with = "crate::model::bounds::Points")]
    pub per_completed: i64,
    /// Points besides.
    #[serde(default)]
    #[schemars(with = "crate::model::bounds::Points")]
    pub points: i64,
    /// Points instead of the others when the holder holds every title (JCloisterZone's
    /// 15/40: 15 for one title, 40 for both: `points: 15, all_titles: 40` on one title
    /// and `all_titles: 0` on the other).
    #[serde(default)]
    #[schemars(with = "Option<crate::model::bounds::Points>")]
    pub all_titles: Option<i64>,
}
