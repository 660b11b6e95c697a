//! Compiling the `stacking:` section: the feature kind and option it names are declared
//! (`ruleset::unknown_name`); a supply lists at least one number
//! (`ruleset::stacking_supply`); at most 255 entries are read.

use super::model::Section;
use super::table::{Stacking, Table};
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
            let feature = sink.take(names.feature(&def.feature));
            let requires_option = sink.take(names.option_if(&def.requires_option));
            if def.supply.is_empty() {
                sink.push(
                    Finding::new(
                        Check::StackingSupply,
                        format!("the {name} tokens' `supply` lists no number"),
                    )
                    .in_file(names.file)
                    .at(&def.feature.loc, "this entry")
                    .help("list the tokens each player has by number of players from 1, e.g. `supply: [10, 10, 9, 7, 6, 5, 4, 3]` (the last for more players)"),
                );
                return None;
            }
            Some(Stacking {
                name: name.clone(),
                feature: feature?,
                supply: def.supply.iter().map(|n| n.value).collect(),
                capture: def.capture,
                ransom: def.ransom.as_ref().map(|r| r.value),
                requires_option: requires_option?,
            })
        })
        .collect()
}

crate::diag::checks! {
    /// A stacking entry's supply lists no number.
    StackingSupply => "ruleset::stacking_supply", Error {
        why: "Tokens stacked on features (`stacking`) come from each player's supply, whose \
              size depends on the number of players: `supply` lists it from 1 player up, the \
              last number for more players. An empty list would give no player a token.",
        bad: "\
name: Towers without floors
extends: ../rulesets/carcassonne.yaml
features:
  tower: {completion: never}
stacking:
  floor: {feature: tower, supply: []}
",
        fixed: "\
name: Towers
extends: ../rulesets/carcassonne.yaml
features:
  tower: {completion: never}
stacking:
  floor: {feature: tower, supply: [10, 10, 9, 7, 6, 5, 4, 3]}
",
    }
    /// A ransom is paid where it may not be.
    RansomRefused => "position::ransom_refused", Error {
        why: "A player gets one of their captured followers back by paying its holder the \
              ransom of the rule set's `stacking` (The Tower: 3 points), during their own \
              turn, once a turn, with at least that many points, for a follower that player \
              holds.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/tower-1.yaml]
ruleset: ../rulesets/tower.yaml
players: [A, B]
turns:
  - {tile: BA/RFr, x: 1, y: 0, ransom: {piece: follower, from: B}}
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/tower-1.yaml]
ruleset: ../rulesets/tower.yaml
players: [A, B]
turns:
  - {tile: BA/RFr, x: 1, y: 0}
",
    }
    /// A piece goes on a stacking feature not raised yet.
    NotRaised => "position::not_raised", Error {
        why: "A piece stands on top of a feature of the rule set's `stacking` (a tower) only \
              once a token raised it: a bare foundation takes no piece, so that a player \
              cannot close it before anyone builds on it.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/tower-1.yaml]
ruleset: ../rulesets/tower.yaml
players: [A, B]
turns:
  - {tile: TO/F, x: 0, y: 1, piece: {kind: follower, at: tower}}
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/tower-1.yaml]
ruleset: ../rulesets/tower.yaml
players: [A, B]
turns:
  - {tile: TO/F, x: 0, y: 1, stack: {x: 0, y: 1, at: tower}}
  - {tile: BA/RFr, x: 1, y: 0, piece: {kind: follower, x: 0, y: 1, at: tower}}
",
    }
    /// A turn stacks a token where it may not.
    NotStackable => "position::not_stackable", Error {
        why: "A token of the rule set's `stacking` (a tower floor) goes on a feature of its \
              kind on which no piece stands, anywhere on the board, while the player has one \
              left.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/tower-1.yaml]
ruleset: ../rulesets/tower.yaml
players: [A, B]
turns:
  - {tile: BA/RFr, x: 1, y: 0, stack: {x: 1, y: 0, at: N}}
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/tower-1.yaml]
ruleset: ../rulesets/tower.yaml
players: [A, B]
turns:
  - {tile: TO/F, x: 0, y: 1, stack: {x: 0, y: 1, at: tower}}
",
    }
}
