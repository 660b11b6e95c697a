//! Compiling the `roaming:` section: the items, piece kinds and options it names are
//! declared (`ruleset::unknown_name`); the steps are bounded by the schema; at most 255
//! figures are read.

use super::model::Section;
use super::table::{Roaming, Table};
use crate::diag::{Check, Finding};
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every unknown name into `sink`; an entry with an
/// unknown name is left out.
pub(crate) fn compile(section: &Section, names: &Names, _core: &Core, sink: &mut Sink) -> Table {
    section
        .iter()
        .take(usize::from(u8::MAX))
        .filter_map(|(name, def)| {
            let arrives_on = sink.take(names.item(&def.arrives_on));
            let moved_by = sink.take(names.item(&def.moved_by));
            let spares: Vec<_> = def.spares.iter().map(|k| sink.take(names.piece(k))).collect();
            let after_scoring_option = sink.take(names.option_if(&def.after_scoring_option));
            let requires_option = sink.take(names.option_if(&def.requires_option));
            let (arrives_on, moved_by) = (arrives_on?, moved_by?);
            if arrives_on == moved_by {
                sink.push(
                    Finding::new(
                        Check::RoamingSameItem,
                        format!(
                            "the {name} comes onto the board and moves with the same item, `{}`",
                            def.moved_by.value
                        ),
                    )
                    .in_file(names.file)
                    .at(&def.moved_by.loc, "also `arrives_on`")
                    .help("name two items: the one that brings the figure onto its tile (a volcano) and the one that makes it move (the dragon's symbol)"),
                );
                return None;
            }
            Some(Roaming {
                name: name.clone(),
                arrives_on,
                moved_by,
                steps: def.steps.value.min(crate::limits::MAX_STEPS),
                spares: spares.into_iter().collect::<Option<Vec<_>>>()?,
                after_scoring_option: after_scoring_option?,
                requires_option: requires_option?,
            })
        })
        .collect()
}

crate::diag::checks! {
    /// A roaming figure comes onto the board and moves with the same tile item.
    RoamingSameItem => "ruleset::roaming_same_item", Error {
        why: "A roaming figure (`roaming`) comes onto a tile carrying its `arrives_on` item and \
              moves when a tile carrying its `moved_by` item is placed; one item for both would \
              bring it onto the tile and move it away at once, and hold its own tiles back from \
              the draw until it is out, so that it never comes.",
        bad: "\
name: A dragon that never comes
extends: ../rulesets/carcassonne.yaml
items:
  volcano: {description: A volcano}
roaming:
  dragon: {arrives_on: volcano, moved_by: volcano, steps: 6}
",
        fixed: "\
name: The dragon
extends: ../rulesets/carcassonne.yaml
items:
  volcano: {description: A volcano}
  dragon: {description: The dragon's symbol}
roaming:
  dragon: {arrives_on: volcano, moved_by: dragon, steps: 6}
",
    }
    /// A tile that moves a roaming figure is placed before the figure is on the board.
    HeldBack => "position::held_back", Error {
        why: "A tile carrying the item that moves a roaming figure of the rule set (`roaming`'s \
              `moved_by`; a dragon tile) is not drawn until the figure has come onto the \
              board (a volcano): drawn before, it is set aside and shuffled back later.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/princess-dragon-1.yaml]
ruleset: ../rulesets/princess-dragon.yaml
players: [A, B]
turns:
  - {tile: DG/Rr.d, x: -1, y: 0, rotation: 180}   # no volcano yet
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/princess-dragon-1.yaml]
ruleset: ../rulesets/princess-dragon.yaml
players: [A, B]
turns:
  - {tile: DG/C.v, x: 0, y: -1, rotation: 180}
  - {tile: DG/Rr.d, x: -1, y: 0, rotation: 180, choices: [{step: {x: 0, y: 0}}, {step: {x: -1, y: 0}}]}
",
    }
    /// A piece is placed on the tile where a figure that roams the board stands.
    FigureOnTile => "position::figure_on_tile", Error {
        why: "No piece may be placed on the tile where a roaming figure of the rule set \
              (`roaming`; the dragon) stands: on the volcano it has just come to, or where \
              its last move left it, magic portal or not.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/princess-dragon-1.yaml]
ruleset: ../rulesets/princess-dragon.yaml
players: [A, B]
turns:
  - {tile: DG/C.v, x: 0, y: -1, rotation: 180, piece: {kind: follower, at: S}}   # the dragon comes here
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/princess-dragon-1.yaml]
ruleset: ../rulesets/princess-dragon.yaml
players: [A, B]
turns:
  - {tile: DG/C.v, x: 0, y: -1, rotation: 180}
",
    }
}
