//! Compiling the `tie_breaks:` section: the item and options it names are declared
//! (`ruleset::unknown_name`).

use super::model::{Section, TieBreakBy};
use super::table::{Table, TieBreak};
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every unknown name into `sink`; an entry with an
/// unknown name is left out.
pub(crate) fn compile(section: &Section, names: &Names, _core: &Core, sink: &mut Sink) -> Table {
    section
        .iter()
        .filter_map(|def| {
            let item = sink.take(names.item(&def.on_tiles_with));
            let option = |o: &Option<crate::model::Sp<String>>, sink: &mut Sink| match o {
                Some(o) => sink.take(names.option(o)).map(Some),
                None => Some(None),
            };
            let requires_option = option(&def.requires_option, sink);
            let pieces_option = option(&def.pieces_option, sink);
            Some(TieBreak {
                item: item?,
                by_pieces: def.by == TieBreakBy::Pieces,
                requires_option: requires_option?,
                pieces_option: pieces_option?,
            })
        })
        .collect()
}
