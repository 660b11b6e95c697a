//! Compiling the `spanning:` section: the feature kind, side kinds and option it names
//! are declared (`ruleset::unknown_name`); a supply gives some player a token
//! (`ruleset::spanning_supply`); the token's ends lie on a side kind of one part and
//! make a side kind whose other parts are of that terrain (`ruleset::spanning_sides`);
//! at most 127 entries are read.

use super::model::{Reach, Section};
use super::table::{Spanning, Table};
use crate::diag::{Check, Finding};
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every problem into `sink`; an entry with one is left
/// out.
pub(crate) fn compile(section: &Section, names: &Names, core: &Core, sink: &mut Sink) -> Table {
    section
        .iter()
        .take(127)
        .filter_map(|(name, def)| {
            let feature = sink.take(names.feature(&def.feature));
            let over = sink.take(core.side_kind(names, &def.over));
            let side = sink.take(core.side_kind(names, &def.side));
            let requires_option = sink.take(names.option_if(&def.requires_option));
            sink.take(names.some_supply(Check::SpanningSupply, name, &def.supply, "[3, 3, 3, 3, 2]"))?;
            let (feature, (over, over_kind), (side, side_kind)) = (feature?, over?, side?);
            let bad = |what: String, at: &crate::model::Sp<String>, label: &str, help: &str| {
                Finding::new(Check::SpanningSides, what)
                    .in_file(names.file)
                    .at(&at.loc, label.to_string())
                    .help(help.to_string())
            };
            let Some(terrain) = core.terrain(feature) else {
                sink.push(bad(
                    format!("the {name} adds a `{}` segment, a feature kind with no terrain on a side", def.feature.value),
                    &def.feature,
                    "no terrain",
                    "name a feature kind whose segments lie on sides (`terrain:`), e.g. `road`",
                ));
                return None;
            };
            let [under] = over_kind.parts[..] else {
                sink.push(bad(
                    format!("the {name} goes over `{}` sides, which have {} parts", def.over.value, over_kind.parts.len()),
                    &def.over,
                    "not one part",
                    "name a side kind of one terrain, e.g. `field` (`[field]`)",
                ));
                return None;
            };
            let parts: Vec<bool> = side_kind.parts.iter().map(|&t| t == terrain).collect();
            let fits = parts.iter().any(|&p| p)
                && side_kind
                    .parts
                    .iter()
                    .zip(&parts)
                    .all(|(&t, &p)| p || t == under);
            if !fits {
                sink.push(bad(
                    format!(
                        "the {name}'s sides become `{}`, which is not a `{}` side with the {name}'s terrain in it",
                        def.side.value, def.over.value
                    ),
                    &def.side,
                    "not the crossed side with the new segment",
                    "name a side kind whose parts are the crossed side's terrain with the new segment's terrain between, e.g. `road` (`[field, road, field]`)",
                ));
                return None;
            }
            Some(Spanning {
                name: name.clone(),
                feature,
                over,
                side,
                parts,
                supply: def.supply.value.clone(),
                beside: def.reach == Reach::Beside,
                requires_option: requires_option?,
            })
        })
        .collect()
}

crate::diag::checks! {
    /// A spanning entry's supply gives no player a token.
    SpanningSupply => "ruleset::spanning_supply", Error {
        why: "Tokens laid across tiles (`spanning`, bridges) come from each player's supply, \
              whose size depends on the number of players: `supply` lists it from 1 player \
              up, the last number for more players. An empty list, or one of zeros, gives no \
              player a token.",
        bad: "\
name: Bridges never built
extends: ../rulesets/carcassonne.yaml
spanning:
  bridge: {feature: road, over: field, side: road, supply: [0]}
",
        fixed: "\
name: Bridges
extends: ../rulesets/carcassonne.yaml
spanning:
  bridge: {feature: road, over: field, side: road, supply: [3, 3, 3, 3, 2]}
",
    }
    /// A spanning entry's side kinds cannot take its segment.
    SpanningSides => "ruleset::spanning_sides", Error {
        why: "A token laid across a tile (a bridge) adds a segment from the middle of one \
              side to the middle of the opposite one: both sides are of the kind it goes \
              over (`over`, one terrain: a field side) and become the kind `side` (the \
              crossed terrain with the new segment's between: `[field, road, field]`), so \
              that the segment that held each side keeps its parts and the new feature \
              kind's segment (which must lie on sides: it has a terrain) takes the middle.",
        bad: "\
name: Bridges over roads
extends: ../rulesets/carcassonne.yaml
spanning:
  bridge: {feature: road, over: road, side: road, supply: [3]}
",
        fixed: "\
name: Bridges
extends: ../rulesets/carcassonne.yaml
spanning:
  bridge: {feature: road, over: field, side: road, supply: [3]}
",
    }
    /// A turn lays a token across a tile where it may not.
    NotSpannable => "position::not_spannable", Error {
        why: "A token of the rule set's `spanning` (a bridge) goes straight across the tile \
              placed, or (where the rule set allows) a tile beside it, from the middle of a \
              side to the middle of the opposite one, both sides of the kind it goes over (a \
              field side); one a tile, while the player has one left; on a tile already \
              placed both ends face empty cells or the tile placed this turn.",
        bad: "\
tileset: ../tilesets/base-jcz.yaml
ruleset: ../rulesets/bridge.yaml
players: [A, B]
turns:
  - {tile: BA/RFr, x: 1, y: 0, span: {x: 1, y: 0, axis: WE}}
",
        fixed: "\
tileset: ../tilesets/base-jcz.yaml
ruleset: ../rulesets/bridge.yaml
players: [A, B]
turns:
  - {tile: BA/RFr, x: 1, y: 0, span: {x: 1, y: 0, axis: NS}}
",
    }
}
