//! Compiling the `flocks:` section: the piece kind and feature kind it names are declared
//! (`ruleset::unknown_name`), the piece has a role on the feature kind
//! (`ruleset::flock_role`), and the bag holds tokens, the ending value among them
//! (`ruleset::flock_bag`).

use super::model::Section;
use super::table::{Flock, Table};
use crate::diag::{Check, Finding};
use crate::limits::MAX_ITEMS;
use crate::model::Sp;
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every problem into `sink`; an entry with one is left
/// out.
pub(crate) fn compile(section: &Section, names: &Names, _core: &Core, sink: &mut Sink) -> Table {
    section
        .iter()
        .filter_map(|(name, def)| {
            // The key has no location of its own: findings about it point at its feature.
            let written = Sp::at(name.clone(), def.feature.loc);
            let piece = sink.take(names.piece(&written));
            let feature = sink.take(names.feature(&def.feature));
            let (piece, feature) = (piece?, feature?);
            sink.take(names.role_on(Check::FlockRole, name, &def.feature, "keeps a flock"))?;
            let bag: Vec<(u32, u32)> = def
                .bag
                .iter()
                .map(|t| (t.value.value, t.count.value.min(MAX_ITEMS)))
                .collect();
            let mut problem = None;
            if bag.iter().all(|&(_, n)| n == 0) {
                problem = Some((def.bag.loc, "the bag holds no token".to_string(), "an empty bag"));
            } else if let Some(end) = &def.ends_on {
                if !bag.iter().any(|&(v, n)| v == end.value && n > 0) {
                    problem = Some((
                        end.loc,
                        format!("no token of the bag has the ending value {}", end.value),
                        "not in the bag",
                    ));
                }
            }
            if let Some(t) = def.bag.iter().find(|t| t.count.value > MAX_ITEMS) {
                problem = Some((
                    t.count.loc,
                    format!("{} tokens of one value: tessera accepts at most {MAX_ITEMS}", t.count.value),
                    "too many",
                ));
            }
            if let Some((loc, message, label)) = problem {
                sink.push(
                    Finding::new(Check::FlockBag, format!("the flock of `{name}`: {message}"))
                        .in_file(names.file)
                        .at(&loc, label)
                        .help("list the bag's tokens by value (`{value: 1, count: 4}`), the ending value (`ends_on`) among them"),
                );
                return None;
            }
            Some(Flock {
                piece,
                feature,
                bag,
                ends_on: def.ends_on.as_ref().map(|e| e.value),
            })
        })
        .collect()
}

crate::diag::checks! {
    /// A piece kind keeps a flock on a feature kind it has no role on.
    FlockRole => "ruleset::flock_role", Error {
        why: "`flocks` gives the pieces of a kind a flock on the features they stand on; on a \
              feature kind the piece has no role on (under `pieces:`) it could never stand, so \
              the rule would never apply: usually the wrong feature kind or a missing role.",
        bad: "\
name: Carcassonne with a shepherd
extends: carcassonne.yaml
pieces:
  shepherd: {supply: 1, majority: false, roles: [{role: shepherd, feature: field}]}
flocks:
  shepherd: {feature: city, bag: [{value: 1, count: 4}]}
",
        fixed: "\
name: Carcassonne with a shepherd
extends: carcassonne.yaml
pieces:
  shepherd: {supply: 1, majority: false, roles: [{role: shepherd, feature: field}]}
flocks:
  shepherd: {feature: field, bag: [{value: 1, count: 4}]}
",
    }
    /// A flock's bag is empty, or its ending value is not in it.
    FlockBag => "ruleset::flock_bag", Error {
        why: "A flock draws its tokens from its bag: a bag with no token can never be drawn \
              from, and an ending value (`ends_on`) that no token has can never end a flock, \
              which is usually a typo in the value.",
        bad: "\
name: Carcassonne with a shepherd
extends: carcassonne.yaml
pieces:
  shepherd: {supply: 1, majority: false, roles: [{role: shepherd, feature: field}]}
flocks:
  shepherd: {feature: field, bag: [{value: 1, count: 4}, {value: 0, count: 2}], ends_on: 5}
",
        fixed: "\
name: Carcassonne with a shepherd
extends: carcassonne.yaml
pieces:
  shepherd: {supply: 1, majority: false, roles: [{role: shepherd, feature: field}]}
flocks:
  shepherd: {feature: field, bag: [{value: 1, count: 4}, {value: 0, count: 2}], ends_on: 0}
",
    }
}
