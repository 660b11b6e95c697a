//! Compiling the `effects:` section: every name it uses is declared
//! (`ruleset::unknown_name`), and its scoring terms are checked as a feature kind's are.

use super::model::Section;
use super::table::{Effect, Table};
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every unknown name and every bad term into `sink`; an
/// effect with an unknown name is left out.
pub(crate) fn compile(section: &Section, names: &Names, core: &Core, sink: &mut Sink) -> Table {
    for e in section {
        let kind = e
            .feature
            .as_ref()
            .and_then(|f| names.feature_index(&f.value));
        if let Some(kind) = kind {
            for case in &e.score {
                core.check_terms(names, kind, case, sink);
            }
        }
    }
    section
        .iter()
        .filter_map(|e| {
            let item = sink.take(names.item(&e.when_placed));
            let feature = match &e.feature {
                Some(f) => Some(sink.take(names.feature(f))?),
                None => None,
            };
            let score = names.cases(&e.score, sink);
            let return_piece = match &e.return_piece {
                Some(k) => Some(sink.take(names.piece(k))?),
                None => None,
            };
            let requires_option = match &e.requires_option {
                Some(o) => Some(sink.take(names.option(o))?),
                None => None,
            };
            Some(Effect {
                item: item?,
                feature,
                within: e.within,
                score,
                cover: e.cover,
                return_piece,
                requires_option,
                hide_tiles: e.hide_tiles.unwrap_or(0),
            })
        })
        .collect()
}
