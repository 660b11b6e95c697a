//! The catalogue entries of the checks of one rule set (`ruleset::`), emitted by
//! [`crate::validate`]'s rule set checks.
//!
//! Each entry is a [`crate::diag::Check`] constant, listed by `Check::all()` (see
//! [`crate::diag::checks`]).

crate::diag::checks! {
    /// A rule that acts when a feature is completed names a kind that is never completed.
    NeverCompleted => "ruleset::never_completed", Error {
        why: "Titles (`titles`) pass when a feature of their kind is completed, and collected \
              items (`collecting`) are taken from completed features; a kind with `completion: \
              never` (a field) is never completed, so the rule would never apply: usually the \
              wrong feature kind.",
        bad: "\
name: Carcassonne with a field title
extends: carcassonne.yaml
titles:
  landlord: {feature: field, end_of_game: [{per_completed: 1}]}
",
        fixed: "\
name: Carcassonne with a city title
extends: carcassonne.yaml
titles:
  king: {feature: city, end_of_game: [{per_completed: 1}]}
",
    }
    /// A terrain is listed twice in `terrains`.
    Duplicate => "ruleset::duplicate", Error {
        why: "Each terrain is one name that side profiles and feature kinds refer to; listing \
              it twice is a copy-and-paste slip that hides which list was meant.",
        bad: "\
name: Roads
terrains: [road, field, road]
sides:
  road: [field, road, field]
  field: [field]
features:
  road:
    terrain: road
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 1}]}]
  field: {terrain: field, completion: never}
pieces:
  follower: {supply: 7, roles: [{role: highwayman, feature: road}]}
",
        fixed: "\
name: Roads
terrains: [road, field]
sides:
  road: [field, road, field]
  field: [field]
features:
  road:
    terrain: road
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 1}]}]
  field: {terrain: field, completion: never}
pieces:
  follower: {supply: 7, roles: [{role: highwayman, feature: road}]}
",
    }
    /// A rule set refers to a terrain, feature kind, item, relation, piece kind, stack or option it does not declare.
    RuleSetUnknownName => "ruleset::unknown_name", Error {
        why: "Names in a rule set are declared once (under `terrains`, `features`, `items`, \
              `relations`, `pieces`, `stacks`, `options`) and used elsewhere; a misspelt use \
              would silently score nothing or make a role impossible.",
        bad: "\
name: Roads
terrains: [road, field]
sides:
  road: [field, road, field]
  field: [field]
features:
  road:
    terrain: road
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 1}]}]
  field: {terrain: field, completion: never}
pieces:
  follower: {supply: 7, roles: [{role: highwayman, feature: street}]}
",
        fixed: "\
name: Roads
terrains: [road, field]
sides:
  road: [field, road, field]
  field: [field]
features:
  road:
    terrain: road
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 1}]}]
  field: {terrain: field, completion: never}
pieces:
  follower: {supply: 7, roles: [{role: highwayman, feature: road}]}
",
    }
    /// A role is placed on an aggregate kind, or scored on a kind that does not contain the kind it is placed on.
    RoleScoredOn => "ruleset::role_scored_on", Error {
        why: "A piece stands on a segment, so its role names a feature kind that tiles hold; \
              `scored_on` may only name that kind or an aggregate made of it (a hut on a river \
              scored on its river system). Anything else has no feature to count the piece in.",
        bad: "\
name: Roads
terrains: [road, field]
sides:
  road: [field, road, field]
  field: [field]
features:
  road:
    terrain: road
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 1}]}]
  field: {terrain: field, completion: never}
pieces:
  follower:
    supply: 7
    roles:
      - {role: highwayman, feature: road}
      - {role: farmer, feature: field, scored_on: road}
",
        fixed: "\
name: Roads
terrains: [road, field]
sides:
  road: [field, road, field]
  field: [field]
features:
  road:
    terrain: road
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 1}]}]
  field: {terrain: field, completion: never}
pieces:
  follower:
    supply: 7
    roles:
      - {role: highwayman, feature: road}
      - {role: farmer, feature: field}
",
    }
    /// A side profile is not 0, 1 or 3 parts long.
    SideProfile => "ruleset::side_profile", Error {
        why: "A side is one terrain (one slot, named by the side: `N`), terrain, path, \
              terrain (three slots: `NL`, `N`, `NR`), or no part at all (a wall, which fits \
              against every side: an abbey's); slot names and edge matching are built on \
              that, so other lengths cannot be matched.",
        bad: "\
name: Roads
terrains: [road, field]
sides:
  road: [field, road]
  field: [field]
features:
  road:
    terrain: road
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 1}]}]
  field: {terrain: field, completion: never}
pieces:
  follower: {supply: 7, roles: [{role: highwayman, feature: road}]}
",
        fixed: "\
name: Roads
terrains: [road, field]
sides:
  road: [field, road, field]
  field: [field]
features:
  road:
    terrain: road
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 1}]}]
  field: {terrain: field, completion: never}
pieces:
  follower: {supply: 7, roles: [{role: highwayman, feature: road}]}
",
    }
    /// A rule set (after `extends`) lacks terrains, side kinds, feature kinds or piece kinds.
    RuleSetIncomplete => "ruleset::incomplete", Error {
        why: "Without terrains, side kinds, feature kinds and piece kinds no tile can be defined or scored; a file that adds to a game must say which game with `extends`.",
        bad: "\
name: Inns
items:
  inn: {description: An inn beside a road.}
",
        fixed: "\
name: Inns
extends: carcassonne.yaml
items:
  inn: {description: An inn beside a road.}
",
    }
    /// A relation's `between` names an aggregate feature kind.
    RelationKinds => "ruleset::relation_kinds", Error {
        why: "Links join segments of one tile, and no tile has segments of an aggregate kind (it is made of other kinds), so a relation with an aggregate in `between` can never be used.",
        bad: "\
name: Towns
extends: carcassonne.yaml
relations:
  borders: {between: [field, town]}
features:
  town:
    aggregate: {features: [city, road], via: [touches]}
    completion: never
",
        fixed: "\
name: Towns
extends: carcassonne.yaml
relations:
  borders: {between: [field, city]}
features:
  town:
    aggregate: {features: [city, road], via: [touches]}
    completion: never
",
    }
    /// A relation has `corners: true` but one of its kinds does not lie along sides.
    CornerTerrain => "ruleset::corner_terrain", Error {
        why: "The corner rule applies to segments that claim slots at a tile corner; a kind without a `terrain` (monastery, lake) never claims a slot, so the rule could never apply.",
        bad: "\
name: Monastery fields
extends: carcassonne.yaml
relations:
  faces: {between: [field, monastery], corners: true}
",
        fixed: "\
name: Monastery fields
extends: carcassonne.yaml
relations:
  faces: {between: [field, monastery]}
",
    }
    /// A scoring term counts something its feature kind can never have.
    TermKind => "ruleset::term_kind", Error {
        why: "Such a term silently counts 0 (or something arbitrary): `{features: road}` on a monastery, `neighbours` on a city (whose tiles have different neighbours), `linked` through a relation that does not join this kind to that one.",
        bad: "\
name: Monasteries on roads
extends: carcassonne.yaml
features:
  monastery:
    completion: surrounded
    scoring:
      completed: [{terms: [{count: one, points: 1}, {count: {features: road}, points: 1}]}]
",
        fixed: "\
name: Monasteries on roads
extends: carcassonne.yaml
features:
  monastery:
    completion: surrounded
    scoring:
      completed: [{terms: [{count: one, points: 1}, {count: neighbours, points: 1}]}]
",
    }
    /// A stack's `continues` names a feature kind that cannot meet another tile across a side.
    ContinuesKind => "ruleset::continues_kind", Error {
        why: "A tile of the stack must continue a feature of that kind across a side; a kind with no terrain lies inside its tile and an aggregate has no segments, so no tile of the stack could ever be placed.",
        bad: "\
name: My river variant
extends: river.yaml
stacks:
  river: {order: 1, continues: monastery}
",
        fixed: "\
name: My river variant
extends: river.yaml
stacks:
  river: {order: 1, continues: river}
",
    }
}
