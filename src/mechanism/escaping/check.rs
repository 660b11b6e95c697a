//! Compiling the `escaping:` section: the items, feature kinds and options it names are
//! declared (`ruleset::unknown_name`).

use super::model::Section;
use super::table::{Escaping, Table};
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every unknown name into `sink`; an entry with an
/// unknown name is left out.
pub(crate) fn compile(section: &Section, names: &Names, _core: &Core, sink: &mut Sink) -> Table {
    section
        .iter()
        .filter_map(|def| {
            let item = sink.take(names.item(&def.item));
            let near: Vec<_> = def
                .near
                .iter()
                .map(|k| sink.take(names.feature(k)))
                .collect();
            let item_tile_option = sink.take(names.option_if(&def.item_tile_option));
            let requires_option = sink.take(names.option_if(&def.requires_option));
            Some(Escaping {
                item: item?,
                near: near.into_iter().collect::<Option<Vec<_>>>()?,
                item_tile_option: item_tile_option?,
                requires_option: requires_option?,
            })
        })
        .collect()
}
