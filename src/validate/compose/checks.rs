//! The catalogue entries of the checks of `extends` and `include` (`compose::`, and the
//! `tileset::` ones of merging), emitted by [`crate::validate`]'s composition.
//!
//! Each entry is a [`crate::diag::Check`] constant, listed by `Check::all()` (see
//! [`crate::diag::checks`]).

crate::diag::checks! {
    /// A rule set extends itself, or a tile set includes itself, directly or through others.
    ComposeCycle => "compose::cycle", Error {
        why: "Following the chain would never end; tessera stops at the entry that closes the loop.",
        bad: "# a.yaml\nextends: b.yaml\n# b.yaml\nextends: a.yaml",
        fixed: "# a.yaml\nextends: b.yaml\n# b.yaml: no extends",
    }
    /// A rule set's `extends` (or a position's list of rule sets) names one file twice.
    ExtendedTwice => "compose::extended_twice", Warning {
        why: "Each rule set of a composition is applied once, so the second mention changes \
              nothing: a slip for another file, most likely (a second expansion).",
        bad: "\
name: Base game with the fairy
extends: [../rulesets/fairy.yaml, ../rulesets/fairy.yaml]
",
        fixed: "\
name: Base game with the fairy and the mayor
extends: [../rulesets/fairy.yaml, ../rulesets/mayor.yaml]
",
    }
    /// A chain of `extends` or `include` is more than 32 files deep.
    ComposeTooDeep => "compose::too_deep", Error {
        why: "Real compositions are two or three files deep (an expansion on the base game, \
              a fan set on both). A chain is followed at most 32 files deep \
              (`limits::MAX_COMPOSE_DEPTH`), so that a generated or hostile chain of thousands \
              of files cannot exhaust the stack; the entry that passes the limit is reported.",
        bad: "# f1.yaml\ninclude: [f2.yaml]\n# f2.yaml\ninclude: [f3.yaml]\n# ... f33.yaml\ninclude: [f34.yaml]",
        fixed: "# f1.yaml\ninclude: [f2.yaml, f3.yaml, ..., f34.yaml]\n# the others: no include",
    }
    /// An include's `counts` or `exclude` names a tile the included set does not have.
    IncludeUnknownTile => "tileset::include_unknown_tile", Error {
        why: "A count override or exclusion for a tile that is not there changes nothing, so the composed set is not the one you meant (a typo, or a tile renamed in the included set).",
        bad: "\
name: Base game without the crossroads
include:
  - {tileset: base.yaml, exclude: [Z]}
",
        fixed: "\
name: Base game without the crossroads
include:
  - {tileset: base.yaml, exclude: [X]}
",
    }
    /// A tile set is included twice in one composition.
    IncludedTwice => "tileset::included_twice", Error {
        why: "Every tile of a set included twice would be defined twice; to play with more copies, change the counts.",
        bad: "\
name: Base game with more start tiles
include:
  - base.yaml
  - {tileset: base.yaml, counts: {D: 8}}
",
        fixed: "\
name: Base game with more start tiles
include:
  - {tileset: base.yaml, counts: {D: 8}}
",
    }
    /// Composed tile sets name different rule sets, none extending the others, and the top file names none.
    RuleSetConflict => "tileset::ruleset_conflict", Error {
        why: "Tiles are read under one rule set. When the included sets name different games and the composing file does not say which to play, any choice would misread some tiles (a river under a rule set without rivers, an inn without inns).",
        bad: "\
name: Inns and the River, no rule set named
include: [inns-cathedrals.yaml, river.yaml]
",
        fixed: "\
name: Inns and the River, under the rule set that has both
ruleset: ../rulesets/base-ic-river.yaml
include: [inns-cathedrals.yaml, river.yaml]
",
    }
}
