//! Compiling the `converting:` section: the feature kind, relation and option it names
//! are declared (`ruleset::unknown_name`); a supply gives some player a token
//! (`ruleset::converting_supply`); at most 255 entries are read.

use super::model::Section;
use super::table::{Converting, Table};
use crate::diag::{Check, Finding};
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every unknown name into `sink`; an entry with an
/// unknown name or no token is left out.
pub(crate) fn compile(section: &Section, names: &Names, _core: &Core, sink: &mut Sink) -> Table {
    section
        .iter()
        .take(usize::from(u8::MAX))
        .filter_map(|(name, def)| {
            let feature = sink.take(names.feature(&def.feature));
            let requires_option = sink.take(names.option_if(&def.requires_option));
            let bonus = def.linked_bonus.as_ref().map(|b| {
                sink.take(names.relation(&b.relation))
                    .map(|r| (r, b.points.value))
            });
            sink.take(names.some_supply(
                Check::ConvertingSupply,
                name,
                &def.supply,
                "[3, 3, 3, 3, 2]",
            ))?;
            let feature = feature?;
            if names.never_completes(&def.feature.value) {
                sink.push(
                    Finding::new(
                        Check::ConvertingNeverCompleted,
                        format!(
                            "the {name} converts a completed `{}`, which never completes",
                            def.feature.value
                        ),
                    )
                    .in_file(names.file)
                    .at(&def.feature.loc, "never completes")
                    .help("name a feature kind that completes (`completion: closed` or `surrounded`), e.g. `city`"),
                );
                return None;
            }
            Some(Converting {
                name: name.clone(),
                feature,
                segments: def.segments.value,
                supply: def.supply.value.clone(),
                linked_bonus: match bonus {
                    Some(b) => Some(b?),
                    None => None,
                },
                requires_option: requires_option?,
            })
        })
        .collect()
}

crate::diag::checks! {
    /// A converting entry names a feature kind that never completes.
    ConvertingNeverCompleted => "ruleset::converting_never_completed", Error {
        why: "A feature is converted (`converting`: a castle) when the tile just placed \
              completes it; a feature kind that never completes (`completion: never`: a \
              field) is never converted.",
        bad: "\
name: Castles on fields
extends: ../rulesets/carcassonne.yaml
converting:
  castle: {feature: field, segments: 2, supply: [3]}
",
        fixed: "\
name: Castles
extends: ../rulesets/carcassonne.yaml
converting:
  castle: {feature: city, segments: 2, supply: [3]}
",
    }
    /// A converting entry's supply gives no player a token.
    ConvertingSupply => "ruleset::converting_supply", Error {
        why: "Converting a feature (`converting`: a castle) takes one of its player's tokens, \
              whose number depends on the number of players: `supply` lists it from 1 player \
              up, the last number for more players. An empty list, or one of zeros, gives no \
              player a token.",
        bad: "\
name: Castles without castles
extends: ../rulesets/carcassonne.yaml
converting:
  castle: {feature: city, segments: 2, supply: []}
",
        fixed: "\
name: Castles
extends: ../rulesets/carcassonne.yaml
converting:
  castle: {feature: city, segments: 2, supply: [3, 3, 3, 3, 2]}
",
    }
}
