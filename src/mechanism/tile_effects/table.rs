//! The compiled `effects:` section.

use crate::rules::{
    Case, FeatureId, ItemId, MechanismTable, OptionId, PieceKindId, Rules, cases_read,
};

/// The compiled effects, in the rule set's order.
pub type Table = Vec<Effect>;

/// A compiled placement effect (see [`super::model::EffectDef`]).
#[derive(Debug, Clone)]
pub struct Effect {
    /// Triggering item on the tile just placed.
    pub item: ItemId,
    /// Feature kind looked at.
    pub feature: Option<FeatureId>,
    /// Radius around the tile just placed, if limited.
    pub within: Option<u32>,
    /// Cases the placer scores now.
    pub score: Vec<Case>,
    /// Cover the counted items.
    pub cover: bool,
    /// The placer may return a piece of this kind.
    pub return_piece: Option<PieceKindId>,
    /// Applies only while this option is on.
    pub requires_option: Option<OptionId>,
    /// Main-pile tiles put out of the game unseen.
    pub hide_tiles: u32,
}

impl MechanismTable for Table {
    /// An effect (`when_placed`) fires on any segment of the tile just placed when it lets
    /// a piece be returned; otherwise only its `score` uses it, on a segment of its
    /// `feature`, whose cases then read items as a feature's cases do.
    fn items_read(&self, rules: &Rules, mark: &mut dyn FnMut(ItemId, FeatureId)) {
        for e in self {
            if e.return_piece.is_some() {
                for k in 0..rules.features.len() {
                    mark(e.item, k);
                }
            }
            if let Some(k) = e.feature.filter(|_| !e.score.is_empty()) {
                mark(e.item, k);
                cases_read(&e.score, k, mark);
            }
        }
    }

    /// An effect that hides tiles or lets a piece be returned fires on an item on the
    /// tile as a whole too.
    fn tile_items_read(&self, mark: &mut dyn FnMut(ItemId)) {
        for e in self {
            if e.hide_tiles > 0 || e.return_piece.is_some() {
                mark(e.item);
            }
        }
    }
}
