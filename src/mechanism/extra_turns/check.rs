//! Compiling the `bonus_turns:` section: every name it uses is declared (`ruleset::unknown_name`).

use super::model::Section;
use super::table::{BonusTurn, Table};
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every unknown feature kind, item, stack or option into
/// `sink`; a rule with an unknown name is left out.
pub(crate) fn compile(section: &Section, names: &Names, _core: &Core, sink: &mut Sink) -> Table {
    section
        .iter()
        .filter_map(|b| {
            let feature = sink.take(names.feature(&b.completed));
            let item = sink.take(names.item(&b.with_item));
            let stack = sink.take(names.stack(&b.stack));
            let requires_piece_option = match &b.requires_piece_option {
                Some(o) => Some(sink.take(names.option(o))?),
                None => None,
            };
            Some(BonusTurn {
                feature: feature?,
                item: item?,
                stack: stack?,
                requires_piece_option,
            })
        })
        .collect()
}
