//! Compiling the `extending_pieces:` section: the piece kinds it names are declared
//! (`ruleset::unknown_name`).

use super::model::Section;
use super::table::{ExtendingPiece, Table};
use crate::model::Sp;
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every unknown name into `sink`; an entry with an
/// unknown name is left out.
pub(crate) fn compile(section: &Section, names: &Names, _core: &Core, sink: &mut Sink) -> Table {
    section
        .iter()
        .filter_map(|(name, def)| {
            // The key has no location of its own: findings about it point at the file.
            let written = Sp::at(name.clone(), def.needs.first().map(|n| n.loc).unwrap_or_default());
            let piece = sink.take(names.piece(&written));
            let needs: Vec<Option<usize>> =
                def.needs.iter().map(|n| sink.take(names.piece(n))).collect();
            Some(ExtendingPiece {
                piece: piece?,
                needs: needs.into_iter().collect::<Option<Vec<_>>>()?,
            })
        })
        .collect()
}
