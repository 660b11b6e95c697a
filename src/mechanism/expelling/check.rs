//! Compiling the `expelling:` section: the items and options it names are declared
//! (`ruleset::unknown_name`).

use super::model::Section;
use super::table::{Expelling, Table};
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every unknown name into `sink`; an entry with an
/// unknown name is left out.
pub(crate) fn compile(section: &Section, names: &Names, _core: &Core, sink: &mut Sink) -> Table {
    section
        .iter()
        .filter_map(|def| {
            let item = sink.take(names.item(&def.item));
            let requires_option = sink.take(names.option_if(&def.requires_option));
            let must_option = sink.take(names.option_if(&def.must_option));
            Some(Expelling {
                item: item?,
                requires_option: requires_option?,
                must_option: must_option?,
            })
        })
        .collect()
}

crate::diag::checks! {
    /// A turn does something else where the tile obliges its player to send a piece home.
    ExpelRequired => "position::expel_required", Error {
        why: "Under the variant where the princess must act (an `expelling` entry's \
              `must_option` on; JCloisterZone's rule `princess-action: must`), a player whose \
              tile joins a city with knights must send one of them home: placing a piece, or \
              passing, is not offered that turn.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/princess-dragon-1.yaml]
ruleset: ../rulesets/princess-dragon.yaml
options: {princess_must: true}
players: [A, B]
turns:
  - {tile: BA/Cc.1, x: 0, y: -1, rotation: 180, piece: {kind: follower, at: S}}
  - {tile: DG/Cc.p, x: 1, y: -1, rotation: 270}   # passes
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/princess-dragon-1.yaml]
ruleset: ../rulesets/princess-dragon.yaml
options: {princess_must: true}
players: [A, B]
turns:
  - {tile: BA/Cc.1, x: 0, y: -1, rotation: 180, piece: {kind: follower, at: S}}
  - {tile: DG/Cc.p, x: 1, y: -1, rotation: 270, expel: {x: 0, y: -1, at: S}}
",
    }
    /// A turn sends home a piece the tile does not let it.
    NotExpellable => "position::not_expellable", Error {
        why: "Instead of placing a piece, a player whose tile has a segment carrying an item \
              of the rule set's `expelling` (the princess) may send one follower standing in \
              that segment's feature home; a piece elsewhere, or with a tile without such a \
              segment, stays.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/princess-dragon-1.yaml]
ruleset: ../rulesets/princess-dragon.yaml
players: [A, B]
turns:
  - {tile: BA/Cc.1, x: 0, y: -1, rotation: 180, piece: {kind: follower, at: S}}
  - {tile: BA/RFr, x: 1, y: 0, expel: {x: 0, y: -1, at: S}}   # no princess
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/princess-dragon-1.yaml]
ruleset: ../rulesets/princess-dragon.yaml
players: [A, B]
turns:
  - {tile: BA/Cc.1, x: 0, y: -1, rotation: 180, piece: {kind: follower, at: S}}
  - {tile: BA/RFr, x: 1, y: 0}
",
    }
}
