//! Compiling the `attending:` section: at most 255 figures (`ruleset::out_of_range`);
//! the points are bounded by the schema.

use super::model::Section;
use super::table::{Attending, Table};
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section.
pub(crate) fn compile(section: &Section, _names: &Names, _core: &Core, _sink: &mut Sink) -> Table {
    section
        .iter()
        .take(usize::from(u8::MAX))
        .map(|(name, def)| Attending {
            name: name.clone(),
            turn_points: def.turn_points.value,
            scored_points: def.scored_points.value,
        })
        .collect()
}

crate::diag::checks! {
    /// A turn moves a neutral figure where it may not go.
    NotAttendable => "position::not_attendable", Error {
        why: "As the turn's action, a player may move a neutral figure the rule set has \
              (`attending`; the fairy) next to one of their own pieces that count for \
              majorities (a follower), anywhere on the board, but not the piece it attends \
              already; another player's piece, a barn or an empty segment cannot have it.",
        bad: "\
tileset: ../tilesets/base.yaml
ruleset: ../rulesets/fairy.yaml
players: [A, B]
turns:
  - {tile: U, x: 1, y: 0, rotation: 90, piece: {kind: follower, at: E}}
  - {tile: U, x: -1, y: 0, rotation: 90, attend: {figure: fairy, x: 1, y: 0, at: E}}   # A's follower
",
        fixed: "\
tileset: ../tilesets/base.yaml
ruleset: ../rulesets/fairy.yaml
players: [A, B]
turns:
  - {tile: U, x: 1, y: 0, rotation: 90, piece: {kind: follower, at: E}}
  - {tile: U, x: -1, y: 0, rotation: 90}
  - {tile: U, x: 2, y: 0, rotation: 90, attend: {figure: fairy, x: 1, y: 0, at: E}}
",
    }
}
