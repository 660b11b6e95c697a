//! JCloisterZone saved games (`.jcz`): the JSON replays written by JCloisterZone 4.x and
//! 5.x and by FanCloisterZone 6.x, turned into a tessera position (a turn log) that
//! replays to the same points.
//!
//! A save names its sets (`setup.sets`, `basic:1`; 4.x: `setup.expansions`, `BASIC`), its
//! elements (`setup.elements`: followers, farmers, ...), its rule switches
//! (`setup.rules`), the start tile (`setup.start`; before 6.x JCloisterZone's base-game
//! start, `BA/RCr` at 0, 0) and its actions (`replay`): `PLACE_TILE` (tile id, rotation
//! `R0`..`R270`, position [x, y], y south as in tessera), `DEPLOY_MEEPLE` (a location
//! in board orientation: `NL.NR.EL.WR` for a field's half-sides, `NS` for a road's sides,
//! `I` for a monastery), `PASS`, `COMMIT` (the turn ends) and `UNDO`. Tiles keep
//! JCloisterZone's ids and orientation, so they are played from tile sets imported from
//! its XML (`tilesets/base-jcz.yaml`). The game is over when its last turn is committed
//! and it is the save's last (`gameAnnotations.endTurn`, 5.x and 6.x), or the draw order
//! reached its `#END` (4.x), or at a `GAME_OVER` action; the position then says `ended:
//! true`, and end-of-game scoring applies. A draw order without `#END` only fixes the first
//! tiles drawn: JCloisterZone draws at random after it (`ForcedDrawTilePack`), and the
//! peers' tests assert `TilePhase` there.
//!
//! What tessera does not play yet (a set, an element, a rule switch, an action) refuses
//! the save with the list of what is missing, each at its place in the JSON
//! (`jcz::save_unsupported`), never a game scored wrong. Format facts:
//! github.com/farin/JCloisterZone (`src/main/java/com/jcloisterzone/game/save/`) and
//! JCloisterZone's own saved games (`src/test/resources/saved-games/`, MIT).

use serde_json::Value;

use std::path::Path;

use crate::diag::{Check, Failure, Finding, SourceFile};

/// A set of a save that tessera plays: its bundled tile set, the rule set it needs, the
/// elements it brings and the pieces they are.
struct SetMapping {
    /// The set's ids: in a 5.x/6.x save (`basic:1`; the first is the one named in
    /// messages) and in a 4.x save (`BASIC`).
    ids: &'static [&'static str],
    /// The bundled tile set (`bundled:` path) holding its tiles with JCloisterZone's ids.
    tileset: &'static str,
    /// The bundled rule set it is played under, when not the base game's (the tile
    /// set's own).
    ruleset: Option<&'static str>,
    /// Its elements that give a number of pieces per player (`setup.elements`): (name,
    /// the rule set's piece kind, the number its tile set gives). Another number is
    /// played as the position's `supply:`.
    piece_counts: &'static [(&'static str, &'static str, u32)],
    /// Its elements that switch rules on and off (`true` / `false`, absent: off in a
    /// save that lists elements), with the rule-set options they set.
    switches: &'static [(&'static str, &'static [&'static str])],
    /// Its rule switches (`setup.rules`) tessera plays: (name, value, the rule-set
    /// options that value turns on or off).
    rules: &'static [RuleSwitch],
    /// Its pieces: JCloisterZone's meeple type (`small` in `0.small.1`) and the rule set's
    /// piece kind (`None`: the rule set's first kind, written as an address alone).
    pieces: &'static [(&'static str, Option<&'static str>)],
    /// The elements ([`ELEMENTS`]) a 4.x save, which lists none, plays with the set: all
    /// of the expansion's (JCloisterZone 4.4's `Expansion` brought its capabilities).
    legacy_elements: &'static [&'static str],
}

/// A rule switch's value tessera plays: (name, value, the rule-set options it turns on
/// or off).
type RuleSwitch = (&'static str, &'static str, &'static [(&'static str, bool)]);

/// Bridges, Castles and Bazaars' elements that switch rules: its bridges and castles, and
/// the inns of two of its tiles (JCloisterZone's `road[inn]` modifier needs `inn`).
const BCB_SWITCHES: &[(&str, &[&str])] = &[
    ("bridge", &["bridge"]),
    ("castle", &["castle"]),
    ("inn", &["inns", "inns_spoil_incomplete"]),
];

/// The siege's elements: its scoring, and the escape.
const SIEGE_SWITCHES: &[(&str, &[&str])] = &[("siege", &["siege"]), ("escape", &["escape"])];

/// The escape's rule switch (JCloisterZone spells it `espace-variant`): next to any tile
/// of the besieged city, or to one of its siege tiles.
const SIEGE_RULES: &[RuleSwitch] = &[
    ("espace-variant", "any-tile", &[]),
    (
        "espace-variant",
        "siege-tile",
        &[("escape_next_to_siege_tile", true)],
    ),
];

/// The sets tessera plays, with their tile sets.
const SETS: &[SetMapping] = &[
    SetMapping {
        ids: &["basic:1", "BASIC"],
        tileset: "bundled:tilesets/base-jcz.yaml",
        ruleset: None,
        piece_counts: &[("small-follower", "follower", 7)],
        switches: &[],
        rules: &[],
        pieces: &[("small", None)],
        legacy_elements: &[],
    },
    // The base game's second edition: 8 of its tiles show a garden, a feature only with
    // the abbot's rule set (without the element `abbot`, no one has an abbot).
    SetMapping {
        ids: &["basic:2"],
        tileset: "bundled:tilesets/base-jcz-2.yaml",
        ruleset: Some("bundled:rulesets/abbot.yaml"),
        piece_counts: &[("small-follower", "follower", 7)],
        switches: &[],
        rules: &[],
        pieces: &[("small", None)],
        legacy_elements: &[],
    },
    SetMapping {
        ids: &["inns-and-cathedrals:1", "INNS_AND_CATHEDRALS"],
        tileset: "bundled:tilesets/inns-cathedrals-1.yaml",
        ruleset: Some("bundled:rulesets/inns-cathedrals.yaml"),
        piece_counts: &[("big-follower", "large_follower", 1)],
        switches: &[
            ("inn", &["inns", "inns_spoil_incomplete"]),
            ("cathedral", &["cathedrals", "cathedrals_spoil_incomplete"]),
        ],
        rules: &[(
            "inn-and-cathedral-final-scoring",
            "ignore",
            &[
                ("inns_spoil_incomplete", false),
                ("cathedrals_spoil_incomplete", false),
            ],
        )],
        pieces: &[("big", Some("large_follower"))],
        legacy_elements: &[],
    },
    // The River's first edition; its reprint (`river/1:2`) has a garden drawn on one
    // tile, which is a garden only with the abbot's element.
    SetMapping {
        ids: &["river/1:1", "RIVER"],
        tileset: "bundled:tilesets/river-1.yaml",
        ruleset: Some("bundled:rulesets/river.yaml"),
        piece_counts: &[],
        switches: &[],
        rules: &[],
        pieces: &[],
        legacy_elements: &[],
    },
    // Traders and Builders: its elements `traders`, `builder` and `pig` are played by
    // the rule set that has them all, switched off one by one when the save leaves them
    // out.
    SetMapping {
        ids: &["traders-and-builders:1", "TRADERS_AND_BUILDERS"],
        tileset: "bundled:tilesets/traders-builders-1.yaml",
        ruleset: Some("bundled:rulesets/traders-builders.yaml"),
        piece_counts: &[],
        switches: &[],
        rules: &[],
        pieces: &[],
        legacy_elements: &["traders", "builder", "pig"],
    },
    // King and Robber: the King and the Robber Baron (elements `king` and `robber`), its
    // scoring variants as options.
    SetMapping {
        ids: &["king-and-robber:1", "KING_AND_ROBBER"],
        tileset: "bundled:tilesets/king-robber-1.yaml",
        ruleset: Some("bundled:rulesets/king-robber.yaml"),
        piece_counts: &[],
        switches: &[("king", &["king"]), ("robber", &["robber"])],
        rules: &[
            ("king-and-robber-scoring", "default", &[]),
            (
                "king-and-robber-scoring",
                "10/20",
                &[("titles_10_20", true)],
            ),
            (
                "king-and-robber-scoring",
                "15/40",
                &[("titles_15_40", true)],
            ),
            (
                "king-and-robber-scoring",
                "continuously",
                &[("titles_during_play", true)],
            ),
        ],
        pieces: &[],
        legacy_elements: &[],
    },
    // Hills and Sheep: hills, vineyards and the shepherd are elements (below), the hill
    // tie-break's count an option. Two of its tile definitions (four copies) have sides
    // that two segments reach (two cities on one side, a field side divided by a wall):
    // are shared slots (`shares`).
    SetMapping {
        ids: &["hills-and-sheep:1", "HILLS_AND_SHEEP"],
        tileset: "bundled:tilesets/hills-sheep-1.yaml",
        ruleset: Some("bundled:rulesets/hills-sheep.yaml"),
        piece_counts: &[],
        switches: &[],
        rules: &[
            ("hill-tiebreaker", "at-least-one-follower", &[]),
            (
                "hill-tiebreaker",
                "number-of-followers",
                &[("hill_follower_count", true)],
            ),
        ],
        pieces: &[],
        legacy_elements: &["shepherd", "hill", "vineyard"],
    },
    // Its second edition's set: a hill tile shows a garden, a feature of the abbot's rule
    // set, so the set is played under the rule set that has both; JCloisterZone's
    // variant that gives gardens the vineyards' bonus is an option there.
    SetMapping {
        ids: &["hills-and-sheep:2"],
        tileset: "bundled:tilesets/hills-sheep-2.yaml",
        ruleset: Some("bundled:rulesets/big-box.yaml"),
        piece_counts: &[],
        switches: &[],
        rules: &[
            ("hill-tiebreaker", "at-least-one-follower", &[]),
            (
                "hill-tiebreaker",
                "number-of-followers",
                &[("hill_follower_count", true)],
            ),
            (
                "vineyards-for-garden",
                "true",
                &[("vineyards_for_gardens", true)],
            ),
            ("vineyards-for-garden", "false", &[]),
        ],
        pieces: &[],
        legacy_elements: &["shepherd", "hill", "vineyard"],
    },
    // Abbey and Mayor: the abbey, the mayor, the barn and the wagon are elements (below).
    SetMapping {
        ids: &["abbey-and-mayor:1", "ABBEY_AND_MAYOR"],
        tileset: "bundled:tilesets/abbey-mayor-1.yaml",
        ruleset: Some("bundled:rulesets/abbey-mayor.yaml"),
        piece_counts: &[],
        switches: &[],
        rules: &[],
        pieces: &[],
        legacy_elements: &["abbey", "mayor", "barn", "wagon"],
    },
    // Its second edition's set: a tile shows a garden (the abbot's rule set).
    SetMapping {
        ids: &["abbey-and-mayor:2"],
        tileset: "bundled:tilesets/abbey-mayor-2.yaml",
        ruleset: Some("bundled:rulesets/big-box.yaml"),
        piece_counts: &[],
        switches: &[],
        rules: &[],
        pieces: &[],
        legacy_elements: &["abbey", "mayor", "barn", "wagon"],
    },
    // The Princess and the Dragon: the fairy and the magic portal are elements (below); its
    // volcanoes, dragons and princesses are ordinary tiles while those are not played.
    SetMapping {
        ids: &["princess-and-dragon:1", "PRINCESS_AND_DRAGON"],
        tileset: "bundled:tilesets/princess-dragon-1.yaml",
        ruleset: Some("bundled:rulesets/princess-dragon.yaml"),
        piece_counts: &[],
        switches: &[],
        rules: &[],
        pieces: &[],
        legacy_elements: &["fairy", "portal", "princess", "dragon"],
    },
    // The Cathars and The Besiegers: the siege's scoring and the escape are elements
    // (`siege`, `escape`) that switch options, the escape's two rules a rule switch.
    SetMapping {
        ids: &["siege/cathars"],
        tileset: "bundled:tilesets/siege-cathars.yaml",
        ruleset: Some("bundled:rulesets/siege.yaml"),
        piece_counts: &[],
        switches: SIEGE_SWITCHES,
        rules: SIEGE_RULES,
        pieces: &[],
        legacy_elements: &[],
    },
    SetMapping {
        ids: &["siege/besiegers"],
        tileset: "bundled:tilesets/siege-besiegers.yaml",
        ruleset: Some("bundled:rulesets/siege.yaml"),
        piece_counts: &[],
        switches: SIEGE_SWITCHES,
        rules: SIEGE_RULES,
        pieces: &[],
        legacy_elements: &[],
    },
    // The Tower: towers are built while the element `tower` is on (its value, the floors
    // per player, follows the number of players in JCloisterZone as in the rule set).
    SetMapping {
        ids: &["tower:1", "TOWER"],
        tileset: "bundled:tilesets/tower-1.yaml",
        ruleset: Some("bundled:rulesets/tower.yaml"),
        piece_counts: &[],
        switches: &[("tower", &["tower"])],
        rules: &[],
        pieces: &[],
        legacy_elements: &[],
    },
    // Bridges, Castles and Bazaars: bridges and castles are elements; the inns of two of
    // its tiles count only with the element `inn` (JCloisterZone's `road[inn]` modifier).
    // Its bazaars are not played yet (the element `bazaar` is left out).
    SetMapping {
        ids: &[
            "bridges-castles-and-bazaars:1",
            "BRIDGES_CASTLES_AND_BAZAARS",
        ],
        tileset: "bundled:tilesets/bridges-castles-bazaars-1.yaml",
        ruleset: Some("bundled:rulesets/bridges-castles-bazaars.yaml"),
        piece_counts: &[],
        switches: BCB_SWITCHES,
        rules: &[],
        pieces: &[],
        legacy_elements: &["bridge", "castle"],
    },
    SetMapping {
        ids: &["bridges-castles-and-bazaars:2"],
        tileset: "bundled:tilesets/bridges-castles-bazaars-2.yaml",
        ruleset: Some("bundled:rulesets/bridges-castles-bazaars.yaml"),
        piece_counts: &[],
        switches: BCB_SWITCHES,
        rules: &[],
        pieces: &[],
        legacy_elements: &[],
    },
    // Its second edition's set: two tiles show a garden (the abbot's rule set).
    SetMapping {
        ids: &["tower:2"],
        tileset: "bundled:tilesets/tower-2.yaml",
        ruleset: Some("bundled:rulesets/tower-2.yaml"),
        piece_counts: &[],
        switches: &[("tower", &["tower"])],
        rules: &[],
        pieces: &[],
        legacy_elements: &[],
    },
    // Its second edition's set: two tiles show a garden (the abbot's rule set).
    SetMapping {
        ids: &["princess-and-dragon:2"],
        tileset: "bundled:tilesets/princess-dragon-2.yaml",
        ruleset: Some("bundled:rulesets/princess-dragon-2.yaml"),
        piece_counts: &[],
        switches: &[],
        rules: &[],
        pieces: &[],
        legacy_elements: &["fairy", "portal", "princess", "dragon"],
    },
    SetMapping {
        ids: &["river/1:2"],
        tileset: "bundled:tilesets/river.yaml",
        ruleset: Some("bundled:rulesets/river.yaml"),
        piece_counts: &[],
        switches: &[],
        rules: &[],
        pieces: &[],
        legacy_elements: &[],
    },
];

/// An element of a save (`setup.elements`) that brings a rule set of its own: a piece
/// switched on alone, as JCloisterZone allows, played with the sets' tiles.
struct ElementMapping {
    /// The element's name (`pig`); its value is the number of pieces per player (0: off),
    /// or, for an element that is not a piece, `true` / `false` (or a number, 0: off).
    name: &'static str,
    /// The bundled rule set that has it.
    ruleset: &'static str,
    /// JCloisterZone's meeple type (`pig` in `0.pig.1`) and the rule set's piece kind;
    /// `None` for an element that is not a piece (gardens). Where its rule set is played
    /// and the element is off, the players have none of the piece.
    piece: Option<(&'static str, &'static str)>,
    /// The number of pieces per player the rule set gives.
    count: u32,
    /// The rule-set option the element switches (on when the element is, off when its
    /// rule set is played without it), if any.
    option: Option<&'static str>,
    /// The bundled tile set its tiles come in (the abbey), played after the sets'.
    tileset: Option<&'static str>,
    /// Its rule switches (`setup.rules`) tessera plays, as a set's ([`SetMapping::rules`]).
    rules: &'static [RuleSwitch],
}

/// The elements with a rule set of their own.
const ELEMENTS: &[ElementMapping] = &[
    ElementMapping {
        name: "pig",
        ruleset: "bundled:rulesets/pig.yaml",
        piece: Some(("pig", "pig")),
        count: 1,
        option: None,
        tileset: None,
        rules: &[],
    },
    ElementMapping {
        name: "builder",
        ruleset: "bundled:rulesets/builder.yaml",
        piece: Some(("builder", "builder")),
        count: 1,
        option: None,
        tileset: None,
        rules: &[],
    },
    ElementMapping {
        name: "traders",
        ruleset: "bundled:rulesets/trade-goods.yaml",
        piece: None,
        count: 1,
        option: Some("trade_goods"),
        tileset: None,
        rules: &[],
    },
    ElementMapping {
        name: "abbot",
        ruleset: "bundled:rulesets/abbot.yaml",
        piece: Some(("abbot", "abbot")),
        count: 1,
        option: None,
        tileset: None,
        rules: &[],
    },
    ElementMapping {
        name: "shepherd",
        ruleset: "bundled:rulesets/hills-sheep.yaml",
        piece: Some(("shepherd", "shepherd")),
        count: 1,
        option: None,
        tileset: None,
        rules: &[],
    },
    ElementMapping {
        name: "hill",
        ruleset: "bundled:rulesets/hills-sheep.yaml",
        piece: None,
        count: 1,
        option: Some("hills"),
        tileset: None,
        rules: &[],
    },
    ElementMapping {
        name: "vineyard",
        ruleset: "bundled:rulesets/hills-sheep.yaml",
        piece: None,
        count: 1,
        option: Some("vineyards"),
        tileset: None,
        rules: &[],
    },
    ElementMapping {
        name: "abbey",
        ruleset: "bundled:rulesets/abbey.yaml",
        piece: None,
        count: 1,
        option: None,
        tileset: Some("bundled:tilesets/abbey.yaml"),
        rules: &[],
    },
    ElementMapping {
        name: "mayor",
        ruleset: "bundled:rulesets/mayor.yaml",
        piece: Some(("mayor", "mayor")),
        count: 1,
        option: None,
        tileset: None,
        rules: &[],
    },
    ElementMapping {
        name: "barn",
        ruleset: "bundled:rulesets/barn.yaml",
        piece: Some(("barn", "barn")),
        count: 1,
        option: None,
        tileset: None,
        rules: &[
            ("barn-placement", "not-occupied", &[]),
            ("barn-placement", "occupied", &[("barns_share", true)]),
        ],
    },
    ElementMapping {
        name: "wagon",
        ruleset: "bundled:rulesets/wagon.yaml",
        piece: Some(("wagon", "wagon")),
        count: 1,
        option: None,
        tileset: None,
        rules: &[
            ("wagon-move", "C2", &[]),
            ("wagon-move", "C1", &[("wagon_first_edition", true)]),
        ],
    },
    // The fairy: moved next to a follower (`next-follower`, the default), or onto a tile
    // (`on-tile`, the publishers' first editions).
    ElementMapping {
        name: "fairy",
        ruleset: "bundled:rulesets/fairy.yaml",
        piece: None,
        count: 1,
        option: Some("fairy"),
        tileset: None,
        rules: &[
            ("fairy-placement", "next-follower", &[]),
            ("fairy-placement", "on-tile", &[("fairy_on_tile", true)]),
        ],
    },
    ElementMapping {
        name: "portal",
        ruleset: "bundled:rulesets/portal.yaml",
        piece: None,
        count: 1,
        option: Some("magic_portal"),
        tileset: None,
        rules: &[],
    },
    ElementMapping {
        name: "princess",
        ruleset: "bundled:rulesets/princess.yaml",
        piece: None,
        count: 1,
        option: Some("princess"),
        tileset: None,
        rules: &[
            ("princess-action", "may", &[]),
            ("princess-action", "must", &[("princess_must", true)]),
        ],
    },
    // The dragon, with its volcanoes: moved before the turn's scoring (`before-scoring`,
    // the default) or after it.
    ElementMapping {
        name: "dragon",
        ruleset: "bundled:rulesets/dragon.yaml",
        piece: None,
        count: 1,
        option: Some("dragon"),
        tileset: None,
        rules: &[
            ("dragon-move", "before-scoring", &[]),
            (
                "dragon-move",
                "after-scoring",
                &[("dragon_after_scoring", true)],
            ),
        ],
    },
    // The Phantom: a second follower placed besides the turn's action.
    ElementMapping {
        name: "phantom",
        ruleset: "bundled:rulesets/phantom.yaml",
        piece: Some(("phantom", "phantom")),
        count: 1,
        option: Some("phantom"),
        tileset: None,
        rules: &[],
    },
    // Bridges (Bridges, Castles and Bazaars): a road laid across a tile's fields.
    ElementMapping {
        name: "bridge",
        ruleset: "bundled:rulesets/bridge.yaml",
        piece: None,
        count: 1,
        option: Some("bridge"),
        tileset: None,
        rules: &[],
    },
    // Bazaars (Bridges, Castles and Bazaars): an auction of tiles after a bazaar tile's
    // turn; without bids under the rule `bazaar-no-auction`.
    ElementMapping {
        name: "bazaar",
        ruleset: "bundled:rulesets/bridges-castles-bazaars.yaml",
        piece: None,
        count: 1,
        option: Some("bazaar"),
        tileset: None,
        rules: &[
            ("bazaar-no-auction", "true", &[("bazaar_bids", false)]),
            ("bazaar-no-auction", "false", &[]),
        ],
    },
    // Castles (Bridges, Castles and Bazaars): a small city converted instead of scored.
    ElementMapping {
        name: "castle",
        ruleset: "bundled:rulesets/castle.yaml",
        piece: None,
        count: 1,
        option: Some("castle"),
        tileset: None,
        rules: &[],
    },
    ElementMapping {
        name: "garden",
        ruleset: "bundled:rulesets/abbot.yaml",
        piece: None,
        count: 1,
        option: None,
        tileset: None,
        rules: &[],
    },
];

/// Elements that change nothing in the sets tessera plays: JCloisterZone lists them
/// whatever the tiles (`pig-herd`: the pig herds of GQ11's and The River II's tiles).
const INERT: &[&str] = &["pig-herd"];

/// Rule switches that change nothing in the sets tessera plays: JCloisterZone 4.x lists
/// them in every save (The Tunnel's tokens, GQ11's pig herds).
const INERT_RULES: &[&str] = &[
    "MORE_TUNNEL_TOKENS",
    "TUNNELIZE_ALL_EXPANSIONS",
    "PIG_HERD_ON_GQ_FARM",
];

/// Bundled rule sets that extend others: a save whose sets and elements need several is
/// played under the one that extends all the others.
const COVERS: &[(&str, &[&str])] = &[
    (
        "bundled:rulesets/base-ic-river.yaml",
        &[
            "bundled:rulesets/inns-cathedrals.yaml",
            "bundled:rulesets/river.yaml",
        ],
    ),
    (
        "bundled:rulesets/traders-builders.yaml",
        &[
            "bundled:rulesets/trade-goods.yaml",
            "bundled:rulesets/builder.yaml",
            "bundled:rulesets/pig.yaml",
        ],
    ),
    (
        "bundled:rulesets/abbey-mayor.yaml",
        &[
            "bundled:rulesets/abbey.yaml",
            "bundled:rulesets/mayor.yaml",
            "bundled:rulesets/barn.yaml",
            "bundled:rulesets/wagon.yaml",
        ],
    ),
    (
        "bundled:rulesets/bridges-castles-bazaars.yaml",
        &[
            "bundled:rulesets/inns.yaml",
            "bundled:rulesets/bridge.yaml",
            "bundled:rulesets/castle.yaml",
        ],
    ),
    (
        "bundled:rulesets/tower-2.yaml",
        &["bundled:rulesets/tower.yaml", "bundled:rulesets/abbot.yaml"],
    ),
    (
        "bundled:rulesets/princess-dragon-2.yaml",
        &[
            "bundled:rulesets/princess-dragon.yaml",
            "bundled:rulesets/fairy.yaml",
            "bundled:rulesets/portal.yaml",
            "bundled:rulesets/princess.yaml",
            "bundled:rulesets/dragon.yaml",
            "bundled:rulesets/abbot.yaml",
        ],
    ),
    (
        "bundled:rulesets/princess-dragon.yaml",
        &[
            "bundled:rulesets/fairy.yaml",
            "bundled:rulesets/portal.yaml",
            "bundled:rulesets/princess.yaml",
            "bundled:rulesets/dragon.yaml",
        ],
    ),
    // Last: played only when no smaller one covers the save's sets and elements.
    (
        "bundled:rulesets/big-box.yaml",
        &[
            "bundled:rulesets/inns-cathedrals.yaml",
            "bundled:rulesets/abbot.yaml",
            "bundled:rulesets/traders-builders.yaml",
            "bundled:rulesets/trade-goods.yaml",
            "bundled:rulesets/builder.yaml",
            "bundled:rulesets/pig.yaml",
            "bundled:rulesets/king-robber.yaml",
            "bundled:rulesets/hills-sheep.yaml",
            "bundled:rulesets/abbey-mayor.yaml",
            "bundled:rulesets/abbey.yaml",
            "bundled:rulesets/mayor.yaml",
            "bundled:rulesets/barn.yaml",
            "bundled:rulesets/wagon.yaml",
        ],
    ),
];

/// The rule sets a bundled rule set plays: itself and those it extends ([`COVERS`]).
fn covered(ruleset: &'static str) -> Vec<&'static str> {
    let mut all = vec![ruleset];
    if let Some((_, parts)) = COVERS.iter().find(|(r, _)| *r == ruleset) {
        all.extend(parts.iter().copied());
    }
    all
}

/// The rule set the sets and elements are played under: none (the base game's, the tile
/// sets' own), the one that has one, or the bundled rule set that combines two.
fn ruleset_of(used: &[&SetMapping], elements: &[&ElementMapping]) -> Vec<&'static str> {
    let mut rulesets: Vec<&'static str> = used
        .iter()
        .filter_map(|s| s.ruleset)
        .chain(elements.iter().map(|e| e.ruleset))
        .collect();
    rulesets.sort_unstable();
    rulesets.dedup();
    if rulesets.len() < 2 {
        return rulesets;
    }
    // The one among them, or among the bundled ones, that plays all the others.
    let one = rulesets
        .iter()
        .copied()
        .chain(COVERS.iter().map(|(r, _)| *r))
        .find(|r| {
            let plays = covered(r);
            rulesets.iter().all(|x| plays.contains(x))
        });
    if let Some(one) = one {
        return vec![one];
    }
    // Else those not played by another of them, played together (a position's list of
    // rule sets: a rule set that extends them all).
    let all = rulesets.clone();
    rulesets.retain(|r| !all.iter().any(|o| o != r && covered(o).contains(r)));
    rulesets
}

/// Whether a file is a JCloisterZone saved game: JSON (its first character `{`) with a
/// `replay`, or a name ending in `.jcz`.
pub fn looks_like_save(file: &SourceFile) -> bool {
    let text = file.text().trim_start_matches('\u{feff}').trim_start();
    let named = file
        .path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("jcz"));
    named || (text.starts_with('{') && text.contains("\"replay\""))
}

/// A save read into a position.
#[derive(Debug, Clone)]
pub struct ImportedSave {
    /// The position file's text (YAML).
    pub yaml: String,
    /// The game reached its end (end-of-game scoring applies).
    pub ended: bool,
    /// Where the save stopped in its last turn.
    pub stop: Stop,
    /// The save's last action is a ransom paid (FanCloisterZone then lets the player place
    /// a phantom the ransom brought back in `ActionPhase`).
    pub ransom_last: bool,
    /// The save's own test block (FanCloisterZone's engine tests): its description and
    /// assertions, as written (`Oscar has 9 points`).
    pub test: Option<(String, Vec<String>)>,
    /// The save's players, in seat order.
    pub players: Vec<String>,
    /// The byte offset in the save of each turn's `PLACE_TILE` action (by turn of the
    /// position), and the line of the position's text where the first turn is written.
    turns_at: Vec<usize>,
    first_turn_line: usize,
    /// The line of the position's `start:`, and where the save gives its start tile
    /// (`setup.start`), if it does.
    start_line: usize,
    start_at: Option<usize>,
}

impl ImportedSave {
    /// Puts findings about the position this save reads as (`yaml`, read as the file
    /// `position`) back into the save: a finding on a turn's line is shown at that turn's
    /// `PLACE_TILE` action in `save`, one elsewhere in the position at the save's start,
    /// with the position's words (its message and help) kept. Findings about other files
    /// are left as they are.
    pub fn relocate(
        &self,
        save: &SourceFile,
        position: &Path,
        findings: Vec<Finding>,
    ) -> Vec<Finding> {
        findings
            .into_iter()
            .map(|mut f| {
                if f.file.as_ref().is_none_or(|file| file.path != position) {
                    return f;
                }
                let line = f.position().map(|(_, line, _)| line);
                let turn = line.and_then(|l| l.checked_sub(self.first_turn_line));
                let (at, label) = match turn.and_then(|t| self.turns_at.get(t).map(|a| (t, *a))) {
                    Some((t, at)) => (at, format!("turn {} of the game", t + 1)),
                    None => match self.start_at {
                        Some(at) if line == Some(self.start_line) => {
                            (at, "the start tile".to_string())
                        }
                        _ => (0, "this saved game".to_string()),
                    },
                };
                // The action's type, up to its closing quote.
                let len = save.text().get(at..).and_then(|t| t.find('"')).unwrap_or(0);
                f.file = Some(save.clone());
                f.labels = vec![(miette::SourceSpan::new(at.into(), len), label)];
                f
            })
            .collect()
    }
}

/// Where a save stopped, in the steps of a turn (JCloisterZone's phases of the base
/// game's turn: `GameOverPhase`, `TilePhase`, `ActionPhase` and `CommitActionPhase`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The game is over.
    Ended,
    /// Between turns: the next player places a tile (also at the start).
    TileNext,
    /// The last turn's tile is placed and its action not taken: the position's last turn
    /// has no piece, and the player may still put one (`ActionPhase`, or
    /// `CommitActionPhase` when there is nowhere to put one).
    Placed,
    /// The last turn's action is taken (a piece placed, or passed) and the turn not
    /// committed (`CommitActionPhase`).
    Acted,
    /// After the last turn, a wagon moved on and its owner has not confirmed the move
    /// (JCloisterZone's `WagonPhase` asking for its `ConfirmAction`, where passing is not
    /// offered; the next wagon, if any, moves after it).
    MovedOn,
}

/// One turn of the save, as the position writes it.
#[derive(Debug, Clone, Default)]
struct Turn {
    tile: String,
    x: i64,
    y: i64,
    degrees: u32,
    player: usize,
    /// The piece placed: its kind (`None`: the rule set's first) and address.
    piece: Option<(Option<&'static str>, String)>,
    /// The cell of the tile the piece went on, when not the tile just placed (through a
    /// magic portal).
    piece_cell: Option<(i64, i64)>,
    /// The random numbers of the turn's draws from a bag (a shepherd's flock), in order.
    drawn_at: Vec<f64>,
    /// The decisions asked after the action (`grow`, `score`; a wagon's `return` or
    /// move), in order, as the position writes them.
    choices: Vec<String>,
    /// The piece placed keeps a flock: its draw is the first of `drawn_at`.
    flock_placed: bool,
    /// A piece taken back as the turn's action (the abbot): its cell and address.
    recall: Option<(i64, i64, String)>,
    /// A piece sent home as the turn's action (the princess): its cell and address.
    expel: Option<(i64, i64, String)>,
    /// A figure moved next to a piece as the turn's action (the fairy): its name, the
    /// piece's cell and address.
    attend: Option<(String, i64, i64, Option<String>)>,
    /// A tower floor put as the turn's action: the tower's cell and address.
    build: Option<(i64, i64, String)>,
    /// A bridge laid as the tile goes down: its tile's cell and axis (`NS`, `WE`).
    span: Option<(i64, i64, &'static str)>,
    /// A ransom paid in the turn: the piece kind and the holder's index.
    ransom: Option<(&'static str, usize)>,
}

/// Reads a saved game into a position whose paths are `bundled:` tile sets (so it does
/// not depend on where it is written).
///
/// Errors: [`Failure::Findings`]: `jcz::save_format` when the file is not a save tessera
/// can read (not JSON, a key missing or of the wrong type, an action it does not know
/// the shape of), `jcz::save_unsupported` with one finding per set, element, rule switch
/// or action tessera does not play yet.
pub fn import_save(file: &SourceFile) -> Result<ImportedSave, Failure> {
    let root: Value = serde_json::from_str(file.text()).map_err(|e| {
        let at = offset_of(file.text(), e.line(), e.column());
        Failure::one(
            Finding::new(Check::JczSaveFormat, format!("not a saved game: {e}"))
                .in_file(file)
                .at_span(
                    miette::SourceSpan::new(at.into(), usize::from(at < file.text().len())),
                    "here",
                )
                .help("a JCloisterZone saved game (.jcz) is JSON; pass the file as JCloisterZone wrote it"),
        )
    })?;
    let mut missing = Vec::new();
    let format_error_with = |what: String, near: &str, help: &str| {
        Failure::one(
            locate(file, near, Finding::new(Check::JczSaveFormat, what), "here")
                .help(help.to_string()),
        )
    };
    let format_error = |what: String, near: &str| {
        format_error_with(
            what,
            near,
            "a JCloisterZone 4.x or 5.x or FanCloisterZone 6.x saved game has `setup` and `replay`",
        )
    };
    let setup = root
        .get("setup")
        .and_then(Value::as_object)
        .ok_or_else(|| format_error("no `setup` object: not a saved game".into(), "{"))?;
    let actions = root
        .get("replay")
        .and_then(Value::as_array)
        .ok_or_else(|| format_error("no `replay` list: not a saved game".into(), "{"))?;
    let version = root
        .get("appVersion")
        .and_then(Value::as_str)
        .unwrap_or("unknown")
        .to_string();

    // Players: 6.x `players` [{name, slot}], 4.x/5.x `slots` [{number, nickname}].
    let mut seats: Vec<(i64, String)> = Vec::new();
    if let Some(list) = root.get("players").and_then(Value::as_array) {
        for (i, p) in list.iter().enumerate() {
            let name = p.get("name").and_then(Value::as_str).unwrap_or("");
            seats.push((i as i64, name.to_string()));
        }
    } else if let Some(list) = root.get("slots").and_then(Value::as_array) {
        for p in list {
            let number = p
                .get("number")
                .and_then(Value::as_i64)
                .unwrap_or(seats.len() as i64);
            let name = p.get("nickname").and_then(Value::as_str).unwrap_or("");
            seats.push((number, name.to_string()));
        }
        seats.sort_by_key(|s| s.0);
    }
    if seats.is_empty() {
        let near = ["\"players\"", "\"slots\""]
            .into_iter()
            .find(|k| file.text().contains(k))
            .unwrap_or("{");
        return Err(Failure::one(
            locate(
                file,
                near,
                Finding::new(Check::JczSaveFormat, "no players (`players` or `slots`)"),
                "no player here",
            )
            .help("a saved game lists its players under `players` (6.x: `name`, `slot`) or `slots` (4.x, 5.x: `number`, `nickname`)"),
        ));
    }
    let players: Vec<String> = seats
        .iter()
        .enumerate()
        .map(|(i, (_, n))| {
            let n = n.trim();
            if n.is_empty() || seats.iter().filter(|s| s.1.trim() == n).count() > 1 {
                format!("P{}", i + 1)
            } else {
                n.to_string()
            }
        })
        .collect();

    // Sets: 5.x/6.x `sets` {"basic:1": 1}, 4.x `expansions` {"BASIC": 1}.
    let sets = setup
        .get("sets")
        .or_else(|| setup.get("expansions"))
        .and_then(Value::as_object)
        .ok_or_else(|| format_error("no `setup.sets`".into(), "\"setup\""))?;
    if sets.is_empty() {
        return Err(format_error_with(
            "no set in `setup.sets`: the save names no tiles to play".into(),
            "\"sets\"",
            "a saved game names its sets with the number of each, as `\"sets\": {\"basic:1\": 1}`",
        ));
    }
    let mut used: Vec<&SetMapping> = Vec::new();
    for (id, n) in sets {
        match SETS.iter().find(|s| s.ids.contains(&id.as_str())) {
            Some(_) if n.as_u64() != Some(1) => missing.push(unsupported(
                file,
                &format!("\"{id}\""),
                format!("set `{id}` {n} times"),
                "tessera plays each set once",
            )),
            Some(s) => used.push(s),
            None => missing.push(unsupported(
                file,
                &format!("\"{id}\""),
                format!("set `{id}`"),
                &format!(
                    "tessera plays these sets of saved games: {}",
                    SETS.iter().map(|s| s.ids[0]).collect::<Vec<_>>().join(", ")
                ),
            )),
        }
    }

    // Elements and rule switches: those the rule set has, by value.
    // 4.x saves have no elements: their standard game has farmers.
    let mut farmers = !setup.contains_key("elements");
    let mut small_city = false;
    // The rule-set options the sets' switches set, by name.
    let mut options: std::collections::BTreeMap<String, bool> = std::collections::BTreeMap::new();

    // With a set tessera lacks, its elements and pieces are not listed one by one when
    // they are those of a set tessera has but the save does not name (`basic:2` and
    // `small-follower`): the missing set explains them.
    let set_missing = !missing.is_empty();
    let other_sets = |name: &str| {
        SETS.iter()
            .filter(|s| !used.iter().any(|u| std::ptr::eq(*u, *s)))
            .any(|s| {
                s.piece_counts.iter().any(|(n, _, _)| *n == name)
                    || s.switches.iter().any(|(n, _)| *n == name)
                    || s.pieces.iter().any(|(k, _)| *k == name)
            })
    };
    // Pieces per player other than the tile sets' numbers, by piece kind.
    let mut supply: std::collections::BTreeMap<&str, u64> = std::collections::BTreeMap::new();
    // Elements on that bring their rule set.
    let mut elements_on: Vec<&ElementMapping> = Vec::new();
    if let Some(elements) = setup.get("elements").and_then(Value::as_object) {
        // A set's piece the elements leave out: none of it (JCloisterZone's engine
        // counts a missing element as 0; its engine tests of single elements list no
        // `small-follower`, and their players have no follower).
        for (name, kind, _) in used.iter().flat_map(|s| s.piece_counts) {
            if !elements.contains_key(*name) {
                supply.insert(kind, 0);
            }
        }
        for (name, value) in elements {
            let count = used
                .iter()
                .flat_map(|s| s.piece_counts)
                .find(|(n, _, _)| n == name);
            let switch = used
                .iter()
                .flat_map(|s| s.switches)
                .find(|(n, _)| n == name);
            let pieces = value
                .as_u64()
                .filter(|n| *n <= u64::from(crate::limits::MAX_SUPPLY));
            let element = ELEMENTS.iter().find(|e| e.name == name);
            match (name.as_str(), value) {
                ("farmers", Value::Bool(b)) => farmers = *b,
                (inert, _) if INERT.contains(&inert) => {}

                (_, Value::Number(_)) if element.is_some() && pieces.is_some() => {
                    if let (Some(e), Some(n)) = (element, pieces) {
                        if n > 0 {
                            elements_on.push(e);
                        }
                        if let Some((_, kind)) =
                            e.piece.filter(|_| n > 0 && n != u64::from(e.count))
                        {
                            supply.insert(kind, n);
                        }
                    }
                }
                (_, Value::Bool(on)) if element.is_some_and(|e| e.piece.is_none()) => {
                    if let (Some(e), true) = (element, on) {
                        elements_on.push(e);
                    }
                }
                (_, Value::Number(_)) if count.is_some() && pieces.is_some() => {
                    if let (Some((_, kind, usual)), Some(n)) = (count, pieces) {
                        if n != u64::from(*usual) {
                            supply.insert(kind, n);
                        }
                    }
                }
                (_, Value::Bool(on)) if switch.is_some() => {
                    for o in switch.map_or(&[][..], |s| s.1) {
                        options.insert(o.to_string(), *on);
                    }
                }
                // A switch written as a number (`tower: 1`): on unless 0.
                (_, Value::Number(n)) if switch.is_some() => {
                    let on = n.as_u64() != Some(0);
                    for o in switch.map_or(&[][..], |s| s.1) {
                        options.insert(o.to_string(), on);
                    }
                }
                _ if set_missing && other_sets(name) => {}
                _ => missing.push(unsupported(
                    file,
                    &format!("\"{name}\""),
                    format!("element `{name}: {value}`"),
                    &format!(
                        "with these sets tessera plays the elements {}and farmers (true or false)",
                        used.iter()
                            .flat_map(|s| s.piece_counts)
                            .map(|(n, _, _)| format!("{n} (0 to {}), ", crate::limits::MAX_SUPPLY))
                            .chain(
                                used.iter()
                                    .flat_map(|s| s.switches)
                                    .map(|(n, _)| format!("{n} (true or false), "))
                            )
                            .collect::<String>()
                    ),
                )),
            }
        }
    }
    // A 4.x save lists no elements: its sets bring all of theirs.
    if !setup.contains_key("elements") {
        for name in used.iter().flat_map(|s| s.legacy_elements) {
            if let Some(e) = ELEMENTS.iter().find(|e| e.name == *name) {
                if !elements_on.iter().any(|o| std::ptr::eq(*o, e)) {
                    elements_on.push(e);
                }
            }
        }
    }
    // An element whose rule set is played but which is off: no piece of it for anyone
    // (the abbot where the second edition's tiles bring the abbot's rule set for their
    // gardens), its option off; on, its option on.
    let playing: Vec<&str> = ruleset_of(&used, &elements_on)
        .into_iter()
        .flat_map(covered)
        .collect();
    for e in ELEMENTS {
        let on = elements_on.iter().any(|o| std::ptr::eq(*o, e));
        if let Some(o) = e.option {
            if on || playing.contains(&e.ruleset) {
                options.insert(o.to_string(), on);
            }
        }
        if let Some((_, kind)) = e.piece {
            if !on && playing.contains(&e.ruleset) {
                supply.insert(kind, 0);
            }
        }
    }
    // A set whose rule set is played (within one that plays several) but which the save
    // does not use: none of its pieces for anyone, its switches off (King and Robber's
    // titles in a game of Hills and Sheep with Inns and Cathedrals).
    for s in SETS {
        let Some(r) = s.ruleset else {
            continue;
        };
        let in_use = used.iter().any(|u| u.ruleset == Some(r));
        if in_use || !playing.contains(&r) {
            continue;
        }
        // A piece another set in use brings stays (the base game's followers).
        for (_, kind, _) in s.piece_counts {
            let brought = used
                .iter()
                .any(|u| u.piece_counts.iter().any(|(_, k, _)| k == kind));
            if !brought {
                supply.insert(kind, 0);
            }
        }
        for (_, opts) in s.switches {
            for o in *opts {
                options.insert(o.to_string(), false);
            }
        }
    }

    if let Some(elements) = setup.get("elements").and_then(Value::as_object) {
        // A switch a save that lists elements leaves out is off.
        for (name, opts) in used.iter().flat_map(|s| s.switches) {
            if !elements.contains_key(*name) {
                for o in *opts {
                    options.insert(o.to_string(), false);
                }
            }
        }
    }
    if let Some(rules) = setup.get("rules").and_then(Value::as_object) {
        for (name, value) in rules {
            // A switch's value as a word: a string, or `true` / `false`.
            let word = value
                .as_str()
                .map(str::to_string)
                .or_else(|| value.as_bool().map(|b| b.to_string()));
            let played = used
                .iter()
                .flat_map(|s| s.rules)
                .chain(elements_on.iter().flat_map(|e| e.rules))
                .find(|(n, v, _)| n == name && Some(*v) == word.as_deref());
            match (name.as_str(), value.as_str()) {
                ("tiny-city-scoring", Some("2")) => small_city = true,
                ("tiny-city-scoring", Some("4")) => {}
                // JCloisterZone 4.x's switches for sets tessera does not play (The Tunnel,
                // GQ11's pig herds): nothing changes without their tiles, and a save with
                // those sets is refused for the set.
                (inert, _) if INERT_RULES.contains(&inert) => {}
                _ if played.is_some() => {
                    for (o, on) in played.map_or(&[][..], |p| p.2) {
                        options.insert(o.to_string(), *on);
                    }
                }
                _ => missing.push(unsupported(
                    file,
                    &format!("\"{name}\""),
                    format!("rule switch `{name}: {value}`"),
                    &format!(
                        "tessera maps the rule switches tiny-city-scoring (2 or 4){}",
                        used.iter()
                            .flat_map(|s| s.rules)
                            .chain(elements_on.iter().flat_map(|e| e.rules))
                            .map(|(n, v, _)| format!(", {n} ({v})"))
                            .collect::<String>()
                    ),
                )),
            }
        }
    }

    // The start tile: 6.x `setup.start`, else JCloisterZone's base-game start.
    let mut start = ("BA/RCr".to_string(), 0u32);
    if let Some(list) = setup.get("start").and_then(Value::as_array) {
        match list.as_slice() {
            [one] => {
                let tile = one.get("tile").and_then(Value::as_str).unwrap_or("");
                let (x, y) = (
                    one.get("x").and_then(Value::as_i64),
                    one.get("y").and_then(Value::as_i64),
                );
                let degrees = one.get("rotation").and_then(Value::as_u64);
                match (x, y, degrees) {
                    (Some(0), Some(0), Some(d @ (0 | 90 | 180 | 270))) => {
                        start = (tile_id(tile), d as u32)
                    }
                    (Some(0), Some(0), _) => {
                        let at = file.text().find("\"start\"").unwrap_or(0);
                        let near = file.text()[at..]
                            .find("\"rotation\"")
                            .map_or(at, |k| at + k);
                        return Err(broken_at(
                            file,
                            near,
                            format!(
                                "the start tile's rotation is {}, not 0, 90, 180 or 270",
                                one.get("rotation")
                                    .map_or("missing".to_string(), |r| format!("`{r}`"))
                            ),
                            "`setup.start` gives the start tile's `rotation` in degrees: 0, 90, 180 or 270",
                        ));
                    }
                    _ => missing.push(unsupported(
                        file,
                        "\"start\"",
                        "a start tile away from 0, 0".into(),
                        "tessera starts a game with one tile at 0, 0",
                    )),
                }
            }
            _ => missing.push(unsupported(
                file,
                "\"start\"",
                format!("{} start tiles", list.len()),
                "tessera starts a game with one tile at 0, 0",
            )),
        }
    }

    // The actions, turn by turn; where each `PLACE_TILE` is written, for findings about
    // its turn.
    let offsets = action_offsets(file.text(), actions);
    let mut turns: Vec<Turn> = Vec::new();
    let mut turns_at: Vec<usize> = Vec::new();
    let mut pending_at = 0usize;
    let mut pending: Option<Turn> = None;
    let mut placed = 0usize;
    let mut game_over = false;
    // Whose turn it is: the first player's first, then each in seat order; with the
    // builder, the player of the last turn may play again (an extra turn, which the
    // replay checks).
    let mut next_player = 0usize;
    let mut last_player: Option<usize> = None;
    // The sets' tile sets, read when an inner field is named.
    let mut tile_sets: Option<Vec<crate::model::TileSetFile>> = None;
    let extra_turns = elements_on.iter().any(|e| e.name == "builder");
    let wagons = elements_on.iter().any(|e| e.name == "wagon");
    // What the save does that tessera cannot place: "WHAT (action N)" at action `i`.
    let outside = |i: usize, what: &str, help: &str| {
        unsupported_at(file, offsets[i], format!("{what} (action {})", i + 1), help)
    };
    // The rule set's piece kind of a JCloisterZone meeple type (`small`: `None`, the rule
    // set's first; `big`: `large_follower`), among the sets' and elements' pieces.
    let kind_of = |meeple: &str| {
        used.iter()
            .flat_map(|s| s.pieces.iter().copied())
            .chain(
                elements_on
                    .iter()
                    .filter_map(|e| e.piece.map(|(t, k)| (t, Some(k)))),
            )
            .find(|(k, _)| *k == meeple)
            .map(|(_, p)| p)
    };
    // Towers are built: their floors, captures and ransoms are read.
    let tower = used
        .iter()
        .any(|s| s.switches.iter().any(|(e, _)| *e == "tower"));
    // Bridges are laid: each tile goes down with the bridge its placement needs, if any.
    let bridges = elements_on.iter().any(|e| e.name == "bridge");
    // Followers held after a capture: by meeple id, the holder's index.
    let mut held: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    // A ransom paid before its player's tile: for the next turn.
    let mut ransom_next: Option<(&'static str, usize, usize)> = None;
    // The last turn (not committed) passed its action.
    let mut passed = false;
    // The random number in effect (JCloisterZone 5.x draws a shepherd's first token with
    // the last one a message carried, or the game's initial one).
    let mut last_random = root
        .get("initialRandom")
        .and_then(Value::as_f64)
        .unwrap_or(0.0);
    // The action that last moved a wagon on after its turn.
    let mut moved_on_at: Option<usize> = None;
    for (i, action) in actions.iter().enumerate() {
        let kind = action.get("type").and_then(Value::as_str).unwrap_or("");
        let payload = action.get("payload").cloned().unwrap_or(Value::Null);
        let random = payload.get("random").and_then(Value::as_f64);
        if let Some(r) = random {
            last_random = r;
        }
        match kind {
            "PLACE_TILE" => {
                passed = false;
                if let Some(t) = pending.take() {
                    turns.push(t);
                    turns_at.push(pending_at);
                }
                pending_at = offsets[i];
                let tile = payload.get("tileId").and_then(Value::as_str);
                let rotation = payload.get("rotation").and_then(Value::as_str);
                let degrees = rotation
                    .and_then(|r| r.strip_prefix('R'))
                    .and_then(|d| d.parse::<u32>().ok());
                let xy = cell(payload.get("position"));
                let (Some(tile), Some(degrees @ (0 | 90 | 180 | 270)), Some((x, y))) =
                    (tile, degrees, xy)
                else {
                    let wrong = match (tile, xy) {
                        (None, _) => "no `tileId`".to_string(),
                        (_, None) => "no `position` of two whole numbers [x, y]".to_string(),
                        _ => format!(
                            "the rotation {}, not R0, R90, R180 or R270",
                            rotation.map_or("(none)".to_string(), |r| format!("`{r}`"))
                        ),
                    };
                    // At the value at fault when it is written after the action's type.
                    let value = match (tile, xy) {
                        (Some(_), Some(_)) => rotation.map(|r| format!("\"{r}\"")),
                        _ => None,
                    };
                    let (at, len) = value
                        .and_then(|v| {
                            let from = offsets[i].min(file.text().len());
                            file.text()[from..].find(&v).map(|k| (from + k, v.len()))
                        })
                        .unwrap_or((offsets[i], usize::from(offsets[i] < file.text().len())));
                    return Err(Failure::one(
                        Finding::new(
                            Check::JczSaveFormat,
                            format!("action {} (PLACE_TILE) has {wrong}", i + 1),
                        )
                        .in_file(file)
                        .at_span(miette::SourceSpan::new(at.into(), len), "here")
                        .help("a PLACE_TILE action gives `tileId`, `rotation` (R0, R90, R180 or R270) and `position` [x, y]"),
                    ));
                };
                let player = match action.get("player").and_then(Value::as_u64) {
                    Some(p) => usize::try_from(p).unwrap_or(usize::MAX),
                    None => next_player,
                };
                if player >= players.len() {
                    return Err(broken_at(
                        file,
                        offsets[i],
                        format!(
                            "action {} (PLACE_TILE) is played by player {player}, and the save has {} player{}",
                            i + 1,
                            players.len(),
                            if players.len() == 1 { "" } else { "s" }
                        ),
                        "an action's `player` is the index of a player in `players` (or `slots`), from 0",
                    ));
                }
                let again = extra_turns && last_player == Some(player);
                if player != next_player && !again {
                    return Err(broken_at(
                        file,
                        offsets[i],
                        format!(
                            "action {} (PLACE_TILE) is played by {} (player {player}), and it is {}'s turn (player {next_player})",
                            i + 1,
                            players[player],
                            players[next_player]
                        ),
                        "players place tiles in seat order, the first player first; each turn ends with a COMMIT",
                    ));
                }
                placed += 1;
                pending = Some(Turn {
                    tile: tile_id(tile),
                    x,
                    y,
                    degrees,
                    player,
                    ransom: ransom_next.take().map(|(k, h, _)| (k, h)),
                    ..Turn::default()
                });
            }
            "DEPLOY_MEEPLE" => {
                let meeple = payload
                    .get("meepleId")
                    .and_then(Value::as_str)
                    .unwrap_or("");
                // The piece is the acting player's own (`1.small.2`: player 1's).
                let owner = meeple.split('.').next().and_then(|o| o.parse::<u64>().ok());
                let actor = action
                    .get("player")
                    .and_then(Value::as_u64)
                    .or_else(|| pending.as_ref().map(|t| t.player as u64));
                if let (Some(owner), Some(actor)) = (owner, actor) {
                    if owner != actor {
                        return Err(broken_at(
                            file,
                            offsets[i],
                            format!(
                                "action {} (DEPLOY_MEEPLE) is played by player {actor} with player {owner}'s piece `{meeple}`",
                                i + 1
                            ),
                            "a `meepleId` starts with its owner's index (`0.small.1`: player 0's first small follower)",
                        ));
                    }
                }
                let kind = meeple.split('.').nth(1).unwrap_or("");
                let pointer = payload.get("pointer");
                let location = pointer
                    .and_then(|p| p.get("location"))
                    .and_then(Value::as_str);
                let at = cell(pointer.and_then(|p| p.get("position")));
                // A wagon moved on after the turn that scored its feature (JCloisterZone's
                // `WagonPhase`, after the turn's COMMIT): a decision of that turn.
                if kind == "wagon" && pending.is_none() && wagons {
                    moved_on_at = Some(i);
                    let target = location.and_then(location_address).zip(at);
                    match (turns.last_mut(), target) {
                        (Some(t), Some((address, (x, y)))) => {
                            t.choices
                                .push(format!("{{move: {{x: {x}, y: {y}, at: {address}}}}}"));
                        }
                        _ => missing.push(unsupported_at(
                            file,
                            offsets[i],
                            format!(
                                "the location `{}` (action {})",
                                location.unwrap_or(""),
                                i + 1
                            ),
                            "a wagon moves on to a road, city or monastery after the turn that scored its feature",
                        )),
                    }
                    continue;
                }
                let Some(turn) = pending.as_mut() else {
                    missing.push(outside(i, "a piece placed outside the turn of a tile", "in the sets tessera plays, a follower is placed on the tile just placed, in its turn"));
                    continue;
                };
                let Some(piece_kind) = kind_of(kind) else {
                    if set_missing && other_sets(kind) {
                        continue;
                    }
                    missing.push(unsupported_at(
                        file,
                        offsets[i],
                        format!("a piece `{meeple}`"),
                        "tessera plays the followers of the sets it plays (`small`, and `big` with Inns and Cathedrals)",
                    ));
                    continue;
                };
                // A barn stands on the point where four tiles meet: its pointer names the
                // tile south-east of the point (JCloisterZone `BarnCapability`), which
                // is one of the tile just placed's corners.
                if kind == "barn" {
                    let corner = at.and_then(|(px, py)| {
                        let (x, y) = (turn.x, turn.y);
                        [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
                            .iter()
                            .position(|&v| v == (px, py))
                    });
                    match corner {
                        Some(c) => {
                            let address = crate::geometry::CORNERS[c].to_string();
                            turn.piece = Some((piece_kind, address));
                        }
                        None => missing.push(unsupported_at(
                            file,
                            offsets[i],
                            format!(
                                "a barn away from the corners of the tile just placed (action {})",
                                i + 1
                            ),
                            "a barn goes on a corner of the tile just placed",
                        )),
                    }
                    continue;
                }
                let portal = elements_on.iter().any(|e| e.name == "portal");
                let feature = pointer
                    .and_then(|p| p.get("feature"))
                    .and_then(Value::as_str);
                // On top of a tower, anywhere on the board.
                let on_tower = feature == Some("Tower");
                let away = at.filter(|&c| c != (turn.x, turn.y) && (portal || on_tower));
                if at != Some((turn.x, turn.y)) && away.is_none() {
                    missing.push(unsupported_at(
                        file,
                        offsets[i],
                        format!(
                            "a follower placed away from the tile just placed (action {})",
                            i + 1
                        ),
                        "the base game places a follower on the tile just placed",
                    ));
                    continue;
                }
                // The inner location `I` is a garden when the pointer says so (6.x), and
                // `I`, `II`, ... of a field its inner fields in the tile's order.
                let feature = pointer
                    .and_then(|p| p.get("feature"))
                    .and_then(Value::as_str);
                let address = match (location, feature) {
                    (Some("I"), Some("Garden")) => Some("garden".to_string()),
                    (Some("I"), Some("Tower")) => Some("tower".to_string()),
                    (Some(inner @ ("I" | "II" | "III" | "IV")), Some("Field")) => {
                        let n = inner.len() - 1;
                        inner_field(&mut tile_sets, &used, &turn.tile, n)
                    }
                    _ => location.and_then(location_address),
                };
                // A shepherd draws his first token at once: with the random number of the
                // SHEPHERD_CONFIRM that follows (6.x), else the one in effect (5.x).
                if piece_kind == Some("shepherd") && address.is_some() {
                    turn.flock_placed = true;
                    turn.drawn_at.insert(0, last_random);
                }
                match address {
                    // The phantom after the turn's piece: a decision of the turn (its
                    // cell written, as a placement through a portal may be elsewhere).
                    Some(a) if kind == "phantom" && (turn.piece.is_some() || turn.attend.is_some()) => {
                        let (x, y) = at.unwrap_or((turn.x, turn.y));
                        turn.choices.push(format!("{{place: {{x: {x}, y: {y}, at: {a}}}}}"));
                    }
                    Some(a) => {
                        turn.piece = Some((piece_kind, a));
                        turn.piece_cell = away;
                    }
                    None => missing.push(unsupported_at(
                        file,
                        offsets[i],
                        format!("the location `{}` (action {})", location.unwrap_or(""), i + 1),
                        "tessera reads locations of sides (`NS`), half-sides (`NL.NR`) and monasteries (`I`)",
                    )),
                }
            }
            // 4.x: the game ended here (end-of-game scoring follows).
            "GAME_OVER" => game_over = true,
            // 6.x: the random number of a shepherd's first draw.
            "SHEPHERD_CONFIRM" => {
                if let (Some(t), Some(r)) = (pending.as_mut(), random) {
                    if t.flock_placed {
                        t.drawn_at[0] = r;
                    }
                }
            }
            // A flock the tile extended: grow (a draw with its random number) or score.
            "FLOCK_EXPAND_OR_SCORE" => {
                let value = payload.get("value").and_then(Value::as_str);
                match (pending.as_mut(), value) {
                    (Some(t), Some("EXPAND")) => {
                        t.choices.push("grow".to_string());
                        t.drawn_at.push(random.unwrap_or(last_random));
                    }
                    (Some(t), Some("SCORE")) => t.choices.push("score".to_string()),
                    _ => {
                        return Err(broken_at(
                            file,
                            offsets[i],
                            format!(
                                "action {} (FLOCK_EXPAND_OR_SCORE) is not EXPAND or SCORE, or is outside a turn",
                                i + 1
                            ),
                            "a FLOCK_EXPAND_OR_SCORE action gives `value` EXPAND or SCORE, in the turn of a tile",
                        ));
                    }
                }
            }
            // A wagon left to return after the turn that scored its feature.
            "PASS" if pending.is_none() && wagons => {
                if let Some(t) = turns.last_mut() {
                    t.choices.push("return".to_string());
                }
            }
            "PASS" | "COMMIT" => {
                passed = kind == "PASS" && pending.is_some();
                if kind == "COMMIT" {
                    if let Some(t) = pending.take() {
                        next_player = (t.player + 1) % players.len();
                        last_player = Some(t.player);
                        turns.push(t);
                        turns_at.push(pending_at);
                    }
                }
            }
            "UNDO" if std::mem::take(&mut passed) => {}
            // The abbot taken back for its points, as the turn's action.
            "RETURN_MEEPLE"
                if payload.get("source").and_then(Value::as_str) == Some("ABBOT_RETURN") =>
            {
                let fp = payload
                    .get("pointer")
                    .and_then(|p| p.get("featurePointer"));
                match (pending.as_mut(), pointer_place(fp)) {
                    (Some(t), Some(place)) => t.recall = Some(place),
                    _ => missing.push(outside(i, "an abbot taken back outside a turn, or from an unknown place", "the abbot is taken back as the action of a turn, from its monastery or garden")),
                }
            }
            "MOVE_NEUTRAL_FIGURE"
                if moves_figure(&payload, "fairy")
                    && elements_on.iter().any(|e| e.name == "fairy") =>
            {
                // Next to a follower (a feature pointer), or onto a tile (`[x, y]`, under
                // `fairy-placement: on-tile`).
                let to = payload.get("to");
                let fp = to.and_then(|p| p.get("featurePointer"));
                let place = match pointer_place(fp) {
                    Some((x, y, a)) => Some((x, y, Some(a))),
                    None => cell(to).map(|(x, y)| (x, y, None)),
                };
                match (pending.as_mut(), place) {
                    (Some(t), Some((x, y, a))) => {
                        t.attend = Some(("fairy".to_string(), x, y, a));
                    }
                    _ => missing.push(outside(i, "a fairy moved outside a turn, or next to an unknown place", "the fairy moves next to a follower as the action of a turn")),
                }
            }
            // A step of the dragon, by the player whose step it is: a decision of the turn
            // (before its COMMIT when the dragon moves before the scoring, after it when
            // it moves after).
            "MOVE_NEUTRAL_FIGURE"
                if moves_figure(&payload, "dragon")
                    && elements_on.iter().any(|e| e.name == "dragon") =>
            {
                let to = cell(payload.get("to"));
                match (pending.as_mut().or(turns.last_mut()), to) {
                    (Some(t), Some((x, y))) => t.choices.push(format!("{{step: {{x: {x}, y: {y}}}}}")),
                    _ => missing.push(outside(i, "a dragon moved before any turn, or to an unknown place", "the dragon moves in the turn of a dragon tile, to a tile's position `[x, y]`")),
                }
            }
            "RETURN_MEEPLE"
                if payload.get("source").and_then(Value::as_str) == Some("PRINCESS")
                    && elements_on.iter().any(|e| e.name == "princess") =>
            {
                let fp = payload
                    .get("pointer")
                    .and_then(|p| p.get("featurePointer"));
                match (pending.as_mut(), pointer_place(fp)) {
                    (Some(t), Some(place)) => t.expel = Some(place),
                    _ => missing.push(outside(i, "a knight sent home outside a turn, or from an unknown place", "the princess sends a knight home as the action of a turn")),
                }
            }
            // A tower floor, as the turn's action.
            "PLACE_TOKEN"
                if payload.get("token").and_then(Value::as_str) == Some("TOWER_PIECE")
                    && tower =>
            {
                match (pending.as_mut(), pointer_place(payload.get("pointer"))) {
                    (Some(t), Some(place)) => t.build = Some(place),
                    _ => missing.push(outside(i, "a tower floor put outside a turn, or on an unknown place", "a tower floor goes on a tower as the action of a turn")),
                }
            }
            // A bridge, laid as the turn's tile goes down (on it or a tile beside it).
            "PLACE_TOKEN"
                if payload.get("token").and_then(Value::as_str) == Some("BRIDGE")
                    && elements_on.iter().any(|e| e.name == "bridge") =>
            {
                let p = payload.get("pointer");
                let axis = match p.and_then(|p| p.get("location")).and_then(Value::as_str) {
                    Some("NS") => Some("NS"),
                    Some("WE") => Some("WE"),
                    _ => None,
                };
                match (pending.as_mut(), p.and_then(|p| cell(p.get("position"))), axis) {
                    (Some(t), Some((x, y)), Some(axis)) if t.span.is_none() => t.span = Some((x, y, axis)),
                    _ => missing.push(outside(i, "a bridge laid outside a turn, a second in one turn, or across an unknown line", "a bridge goes across the tile placed or one beside it (location `NS` or `WE`), once a turn")),
                }
            }
            // A castle put on a small city: a decision of the turn (after its action).
            "PLACE_TOKEN"
                if payload.get("token").and_then(Value::as_str) == Some("CASTLE")
                    && elements_on.iter().any(|e| e.name == "castle") =>
            {
                match (pending.as_mut(), pointer_place(payload.get("pointer"))) {
                    (Some(t), Some((x, y, at))) => {
                        t.choices.push(format!("{{convert: {{x: {x}, y: {y}, at: {at}}}}}"));
                    }
                    _ => missing.push(outside(i, "a castle put outside a turn, or on an unknown place", "a castle goes on a small city the turn's tile completes, in that turn")),
                }
            }
            // A capture after a floor: the turn's decision.
            "CAPTURE_FOLLOWER" if tower => {
                let p = payload.get("pointer");
                let fp = p.and_then(|p| p.get("featurePointer"));
                let meeple = p
                    .and_then(|p| p.get("meepleId"))
                    .and_then(Value::as_str)
                    .unwrap_or("");
                match (pending.as_mut(), pointer_place(fp)) {
                    (Some(t), Some((x, y, at))) => {
                        t.choices.push(format!("{{capture: {{x: {x}, y: {y}, at: {at}}}}}"));
                        // A follower of another player's is held by the capturer.
                        let owner = meeple.split('.').next().and_then(|o| o.parse::<usize>().ok());
                        if owner != Some(t.player) {
                            held.insert(meeple.to_string(), t.player);
                        }
                    }
                    _ => missing.push(outside(i, "a follower captured outside a turn, or at an unknown place", "a tower captures a follower right after a floor is put on it")),
                }
            }
            // A ransom: in the turn being played, or before its tile (then the next
            // turn's).
            "PAY_RANSOM" if tower => {
                let meeple = payload.get("meepleId").and_then(Value::as_str).unwrap_or("");
                let kind = meeple.split('.').nth(1).unwrap_or("");
                let piece_kind = kind_of(kind).map(|p| p.unwrap_or("follower"));
                match (piece_kind, held.remove(meeple)) {
                    (Some(k), Some(holder)) => match pending.as_mut() {
                        Some(t) => t.ransom = Some((k, holder)),
                        None => ransom_next = Some((k, holder, i)),
                    },
                    _ => missing.push(outside(i, &format!("a ransom for `{meeple}`, which no one holds"), "a player pays a ransom for one of their followers another player captured")),
                }
            }
            "UNDO" => match pending.as_mut() {
                Some(t) if t.build.is_some() && t.choices.is_empty() => t.build = None,
                Some(t) if t.expel.is_some() => t.expel = None,
                Some(t) if t.attend.is_some() => t.attend = None,
                Some(t) if t.recall.is_some() => t.recall = None,
                Some(t) if t.piece.is_some() => {
                    t.piece = None;
                    t.piece_cell = None;
                    if std::mem::take(&mut t.flock_placed) {
                        t.drawn_at.remove(0);
                    }
                }
                Some(t) if t.span.is_some() => t.span = None,
                Some(_) => {
                    pending = None;
                    placed -= 1;
                }
                None => {
                    return Err(broken_at(
                        file,
                        offsets[i],
                        format!(
                            "action {} (UNDO) has nothing to undo: no tile is placed in the turn being played",
                            i + 1
                        ),
                        "a saved game undoes only within the turn being played, before its COMMIT",
                    ));
                }
            },
            other => missing.push(unsupported_at(
                file,
                offsets[i],
                format!("the action `{other}`"),
                "tessera replays PLACE_TILE, DEPLOY_MEEPLE, PASS, COMMIT, UNDO, GAME_OVER, SHEPHERD_CONFIRM and FLOCK_EXPAND_OR_SCORE",
            )),
        }
    }
    // A last turn not committed is still being played (its piece may yet be placed).
    let last_committed = pending.is_none();
    let acted = pending.as_ref().is_some_and(|t| {
        t.piece.is_some()
            || t.recall.is_some()
            || t.attend.is_some()
            || t.expel.is_some()
            || t.build.is_some()
    }) || passed;
    if let Some((_, _, i)) = ransom_next {
        missing.push(outside(i, "a ransom paid before a tile no turn places", "tessera writes a ransom in the turn of its player, once their tile is placed: a save that ends before that tile cannot say it"));
    }
    if let Some(t) = pending.take() {
        turns.push(t);
        turns_at.push(pending_at);
    }
    if !missing.is_empty() {
        // Each thing once (a piece used in many turns is one thing missing).
        let mut seen = std::collections::HashSet::new();
        missing.retain(|f| seen.insert(f.message.clone()));
        return Err(Failure::Findings(missing));
    }

    // The end: the save's last turn committed (`endTurn`, counted in tiles placed), the
    // 4.x draw order's `#END` reached, or `GAME_OVER`.
    let annotations = root.get("gameAnnotations");
    let end_turn = match annotations.and_then(|a| a.get("endTurn")) {
        None | Some(Value::Null) => None,
        Some(n) => match n.as_u64() {
            Some(n) if n >= placed as u64 => Some(n),
            number => {
                let what = match number {
                    Some(_) => format!(
                        "`endTurn` is {n}, and the save places {placed} tile{} in its turns",
                        if placed == 1 { "" } else { "s" }
                    ),
                    None => format!("`endTurn` is {n}, not a whole number of turns"),
                };
                return Err(format_error_with(
                    what,
                    "\"endTurn\"",
                    "`gameAnnotations.endTurn` is the number of turns the game lasts, a whole number no smaller than the turns played",
                ));
            }
        },
    };
    let order = root
        .get("annotations")
        .and_then(|a| a.get("tilePack"))
        .and_then(|t| t.get("params"))
        .and_then(|p| p.get("drawOrder"))
        .and_then(Value::as_array);
    let to_end = order.and_then(|l| l.iter().position(|t| t.as_str() == Some("#END")));
    let ended = game_over
        || (last_committed
            && (end_turn.is_some_and(|n| placed as u64 >= n)
                || to_end.is_some_and(|n| placed >= n)));
    let stop = match (ended, last_committed, acted) {
        (true, _, _) => Stop::Ended,
        _ if moved_on_at.is_some_and(|i| i + 1 == actions.len()) => Stop::MovedOn,
        (false, true, _) => Stop::TileNext,
        (false, false, false) => Stop::Placed,
        (false, false, true) => Stop::Acted,
    };

    let test = root.get("test").map(|t| {
        let description = t.get("description").and_then(Value::as_str).unwrap_or("");
        let assertions = t
            .get("assertions")
            .and_then(Value::as_array)
            .map(|l| {
                l.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default();
        (description.to_string(), assertions)
    });

    let q = |s: &str| serde_json::to_string(s).unwrap_or_default();
    let mut yaml = format!(
        "# Imported by `tessera import jcz-save` from a saved game of JCloisterZone {version}: \
         the tiles keep JCloisterZone's ids and orientation.\n"
    );
    let name = root.get("name").and_then(Value::as_str).unwrap_or("");
    let name = match &test {
        Some((d, _)) if name.trim().is_empty() => d.clone(),
        _ => name.to_string(),
    };
    yaml.push_str(&format!(
        "name: {}\n",
        q(if name.trim().is_empty() {
            "saved game"
        } else {
            &name
        })
    ));
    let sets: Vec<String> = used
        .iter()
        .map(|s| q(s.tileset))
        .chain(elements_on.iter().filter_map(|e| e.tileset).map(q))
        .collect();
    yaml.push_str(&format!("tileset: [{}]\n", sets.join(", ")));
    match ruleset_of(&used, &elements_on).as_slice() {
        [] => {}
        [r] => yaml.push_str(&format!("ruleset: {}\n", q(r))),
        several => {
            let list: Vec<String> = several.iter().map(|r| q(r)).collect();
            yaml.push_str(&format!("ruleset: [{}]\n", list.join(", ")));
        }
    }
    let names: Vec<String> = players.iter().map(|p| q(p)).collect();
    yaml.push_str(&format!("players: [{}]\n", names.join(", ")));
    let mut written = format!("farmers: {farmers}, small_city: {small_city}");
    for (o, on) in &options {
        written.push_str(&format!(", {o}: {on}"));
    }
    yaml.push_str(&format!("options: {{{written}}}\n"));
    if !supply.is_empty() {
        let counts: Vec<String> = supply.iter().map(|(k, n)| format!("{k}: {n}")).collect();
        yaml.push_str(&format!("supply: {{{}}}\n", counts.join(", ")));
    }
    yaml.push_str(&format!(
        "start: {{tile: {}, rotation: {}}}\n",
        q(&start.0),
        start.1
    ));
    if ended {
        yaml.push_str("ended: true\n");
    }
    yaml.push_str("turns:\n");
    for t in &turns {
        yaml.push_str(&format!(
            "  - {{tile: {}, x: {}, y: {}, rotation: {}, player: {}",
            q(&t.tile),
            t.x,
            t.y,
            t.degrees,
            q(&players[t.player])
        ));
        match (&t.piece, t.piece_cell) {
            (Some((kind, at)), Some((x, y))) => {
                let kind = kind
                    .map(|k| format!("kind: {}, ", q(k)))
                    .unwrap_or_default();
                yaml.push_str(&format!(", piece: {{{kind}x: {x}, y: {y}, at: {}}}", q(at)));
            }
            (Some((None, at)), None) => yaml.push_str(&format!(", piece: {}", q(at))),
            (Some((Some(kind), at)), None) => {
                yaml.push_str(&format!(", piece: {{kind: {}, at: {}}}", q(kind), q(at)))
            }
            (None, _) => {}
        }
        if let Some((x, y, at)) = &t.recall {
            yaml.push_str(&format!(", recall: {{x: {x}, y: {y}, at: {}}}", q(at)));
        }
        if let Some((x, y, at)) = &t.expel {
            yaml.push_str(&format!(", expel: {{x: {x}, y: {y}, at: {}}}", q(at)));
        }
        if let Some((x, y, at)) = &t.build {
            yaml.push_str(&format!(", build: {{x: {x}, y: {y}, at: {}}}", q(at)));
        }
        match &t.span {
            Some((x, y, axis)) => {
                yaml.push_str(&format!(", span: {{x: {x}, y: {y}, axis: {axis}}}"));
            }
            // JCloisterZone lays the bridge a placement needs with the tile, unasked.
            None if bridges => yaml.push_str(", span: needed"),
            None => {}
        }
        if let Some((kind, holder)) = &t.ransom {
            yaml.push_str(&format!(
                ", ransom: {{piece: {}, from: {}}}",
                q(kind),
                q(&players[*holder])
            ));
        }
        if let Some((figure, x, y, at)) = &t.attend {
            let at = at
                .as_ref()
                .map_or(String::new(), |a| format!(", at: {}", q(a)));
            yaml.push_str(&format!(
                ", attend: {{figure: {}, x: {x}, y: {y}{at}}}",
                q(figure)
            ));
        }
        if !t.drawn_at.is_empty() {
            let d: Vec<String> = t.drawn_at.iter().map(|f| format!("{f:?}")).collect();
            yaml.push_str(&format!(", drawn_at: [{}]", d.join(", ")));
        }
        if !t.choices.is_empty() {
            yaml.push_str(&format!(", choices: [{}]", t.choices.join(", ")));
        }
        yaml.push_str("}\n");
    }
    if turns.is_empty() {
        yaml = yaml.replace("turns:\n", "turns: []\n");
    }
    let first_turn_line = yaml
        .lines()
        .position(|l| l.starts_with("turns:"))
        .unwrap_or(0)
        + 2;
    let start_line = yaml
        .lines()
        .position(|l| l.starts_with("start:"))
        .unwrap_or(0)
        + 1;
    // At the start tile's id (`"tile"` after `"start"`), else at `"start"`.
    let start_at = file
        .text()
        .find("\"start\"")
        .map(|at| file.text()[at..].find("\"tile\"").map_or(at, |k| at + k));
    let ransom_last = actions
        .last()
        .and_then(|a| a.get("type"))
        .and_then(Value::as_str)
        == Some("PAY_RANSOM");
    Ok(ImportedSave {
        yaml,
        ended,
        stop,
        ransom_last,
        test,
        players,
        turns_at,
        first_turn_line,
        start_line,
        start_at,
    })
}

/// The id of the `n`-th field of tile `tile` that lies inside it (no slot; JCloisterZone's
/// `I`, `II`, ...: `INNER_FARM`, `INNER_FARM_B` in its XML), read from the sets' bundled
/// tile sets (read once, into `cache`).
fn inner_field(
    cache: &mut Option<Vec<crate::model::TileSetFile>>,
    used: &[&SetMapping],
    tile: &str,
    n: usize,
) -> Option<String> {
    let sets = cache.get_or_insert_with(|| {
        used.iter()
            .filter_map(|s| {
                crate::load::load::<crate::model::TileSetFile>(
                    Path::new(s.tileset),
                    crate::schema::FileKind::Tileset,
                )
                .ok()
                .map(|(_, ts)| ts)
            })
            .collect()
    });
    let def = sets
        .iter()
        .flat_map(|ts| ts.tiles.iter())
        .find(|t| t.value.id.value == tile)?;
    def.value
        .segments
        .iter()
        .filter(|s| s.value.feature.value == "field" && s.value.at.is_empty())
        .nth(n)
        .map(|s| s.value.id.value.clone())
}

/// Whether a `MOVE_NEUTRAL_FIGURE` payload moves a figure named `name` (`fairy.1`).
fn moves_figure(payload: &Value, name: &str) -> bool {
    payload
        .get("figureId")
        .and_then(Value::as_str)
        .and_then(|f| f.strip_prefix(name))
        .is_some_and(|rest| rest.starts_with('.'))
}

/// A cell as a save writes it, `[x, y]` (whole numbers).
fn cell(position: Option<&Value>) -> Option<(i64, i64)> {
    let p = position?.as_array()?;
    Some((p.first()?.as_i64()?, p.get(1)?.as_i64()?))
}

/// A tile id as the bundled tile sets write it: 5.x and 6.x ids as they are (`BA/Cc.1`),
/// 4.x ids with their expansion prefix joined by `/` instead of `.` (`BA.Cc.1` ->
/// `BA/Cc.1`).
pub fn tile_id(id: &str) -> String {
    if id.contains('/') {
        id.to_string()
    } else {
        id.replacen('.', "/", 1)
    }
}

/// The place a JCloisterZone feature pointer names (`{position, location, feature}`): its
/// cell and the position's address there (`garden` for a garden's inner location);
/// `None` when a part is missing or not understood.
fn pointer_place(fp: Option<&Value>) -> Option<(i64, i64, String)> {
    let (x, y) = cell(fp?.get("position"))?;
    let address = match (
        fp?.get("location").and_then(Value::as_str),
        fp?.get("feature").and_then(Value::as_str),
    ) {
        (Some("I"), Some("Garden")) => Some("garden".to_string()),
        (Some("I"), Some("Tower")) => Some("tower".to_string()),
        (Some(l), _) => location_address(l),
        _ => None,
    }?;
    Some((x, y, address))
}

/// The position's address of a piece at a JCloisterZone location (board orientation):
/// the first half-side of a field's list (`NL.NR.EL.WR` -> `NL`), the first side of a
/// city's or road's sides (`NS` -> `N`; `_E`, every side but E, -> `N`), and `monastery`
/// for the inner location (`I`, 4.x `CLOISTER`). `None` for a location of another kind.
pub fn location_address(location: &str) -> Option<String> {
    const HALVES: [&str; 8] = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"];
    match location {
        "I" | "CLOISTER" => return Some("monastery".into()),
        _ => {}
    }
    let first = location.split('.').next()?;
    if HALVES.contains(&first) {
        return Some(first.to_string());
    }
    if let Some(but) = location.strip_prefix('_') {
        let known = !but.is_empty() && but.chars().all(|c| "NESW".contains(c));
        return known
            .then(|| "NESW".chars().find(|c| !but.contains(*c)))
            .flatten()
            .map(String::from);
    }
    let sides = location.chars().all(|c| "NESW".contains(c)) && !location.is_empty();
    sides.then(|| location[..1].to_string())
}

/// A finding for something the save uses that tessera does not play yet, at the first
/// place in the text where `near` is written.
fn unsupported(file: &SourceFile, near: &str, what: String, help: &str) -> Finding {
    locate(
        file,
        near,
        Finding::new(
            Check::JczSaveUnsupported,
            format!("this saved game uses {what}, which tessera does not play yet"),
        ),
        "not played by tessera",
    )
    .help(help.to_string())
}

/// Like [`unsupported`], at byte `at` of the file (an action's type).
fn unsupported_at(file: &SourceFile, at: usize, what: String, help: &str) -> Finding {
    let len = usize::from(at < file.text().len());
    Finding::new(
        Check::JczSaveUnsupported,
        format!("this saved game uses {what}, which tessera does not play yet"),
    )
    .in_file(file)
    .at_span(
        miette::SourceSpan::new(at.into(), len),
        "not played by tessera",
    )
    .help(help.to_string())
}

/// A `jcz::save_format` finding at byte `at` of the file (an action's type).
fn broken_at(file: &SourceFile, at: usize, what: String, help: &str) -> Failure {
    let len = usize::from(at < file.text().len());
    Failure::one(
        Finding::new(Check::JczSaveFormat, what)
            .in_file(file)
            .at_span(miette::SourceSpan::new(at.into(), len), "here")
            .help(help.to_string()),
    )
}

/// Puts a label at the first place `near` is written in the file (else its start).
fn locate(file: &SourceFile, near: &str, finding: Finding, label: &str) -> Finding {
    let (at, len) = match file.text().find(near) {
        Some(at) => (at, near.len()),
        None => (0, usize::from(!file.text().is_empty())),
    };
    finding
        .in_file(file)
        .at_span(miette::SourceSpan::new(at.into(), len), label)
}

/// Where each action's type (`"PLACE_TILE"`) is written in the save's text, by action:
/// the n-th action of a type at the n-th place its quoted name is written (one pass per
/// type, so a save of many actions is read in linear time); 0 when not found.
fn action_offsets(text: &str, actions: &[Value]) -> Vec<usize> {
    let mut next: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    actions
        .iter()
        .map(|a| {
            let kind = a.get("type").and_then(Value::as_str).unwrap_or("");
            let from = next.entry(kind).or_insert(0);
            let quoted = format!("\"{kind}\"");
            match text.get(*from..).and_then(|t| t.find(&quoted)) {
                Some(i) => {
                    let at = *from + i + 1;
                    *from = at + quoted.len() - 1;
                    at
                }
                None => 0,
            }
        })
        .collect()
}

/// The byte offset of a 1-based line and column (serde_json's error position).
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    (start + column.saturating_sub(1)).min(text.len())
}

#[cfg(test)]
mod tests {
    use super::location_address;

    #[test]
    fn locations_become_addresses() {
        assert_eq!(location_address("NL.NR.EL.WR").as_deref(), Some("NL"));
        assert_eq!(location_address("NS").as_deref(), Some("N"));
        assert_eq!(location_address("WE").as_deref(), Some("W"));
        assert_eq!(location_address("I").as_deref(), Some("monastery"));
        // Every side but the one named: the first of the others.
        assert_eq!(location_address("_N").as_deref(), Some("E"));
        assert_eq!(location_address("_E").as_deref(), Some("N"));
        assert_eq!(location_address("_NESW"), None);
        assert_eq!(location_address("_X"), None);
        assert_eq!(location_address("QUARTER_CASTLE"), None);
    }
}
