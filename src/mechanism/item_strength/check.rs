//! Compiling the `item_strength:` section: the piece kind and item it names are declared
//! (`ruleset::unknown_name`), and the piece kind counts for the majority
//! (`ruleset::item_strength_not_counted`).

use super::model::Section;
use super::table::{ItemStrength, Table};
use crate::diag::{Check, Finding};
use crate::model::Sp;
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every unknown name into `sink`; an entry with an
/// unknown name, or whose piece kind does not count for the majority, is left out.
pub(crate) fn compile(section: &Section, names: &Names, _core: &Core, sink: &mut Sink) -> Table {
    section
        .iter()
        .filter_map(|(name, def)| {
            // The key has no location of its own: findings about it point at its item.
            let written = Sp::at(name.clone(), def.item.loc);
            let piece = sink.take(names.piece(&written));
            let item = sink.take(names.item(&def.item));
            let (piece, item) = (piece?, item?);
            if !names.counts_for_majority(name) {
                sink.push(
                    Finding::new(
                        Check::ItemStrengthNotCounted,
                        format!(
                            "`{name}` has its strength counted from `{}`, and does not count for the majority",
                            def.item.value
                        ),
                    )
                    .in_file(names.file)
                    .at(&def.item.loc, "its strength")
                    .help(format!(
                        "remove `majority: false` from the piece kind `{name}` under `pieces:`, or remove its `item_strength` entry"
                    )),
                );
                return None;
            }
            Some(ItemStrength { piece, item })
        })
        .collect()
}

crate::diag::checks! {
    /// A piece kind whose strength is counted does not count for the majority.
    ItemStrengthNotCounted => "ruleset::item_strength_not_counted", Error {
        why: "`item_strength` replaces a piece's weight in a majority by the number of an item \
              on its feature (Abbey and Mayor: the mayor counts the pennants of its city); a \
              piece kind with `majority: false` never counts for a majority, so the rule \
              would never apply.",
        bad: "\
name: Carcassonne with the mayor
extends: carcassonne.yaml
pieces:
  mayor: {supply: 1, majority: false, roles: [{role: mayor, feature: city}]}
item_strength:
  mayor: {item: pennant}
",
        fixed: "\
name: Carcassonne with the mayor
extends: carcassonne.yaml
pieces:
  mayor: {supply: 1, roles: [{role: mayor, feature: city}]}
item_strength:
  mayor: {item: pennant}
",
    }
}
