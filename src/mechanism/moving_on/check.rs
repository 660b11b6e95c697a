//! Compiling the `moving_on:` section: the piece kind and option it names are declared
//! (`ruleset::unknown_name`).

use super::model::Section;
use super::table::{MovingOn, Table};
use crate::model::Sp;
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every unknown name into `sink`; an entry with an
/// unknown name is left out.
pub(crate) fn compile(section: &Section, names: &Names, _core: &Core, sink: &mut Sink) -> Table {
    section
        .iter()
        .filter_map(|(name, def)| {
            // The key has no location of its own: findings about it point at `within`.
            let written = Sp::at(name.clone(), def.within.loc);
            let piece = sink.take(names.piece(&written));
            let adjoining_option = sink.take(names.option_if(&def.adjoining_option));
            Some(MovingOn {
                piece: piece?,
                within: def.within.value,
                adjoining_option: adjoining_option?,
            })
        })
        .collect()
}
