//! The compiled `attending:` section.

use crate::rules::{MechanismTable, OptionId};

/// The compiled section, in the rule set's order (a figure's index is its id).
pub type Table = Vec<Attending>;

/// A compiled neutral figure (see [`super::model::AttendingDef`]).
#[derive(Debug, Clone)]
pub struct Attending {
    /// Its name (the section's key), for reports.
    pub name: String,
    /// Points at the start of its player's turn, in points.
    pub turn_points: i64,
    /// Points to the owner of the piece it attends when that piece's feature is scored.
    pub scored_points: i64,
    /// Its tile is closed to figures that roam the board.
    pub shields: bool,
    /// While this option is on, it stands on a tile rather than beside a piece.
    pub on_tile_option: Option<OptionId>,
    /// In the game only while this option is on.
    pub requires_option: Option<OptionId>,
}

/// It reads no item.
impl MechanismTable for Table {}
