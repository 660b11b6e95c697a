//! The compiled `titles:` section.

use crate::rules::{FeatureId, MechanismTable, OptionId};

/// The compiled titles, in the rule set's order.
pub type Table = Vec<Title>;

/// A compiled title (see [`super::model::TitleDef`]).
#[derive(Debug, Clone)]
pub struct Title {
    /// Its name.
    pub name: String,
    /// The feature kind.
    pub feature: FeatureId,
    /// The option it needs, if any.
    pub requires_option: Option<OptionId>,
    /// Cases at the end of the game.
    pub end_of_game: Vec<TitleCase>,
    /// Cases during play.
    pub during_play: Vec<TitleCase>,
}

/// A compiled case (see [`super::model::TitleCase`]).
#[derive(Debug, Clone, Copy)]
pub struct TitleCase {
    /// The option it needs, if any.
    pub option: Option<OptionId>,
    /// Points per feature counted.
    pub per_completed: i64,
    /// Points besides.
    pub points: i64,
    /// Points instead, when the holder holds every title.
    pub all_titles: Option<i64>,
}

/// It reads no item.
impl MechanismTable for Table {}
