//! The compiled `flocks:` section.

use crate::rules::{FeatureId, MechanismTable, PieceKindId};

/// The compiled section, in the rule set's order.
pub type Table = Vec<Flock>;

/// A compiled flock (see [`super::model::FlockDef`]).
#[derive(Debug, Clone)]
pub struct Flock {
    /// The piece kind that keeps it.
    pub piece: PieceKindId,
    /// The feature kind it is kept on.
    pub feature: FeatureId,
    /// The bag at the start: (value, tokens), in its order.
    pub bag: Vec<(u32, u32)>,
    /// The value that ends a flock.
    pub ends_on: Option<u32>,
}

/// It reads no item; its bags' values may be drawn.
impl MechanismTable for Table {
    fn draw_values(&self, mark: &mut dyn FnMut(u32)) {
        for f in self {
            for &(v, _) in &f.bag {
                mark(v);
            }
        }
    }

    /// A piece keeping a flock has the flock's tokens, which a snapshot cannot give.
    fn keeps_state_of(&self, kind: PieceKindId) -> bool {
        self.iter().any(|f| f.piece == kind)
    }
}
