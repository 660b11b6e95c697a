//! Compiling the `extra_pieces:` section: the piece kinds and options it names are
//! declared (`ruleset::unknown_name`).

use super::model::Section;
use super::table::{ExtraPiece, Table};
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
            Some(ExtraPiece {
                piece: piece?,
                requires_option: requires_option?,
            })
        })
        .collect()
}
