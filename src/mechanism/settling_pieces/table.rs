//! The compiled `settling_pieces:` section.

use crate::rules::{
    Case, FeatureId, ItemId, MechanismTable, OptionId, PieceKindId, Rules, cases_read,
};

/// The compiled section, in the rule set's order.
pub type Table = Vec<SettlingPiece>;

/// A compiled settling piece kind (see [`super::model::SettlingPieceDef`]).
#[derive(Debug, Clone)]
pub struct SettlingPiece {
    /// The piece kind.
    pub piece: PieceKindId,
    /// The feature kind it stands in.
    pub feature: FeatureId,
    /// Placed only at a corner where four tiles' segments of the feature meet.
    pub at_corner: bool,
    /// Cases scoring the other pieces when one is placed.
    pub when_placed: Vec<Case>,
    /// Cases scoring pieces joined to it later.
    pub when_joined: Vec<Case>,
    /// Cases each owner scores once at the end.
    pub final_: Vec<Case>,
    /// While on, pieces of the kind may share a feature.
    pub sharing_option: Option<OptionId>,
}

/// Its cases read items as the feature's own cases do.
impl MechanismTable for Table {
    fn items_read(&self, _rules: &Rules, mark: &mut dyn FnMut(ItemId, FeatureId)) {
        for s in self {
            for cases in [&s.when_placed, &s.when_joined, &s.final_] {
                cases_read(cases, s.feature, mark);
            }
        }
    }
}
