//! Compiling the `building:` section: the feature kind and option it names are declared
//! (`ruleset::unknown_name`); a supply lists at least one number
//! (`ruleset::building_supply`); at most 255 entries are read.

use super::model::Section;
use super::table::{Building, Table};
use crate::diag::{Check, Finding};
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every unknown name into `sink`; an entry with an
/// unknown name, no token or a feature kind an earlier entry names is left out.
pub(crate) fn compile(section: &Section, names: &Names, _core: &Core, sink: &mut Sink) -> Table {
    let mut seen: Vec<(usize, &str)> = Vec::new();
    section
        .iter()
        .take(usize::from(u8::MAX))
        .filter_map(|(name, def)| {
            let feature = sink.take(names.feature(&def.feature));
            let requires_option = sink.take(names.option_if(&def.requires_option));
            sink.take(names.some_supply(
                Check::BuildingSupply,
                name,
                &def.supply,
                "[10, 10, 9, 7, 6, 5, 4, 3]",
            ))?;
            let feature = feature?;
            if let Some((_, first)) = seen.iter().find(|(f, _)| *f == feature) {
                sink.push(
                    Finding::new(
                        Check::BuildingTwice,
                        format!(
                            "the {name} tokens go on `{}`, which the {first} tokens go on already",
                            def.feature.value
                        ),
                    )
                    .in_file(names.file)
                    .at(&def.feature.loc, "named twice")
                    .help(format!("one kind of token is built on a feature kind: merge the {name} entry into the {first} entry, or name another feature kind")),
                );
                return None;
            }
            seen.push((feature, name.as_str()));
            Some(Building {
                name: name.clone(),
                feature,
                supply: def.supply.value.clone(),
                capture: def.capture,
                ransom: def.ransom.as_ref().map(|r| r.value),
                requires_option: requires_option?,
            })
        })
        .collect()
}

crate::diag::checks! {
    /// A building entry's supply gives no player a token.
    BuildingSupply => "ruleset::building_supply", Error {
        why: "Tokens built on features (`building`) come from each player's supply, whose \
              size depends on the number of players: `supply` lists it from 1 player up, the \
              last number for more players. An empty list, or one of zeros, gives no player a \
              token.",
        bad: "\
name: Towers without floors
extends: ../rulesets/carcassonne.yaml
features:
  tower: {completion: never}
building:
  floor: {feature: tower, supply: []}
",
        fixed: "\
name: Towers
extends: ../rulesets/carcassonne.yaml
features:
  tower: {completion: never}
building:
  floor: {feature: tower, supply: [10, 10, 9, 7, 6, 5, 4, 3]}
",
    }
    /// Two building entries name the same feature kind.
    BuildingTwice => "ruleset::building_twice", Error {
        why: "A feature raised by tokens (a tower) counts one height, closes to one kind of \
              token and takes one supply of them: two entries of `building` on one feature \
              kind would leave the second one's tokens unused.",
        bad: "\
name: Two kinds of floors
extends: ../rulesets/carcassonne.yaml
features:
  tower: {completion: never}
building:
  floor: {feature: tower, supply: [10]}
  roof: {feature: tower, supply: [3]}
",
        fixed: "\
name: One kind of floor
extends: ../rulesets/carcassonne.yaml
features:
  tower: {completion: never}
building:
  floor: {feature: tower, supply: [10]}
",
    }
    /// A ransom is paid where it may not be.
    RansomRefused => "position::ransom_refused", Error {
        why: "A player gets one of their captured followers back by paying its holder the \
              ransom of the rule set's `building` (The Tower: 3 points), during their own \
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
    /// A piece goes on a building feature not raised yet.
    NotRaised => "position::not_raised", Error {
        why: "A piece stands on top of a feature of the rule set's `building` (a tower) only \
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
  - {tile: TO/F, x: 0, y: 1, build: {x: 0, y: 1, at: tower}}
  - {tile: BA/RFr, x: 1, y: 0, piece: {kind: follower, x: 0, y: 1, at: tower}}
",
    }
    /// A turn builds a token where it may not.
    NotBuildable => "position::not_buildable", Error {
        why: "A token of the rule set's `building` (a tower floor) goes on a feature of its \
              kind on which no piece stands, anywhere on the board, while the player has one \
              left.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/tower-1.yaml]
ruleset: ../rulesets/tower.yaml
players: [A, B]
turns:
  - {tile: BA/RFr, x: 1, y: 0, build: {x: 1, y: 0, at: N}}
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/tower-1.yaml]
ruleset: ../rulesets/tower.yaml
players: [A, B]
turns:
  - {tile: TO/F, x: 0, y: 1, build: {x: 0, y: 1, at: tower}}
",
    }
}
