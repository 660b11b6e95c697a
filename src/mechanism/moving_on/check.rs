//! Compiling the `moving_on:` section: the piece kind it names is declared
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
            Some(MovingOn {
                piece: sink.take(names.piece(&written))?,
                within: def.within.value,
            })
        })
        .collect()
}
