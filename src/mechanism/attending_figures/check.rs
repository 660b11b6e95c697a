//! Compiling the `attending:` section: the options it names are declared
//! (`ruleset::unknown_name`); the points are bounded by the schema; at most 255 figures
//! are read.

use super::model::Section;
use super::table::{Attending, Table};
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every unknown name into `sink`; an entry with an
/// unknown name is left out.
pub(crate) fn compile(section: &Section, names: &Names, _core: &Core, sink: &mut Sink) -> Table {
    section
        .iter()
        .take(usize::from(u8::MAX))
        .filter_map(|(name, def)| {
            let requires_option = sink.take(names.option_if(&def.requires_option));
            let on_tile_option = sink.take(names.option_if(&def.on_tile_option));
            let (requires_option, on_tile_option) = (requires_option?, on_tile_option?);
            Some(Attending {
                name: name.clone(),
                turn_points: def.turn_points.value,
                scored_points: def.scored_points.value,
                shields: def.shields,
                on_tile_option,
                requires_option,
            })
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
