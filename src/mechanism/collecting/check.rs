//! Compiling the `collecting:` section: the items, feature kinds and options it names are
//! declared (`ruleset::unknown_name`).

use super::model::Section;
use super::table::{Collected, Table};
use crate::model::Sp;
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every unknown name into `sink`; an entry with an
/// unknown name is left out.
pub(crate) fn compile(section: &Section, names: &Names, core: &Core, sink: &mut Sink) -> Table {
    section
        .iter()
        .filter_map(|(name, def)| {
            // The key has no location of its own: findings about it point at its feature.
            let written = Sp::at(name.clone(), def.feature.loc);
            let item = sink.take(names.item(&written));
            let feature = sink.take(names.feature(&def.feature));
            let requires_option = def
                .requires_option
                .as_ref()
                .map(|o| sink.take(names.option(o)));
            if feature.is_some_and(|f| !core.completes(f)) {
                sink.push(core.never_completed(names, &def.feature, &format!("collecting `{name}`")));
                return None;
            }
            Some(Collected {
                item: item?,
                feature: feature?,
                most: def.most,
                requires_option: match requires_option {
                    Some(o) => Some(o?),
                    None => None,
                },
            })
        })
        .collect()
}
