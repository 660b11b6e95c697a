//! Compiling the `recalling:` section: the piece kind and option it names are declared
//! (`ruleset::unknown_name`).

use super::model::Section;
use super::table::{Recall, Table};
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every unknown name into `sink`; an entry with an
/// unknown name is left out.
pub(crate) fn compile(section: &Section, names: &Names, _core: &Core, sink: &mut Sink) -> Table {
    section
        .iter()
        .filter_map(|def| {
            let piece = sink.take(names.piece(&def.piece));
            let requires_option = sink.take(names.option_if(&def.requires_option));
            Some(Recall {
                piece: piece?,
                requires_option: requires_option?,
            })
        })
        .collect()
}

crate::diag::checks! {
    /// A turn takes back a piece that may not be taken back.
    NotRecallable => "position::not_recallable", Error {
        why: "As the turn's action, a player may take back one of their own pieces of a kind \
              the rule set lets them take back (`recalling`; the abbot, for the points of its \
              monastery or garden); another piece, or another player's, stays.",
        bad: "\
tileset: ../tilesets/base-jcz-2.yaml
ruleset: ../rulesets/abbot.yaml
players: [A, B]
turns:
  - {tile: BA/L, x: 0, y: 1, piece: monastery}
  - {tile: BA/Rr, x: 1, y: 0, rotation: 90}
  - {tile: BA/L, x: -1, y: 1, recall: {x: 0, y: 1, at: monastery}}   # a follower
",
        fixed: "\
tileset: ../tilesets/base-jcz-2.yaml
ruleset: ../rulesets/abbot.yaml
players: [A, B]
turns:
  - {tile: BA/L, x: 0, y: 1, piece: {kind: abbot, at: monastery}}
  - {tile: BA/Rr, x: 1, y: 0, rotation: 90}
  - {tile: BA/L, x: -1, y: 1, recall: {x: 0, y: 1, at: monastery}}
",
    }
}
