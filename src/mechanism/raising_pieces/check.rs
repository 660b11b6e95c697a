//! Compiling the `raising_pieces:` section: the piece kinds and feature kind it names are
//! declared (`ruleset::unknown_name`), and the piece kind has a role on that feature kind
//! (`ruleset::raising_piece_role`).

use super::model::Section;
use super::table::{RaisingPiece, Table};
use crate::diag::{Check, Finding};
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
            let written = Sp {
                value: name.clone(),
                loc: def.feature.loc,
            };
            let piece = sink.take(names.piece(&written));
            let feature = sink.take(names.feature(&def.feature));
            let needs: Vec<Option<usize>> =
                def.needs.iter().map(|n| sink.take(names.piece(n))).collect();
            let (piece, feature) = (piece?, feature?);
            if !names.has_role(name, &def.feature.value) {
                sink.push(
                    Finding::new(
                        Check::RaisingPieceRole,
                        format!(
                            "`{name}` raises scores on `{}`, where it has no role",
                            def.feature.value
                        ),
                    )
                    .in_file(names.file)
                    .at(&def.feature.loc, "this feature kind")
                    .help(format!(
                        "give the piece kind `{name}` a role on `{}` under `pieces:`, or name a feature kind it has a role on",
                        def.feature.value
                    )),
                );
                return None;
            }
            Some(RaisingPiece {
                piece,
                feature,
                per_unit: def.per_unit.value,
                needs: needs.into_iter().collect::<Option<Vec<_>>>()?,
            })
        })
        .collect()
}
