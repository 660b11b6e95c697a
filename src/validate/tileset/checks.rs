//! The catalogue entries of the checks of one tile set (`tileset::`, `note::provenance`),
//! emitted by [`crate::validate`]'s tile set checks; `validate`'s deduction emits unknown
//! names and shapes too, `replay` duplicate ids, and `jcz::advice` rewrites the help of
//! several in XML terms.
//!
//! Each entry is a [`crate::diag::Check`] constant, listed by `Check::all()` (see
//! [`crate::diag::checks`]).

crate::diag::checks! {
    /// A tile set refers to a side kind, feature kind, item, relation, decoration, stack or piece kind its rule set does not declare.
    TileSetUnknownName => "tileset::unknown_name", Error {
        why: "A tile set is written in the vocabulary of its rule set; a name the rule set does \
              not declare (often a word from another tool or edition: `town`, `farm`, `shield`) \
              leaves the segment, side or item without meaning.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N], items: {shield: 1}}
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
      - {id: city, feature: city, at: [N], items: {pennant: 1}}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A segment is of an aggregate feature kind, which no tile holds.
    AggregateSegment => "tileset::aggregate_segment", Error {
        why: "An aggregate kind (a river system) is made of other kinds joined by relations; it \
              has no segments of its own. A segment must be one of the kinds it is made of.",
        bad: "\
name: My rivers
ruleset: ../rulesets/hunters-gatherers.yaml
total: 1
start: {tile: R1}
tiles:
  - id: R1
    sides: {N: grassland, E: river, S: grassland, W: river}
    segments:
      - {id: river, feature: river_system, at: [E, W]}
      - {id: north, feature: grassland, at: [WR, N, EL]}
      - {id: south, feature: grassland, at: [ER, S, WL]}
",
        fixed: "\
name: My rivers
ruleset: ../rulesets/hunters-gatherers.yaml
total: 1
start: {tile: R1}
tiles:
  - id: R1
    sides: {N: grassland, E: river, S: grassland, W: river}
    segments:
      - {id: river, feature: river, at: [E, W]}
      - {id: north, feature: grassland, at: [WR, N, EL]}
      - {id: south, feature: grassland, at: [ER, S, WL]}
",
    }
    /// `shape:` names no tile of the `shapes_from` set, or the set has no `shapes_from`.
    UnknownShape => "tileset::unknown_shape", Error {
        why: "A tile written as `shape: Q` takes its sides and segments from tile Q of the set \
              named by `shapes_from`; without that set, or without that tile in it, the tile \
              has no shape.",
        bad: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 5
start: {tile: D}
tiles:
  - {id: D, shape: D, count: 4}
  - {id: Q, shape: Q9}
",
        fixed: "\
name: My reprint
ruleset: ../rulesets/carcassonne.yaml
shapes_from: base.yaml
total: 5
start: {tile: D}
tiles:
  - {id: D, shape: D, count: 4}
  - {id: Q, shape: Q}
",
    }
    /// Two tile definitions share an id (in one set, or a position's own tile and its set).
    DuplicateId => "tileset::duplicate_id", Error {
        why: "Positions name tiles by id, so an id must name one definition; copies of one \
              tile are written once with a `count`.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: E}
tiles:
  - id: E
    count: 2
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// Two segments of one tile share an id.
    DuplicateSegment => "tileset::duplicate_segment", Error {
        why: "Links and inner-segment piece addresses name segments by id; two segments with \
              one id make those references ambiguous.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field, feature: field, at: [ER, S, WL]}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
",
    }
    /// The declared total differs from the sum of the counts.
    CountMismatch => "tileset::count_mismatch", Error {
        why: "`total` is the number of tiles in the box, written separately so that a wrong \
              `count` (a copy missing or one too many) shows up; the game ends when the pile \
              is empty, so counts change scores.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 4
start: {tile: E}
tiles:
  - id: E
    count: 3
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 3
start: {tile: E}
tiles:
  - id: E
    count: 3
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A tile has neither `shape` nor `sides`, or both `shape` and its own sides or segments.
    TileShape => "tileset::tile_shape", Error {
        why: "A tile's shape is written one way: its own `sides` and `segments`, or `shape:` \
              reusing a tile of the `shapes_from` set. With neither the tile has no sides to \
              match; with both it is unclear which one counts.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
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
    /// A tile has more segments than tessera can hold (254).
    TooManySegments => "tileset::too_many_segments", Error {
        why: "Segments are numbered in one byte per tile; a tile with 255 or more segments \
              (a generated file gone wrong) cannot be compiled.",
        bad: "\
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:             # 255 segments or more
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
      - {id: m1, feature: monastery}
      - {id: m2, feature: monastery}
      # ... m3 to m253
",
        fixed: "\
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A segment claims a slot name that does not exist on that side.
    UnknownSlot => "tileset::unknown_slot", Error {
        why: "Slots are named by the side's profile: a one-part side (city, field) has one slot \
              named by the side (`E`), a three-part side (road) has `EL`, `E`, `ER`. A name that \
              is not a slot of that side claims nothing.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [EL, ER, S, W], links: {touches: [city]}}
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
    /// A slot of a tile is claimed by no segment.
    SlotClaim => "tileset::slot_claim", Error {
        why: "Features are built by joining the segments that claim matching slots of \
              neighbouring tiles; an unclaimed slot cuts a feature in two (a field that scores \
              too little, a city that never completes).",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S], links: {touches: [city]}}
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
    /// A slot is claimed by two segments of one tile.
    SlotClaimedTwice => "tileset::slot_claimed_twice", Error {
        why: "A slot belongs to exactly one segment; claimed twice, the feature it joins on the \
              neighbouring tile would belong to two features at once.",
        bad: "\
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
      - {id: south, feature: field, at: [S]}
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
    /// A segment shares a slot that is not another segment's of its terrain, or shared twice.
    SharedSlot => "tileset::shared_slot", Error {
        why: "`shares` lets a second segment reach a slot another segment claims, where nothing \
              divides them on the side (Hills and Sheep's two cities on one side, a field side \
              divided by a wall drawn on the tile): both meet what lies across. The slot must be \
              a slot of the tile, claimed (`at`) by another segment of the same terrain, and \
              shared by one segment only.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: CC}
tiles:
  - id: CC
    sides: {N: city, E: city, S: field, W: city}
    segments:
      - {id: city1, feature: city, at: [N, W]}
      - {id: city2, feature: city, at: [E], shares: [S]}
      - {id: field, feature: field, at: [S], links: {touches: [city1, city2]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: CC}
tiles:
  - id: CC
    sides: {N: city, E: city, S: field, W: city}
    segments:
      - {id: city1, feature: city, at: [N, W]}
      - {id: city2, feature: city, at: [E], shares: [N]}
      - {id: field, feature: field, at: [S], links: {touches: [city1, city2]}}
",
    }
    /// A side kind and the segments that claim its slots disagree.
    SideMismatch => "tileset::side_mismatch", Error {
        why: "The side kinds say what a neighbour must match; the segments say which feature \
              each slot belongs to. A road segment on a city side means one of the two is \
              wrong, and tiles would fit where their features do not. When the claims on a \
              side fit another side kind exactly (a side written `field` whose segments \
              claim `EL`, `E`, `ER` as field, road, field), the side kind is what is wrong: \
              the finding is then one, at the side, naming the kind to write.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: road, at: [N]}
      - {id: field, feature: field, at: [E, S, W]}
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
    /// A segment of a kind that lies inside the tile (no terrain) claims side slots.
    InnerClaimsSlot => "tileset::inner_claims_slot", Error {
        why: "A feature kind without a terrain (a monastery) lies inside its tile and touches \
              no side; the slots it claims are then missing from the feature that really \
              reaches that side.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: B}
tiles:
  - id: B
    sides: {N: field, E: field, S: field, W: field}
    segments:
      - {id: monastery, feature: monastery, at: [N]}
      - {id: field, feature: field, at: [E, S, W]}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: B}
tiles:
  - id: B
    sides: {N: field, E: field, S: field, W: field}
    segments:
      - {id: monastery, feature: monastery}
      - {id: field, feature: field, at: [N, E, S, W]}
",
    }
    /// A link or a junction names a segment the tile does not have.
    UnknownSegment => "tileset::unknown_segment", Error {
        why: "Links (a field touching a city, a river flowing into a lake) and junctions (a \
              road running into a monastery) join segments of the same tile by id; a link to a \
              missing id is lost, and the farmers or fishers that count through it score too \
              little; a junction member that is missing is a meeting lost.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [castle]}}
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
    /// `copies` does not list one entry per copy.
    CopiesMismatch => "tileset::copies_mismatch", Error {
        why: "`copies` describes each physical copy of a tile (its decorations) in turn; a list \
              of another length than `count` leaves copies undescribed or describes copies that \
              do not exist.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: E}
tiles:
  - id: E
    count: 2
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
    copies:
      - {decorations: [Garden]}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: E}
tiles:
  - id: E
    count: 2
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
    copies:
      - {decorations: [Garden]}
      - {}
",
    }
    /// The start tile is not a tile of the set.
    StartTile => "tileset::start_tile", Error {
        why: "Every game starts with the start tile at (0, 0); a start tile that is not in the \
              set leaves positions without a board to build on.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
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
    /// The start tile's `copy` is not one of its copies.
    StartCopy => "tileset::start_copy", Error {
        why: "`start: {tile, copy}` says which copy of the start tile (numbered from 1, in the \
              order of `copies`) is laid first; a number beyond `count` names no copy.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: E, copy: 3}
tiles:
  - id: E
    count: 2
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: E, copy: 2}
tiles:
  - id: E
    count: 2
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A tile set gives no start tile, and neither does any set it includes.
    NoStartTile => "tileset::no_start", Error {
        why: "Every game begins with one tile on the board; a set (or a composition) needs to say which.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
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
    /// A tile set defines tiles of its own but gives no `total`.
    NoTotal => "tileset::no_total", Error {
        why: "The declared total is checked against the counts; it is the cheapest guard against a count typed wrong when transcribing a box.",
        bad: "\
name: My expansion with the base game
include: [base.yaml]
tiles:
  - id: T9
    count: 2
    sides: {N: field, E: field, S: field, W: field}
    segments:
      - {id: field, feature: field, at: [N, E, S, W]}
",
        fixed: "\
name: My expansion with the base game
include: [base.yaml]
total: 2
tiles:
  - id: T9
    count: 2
    sides: {N: field, E: field, S: field, W: field}
    segments:
      - {id: field, feature: field, at: [N, E, S, W]}
",
    }
    /// Two segments meet at a tile corner where the rule set's corner rule implies a link, but the tile does not list it.
    MissingLink => "tileset::missing_link", Error {
        why: "A relation with `corners: true` (base game: a field touches the city it meets at a corner) is what scoring reads: a field that does not list a city it touches scores no farmer points for it. This is the commonest defect of real tile data.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W]}
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
    /// A link joins segments of other feature kinds than its relation's `between`, or is written the other way round.
    LinkKinds => "tileset::link_kinds", Error {
        why: "A relation joins two declared kinds (`touches: {between: [field, city]}`); scoring looks for linked features of those kinds only, so a field linked to a road, or a link written on the city instead of the field, is a data mistake that changes nothing or the wrong thing.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: U}
tiles:
  - id: U
    sides: {N: road, E: field, S: road, W: field}
    segments:
      - {id: road, feature: road, at: [N, S]}
      - {id: east, feature: field, at: [NR, E, SL], links: {touches: [road]}}
      - {id: west, feature: field, at: [SR, W, NL]}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: U}
tiles:
  - id: U
    sides: {N: road, E: field, S: road, W: field}
    segments:
      - {id: road, feature: road, at: [N, S]}
      - {id: east, feature: field, at: [NR, E, SL]}
      - {id: west, feature: field, at: [SR, W, NL]}
",
    }
    /// A link joins two segments that a third segment of the tile keeps apart.
    LinkSeparated => "tileset::link_separated", Error {
        why: "Each segment is one connected part of its tile, reaching the edge at its slots. The slots of a segment cut the edge into arcs, and the tile into as many parts: two other segments whose slots lie along different arcs of it cannot touch, whatever the picture (a road from side to side keeps the fields on its two banks apart; on a city cap with a straight road, the field beyond the road never reaches the city). A link between such segments is a slip, a wrong segment id or a link copied from another tile, and scoring follows it: the farmers of that field score a city their field never reaches. Segments that meet along the edge (a slot of one next to a slot of the other, along a side or at a corner) are never apart, nor are segments that only the interior can join (a field between three city caps touches all three); the corner rule (`tileset::missing_link`) is the converse check. A segment that claims no slot lies inside the tile and may touch anything: its links are not judged.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
",
    }
    /// A segment carries an item that no rule of the rule set reads on its feature kind.
    ItemUnread => "tileset::item_unread", Warning {
        why: "Items count only where a rule reads them: a scoring term `{count: {item: X}}` or `cancelled_by: X`, a `when: {items: ..}` or `{items_at_least: ..}` condition or an `area: {around: X}` of the feature kind's scoring (an aggregate's rules read its member kinds), a `{linked: {feature: K, item: X}}` term (X on kind K), an effect's `when_placed` (on its `feature`; on any kind when it lets a piece be returned), a bonus turn's `with_item` and a token supply's `per_item`. An item on a segment of any other kind (a pennant on a road) is accepted and never scored; it is usually on the wrong segment of the tile. A warning: a rule set that deliberately ignores an item (a variant without pennants) can `--allow` it.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W], items: {pennant: 1}}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N], items: {pennant: 1}}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
",
    }
    /// An `apart` entry names a segment the segment does not meet at a corner under a corner relation.
    ApartUnused => "tileset::apart_unused", Error {
        why: "`apart` exists only to say that two segments meeting at a tile corner are separated there (a wall); naming a segment that is not met at a corner, or a relation without `corners: true`, means nothing and usually hides a wrong segment id.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL], apart: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
",
    }
    /// A segment says it is apart from a segment it also links to.
    ApartLinked => "tileset::apart_linked", Error {
        why: "`links` says the two segments are in the relation and `apart` says they are not; scoring follows the link, so one of the two is wrong.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}, apart: {touches: [city]}}
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
    /// A junction names fewer than two distinct segments of its tile.
    LoneJunction => "tileset::lone_junction", Warning {
        why: "A junction says where features meet on a tile (a road running into a monastery: `[monastery, road]`); one that names a single segment, however often, joins nothing, so the meeting it was meant to record is lost (the first edition's wagon would not move along it): usually a segment written twice for two.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: A}
tiles:
  - id: A
    sides: {N: field, E: field, S: road, W: field}
    segments:
      - {id: monastery, feature: monastery}
      - {id: road, feature: road, at: [S]}
      - {id: field, feature: field, at: [N, E, SL, SR, W]}
    junctions:
      - [road, road]
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: A}
tiles:
  - id: A
    sides: {N: field, E: field, S: road, W: field}
    segments:
      - {id: monastery, feature: monastery}
      - {id: road, feature: road, at: [S]}
      - {id: field, feature: field, at: [N, E, SL, SR, W]}
    junctions:
      - [monastery, road]
",
    }
    /// A tile has `count: 0`.
    ZeroCount => "tileset::zero_count", Warning {
        why: "A tile with no copies can never be drawn or placed; it is usually a typo or a tile left over from another edition (use `exclude` when including a set, or delete the tile).",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
  - id: E
    count: 0
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: D}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A segment of a kind that lies along sides (has a terrain) claims no slot and links to nothing.
    NoSlots => "tileset::no_slots", Error {
        why: "A segment of a kind with a terrain (city, road, field) exists only through the slots it claims: with `at: []` or no `at`, and no links, it touches no side and joins nothing, so it is a segment that was not finished. A segment that links to others is allowed without slots: a field enclosed between city caps (JCloisterZone's INNER_FARM) reaches no edge but touches its cities, and pieces address it by its id.",
        bad: "\
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
      - {id: road, feature: road, at: []}
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
    /// A tile set's contents are not verified (deduced, reconstructed or imported data).
    Provenance => "note::provenance", Note {
        why: "`provenance.status: deduced`, `reconstructed` or `imported` says the tiles were \
              not checked against the physical tiles, so scores computed with them may differ \
              from the real game. A note, never an error: the data is usable, just not \
              confirmed.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
provenance: {status: deduced, notes: Shapes read off a low-resolution photo.}
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
provenance: {status: verified, notes: Checked against the printed tiles.}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A tile count or an item amount is beyond the limits tessera accepts.
    OutOfRange => "tileset::out_of_range", Error {
        why: "Counts and amounts have limits far above any real game (10,000 copies of one tile, \
              1,000 items of one kind on a segment: `tessera schema` states every limit, and in \
              a YAML file a value beyond one is `schema::invalid`). A larger value is a typo or a \
              hostile file; used as it is, sums would wrap around or memory run out. This check \
              applies the same limits where no schema is read: JCloisterZone XML.",
        bad: "\
<pack>
  <tile id=\"X/C\" count=\"4294967295\">
    <city pennant=\"yes\">N</city>
    <farm city=\"N\">EL ER SL SR WL WR</farm>
  </tile>
</pack>
",
        fixed: "\
<pack>
  <tile id=\"X/C\" count=\"2\">
    <city pennant=\"yes\">N</city>
    <farm city=\"N\">EL ER SL SR WL WR</farm>
  </tile>
</pack>
",
    }
    /// The start tile has no copies (`count: 0`, or an include's `counts` override of 0).
    StartNoCopy => "tileset::start_no_copy", Error {
        why: "The start tile is one of the copies of its tile, laid at x 0, y 0 before the first \
              turn. With no copy there is nothing to lay, and no game with this set can start.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
  - id: E
    count: 0
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: E}
tiles:
  - id: D
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
}
