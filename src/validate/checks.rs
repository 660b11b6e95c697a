//! The catalogue entries of the checks that [`crate::validate`] itself emits, across
//! files: a file's kind, shapes from another file, a tile set without its rule set, the
//! composition note.
//!
//! Each entry is a [`crate::diag::Check`] constant, listed by `Check::all()` (see
//! [`crate::diag::checks`]).

crate::diag::checks! {
    /// The file's kind (rule set, tile set or position) cannot be told from its keys.
    UnknownKind => "schema::unknown_kind", Error {
        why: "`tessera validate` tells a file's kind from its top-level keys: a rule set has \
              `terrains` or `features`, a position has `players`, a tile set has `tiles`, \
              `total`, `shapes_from` or `include`. A file with none of them cannot be checked \
              at all.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
Tiles:
  - id: E
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// `shapes_from` names a set that itself uses `shapes_from`.
    ChainedShapes => "tileset::chained_shapes", Error {
        why: "Shapes are reused from a set that defines its tiles; a chain of reuses would hide \
              where a shape is really written. Name the set that defines the shapes.",
        bad: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: pnp-demo.yaml
total: 4
start: {tile: D}
tiles:
  - {id: D, shape: D, count: 4}
",
        fixed: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 4
start: {tile: D}
tiles:
  - {id: D, shape: D, count: 4}
",
    }
    /// `shape:` names a tile defined by two of the `shapes_from` sets.
    AmbiguousShape => "tileset::ambiguous_shape", Error {
        why: "With several `shapes_from` sets a `shape:` id must name one definition, or the \
              tile's sides and segments would depend on the order of the list.",
        bad: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: [base.yaml, base-inns-cathedrals.yaml]
total: 4
start: {tile: D}
tiles:
  - {id: D, shape: D, count: 4}
",
        fixed: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: [base.yaml, inns-cathedrals.yaml]
total: 4
start: {tile: D}
tiles:
  - {id: D, shape: D, count: 4}
",
    }
    /// A tile set names no rule set, and neither does any set it includes.
    TileSetNoRuleset => "tileset::no_ruleset", Error {
        why: "Tiles mean nothing without the rule set that declares their side kinds and feature kinds.",
        bad: "\
name: My expansion
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// What a composed tile set is made of: tiles per source set, and the total.
    Composition => "note::composition", Note {
        why: "A composed set's tiles come from several files; the summary shows what each contributed, so a missing or doubled include is seen at once.",
        bad: "\
name: My expansion with the base game
include: [base.yaml]
total: 1
tiles:
  - id: T9
    sides: {N: field, E: field, S: field, W: field}
    segments:
      - {id: field, feature: field, at: [N, E, S, W]}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: T9}
tiles:
  - id: T9
    sides: {N: field, E: field, S: field, W: field}
    segments:
      - {id: field, feature: field, at: [N, E, S, W]}
",
    }
}
