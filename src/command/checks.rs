//! The catalogue entries of the checks the commands themselves make (beside those of the
//! files they read): [`super::play`] emits `note::other_ruleset` for `play` and
//! `simulate`, [`super::render`] `tileset::no_usable_image` for `render --overlay`.
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
    /// `render --overlay` finds no tile whose image can be used, so it draws nothing.
    NoUsableImage => "tileset::no_usable_image", Error {
        why: "`tessera render --overlay` draws each definition over its tile's artwork; when \
              every image named is missing or unusable there is nothing to draw, and an empty \
              picture would hide the problem. The warnings before it say what is wrong with \
              each image.",
        bad: "\
tessera render my-tiles.yaml --overlay -o overlay.svg
(every `image:` names a file that is missing or not a PNG, JPEG or SVG image)
",
        fixed: "\
tessera validate my-tiles.yaml     # the tileset::image_* warnings say what to fix
tessera render my-tiles.yaml --overlay -o overlay.svg
",
    }
}
