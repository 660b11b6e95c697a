//! The catalogue entries of the checks of deduced shapes against their evidence
//! (`provenance.deduction`), emitted by [`crate::validate`]'s deduction checks.
//!
//! Each entry is a [`crate::diag::Check`] constant, listed by `Check::all()` (see
//! [`crate::diag::checks`]).

crate::diag::checks! {
    /// A deduced set's tiles do not have the shapes and counts of its `provenance.deduction.distribution`.
    DistributionMismatch => "tileset::distribution_mismatch", Error {
        why: "A deduction states the shapes the set is known to have (`distribution`: shape \
              id to number of tiles); the tiles, each with a `shape:` and a count, must add up \
              to exactly that, or the set is another game than the one the evidence describes.",
        bad: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 5
start: {tile: D}
provenance:
  status: deduced
  deduction:
    source: the publisher's tile list
    distribution: {D: 4, V: 1}
tiles:
  - {id: D, shape: D, count: 4, deduced: {confidence: certain}}
  - {id: Q, shape: U, count: 1, deduced: {confidence: certain}}
",
        fixed: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 5
start: {tile: D}
provenance:
  status: deduced
  deduction:
    source: the publisher's tile list
    distribution: {D: 4, V: 1}
tiles:
  - {id: D, shape: D, count: 4, deduced: {confidence: certain}}
  - {id: Q, shape: V, count: 1, deduced: {confidence: certain}}
",
    }
    /// A deduced tile's shape breaks a constraint of `provenance.deduction`.
    DeductionConflict => "tileset::deduction_conflict", Error {
        why: "The constraints are hard: a tile has a shape with its own count, the start tile \
              has `start_shape`, and a decoration finds the features it `needs` (highwaymen \
              are drawn beside a road). A choice that breaks one cannot be the printed tile.",
        bad: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 2
start: {tile: M2}
provenance:
  status: deduced
  deduction:
    source: the publisher's tile list
    distribution: {A: 1, B: 1}
    needs: {Highwaymen: [road]}
tiles:
  - id: M1
    shape: B
    deduced: {confidence: certain}
    copies: [{decorations: [Highwaymen]}]
  - {id: M2, shape: A, deduced: {confidence: certain}}
",
        fixed: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 2
start: {tile: M2}
provenance:
  status: deduced
  deduction:
    source: the publisher's tile list
    distribution: {A: 1, B: 1}
    needs: {Highwaymen: [road]}
tiles:
  - id: M1
    shape: A
    deduced: {confidence: certain}
    copies: [{decorations: [Highwaymen]}]
  - {id: M2, shape: B, deduced: {confidence: certain}}
",
    }
    /// A deduced tile's `deduced` (missing, `certain`, or its alternatives) disagrees with what the constraints leave.
    DeducedMismatch => "tileset::deduced_mismatch", Warning {
        why: "The alternatives of a deduced tile are measured, not guessed: they are the other \
              shapes the tile has in some assignment that meets every constraint, and \
              `certain` means there is none. A stale list misstates how sure the data is.",
        bad: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 6
start: {tile: X1}
provenance:
  status: deduced
  deduction:
    source: the publisher's tile list
    distribution: {J: 3, L: 3}
tiles:
  - {id: X1, shape: J, count: 3, deduced: {confidence: certain}}
  - {id: X2, shape: L, count: 3, deduced: {confidence: medium, alternatives: [J]}}
",
        fixed: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 6
start: {tile: X1}
provenance:
  status: deduced
  deduction:
    source: the publisher's tile list
    distribution: {J: 3, L: 3}
tiles:
  - {id: X1, shape: J, count: 3, deduced: {confidence: medium, alternatives: [L]}}
  - {id: X2, shape: L, count: 3, deduced: {confidence: medium, alternatives: [J]}}
",
    }
    /// Tiles say `deduced:` but the set has no `provenance.deduction` to check them against.
    DeducedUnchecked => "tileset::deduced_unchecked", Warning {
        why: "A tile's `deduced` (confidence, alternatives) is a claim about evidence; without \
              `provenance.deduction` nothing checks it, and `certain` or a list of alternatives \
              would be believed as written.",
        bad: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 4
start: {tile: D}
provenance: {status: deduced}
tiles:
  - {id: D, shape: D, count: 4, deduced: {confidence: certain}}
",
        fixed: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 4
start: {tile: D}
provenance:
  status: deduced
  deduction:
    source: the publisher's tile list
    distribution: {D: 4}
tiles:
  - {id: D, shape: D, count: 4, deduced: {confidence: certain}}
",
    }
    /// `provenance.deduction` is given but `provenance.status` is not `deduced`.
    DeductionStatus => "tileset::deduction_status", Warning {
        why: "A set whose shapes are chosen by deduction is not verified; `status` is what \
              `tessera validate` and every user read first, so it must say `deduced` while the \
              evidence is what the shapes rest on.",
        bad: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 4
start: {tile: D}
provenance:
  status: verified
  deduction:
    source: the publisher's tile list
    distribution: {D: 4}
tiles:
  - {id: D, shape: D, count: 4, deduced: {confidence: certain}}
",
        fixed: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 4
start: {tile: D}
provenance:
  status: deduced
  deduction:
    source: the publisher's tile list
    distribution: {D: 4}
tiles:
  - {id: D, shape: D, count: 4, deduced: {confidence: certain}}
",
    }
    /// What the evidence of a deduced set leaves open: how many assignments of shapes meet every constraint, and which tiles they agree on.
    DeductionNote => "note::deduction", Note {
        why: "A deduced set says how it was deduced (`provenance.deduction`); the validator \
              counts the assignments of the distribution's shapes to the tiles that meet every \
              constraint, so the remaining uncertainty is a number, and lists each tile's \
              confidence. A note, never an error.",
        bad: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 6
start: {tile: X1}
provenance:
  status: deduced
  deduction:
    source: the publisher's tile list
    distribution: {J: 3, L: 3}
tiles:
  - {id: X1, shape: J, count: 3, deduced: {confidence: medium, alternatives: [L]}}
  - {id: X2, shape: L, count: 3, deduced: {confidence: medium, alternatives: [J]}}
",
        fixed: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 6
start: {tile: X1}
provenance:
  status: verified
  notes: Checked against the printed tiles.
tiles:
  - {id: X1, shape: J, count: 3}
  - {id: X2, shape: L, count: 3}
",
    }
}
