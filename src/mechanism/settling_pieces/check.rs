//! Compiling the `settling_pieces:` section: the piece kind, feature kind and option it
//! names are declared (`ruleset::unknown_name`), the piece kind has a role on the feature
//! kind (`ruleset::settling_piece_role`), and its scoring terms are checked as a feature
//! kind's are.

use super::model::Section;
use super::table::{SettlingPiece, Table};
use crate::diag::Check;
use crate::model::Sp;
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every unknown name and every bad term into `sink`; an
/// entry with an unknown name, or naming a feature kind its piece has no role on, is
/// left out.
pub(crate) fn compile(section: &Section, names: &Names, core: &Core, sink: &mut Sink) -> Table {
    section
        .iter()
        .filter_map(|(name, def)| {
            if let Some(kind) = names.feature_index(&def.feature.value) {
                for case in def.when_placed.iter().chain(&def.when_joined).chain(&def.final_) {
                    core.check_terms(names, kind, case, sink);
                }
            }
            // The key has no location of its own: findings about it point at its feature.
            let written = Sp::at(name.clone(), def.feature.loc);
            let piece = sink.take(names.piece(&written));
            let feature = sink.take(names.feature(&def.feature));
            let sharing_option = sink.take(names.option_if(&def.sharing_option));
            let (piece, feature, sharing_option) = (piece?, feature?, sharing_option?);
            sink.take(names.role_on(
                Check::SettlingPieceRole,
                name,
                &def.feature,
                "settles",
            ))?;
            Some(SettlingPiece {
                piece,
                feature,
                at_corner: def.at_corner,
                when_placed: names.cases(&def.when_placed, sink),
                when_joined: names.cases(&def.when_joined, sink),
                final_: names.cases(&def.final_, sink),
                sharing_option,
            })
        })
        .collect()
}

crate::diag::checks! {
    /// A settling piece kind settles a feature kind it has no role on.
    SettlingPieceRole => "ruleset::settling_piece_role", Error {
        why: "`settling_pieces` scores the other pieces of the features a piece of the kind \
              stands in; on a feature kind it has no role on (under `pieces:`) it could never \
              stand, so the rule would never apply: usually the wrong feature kind or a \
              missing role.",
        bad: "\
name: Carcassonne with the barn
extends: carcassonne.yaml
pieces:
  barn: {supply: 1, majority: false, blocked_by: [], roles: [{role: barn, feature: field}]}
settling_pieces:
  barn:
    feature: city
    when_placed: []
    when_joined: []
    final: []
",
        fixed: "\
name: Carcassonne with the barn
extends: carcassonne.yaml
pieces:
  barn: {supply: 1, majority: false, blocked_by: [], roles: [{role: barn, feature: field}]}
settling_pieces:
  barn:
    feature: field
    when_placed: []
    when_joined: []
    final: []
",
    }
    /// A piece placed at a corner is not where four tiles' segments of its feature meet.
    NotAtCorner => "position::not_at_corner", Error {
        why: "A piece kind with `at_corner` (under `settling_pieces`) goes only at a corner of \
              the tile just placed where four tiles meet, each with one segment of its feature \
              at that corner (Abbey and Mayor: a barn stands where four fields meet, with no \
              road or city touching the point).",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/abbey-mayor-1.yaml]
ruleset: ../rulesets/abbey-mayor.yaml
players: [A, B]
turns:
  - {tile: BA/L, x: 0, y: 1, piece: {kind: barn, at: SW}}   # no other tile meets there
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/abbey-mayor-1.yaml]
ruleset: ../rulesets/abbey-mayor.yaml
players: [A, B]
turns:
  - {tile: BA/L, x: 0, y: 1}
",
    }
}
