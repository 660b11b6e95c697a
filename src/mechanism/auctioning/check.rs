//! Compiling the `auctioning:` section: the item and options it names are declared
//! (`ruleset::unknown_name`); at most 255 entries are read.

use super::model::Section;
use super::table::{Auctioning, Table};
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every unknown name into `sink`; an entry with one is
/// left out.
pub(crate) fn compile(section: &Section, names: &Names, _core: &Core, sink: &mut Sink) -> Table {
    section
        .iter()
        .take(usize::from(u8::MAX))
        .filter_map(|(name, def)| {
            let item = sink.take(names.item(&def.item));
            let bids_option = sink.take(names.option_if(&def.bids_option));
            let requires_option = sink.take(names.option_if(&def.requires_option));
            Some(Auctioning {
                name: name.clone(),
                item: item?,
                bids_option: bids_option?,
                seller_chooses_again: def.seller_chooses_again,
                requires_option: requires_option?,
            })
        })
        .collect()
}

crate::diag::checks! {
    /// An auction written where none is due, or not as the rules have it.
    AuctionRefused => "position::auction_refused", Error {
        why: "After the turn of a tile carrying the item of the rule set's `auctioning` (a \
              bazaar), as many tiles as players are revealed from the pile and auctioned: \
              the turn writes them (`auction: {tiles, rounds}`), one round per player but \
              the last (who takes the last tile), each round the tile chosen, the bids (the \
              chooser's, then each other player without a tile in turn: a higher bid or \
              `pass`) and whether the chooser sells it. No auction follows another tile, \
              nor a tile played while tiles taken at one are still to be played.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/bridges-castles-bazaars-1.yaml]
ruleset: ../rulesets/bridges-castles-bazaars.yaml
players: [A, B]
turns:
  - {tile: BA/RFr, x: 1, y: 0, auction: {tiles: [BA/C, BA/L], rounds: [{tile: BA/C, bids: [0, pass]}]}}
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/bridges-castles-bazaars-1.yaml]
ruleset: ../rulesets/bridges-castles-bazaars.yaml
players: [A, B]
turns:
  - {tile: BB/F.b, x: 0, y: 1, auction: {tiles: [BA/C, BA/L], rounds: [{tile: BA/C, bids: [0, pass]}]}}
  - {tile: BA/C, x: 0, y: 2, rotation: 180}
  - {tile: BA/L, x: 1, y: 1}
",
    }
    /// A turn comes before the auction due, or plays another tile than the one taken.
    AuctionFirst => "position::auction_first", Error {
        why: "The auction after a tile with the rule set's `auctioning` item (a bazaar) is \
              held before the next turn (written on the turn that placed the tile, \
              `auction:`), and each player then plays the tile they took at it in their \
              next turn, in turn order from the player after the one who placed it.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/bridges-castles-bazaars-1.yaml]
ruleset: ../rulesets/bridges-castles-bazaars.yaml
players: [A, B]
turns:
  - {tile: BB/F.b, x: 0, y: 1}
  - {tile: BA/L, x: 1, y: 1}
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/bridges-castles-bazaars-1.yaml]
ruleset: ../rulesets/bridges-castles-bazaars.yaml
players: [A, B]
turns:
  - {tile: BB/F.b, x: 0, y: 1, auction: {tiles: [BA/C, BA/L], rounds: [{tile: BA/C, bids: [0, pass]}]}}
  - {tile: BA/C, x: 0, y: 2, rotation: 180}
  - {tile: BA/L, x: 1, y: 1}
",
    }
}
