//! Compiling the `raising_pieces:` section: the piece kinds and feature kind it names are
//! declared (`ruleset::unknown_name`), and the piece kind has a role on that feature kind
//! (`ruleset::raising_piece_role`).

use super::model::Section;
use super::table::{RaisingPiece, Table};
use crate::diag::Check;
use crate::model::Sp;
use crate::validate::Sink;
use crate::validate::ruleset::{Core, Names};

/// Compiles the section, reporting every unknown name into `sink`; an entry with an
/// unknown name, or naming a feature kind its piece has no role on, is left out.
pub(crate) fn compile(section: &Section, names: &Names, _core: &Core, sink: &mut Sink) -> Table {
    section
        .iter()
        .filter_map(|(name, def)| {
            // The key has no location of its own: findings about it point at its feature.
            let written = Sp::at(name.clone(), def.feature.loc);
            let piece = sink.take(names.piece(&written));
            let feature = sink.take(names.feature(&def.feature));
            let needs: Vec<Option<usize>> =
                def.needs.iter().map(|n| sink.take(names.piece(n))).collect();
            let (piece, feature) = (piece?, feature?);
            sink.take(names.role_on(
                Check::RaisingPieceRole,
                name,
                &def.feature,
                "raises scores",
            ))?;
            Some(RaisingPiece {
                piece,
                feature,
                per_unit: def.per_unit.value,
                needs: needs.into_iter().collect::<Option<Vec<_>>>()?,
            })
        })
        .collect()
}

crate::diag::checks! {
    /// A raising piece kind raises scores on a feature kind it has no role on.
    RaisingPieceRole => "ruleset::raising_piece_role", Error {
        why: "`raising_pieces` raises its owner's score on the features a piece of the kind \
              stands on; on a feature kind it has no role on (under `pieces:`) it could never \
              stand, so the rule would never apply: usually the wrong feature kind or a \
              missing role.",
        bad: "\
name: Carcassonne with the pig
extends: carcassonne.yaml
pieces:
  pig: {supply: 1, majority: false, blocked_by: [], roles: [{role: pig, feature: field}]}
raising_pieces:
  pig: {feature: city, per_unit: 1}
",
        fixed: "\
name: Carcassonne with the pig
extends: carcassonne.yaml
pieces:
  pig: {supply: 1, majority: false, blocked_by: [], roles: [{role: pig, feature: field}]}
raising_pieces:
  pig: {feature: field, per_unit: 1, needs: [follower]}
",
    }
    /// A piece that needs one of its owner's pieces on the feature is placed where none is.
    NeedsOwnPiece => "position::needs_own_piece", Error {
        why: "A piece kind with `needs` (under `raising_pieces` or `extending_pieces`) goes only \
              on a feature where its owner already has a piece of one of those kinds (Traders \
              and Builders: the pig joins one of its owner's farmers in a field, the builder \
              one of its owner's highwaymen or knights).",
        bad: "\
tileset: ../tests/fixtures/mechanisms/pig-base.yaml
players: [A, B]
turns:
  - {tile: E, x: 0, y: -1, rotation: 180}
  - {tile: U, x: 1, y: 0, rotation: 90, piece: N}      # B's farmer
  - {tile: B, x: 1, y: -1, piece: {kind: pig, at: N}}  # A has no farmer in this field
",
        fixed: "\
tileset: ../tests/fixtures/mechanisms/pig-base.yaml
players: [A, B]
turns:
  - {tile: E, x: 0, y: -1, rotation: 180, piece: N}    # A's farmer
  - {tile: U, x: 1, y: 0, rotation: 90, piece: N}      # B's farmer
  - {tile: B, x: 1, y: -1, piece: {kind: pig, at: N}}  # joins A's farmer
",
    }
}
