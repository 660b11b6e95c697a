//! Compiling the `titles:` section: the feature kinds and options it names are declared
//! (`ruleset::unknown_name`).

use super::model::{Section, TitleCase as CaseDef};
use super::table::{Table, Title, TitleCase};
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every unknown name into `sink`; a title with an
/// unknown name is left out.
pub(crate) fn compile(section: &Section, names: &Names, core: &Core, sink: &mut Sink) -> Table {
    let cases = |list: &[CaseDef], sink: &mut Sink| -> Option<Vec<TitleCase>> {
        list.iter()
            .map(|c| {
                let option = match &c.option {
                    Some(o) => Some(sink.take(names.option(o))?),
                    None => None,
                };
                Some(TitleCase {
                    option,
                    per_completed: c.per_completed,
                    points: c.points,
                    all_titles: c.all_titles,
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .collect()
    };
    section
        .iter()
        .filter_map(|(name, def)| {
            let feature = sink.take(names.feature(&def.feature));
            let requires_option = def
                .requires_option
                .as_ref()
                .map(|o| sink.take(names.option(o)));
            let end_of_game = cases(&def.end_of_game, sink);
            let during_play = cases(&def.during_play, sink);
            if feature.is_some_and(|f| !core.completes(f)) {
                sink.push(core.never_completed(names, &def.feature, &format!("the title `{name}`")));
                return None;
            }
            Some(Title {
                name: name.clone(),
                feature: feature?,
                requires_option: match requires_option {
                    Some(o) => Some(o?),
                    None => None,
                },
                end_of_game: end_of_game?,
                during_play: during_play?,
            })
        })
        .collect()
}
