//! The catalogue entries of the checks the commands themselves make (beside those of the
//! files they read): [`super::play`] emits `note::other_ruleset` for `play` and
//! `simulate`.
//!
//! Each entry is a [`crate::diag::Check`] constant, listed by `Check::all()` (see
//! [`crate::diag::checks`]).

crate::diag::checks! {
    /// A tile set is played under another rule set than the one it names.
    OtherRuleset => "note::other_ruleset", Note {
        why: "`tessera play` and `tessera simulate` play the tile sets under the rule set \
              named on the command line; a tile set's own `ruleset:` is not read. Under \
              another rule set its side kinds, feature kinds and items may be unknown, and the \
              findings then point into the tile set although the slip is the rule set chosen. \
              The note says which rule set the tile set names, beside those findings.",
        bad: "\
tessera simulate rulesets/gold-rush.yaml tilesets/base.yaml
",
        fixed: "\
tessera simulate rulesets/carcassonne.yaml tilesets/base.yaml
",
    }
}
