//! Reports and how they are printed: the score report as text for people and as JSON for
//! scripts (`tessera score --format json`: a top-level `players` array of objects with
//! `name` and `points`), findings as one-line records, and the check catalogue as text
//! (`tessera explain`) and as the Markdown reference `docs/checks.md`.

use std::fmt::Write as _;

use serde::Serialize;

use crate::diag::{Check, Finding, Level, escape_text as esc};
use crate::validate::{Checked, Coverage};
use std::collections::{BTreeMap, HashMap};

use crate::engine::{AwardSource, Event, Logged, Phase, Scored, State};
use crate::geometry::Rotation;
use crate::rules::{Count, Rules};
use crate::score::TermValue;

/// One feature scored, as reported (text and JSON): the engine's [`Scored`] with the
/// rule set's names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ScoreEvent {
    /// `play` (completed during play), `final` (end-of-game scoring) or `effect` (scored
    /// by an effect of the tile just placed).
    pub phase: &'static str,
    /// Turn number (1 = first turn after the start tile; 0 = a snapshot's own state).
    pub turn: usize,
    /// Feature kind.
    pub feature: String,
    /// Whether the feature was completed.
    pub completed: bool,
    /// Cells of its distinct tiles, `[x, y]`, in placement order.
    pub tiles: Vec<[i32; 2]>,
    /// Items on it, by name (only non-zero counts).
    pub items: BTreeMap<String, u64>,
    /// Majority-counting pieces on it, by player name.
    pub pieces: BTreeMap<String, u32>,
    /// Each player's strength in the majority when it differs from their number of pieces
    /// (pieces with a `weight`: a large follower counts 2; pieces counted by an item on the
    /// feature, `item_strength`: a mayor counts its city's pennants), by player name; empty
    /// otherwise.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub strength: BTreeMap<String, u32>,
    /// Players who scored (the majority; all tied players).
    pub scorers: Vec<String>,
    /// Points each scorer received.
    pub points: i64,
    /// The sum spelled out, e.g. `4 tiles x 2 + 1 pennant x 2 = 10`.
    pub why: String,
    /// The terms.
    pub terms: Vec<TermRecord>,
    /// Tokens each scorer took from the feature (Gold Rush mining tokens).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub tokens: BTreeMap<String, u32>,
    /// Points each scorer received besides `points`, from pieces that raise their
    /// owner's score (a pig in a field), by player name; empty when none did.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub raised: BTreeMap<String, i64>,
    /// Players who tied for the most strength and lost the tie-break (a follower on a
    /// hill wins it), by name; empty when no tie was broken.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tie_lost: Vec<String>,
    /// Whether features of this kind can be completed at all (fields cannot).
    pub completable: bool,
    /// The items in words, with the rule set's plurals (`2 deer, 1 tiger`).
    #[serde(skip)]
    pub items_text: String,
}

/// One term's contribution, as reported.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TermRecord {
    /// What was counted, singular: `tile`, `pennant`, `surrounding tile`, `completed city`,
    /// or `base` for a constant term.
    pub what: String,
    /// How many units counted (after cancellation).
    pub count: i64,
    /// Points per unit.
    pub points_each: i64,
    /// The words for the units, singular or plural to agree with `count`.
    pub label: String,
    /// Units cancelled (by tigers, say).
    pub cancelled: i64,
    /// The item that cancelled them.
    pub cancelled_by: Option<String>,
    /// Units that counted more because of an area bonus (pit trap).
    pub boosted: i64,
    /// Points of the term.
    pub points: i64,
}

impl TermRecord {
    /// A term's value in the rule set's words.
    pub fn new(rules: &Rules, t: &TermValue) -> Self {
        let (what, plural) = match t.counted {
            Count::One => ("base".to_string(), "base".to_string()),
            Count::Tiles => ("tile".to_string(), "tiles".to_string()),
            Count::Neighbours => (
                "surrounding tile".to_string(),
                "surrounding tiles".to_string(),
            ),
            Count::NeighboursWith(i) => (
                format!("surrounding tile with a {}", rules.items[i]),
                format!("surrounding tiles with a {}", rules.items[i]),
            ),
            Count::Item(i) => (rules.items[i].clone(), rules.item_plurals[i].clone()),
            Count::Features(kind) => {
                let fk = &rules.features[kind];
                (fk.name.clone(), fk.plural.clone())
            }
            Count::Linked {
                feature,
                completed,
                item,
                holding,
                ..
            } => {
                let fk = &rules.features[feature];
                let done = if completed { "completed " } else { "" };
                let with = holding.map_or(String::new(), |h| format!(" with a {}", rules.items[h]));
                let (name, names) = (
                    format!("{done}{}{with}", fk.name),
                    format!("{done}{}{with}", fk.plural),
                );
                match item {
                    Some(i) => (
                        format!("{} in linked {names}", rules.items[i]),
                        format!("{} in linked {names}", rules.item_plurals[i]),
                    ),
                    None => (name, names),
                }
            }
        };
        TermRecord {
            label: if t.count == 1 { what.clone() } else { plural },
            what,
            count: t.count,
            points_each: t.points_each,
            cancelled: t.cancelled,
            cancelled_by: t.cancelled_by.map(|c| rules.items[c].clone()),
            boosted: t.boosted,
            points: t.points,
        }
    }
}

/// Human-readable sum: `4 tiles x 2 + 1 pennant x 2 = 10`.
pub fn explain_sum(terms: &[TermRecord], points: i64, capped: bool) -> String {
    let parts: Vec<String> = terms
        .iter()
        .filter(|t| t.count != 0 || t.cancelled != 0)
        .map(|t| {
            if t.what == "base" {
                return format!("{}", t.points_each);
            }
            let mut s = format!("{} {} x {}", t.count, t.label, t.points_each);
            if t.boosted > 0 {
                s.push_str(&format!(" ({} in the bonus area: {})", t.boosted, t.points));
            }
            if let (n @ 1.., Some(by)) = (t.cancelled, &t.cancelled_by) {
                s.push_str(&format!(" ({n} cancelled by {by})"));
            }
            s
        })
        .collect();
    let cap = if capped {
        " (capped at the 64-bit limit)"
    } else {
        ""
    };
    if terms.is_empty() {
        return format!("nothing counts in this case: {points}");
    }
    if parts.is_empty() {
        return format!("{points}{cap}");
    }
    format!("{} = {points}{cap}", parts.join(" + "))
}

impl ScoreEvent {
    /// A feature scored, in the words of the game's rule set and players.
    pub fn new(state: &State, e: &Scored) -> Self {
        let rules = &state.game().rules;
        let by_player = |v: &[u32]| -> BTreeMap<String, u32> {
            v.iter()
                .enumerate()
                .filter(|&(_, &n)| n > 0)
                .map(|(p, &n)| (state.players()[p].clone(), n))
                .collect()
        };
        let terms: Vec<TermRecord> = e.terms.iter().map(|t| TermRecord::new(rules, t)).collect();
        let mut why = explain_sum(&terms, e.points, e.capped);
        if let Some(item) = e.effect {
            why = format!("{} on the tile just placed: {why}", rules.items[item]);
        }
        let raised: BTreeMap<String, i64> = e
            .raised
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n != 0)
            .map(|(p, &n)| (state.players()[p].clone(), n))
            .collect();
        if !raised.is_empty() {
            let each: Vec<String> = raised
                .iter()
                .map(|(p, n)| format!("{p} {n:+}, {} in all", e.points.saturating_add(*n)))
                .collect();
            why = format!("{why}; raised besides its value: {}", each.join("; "));
        }
        // Every player with pieces there, a strength of 0 too (a mayor without pennants).
        let strength: BTreeMap<String, u32> = e
            .strength
            .iter()
            .enumerate()
            .filter(|&(p, &n)| n > 0 || e.pieces.get(p).is_some_and(|&k| k > 0))
            .map(|(p, &n)| (state.players()[p].clone(), n))
            .collect();
        if e.terms.is_empty() && !e.strength.is_empty() && e.strength.iter().all(|&n| n == 0) {
            why = "its pieces count for nothing in the majority: nobody has it, and nobody \
                   scores"
                .to_string();
        }
        let tie_lost: Vec<String> = e
            .tie_lost
            .iter()
            .map(|&p| state.players()[p].clone())
            .collect();
        if !tie_lost.is_empty() {
            why = format!(
                "{why}; {} tied for the majority and lost the tie-break",
                tie_lost.join(", ")
            );
        }
        ScoreEvent {
            phase: match e.phase {
                Phase::Play => "play",
                Phase::Final => "final",
                Phase::Effect => "effect",
            },
            turn: e.turn,
            feature: rules.features[e.kind].name.clone(),
            completed: e.completed,
            tiles: e
                .tiles
                .iter()
                .map(|&t| {
                    let p = state.board().placed[t as usize];
                    [p.x, p.y]
                })
                .collect(),
            items: e
                .items
                .iter()
                .enumerate()
                .filter(|&(_, &n)| n > 0)
                .map(|(i, &n)| (rules.items[i].clone(), n))
                .collect(),
            pieces: by_player(&e.pieces),
            strength,
            scorers: e
                .scorers
                .iter()
                .map(|&s| state.players()[s].clone())
                .collect(),
            points: e.points,
            why,
            terms,
            tokens: by_player(&e.tokens),
            raised,
            tie_lost,
            completable: rules.features[e.kind].completion != crate::rules::Completion::Never,
            items_text: e
                .items
                .iter()
                .enumerate()
                .filter(|&(_, &n)| n > 0)
                .map(|(i, &n)| {
                    let name = if n == 1 {
                        &rules.items[i]
                    } else {
                        &rules.item_plurals[i]
                    };
                    format!("{n} {name}")
                })
                .collect::<Vec<_>>()
                .join(", "),
        }
    }
}

/// The pieces on the board of a state, by player in turn order, each player's in the
/// order they were placed.
fn board_pieces(state: &State) -> Vec<BoardPiece> {
    let rules = &state.game().rules;
    let mut pieces: Vec<_> = state.pieces().iter().collect();
    pieces.sort_by_key(|p| p.player);
    pieces
        .into_iter()
        .map(|p| {
            let s = state.board().graph[p.node];
            let tile = state.board().placed[s.placed as usize];
            let role = state
                .role(p.kind, s.feature)
                .map_or_else(|| rules.pieces[p.kind].name.clone(), |r| r.name.clone());
            BoardPiece {
                player: state.players()[p.player].clone(),
                kind: rules.pieces[p.kind].name.clone(),
                role,
                feature: rules.features[s.feature].name.clone(),
                cell: [tile.x, tile.y],
                at: crate::address::address_of(state, s.placed, s.segment as usize),
            }
        })
        .collect()
}

impl ScoreReport {
    /// Names each piece on the board by the address written for it (the slot the player
    /// chose, `NL`, rather than its segment's first slot, `N`), when an address was
    /// written for its segment: `written` lists the cells and addresses as the position
    /// writes them, in order (a later one for the same segment wins). An address that
    /// names no segment there is left out.
    pub fn with_written_addresses(
        mut self,
        state: &State,
        written: &[((i32, i32), String)],
    ) -> Self {
        let segment = |cell: (i32, i32), at: &str| {
            let placed = state.board().at(cell.0, cell.1)?;
            crate::address::segment_at(state, placed, at).map(|s| (placed, s))
        };
        // By segment, a later address replacing an earlier one: one look-up per piece,
        // however many pieces a snapshot has.
        let chosen: HashMap<(u32, usize), &str> = written
            .iter()
            .filter_map(|(cell, at)| segment(*cell, at).map(|s| (s, at.as_str())))
            .collect();
        for piece in &mut self.pieces {
            let here = segment((piece.cell[0], piece.cell[1]), &piece.at);
            if let Some(at) = here.and_then(|s| chosen.get(&s)) {
                piece.at = (*at).to_string();
            }
        }
        // A figure beside a piece is named by its piece's address too.
        for figure in &mut self.figures {
            let here = segment((figure.cell[0], figure.cell[1]), &figure.at);
            if let Some(at) = here.and_then(|s| chosen.get(&s)) {
                figure.at = (*at).to_string();
            }
        }
        self
    }
}

/// One player's points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerScore {
    /// Name, as in the position's `players`.
    pub name: String,
    /// Total points: `during_play + final_scoring`.
    pub points: i64,
    /// Points banked during play (completed features, and a snapshot's `scores`).
    pub during_play: i64,
    /// Points from the end-of-game scoring of features (0 without `--final`).
    pub final_scoring: i64,
    /// Points of the tokens the player holds (Gold Rush mining tokens), added to `points`
    /// with the end-of-game scoring.
    pub tokens: i64,
    /// Tokens the player holds whose value is unknown (not counted).
    pub unknown_tokens: u32,
}

/// A piece on the board when the position was scored, where it stands and in which role
/// (so that a follower written at the wrong slot shows up as, say, a farmer).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardPiece {
    /// Its owner, as in the position's `players`.
    pub player: String,
    /// Its piece kind (the rule set's name).
    pub kind: String,
    /// Its role there (the rule set's name; the piece kind's when it has none).
    pub role: String,
    /// The feature kind of the segment it stands on.
    pub feature: String,
    /// The cell of its tile, `[x, y]`.
    pub cell: [i32; 2],
    /// The segment's address on the tile, as a position file writes it (`NR`, `monastery`).
    pub at: String,
}

/// The result of scoring a position.
#[derive(Debug, Clone, Serialize)]
pub struct ScoreReport {
    /// The position's name, if given.
    pub position: Option<String>,
    /// Game name.
    pub game: String,
    /// Turns replayed (0 for a snapshot).
    pub turns: usize,
    /// Whether the position is a snapshot (no turns).
    pub snapshot: bool,
    /// Whether end-of-game scoring was included.
    pub final_scoring: bool,
    /// Players in turn order.
    pub players: Vec<PlayerScore>,
    /// Every feature scored, in order.
    pub features: Vec<ScoreEvent>,
    /// What happened besides scoring (extra turns earned, pieces taken back, tokens mined).
    pub log: Vec<LogEntry>,
    /// The pieces on the board at the end, by player in turn order, each player's in the
    /// order they were placed.
    pub pieces: Vec<BoardPiece>,
    /// Where the neutral figures stand at the end (the fairy), those moved at least once.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub figures: Vec<BoardFigure>,
    /// Where the figures that roam the board stand at the end (the dragon), those on the
    /// board.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub roaming: Vec<RoamingFigure>,
    /// The features raised by tokens at the end (towers), in the order their tiles were
    /// placed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub raised: Vec<Raised>,
    /// The pieces captured and held at the end, in the order captured.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub prisoners: Vec<HeldPiece>,
    /// The features converted (castles), in the order converted.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub converted: Vec<ConvertedFeature>,
}

/// A feature converted instead of scored (a castle), `crate::mechanism::converting`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ConvertedFeature {
    /// What it became (`castle`).
    pub name: String,
    /// Its owner.
    pub owner: String,
    /// The cells of its tiles.
    pub cells: Vec<[i32; 2]>,
    /// Whether a feature completed near it paid its owner (its piece returned).
    pub paid: bool,
}

/// The converted features of a state.
fn converted_features(state: &State) -> Vec<ConvertedFeature> {
    let rules = &state.game().rules;
    state
        .memory()
        .converting
        .list
        .iter()
        .map(|c| ConvertedFeature {
            name: crate::mechanism::converting::words::name(rules, usize::from(c.entry))
                .to_string(),
            owner: state.players().get(c.owner).cloned().unwrap_or_default(),
            cells: c.cells.iter().map(|&(x, y)| [x, y]).collect(),
            paid: c.paid,
        })
        .collect()
}

/// A feature raised by tokens (a tower), `crate::mechanism::building`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Raised {
    /// The feature kind (`tower`).
    pub feature: String,
    /// The cell of its tile.
    pub cell: [i32; 2],
    /// Its height, in tokens.
    pub height: u32,
    /// The player whose piece stands on top, if any (it is closed then).
    pub topped_by: Option<String>,
}

/// A captured piece and who holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeldPiece {
    /// The player who holds it.
    pub holder: String,
    /// Its owner.
    pub owner: String,
    /// Its kind.
    pub kind: String,
}

/// The raised features of a state, and the pieces held.
fn raised_and_prisoners(state: &State) -> (Vec<Raised>, Vec<HeldPiece>) {
    let rules = &state.game().rules;
    let memory = &state.memory().building;
    let raised = memory
        .foundations
        .iter()
        .filter(|f| f.2 > 0)
        .map(|&(node, _, height)| {
            let n = state.board().graph[node];
            let tile = state.board().placed[n.placed as usize];
            Raised {
                feature: rules.features[n.feature].name.clone(),
                cell: [tile.x, tile.y],
                height,
                topped_by: state
                    .pieces()
                    .on_node(node)
                    .next()
                    .map(|(_, p)| state.players()[p.player].clone()),
            }
        })
        .collect();
    let prisoners = memory
        .prisoners
        .iter()
        .map(|q| HeldPiece {
            holder: state.players()[q.holder].clone(),
            owner: state.players()[q.owner].clone(),
            kind: rules.pieces[q.kind].name.clone(),
        })
        .collect();
    (raised, prisoners)
}

/// A figure that roams the board, on the tile where it stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoamingFigure {
    /// The figure's name (`dragon`).
    pub figure: String,
    /// The cell of its tile.
    pub cell: [i32; 2],
}

/// The figures of a state that roam the board and are on it, where they stand.
fn roaming_figures(state: &State) -> Vec<RoamingFigure> {
    let table = &state.game().rules.mechanisms.roaming_figures;
    let at = &state.memory().roaming_figures.at;
    table
        .iter()
        .enumerate()
        .filter_map(|(f, entry)| {
            let placed = at.get(f).copied().flatten()?;
            let tile = state.board().placed[placed as usize];
            Some(RoamingFigure {
                figure: entry.name.clone(),
                cell: [tile.x, tile.y],
            })
        })
        .collect()
}

/// A neutral figure on the board: beside which player's piece it stands, or stood.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardFigure {
    /// The figure's name (`fairy`).
    pub figure: String,
    /// The player whose piece it was moved next to.
    pub player: String,
    /// The cell of that piece's tile.
    pub cell: [i32; 2],
    /// That piece's segment address.
    pub at: String,
    /// Whether the piece still stands there (it attends it).
    pub attending: bool,
    /// Whether the figure stands on the tile rather than beside the piece (its
    /// `on_tile_option` on).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub on_tile: bool,
}

/// Whether attending figure `figure` stands on a tile rather than beside a piece (its
/// `on_tile_option` on).
fn figure_on_tile(state: &State, figure: usize) -> bool {
    state
        .game()
        .rules
        .mechanisms
        .attending_figures
        .get(figure)
        .and_then(|f| f.on_tile_option)
        .is_some_and(|o| state.options()[o])
}

/// The neutral figures of a state that have moved, where they stand.
fn board_figures(state: &State) -> Vec<BoardFigure> {
    let table = &state.game().rules.mechanisms.attending_figures;
    let at = &state.memory().attending_figures.at;
    table
        .iter()
        .enumerate()
        .filter_map(|(f, entry)| {
            let (node, player) = at.get(f).copied().flatten()?;
            let s = state.board().graph[node];
            let tile = state.board().placed[s.placed as usize];
            Some(BoardFigure {
                figure: entry.name.clone(),
                player: state.players().get(player)?.clone(),
                cell: [tile.x, tile.y],
                at: crate::address::address_of(state, s.placed, s.segment as usize),
                attending: state
                    .pieces()
                    .on_node(node)
                    .any(|(_, p)| p.player == player),
                on_tile: figure_on_tile(state, f),
            })
        })
        .collect()
}

/// Something that happened besides scoring (an extra turn earned, a piece taken back, a
/// token mined, a tile set aside), in the rule set's words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LogEntry {
    /// Turns played when it happened.
    pub turn: usize,
    /// Whether it happened in end-of-game scoring (points given then: a title, a castle
    /// not paid); written only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub end: bool,
    /// What happened.
    pub text: String,
}

/// Where segment `segment` of placed tile `on` lies, in words (`(1, 0) N`: its tile's
/// cell and its address there), and its feature kind.
fn segment_place(state: &State, on: u32, segment: usize) -> (String, usize) {
    let p = state.board().placed[on as usize];
    let node = state.board().node(on, segment);
    (
        format!(
            "({}, {}) {}",
            p.x,
            p.y,
            crate::address::address_of(state, on, segment)
        ),
        state.board().graph[node].feature,
    )
}

impl LogEntry {
    /// The words of one logged event ([`Logged`]); `None` for an event the engine does
    /// not log (scoring is told by the features scored).
    pub fn new(state: &State, l: &Logged) -> Option<Self> {
        let rules = &state.game().rules;
        let name = |p: usize| state.players().get(p).map_or("?", String::as_str);
        // "their own" for the player of the event, else "B's".
        let whose = |owner: usize| {
            if owner == l.player {
                "their own".to_string()
            } else {
                format!("{}'s", name(owner))
            }
        };
        let text = match l.event {
            Event::SetAside { tile } => format!(
                "tile `{}` fits nowhere and is set aside",
                state.game().tiles.tiles[tile].id
            ),
            Event::Recalled { kind, on, segment } => {
                let (place, feature) = segment_place(state, on, segment);
                format!(
                    "{} takes back their {} at {place}, for the points of the {}",
                    name(l.player),
                    rules.pieces[kind].name,
                    rules.features[feature].name
                )
            }
            Event::Expelled {
                kind,
                owner,
                on,
                segment,
            } => {
                let (place, feature) = segment_place(state, on, segment);
                let whose = whose(owner);
                format!(
                    "{} sends {whose} {} on the {} at {place} home",
                    name(l.player),
                    rules.pieces[kind].name,
                    rules.features[feature].name
                )
            }
            Event::Attended {
                figure,
                on,
                segment,
            } => {
                let (place, feature) = segment_place(state, on, segment);
                format!(
                    "{} {}",
                    name(l.player),
                    crate::mechanism::attending_figures::words::attended(
                        rules,
                        figure,
                        feature,
                        &place,
                        figure_on_tile(state, usize::from(figure))
                    )
                )
            }
            Event::TakenBack { kind, on, segment } => format!(
                "{} takes back their {} at {}",
                name(l.player),
                rules.pieces[kind].name,
                segment_place(state, on, segment).0
            ),
            Event::Mined { pool } => {
                let pool = &rules.token_pools[pool];
                let piece = pool
                    .taken_by
                    .map_or("piece", |k| rules.pieces[k].name.as_str());
                format!(
                    "{} takes the top token of the {} under their {piece}",
                    name(l.player),
                    rules.features[pool.feature].name
                )
            }
            Event::TokensLeft { pool, kind, count } => format!(
                "{count} {} token{} leave the game with the completed {} (no majority)",
                rules.token_pools[pool].name,
                if count == 1 { "" } else { "s" },
                rules.features[kind].name
            ),
            Event::ExtraTurn {
                player,
                stack: Some(stack),
            } => format!(
                "{} earns an extra turn with a tile from the {} stack",
                name(player),
                rules.stacks[stack].name
            ),
            Event::ExtraTurn {
                player,
                stack: None,
            } => format!("{} earns an extra turn", name(player)),
            Event::TitleTaken {
                title,
                player,
                tiles,
            } => format!(
                "{} {}",
                name(player),
                crate::mechanism::titles::words::taken(rules, title, tiles)
            ),
            Event::Collected {
                entry,
                player,
                count,
            } => format!(
                "{} {}",
                name(player),
                crate::mechanism::collecting::words::collected(rules, entry, count)
            ),
            Event::TilesHidden { item, count } => format!(
                "{count} tile{} of the pile go{} face down under the tile with a {}, out of the game",
                if count == 1 { "" } else { "s" },
                if count == 1 { "es" } else { "" },
                rules.items[item]
            ),
            Event::Roamed {
                figure,
                on,
                arrived,
            } => {
                let p = state.board().placed[on as usize];
                format!(
                    "{} {}",
                    name(l.player),
                    crate::mechanism::roaming_figures::words::roamed(
                        rules,
                        figure,
                        &format!("({}, {})", p.x, p.y),
                        arrived
                    )
                )
            }
            Event::Built {
                entry,
                on,
                segment,
                height,
            } => {
                let (place, feature) = segment_place(state, on, segment);
                format!(
                    "{} {}",
                    name(l.player),
                    crate::mechanism::building::words::built(rules, entry, feature, &place, height)
                )
            }
            Event::Captured {
                kind,
                owner,
                on,
                segment,
            } => {
                let (place, feature) = segment_place(state, on, segment);
                let whose = whose(owner);
                format!(
                    "{} {}",
                    name(l.player),
                    crate::mechanism::building::words::captured(
                        rules, &whose, kind, feature, &place
                    )
                )
            }
            Event::Exchanged { with, got, gave } => crate::mechanism::building::words::exchanged(
                rules,
                name(l.player),
                name(with),
                got,
                gave,
            ),
            Event::RansomPaid {
                kind,
                holder,
                points,
            } => format!(
                "{} {}",
                name(l.player),
                crate::mechanism::building::words::ransom(rules, name(holder), kind, points)
            ),
            Event::Spanned { entry, on, axis } => {
                let p = state.board().placed[on as usize];
                format!(
                    "{} {}",
                    name(l.player),
                    crate::mechanism::spanning::words::spanned(
                        rules,
                        entry,
                        &format!("({}, {})", p.x, p.y),
                        axis
                    )
                )
            }
            Event::Converted { entry, on, segment } => {
                let (place, feature) = segment_place(state, on, segment);
                format!(
                    "{} {}",
                    name(l.player),
                    crate::mechanism::converting::words::converted(
                        rules,
                        usize::from(entry),
                        feature,
                        &place
                    )
                )
            }
            Event::TakenByFigure {
                figure,
                kind,
                owner,
                on,
                segment,
            } => {
                let (place, feature) = segment_place(state, on, segment);
                let whose = format!("{}'s", name(owner));
                crate::mechanism::roaming_figures::words::taken(
                    rules, figure, &whose, kind, feature, &place,
                )
            }
            Event::MovedOn { kind, on, segment } => {
                let (place, feature) = segment_place(state, on, segment);
                format!(
                    "{} {}",
                    name(l.player),
                    crate::mechanism::moving_on::words::moved(rules, kind, feature, &place)
                )
            }
            Event::FlockGrew {
                flock,
                value,
                total,
            } => format!(
                "{} {}",
                name(l.player),
                crate::mechanism::flocks::words::drew(rules, flock, value, total)
            ),
            Event::FlockLost {
                flock,
                value,
                pieces,
            } => format!(
                "{} {}",
                name(l.player),
                crate::mechanism::flocks::words::ended(rules, flock, value, pieces)
            ),
            Event::Awarded {
                player,
                points,
                source: AwardSource::Flock { flock, tokens },
                ..
            } => format!(
                "{} {}",
                name(player),
                crate::mechanism::flocks::words::award(rules, flock, points, tokens)
            ),
            Event::Awarded {
                player,
                points,
                phase,
                source: AwardSource::Attending { figure, scored },
            } => format!(
                "{} {}",
                name(player),
                crate::mechanism::attending_figures::words::award(
                    rules,
                    figure,
                    points,
                    scored,
                    phase == Phase::Final,
                    figure_on_tile(state, figure)
                )
            ),
            Event::Awarded {
                player,
                points,
                phase,
                source: AwardSource::Converted { entry, index },
            } => {
                let cells: Vec<String> = state
                    .memory()
                    .converting
                    .list
                    .get(index)
                    .map(|c| c.cells.iter().map(|(x, y)| format!("({x}, {y})")).collect())
                    .unwrap_or_default();
                format!(
                    "{} {}",
                    name(player),
                    crate::mechanism::converting::words::award(
                        rules,
                        entry,
                        &cells.join(" "),
                        points,
                        phase == Phase::Final
                    )
                )
            }
            Event::Awarded {
                player,
                points,
                source: AwardSource::Auction { entry, tile },
                ..
            } => format!(
                "{} {}",
                name(player),
                crate::mechanism::auctioning::words::award(
                    rules,
                    entry,
                    &state.game().tiles.tiles[tile].id,
                    points
                )
            ),
            Event::Auctioned {
                tile,
                to,
                price,
                from,
                last,
                chosen,
            } => {
                let id = &state.game().tiles.tiles[tile].id;
                // Sold: the chooser (the event's player) gave it to another.
                let sold_to = (to != l.player).then(|| name(to));
                let bidder = from.filter(|&f| f != l.player).map(name);
                format!(
                    "{} {}",
                    name(l.player),
                    crate::mechanism::auctioning::words::auctioned(
                        id, sold_to, price, bidder, last, chosen
                    )
                )
            }
            Event::Awarded {
                player,
                points,
                source: AwardSource::Collected { entry, count },
                ..
            } => format!(
                "{} {}",
                name(player),
                crate::mechanism::collecting::words::award(rules, entry, points, count)
            ),
            Event::Awarded {
                player,
                points,
                phase,
                source: AwardSource::Title { title, units, all },
            } => format!(
                "{} {}",
                name(player),
                crate::mechanism::titles::words::award(
                    rules,
                    title,
                    points,
                    units,
                    all,
                    phase == Phase::Final
                )
            ),
            _ => return None,
        };
        let end = matches!(
            l.event,
            Event::Awarded {
                phase: Phase::Final,
                ..
            }
        );
        Some(LogEntry {
            turn: l.turn,
            end,
            text,
        })
    }
}

impl ScoreReport {
    /// Builds the report from a game state.
    pub fn from_state(state: &State, position: Option<String>, final_scoring: bool) -> Self {
        let (raised, prisoners) = raised_and_prisoners(state);
        ScoreReport {
            position,
            game: state.game().rules.name.clone(),
            turns: state.turn(),
            snapshot: false,
            final_scoring,
            players: state
                .players()
                .iter()
                .zip(state.token_points())
                .enumerate()
                .map(|(i, (name, (tokens, unknown_tokens)))| PlayerScore {
                    name: name.clone(),
                    points: state.points()[i]
                        .saturating_add(state.final_points()[i])
                        .saturating_add(if final_scoring { tokens } else { 0 }),
                    during_play: state.points()[i],
                    final_scoring: state.final_points()[i],
                    tokens,
                    unknown_tokens,
                })
                .collect(),
            features: state
                .events()
                .iter()
                .map(|e| ScoreEvent::new(state, e))
                .collect(),
            log: state
                .log()
                .iter()
                .filter_map(|l| LogEntry::new(state, l))
                .collect(),
            pieces: board_pieces(state),
            figures: board_figures(state),
            roaming: roaming_figures(state),
            raised,
            prisoners,
            converted: converted_features(state),
        }
    }

    /// A player's total points, by name.
    pub fn points(&self, name: &str) -> Option<i64> {
        self.players
            .iter()
            .find(|p| p.name == name)
            .map(|p| p.points)
    }

    /// What was replayed, in words: `snapshot` or `7 turns replayed`.
    fn replayed(&self) -> String {
        if self.snapshot {
            "snapshot".to_string()
        } else {
            format!(
                "{} turn{} replayed",
                self.turns,
                if self.turns == 1 { "" } else { "s" }
            )
        }
    }

    /// The report as text for people. Names read from the files (players, the position,
    /// the game, features, pieces) are shown with control characters escaped
    /// ([`crate::diag::escape_text`]), so that a name cannot drive the terminal or forge a
    /// row of the table; the JSON report keeps them exact.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let title = esc(self.position.as_deref().unwrap_or("position"));
        let _ = writeln!(s, "{title} ({})", esc(&self.game));
        let replayed = self.replayed();
        let _ = writeln!(
            s,
            "{replayed}; {}",
            if self.final_scoring {
                "end-of-game scoring included"
            } else {
                "points during play only (add --final for end-of-game scoring)"
            }
        );
        let w = col(self
            .players
            .iter()
            .map(|p| esc(&p.name).chars().count())
            .max()
            .unwrap_or(6)
            .max(6));
        let tokens = self
            .players
            .iter()
            .any(|p| p.tokens != 0 || p.unknown_tokens != 0);
        let tok = |v: &str| {
            if tokens {
                format!("  {v:>6}")
            } else {
                String::new()
            }
        };
        let _ = writeln!(
            s,
            "\n{:w$}  {:>6}  {:>6}{}  {:>6}",
            "player",
            "play",
            "final",
            tok("tokens"),
            "total"
        );
        for p in &self.players {
            let unknown = match p.unknown_tokens {
                0 => String::new(),
                1 => "  (1 token of unknown value)".to_string(),
                n => format!("  ({n} tokens of unknown value)"),
            };
            let _ = writeln!(
                s,
                "{:w$}  {:>6}  {:>6}{}  {:>6}{unknown}",
                esc(&p.name),
                p.during_play,
                p.final_scoring,
                tok(&p.tokens.to_string()),
                p.points
            );
        }
        if tokens && !self.final_scoring {
            let _ = writeln!(
                s,
                "(token points count at the end of the game: add --final)"
            );
        }
        if !self.pieces.is_empty() {
            let _ = writeln!(s, "\npieces on the board:");
            // The piece kind is named when the rule set has several.
            let kinds: std::collections::HashSet<&str> =
                self.pieces.iter().map(|p| p.kind.as_str()).collect();
            for p in &self.pieces {
                let kind = if kinds.len() > 1 && p.kind != p.role {
                    format!(" ({})", esc(&p.kind))
                } else {
                    String::new()
                };
                let _ = writeln!(
                    s,
                    "  {}: {}{kind} on the {} at ({},{}) {}",
                    esc(&p.player),
                    esc(&p.role),
                    esc(&p.feature),
                    p.cell[0],
                    p.cell[1],
                    esc(&p.at)
                );
            }
        }
        if !self.raised.is_empty() {
            let _ = writeln!(s, "\nraised:");
            for t in &self.raised {
                let top = t
                    .topped_by
                    .as_ref()
                    .map_or(String::new(), |p| format!(", {}'s piece on top", esc(p)));
                let _ = writeln!(
                    s,
                    "  the {} at ({},{}): height {}{top}",
                    esc(&t.feature),
                    t.cell[0],
                    t.cell[1],
                    t.height
                );
            }
        }
        if !self.converted.is_empty() {
            let _ = writeln!(s, "\nconverted:");
            for c in &self.converted {
                let cells: Vec<String> =
                    c.cells.iter().map(|[x, y]| format!("({x},{y})")).collect();
                let _ = writeln!(
                    s,
                    "  {}'s {} at {}: {}",
                    esc(&c.owner),
                    esc(&c.name),
                    cells.join(" "),
                    match (c.paid, self.final_scoring) {
                        (true, _) => "paid",
                        (false, true) => "not paid by the end: 0",
                        (false, false) => "not paid yet",
                    }
                );
            }
        }
        if !self.prisoners.is_empty() {
            let _ = writeln!(s, "\nprisoners:");
            for q in &self.prisoners {
                let _ = writeln!(
                    s,
                    "  {} holds {}'s {}",
                    esc(&q.holder),
                    esc(&q.owner),
                    esc(&q.kind)
                );
            }
        }
        if !self.figures.is_empty() || !self.roaming.is_empty() {
            let _ = writeln!(s, "\nfigures on the board:");
            for f in &self.roaming {
                let _ = writeln!(
                    s,
                    "  {}: on the tile at ({},{})",
                    esc(&f.figure),
                    f.cell[0],
                    f.cell[1]
                );
            }
            for f in self.figures.iter().filter(|f| f.on_tile) {
                let _ = writeln!(
                    s,
                    "  {}: on the tile at ({},{})",
                    esc(&f.figure),
                    f.cell[0],
                    f.cell[1]
                );
            }
            for f in self.figures.iter().filter(|f| !f.on_tile) {
                let _ = writeln!(
                    s,
                    "  {}: beside {}'s piece{} at ({},{}) {}",
                    esc(&f.figure),
                    esc(&f.player),
                    if f.attending {
                        ""
                    } else {
                        " (gone: it attends nobody)"
                    },
                    f.cell[0],
                    f.cell[1],
                    esc(&f.at)
                );
            }
        }
        if !self.features.is_empty() {
            let _ = writeln!(s, "\nscored features:");
        }
        for e in &self.features {
            let when = if e.phase == "final" {
                "final".to_string()
            } else if e.turn == 0 {
                "now".to_string()
            } else {
                format!("turn {}", e.turn)
            };
            let state = match (e.phase, e.completed, e.completable) {
                ("effect", _, _) => "scored by an effect",
                (_, true, _) => "completed",
                // Never completed, and scored during play by a mechanism (a barn's field).
                ("play", false, false) => "scored during play",
                (_, false, true) => "incomplete",
                (_, false, false) => "at the end",
            };
            let tiles: Vec<String> = e.tiles.iter().map(|[x, y]| format!("({x},{y})")).collect();
            let mut pieces: Vec<String> = e
                .pieces
                .iter()
                .map(|(p, n)| match e.strength.get(p) {
                    Some(w) if w != n => format!("{} {n} (counts {w})", esc(p)),
                    _ => format!("{} {n}", esc(p)),
                })
                .collect();
            if pieces.is_empty() {
                pieces.push("none".into());
            }
            let scorers = if e.scorers.is_empty() {
                "nobody".to_string()
            } else {
                esc(&e.scorers.join(", ")).into_owned()
            };
            let _ = writeln!(
                s,
                "  {when:>7}  {} {state}, {} tile{} {}{}",
                esc(&e.feature),
                e.tiles.len(),
                if e.tiles.len() == 1 { "" } else { "s" },
                tiles.join(" "),
                if e.items_text.is_empty() {
                    String::new()
                } else {
                    format!(", {}", esc(&e.items_text))
                }
            );
            let took: Vec<String> = e
                .tokens
                .iter()
                .map(|(p, n)| format!("{} {n}", esc(p)))
                .collect();
            let took = if took.is_empty() {
                String::new()
            } else {
                format!("; tokens taken: {}", took.join(", "))
            };
            // One scorer whose points a rule raised (a castle beside a farmer's field, a
            // pig): the points they get in all, explained in `why`.
            let points = match e.scorers.as_slice() {
                [one] => e
                    .points
                    .saturating_add(e.raised.get(one).copied().unwrap_or(0)),
                _ => e.points,
            };
            let _ = writeln!(
                s,
                "           pieces: {}; {scorers} score{} {points} ({}){took}",
                pieces.join(", "),
                if e.scorers.len() == 1 { "s" } else { "" },
                esc(&e.why)
            );
        }
        if !self.log.is_empty() {
            let _ = writeln!(s, "\nalso:");
        }
        for l in &self.log {
            let when = if l.end {
                "final".to_string()
            } else {
                format!("turn {}", l.turn)
            };
            let _ = writeln!(s, "  {when:>7}  {}", esc(&l.text));
        }
        s
    }
}

/// Findings as the text report, each drawn by `handler` (in the `tessera` binary, miette's
/// graphical handler) and followed by a blank line, in order.
///
/// The cost is linear in the number of findings: a finding's snippet is read from its
/// file's line index ([`crate::diag::SourceView`]), not by scanning the file from its start.
pub fn findings_text(findings: &[Finding], handler: &dyn miette::ReportHandler) -> String {
    struct Shown<'a>(&'a dyn miette::ReportHandler, &'a Finding);
    impl std::fmt::Debug for Shown<'_> {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            self.0.debug(self.1, f)
        }
    }
    let mut s = String::new();
    for f in findings {
        let _ = writeln!(s, "{:?}", Shown(handler, f));
    }
    s
}

/// A column width for `{:w$}` in a text report: at most [`crate::limits::MAX_PAD`]
/// characters (a wider cell overflows its column).
fn col(width: usize) -> usize {
    width.min(crate::limits::MAX_PAD)
}

/// A finding as a JSON record for `tessera validate --format json`.
#[derive(Debug, Clone, Serialize)]
pub struct FindingRecord {
    /// Stable code, e.g. `tileset::count_mismatch`.
    pub code: &'static str,
    /// `error`, `warning` or `note` (after `--allow` / `--deny`).
    pub level: &'static str,
    /// What is wrong.
    pub message: String,
    /// File, if known.
    pub file: Option<String>,
    /// 1-based line of the primary label.
    pub line: Option<usize>,
    /// 1-based column of the primary label.
    pub column: Option<usize>,
    /// How to fix it.
    pub help: Option<String>,
    /// Other places that belong to the finding, each a record of its own (level `note`):
    /// the other definition of a clashing id, the include that led to the file.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub related: Vec<FindingRecord>,
    /// Every place the finding marks in its file, when it marks more than one (the first
    /// is `line` and `column`): both halves of a clash, every use of an element a rule set
    /// cannot express. Absent when the finding marks one place.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<LabelRecord>,
    /// The mechanical fix the help describes, as link edits in the tile set's terms
    /// (`{tile, segment, relation, target, add}`), for an editor to apply; absent when the
    /// fix needs a judgement.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fix: Vec<crate::diag::LinkEdit>,
    /// How many more findings of the same check this one stands for (past the cap on
    /// findings kept per file, see [`crate::diag::Finding::more`]); absent when none.
    #[serde(skip_serializing_if = "is_zero")]
    pub more: u32,
}

/// One place a finding marks (see [`FindingRecord::labels`]).
#[derive(Debug, Clone, Serialize)]
pub struct LabelRecord {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What the finding says there.
    pub label: String,
}

impl From<&Finding> for FindingRecord {
    fn from(f: &Finding) -> Self {
        let pos = f.position();
        FindingRecord {
            code: f.check.code(),
            level: f.level.name(),
            message: f.message.clone(),
            file: pos
                .as_ref()
                .map(|p| p.0.clone())
                .or_else(|| f.file.as_ref().map(|x| x.path.display().to_string())),
            line: pos.as_ref().map(|p| p.1),
            column: pos.as_ref().map(|p| p.2),
            help: f.help.clone(),
            related: f.related.iter().map(FindingRecord::from).collect(),
            labels: match (&f.file, f.labels.len()) {
                (Some(file), 2..) => f
                    .labels
                    .iter()
                    .map(|(span, label)| {
                        let (line, column) = file.line_col(span.offset());
                        LabelRecord {
                            line,
                            column,
                            label: label.clone(),
                        }
                    })
                    .collect(),
                _ => Vec::new(),
            },
            fix: f.fixes().to_vec(),
            more: f.more,
        }
    }
}

/// What `tessera validate --format json` prints: every finding of the run, and one
/// record per file checked.
#[derive(Debug, Clone, Serialize)]
pub struct ValidateReport {
    /// The findings, as records, in the order the files were checked.
    pub findings: Vec<FindingRecord>,
    /// The files checked, in that order.
    pub files: Vec<FileRecord>,
    /// Findings not recorded: past [`crate::limits::max_findings`] per run (`--max-findings`),
    /// counted with the [`FindingRecord::more`] of those recorded. The files' counts
    /// include them.
    #[serde(skip_serializing_if = "is_zero")]
    pub not_recorded: usize,
}

fn is_zero<T: Default + PartialEq>(n: &T) -> bool {
    *n == T::default()
}

/// One checked file in `tessera validate --format json`: what was found in it and, for a
/// converted file (JCloisterZone XML), how much of it could be checked.
#[derive(Debug, Clone, Serialize)]
pub struct FileRecord {
    /// The file, as given or found.
    pub file: String,
    /// `ruleset`, `tileset` or `position`; `null` when it could not be told.
    pub kind: Option<&'static str>,
    /// Its errors (after `--allow` / `--deny`).
    pub errors: usize,
    /// Its warnings.
    pub warnings: usize,
    /// Its notes.
    pub notes: usize,
    /// For a converted file: how much of its tiles was checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coverage: Option<CoverageRecord>,
}

/// How much of a converted file's tiles was checked (see [`crate::validate::Coverage`]).
#[derive(Debug, Clone, Serialize)]
pub struct CoverageRecord {
    /// Tiles looked at.
    pub tiles: usize,
    /// Tiles everything of which was checked.
    pub fully_checked: usize,
    /// Tiles checked, but not everything they say.
    pub partly_checked: usize,
    /// Tiles not checked at all.
    pub not_checked: usize,
    /// Every tile, in the file's order.
    pub by_tile: Vec<TileCoverageRecord>,
}

/// How much of one tile was checked.
#[derive(Debug, Clone, Serialize)]
pub struct TileCoverageRecord {
    /// The tile's id.
    pub id: String,
    /// 1-based line of its definition.
    pub line: u32,
    /// `fully`, `partly` or `not`.
    pub checked: &'static str,
    /// What was not checked (`<tower>`, `city-gate on <city>`), absent when fully checked.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_checked: Vec<String>,
}

impl From<&Coverage> for CoverageRecord {
    fn from(c: &Coverage) -> Self {
        CoverageRecord {
            tiles: c.tiles.len(),
            fully_checked: c.count(Checked::Fully),
            partly_checked: c.count(Checked::Partly),
            not_checked: c.count(Checked::Not),
            by_tile: c
                .tiles
                .iter()
                .map(|t| TileCoverageRecord {
                    id: t.id.clone(),
                    line: t.line,
                    checked: t.checked.name(),
                    not_checked: t.not_checked.clone(),
                })
                .collect(),
        }
    }
}

/// A converted file's coverage in one line of text: `32 tiles: 20 fully checked, 11
/// partly (not checked: <tower> in 11), 1 not checked (the City of Carcassonne (The
/// Count): CO/1)`. Each thing not checked is counted in tiles; tiles not checked at all
/// are named, grouped by why.
pub fn coverage_text(c: &Coverage) -> String {
    let n = c.tiles.len();
    let mut partly: Vec<(&str, usize)> = Vec::new();
    let mut not: Vec<(String, Vec<&str>)> = Vec::new();
    for t in &c.tiles {
        match t.checked {
            Checked::Fully => {}
            Checked::Partly => {
                for what in &t.not_checked {
                    match partly.iter_mut().find(|(w, _)| w == what) {
                        Some((_, k)) => *k += 1,
                        None => partly.push((what, 1)),
                    }
                }
            }
            Checked::Not => {
                let why = t.not_checked.join(", ");
                match not.iter_mut().find(|(w, _)| *w == why) {
                    Some((_, ids)) => ids.push(&t.id),
                    None => not.push((why, vec![&t.id])),
                }
            }
        }
    }
    let mut s = format!(
        "{n} tile{}: {} fully checked, {} partly",
        if n == 1 { "" } else { "s" },
        c.count(Checked::Fully),
        c.count(Checked::Partly)
    );
    if !partly.is_empty() {
        let list: Vec<String> = partly.iter().map(|(w, k)| format!("{w} in {k}")).collect();
        let _ = write!(s, " (not checked: {})", list.join(", "));
    }
    let _ = write!(s, ", {} not checked", c.count(Checked::Not));
    if !not.is_empty() {
        let list: Vec<String> = not
            .iter()
            .map(|(why, ids)| {
                if why.is_empty() {
                    ids.join(", ")
                } else {
                    format!("{why}: {}", ids.join(", "))
                }
            })
            .collect();
        let _ = write!(s, " ({})", list.join("; "));
    }
    esc(&s).into_owned()
}

/// Words of `text` wrapped at `width` columns, each line starting with `indent`.
fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && indent.len() + line.len() + 1 + word.len() > width {
            let _ = writeln!(out, "{indent}{line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        let _ = writeln!(out, "{indent}{line}");
    }
    out
}

/// The language of a catalogue example, for Markdown code fences.
fn example_language(example: &str) -> &'static str {
    if example.trim_start().starts_with('<') {
        "xml"
    } else {
        "yaml"
    }
}

/// The headings of a check's two examples: a note is not a mistake to fix, so its examples
/// are input that gives the note and input that does not.
fn example_headings(check: Check) -> [&'static str; 2] {
    if check.info().severity == Level::Note {
        ["Gives the note", "Does not"]
    } else {
        ["Bad", "Fixed"]
    }
}

/// What `tessera explain CODE` prints: the code, title, default severity, why it matters,
/// and the bad and fixed examples.
pub fn explain_text(check: Check) -> String {
    let info = check.info();
    let mut s = String::new();
    let _ = writeln!(s, "{}: {}", info.code, info.title);
    let _ = writeln!(s, "default severity: {}", info.severity.name());
    let _ = writeln!(s, "\nWhy:");
    s.push_str(&wrap(info.why, 92, "  "));
    let [bad, fixed] = example_headings(check);
    for (heading, example) in [(bad, info.bad), (fixed, info.fixed)] {
        let _ = writeln!(s, "\n{heading}:");
        for line in example.lines() {
            let _ = writeln!(s, "  {line}");
        }
    }
    s
}

/// What `tessera explain` prints without a code: every code with its default severity and
/// title, in catalogue order.
pub fn checks_list() -> String {
    let width = Check::all()
        .iter()
        .map(|c| c.code().len())
        .max()
        .unwrap_or(0);
    let mut s = String::new();
    for c in Check::all() {
        let info = c.info();
        let _ = writeln!(
            s,
            "{:width$}  {:7}  {}",
            info.code,
            info.severity.name(),
            info.title
        );
    }
    let _ = writeln!(
        s,
        "\n{} checks. `tessera explain CODE` says why a check matters and shows bad and fixed input.",
        Check::all().len()
    );
    s
}

/// The GitHub anchor of a heading made of one code in backticks.
fn anchor(code: &str) -> String {
    code.chars()
        .filter(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
        .collect()
}

/// The check reference `docs/checks.md`, generated from the catalogue (`tessera explain
/// --markdown`); a test checks that the committed file is fresh.
pub fn checks_markdown() -> String {
    let mut s = String::new();
    s.push_str("<!-- Generated by `tessera explain --markdown --out docs/checks.md --force` from the check\n     catalogue (the `checks!` entries in src/); do not edit by hand. -->\n\n");
    s.push_str("# Checks\n\n");
    s.push_str(
        "Every finding tessera reports carries one of these codes. Each code names one rule. \
         Severities: an **error** means the file cannot be used as it is (exit status 2); a \
         **warning** is probably a mistake but the data can be used (exit status 0 unless \
         denied); a **note** is worth knowing and never changes the exit status.\n\n\
         `tessera validate`, `score` and `placements` take `--allow CODE` (drop that code's \
         findings; warnings and notes only), `--deny CODE` (make them errors) and \
         `--deny warnings` (every warning is an error). `tessera explain CODE` prints one entry \
         of this page.\n\nThe examples that are whole files use paths as if they were in \
         the bundled `rulesets/`, `tilesets/` or `examples/` directory; a test validates each \
         of them and checks that the bad one gives its code and the fixed one does not.\n\n",
    );
    s.push_str("| code | severity | rule |\n| --- | --- | --- |\n");
    for c in Check::all() {
        let info = c.info();
        let _ = writeln!(
            s,
            "| [`{}`](#{}) | {} | {} |",
            info.code,
            anchor(info.code),
            info.severity.name(),
            info.title.replace('|', "\\|")
        );
    }
    for c in Check::all() {
        let info = c.info();
        let [bad, fixed] = example_headings(*c);
        let _ = write!(
            s,
            "\n## `{}`\n\n{} Default severity: **{}**.\n\n{}\n\n{bad}:\n\n```{lang}\n{}```\n\n{fixed}:\n\n```{lang}\n{}```\n",
            info.code,
            info.title,
            info.severity.name(),
            info.why.split_whitespace().collect::<Vec<_>>().join(" "),
            with_newline(info.bad),
            with_newline(info.fixed),
            lang = example_language(info.bad),
        );
    }
    s
}

/// `text` ending with exactly one newline.
fn with_newline(text: &str) -> String {
    format!("{}\n", text.trim_end_matches('\n'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Level;

    #[test]
    fn finding_records_name_every_level() {
        let mut f = Finding::new(Check::Provenance, "a finding");
        let mut names = Vec::new();
        for level in [Level::Error, Level::Warning, Level::Note] {
            f.level = level;
            names.push(FindingRecord::from(&f).level);
        }
        assert_eq!(names, ["error", "warning", "note"]);
    }

    #[test]
    fn explain_text_has_every_part_of_the_entry() {
        let text = explain_text(Check::SlotClaim);
        let info = Check::SlotClaim.info();
        assert!(
            text.starts_with("tileset::slot_claim: A slot of a tile is claimed by no segment.")
        );
        assert!(text.contains("default severity: error"));
        assert!(text.contains("\nBad:\n") && text.contains("\nFixed:\n"));
        let note = explain_text(Check::Provenance);
        assert!(note.contains("\nGives the note:\n") && note.contains("\nDoes not:\n"));
        for line in info.bad.lines().chain(info.fixed.lines()) {
            assert!(text.contains(&format!("  {line}\n")), "missing {line:?}");
        }
    }

    #[test]
    fn markdown_reference_has_one_section_per_check() {
        let md = checks_markdown();
        for c in Check::all() {
            let heading = format!("\n## `{}`\n", c.code());
            assert_eq!(md.matches(&heading).count(), 1, "{}", c.code());
            assert!(md.contains(&format!("(#{})", anchor(c.code()))));
        }
    }
}

/// What a played game's position file says about where it comes from: the header lines
/// before `turns:`, already written (name, source, tile sets, rule set, players).
#[derive(Debug, Clone)]
pub struct PlayedHeader {
    /// The YAML lines before `turns:` (each ending in a newline).
    pub text: String,
}

/// A played game ([`crate::engine::play::PlayedGame`]) as the `turns:` list of a position
/// file, appended to `header`: one flow mapping per turn (tile, cell, rotation, and the
/// piece, mining, token draws and set-aside tiles when there are any). Tile ids, player
/// and piece names are written as JSON strings (valid YAML), so no name can break the
/// file. `tessera score` replays it to the same points.
pub fn played_position(header: &PlayedHeader, game: &crate::engine::play::PlayedGame) -> String {
    use crate::engine::Action;
    let q = |s: &str| serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into());
    let state = &game.state;
    let tiles = &state.game().tiles.tiles;
    let mut out = header.text.clone();
    // No turn at all (every tile drawn fitted nowhere): an empty log, as YAML writes it.
    out.push_str(if game.turns.is_empty() {
        "turns: []\n"
    } else {
        "turns:\n"
    });
    for t in &game.turns {
        let mv = &t.mv;
        let _ = write!(
            out,
            "  - {{tile: {}, x: {}, y: {}, rotation: {}",
            q(&tiles[mv.tile].id),
            mv.x,
            mv.y,
            mv.rotation.degrees()
        );
        // A held tile (an abbey) names its player: in the last round a player may have
        // passed before it, which the log does not record.
        let rules = &state.game().rules;
        if tiles[mv.tile].stack.is_some_and(|s| rules.stacks[s].held) {
            let _ = write!(out, ", player: {}", q(&state.players()[mv.player]));
        }
        if let Some(span) = mv.span {
            let _ = write!(
                out,
                ", span: {{x: {}, y: {}, axis: {}}}",
                span.x,
                span.y,
                span.axis.name()
            );
        }
        if let Some((holder, kind)) = mv.ransom {
            let _ = write!(
                out,
                ", ransom: {{piece: {}, from: {}}}",
                q(&rules.pieces[kind].name),
                q(&state.players()[holder])
            );
        }
        match mv.action {
            Action::Pass => {}
            Action::Mine => out.push_str(", mine: true"),
            Action::Recall { on, segment } => {
                let p = state.board().placed[on as usize];
                let at = crate::address::address_of(state, on, segment);
                let _ = write!(out, ", recall: {{x: {}, y: {}, at: {}}}", p.x, p.y, q(&at));
            }
            Action::Expel { on, segment } => {
                let p = state.board().placed[on as usize];
                let at = crate::address::address_of(state, on, segment);
                let _ = write!(out, ", expel: {{x: {}, y: {}, at: {}}}", p.x, p.y, q(&at));
            }
            Action::Build { on, segment } => {
                let p = state.board().placed[on as usize];
                let at = crate::address::address_of(state, on, segment);
                let _ = write!(out, ", build: {{x: {}, y: {}, at: {}}}", p.x, p.y, q(&at));
            }
            Action::Attend {
                figure,
                on,
                segment,
            } => {
                let p = state.board().placed[on as usize];
                let at = crate::address::address_of(state, on, segment);
                let name = state
                    .game()
                    .rules
                    .mechanisms
                    .attending_figures
                    .get(usize::from(figure))
                    .map_or("", |a| a.name.as_str());
                let _ = write!(
                    out,
                    ", attend: {{figure: {}, x: {}, y: {}, at: {}}}",
                    q(name),
                    p.x,
                    p.y,
                    q(&at)
                );
            }
            Action::Piece { kind, on, segment } => {
                let target = t.piece_on.unwrap_or(0);
                // A piece placed at a corner is written at its corner (`NW`).
                let at = match t.piece_corner {
                    Some(c) => crate::geometry::CORNERS[c as usize].to_string(),
                    None => crate::address::address_of(state, target, segment),
                };
                let kind = q(&state.game().rules.pieces[kind].name);
                match on {
                    None => {
                        let _ = write!(out, ", piece: {{kind: {kind}, at: {}}}", q(&at));
                    }
                    Some(_) => {
                        let p = state.board().placed[target as usize];
                        let _ = write!(
                            out,
                            ", piece: {{kind: {kind}, x: {}, y: {}, at: {}}}",
                            p.x,
                            p.y,
                            q(&at)
                        );
                    }
                }
            }
        }
        if !t.draws.is_empty() {
            let d: Vec<String> = t.draws.iter().map(u32::to_string).collect();
            let _ = write!(out, ", draws: [{}]", d.join(", "));
        }
        if !t.choices.is_empty() {
            let d: Vec<String> = t
                .choices
                .iter()
                .map(|&c| crate::address::choice_text(state, c))
                .collect();
            let _ = write!(out, ", choices: [{}]", d.join(", "));
        }
        if let Some(a) = &t.auction {
            let revealed: Vec<String> = a.tiles.iter().map(|&i| q(&tiles[i].id)).collect();
            let rounds: Vec<String> = a
                .rounds
                .iter()
                .map(|r| {
                    let mut w = format!("{{tile: {}", q(&tiles[r.tile].id));
                    if !r.bids.is_empty() {
                        let bids: Vec<String> = r
                            .bids
                            .iter()
                            .map(|b| b.map_or("pass".to_string(), |p| p.to_string()))
                            .collect();
                        let _ = write!(w, ", bids: [{}]", bids.join(", "));
                    }
                    if r.sell {
                        w.push_str(", sell: true");
                    }
                    w.push('}');
                    w
                })
                .collect();
            let _ = write!(
                out,
                ", auction: {{tiles: [{}], rounds: [{}]}}",
                revealed.join(", "),
                rounds.join(", ")
            );
        }
        if !t.set_aside.is_empty() {
            let d: Vec<String> = t.set_aside.iter().map(|&i| q(&tiles[i].id)).collect();
            let _ = write!(out, ", set_aside: [{}]", d.join(", "));
        }
        out.push_str("}\n");
    }
    if !game.set_aside_at_end.is_empty() {
        let d: Vec<String> = game
            .set_aside_at_end
            .iter()
            .map(|&i| esc(&tiles[i].id).into_owned())
            .collect();
        let _ = writeln!(
            out,
            "# set aside after the last turn (fitting nowhere): {}",
            d.join(", ")
        );
    }
    out
}

/// A paired comparison of two variants ([`crate::simulate::Paired`]) for people: per
/// seat, the score and win differences; all points together; turns; per feature kind,
/// completions and points. Each as the mean difference per game (second column minus
/// first) with its 95% interval, marked `*` when the interval leaves out 0.
pub fn paired_text(p: &crate::simulate::Paired) -> String {
    let mut rows: Vec<(String, &crate::simulate::Diff)> = Vec::new();
    for s in &p.seats {
        let name = esc(&s.seat).into_owned();
        rows.push((format!("{name} score"), &s.score));
        rows.push((format!("{name} wins (share of games)"), &s.wins));
    }
    rows.push(("all players' points".to_string(), &p.total_points));
    rows.push(("turns".to_string(), &p.turns));
    for f in &p.features {
        let name = esc(&f.kind).into_owned();
        rows.push((format!("{name}: completed"), &f.completed));
        rows.push((format!("{name}: points"), &f.points));
    }
    let w = rows
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = format!(
        "\npaired, game by game over {} (second column minus first, per game: mean [95% interval]; * the interval leaves out 0):\n",
        games_counted(p.games)
    );
    for (label, d) in rows {
        let interval = match d.ci95 {
            Some([low, high]) => format!("[{low:+.2}, {high:+.2}]"),
            None => "[no interval under 2 games]".to_string(),
        };
        let star = if d.significant() { " *" } else { "" };
        let _ = writeln!(out, "  {label:<w$}  {:+.2} {interval}{star}", d.mean);
    }
    out
}

/// `n` games in words: `1 game`, `12 games`.
fn games_counted(n: u64) -> String {
    match n {
        1 => "1 game".to_string(),
        n => format!("{n} games"),
    }
}

/// Simulation summaries ([`crate::simulate::Summary`]) as one table for people: a row per
/// quantity, a column per variant (two columns with `--compare`). Scores are shown as
/// mean ± standard deviation with the quartiles; win rates with their 95% confidence
/// interval; per feature kind, completions and points per game. Each column names its rule
/// set; a feature kind that a column's rule set does not have shows `n/a` there (kinds are
/// matched by name, in the order the rule sets list them).
pub fn simulation_text(summaries: &[crate::simulate::Summary]) -> String {
    let Some(first) = summaries.first() else {
        return String::new();
    };
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    let mut row = |label: String, f: &dyn Fn(&crate::simulate::Summary) -> String| {
        rows.push((label, summaries.iter().map(f).collect()));
    };
    row("tile sets".into(), &|s| esc(&s.variant).into_owned());
    row("rule set".into(), &|s| esc(&s.ruleset).into_owned());
    row("games".into(), &|s| s.games.to_string());
    row("turns per game".into(), &|s| {
        format!("{:.1} ({}-{})", s.turns.mean, s.turns.min, s.turns.max)
    });
    row("tiles set aside per game".into(), &|s| {
        format!("{:.2}", s.set_aside_per_game)
    });
    row("pieces left per player".into(), &|s| {
        format!("{:.2}", s.pieces_left_per_player)
    });
    row("points besides features per game".into(), &|s| {
        format!("{:.2}", s.points_besides_features_per_game)
    });
    // A score's spread and a win rate with its interval, as every row shows them.
    let spread = |x: &crate::simulate::Spread| {
        format!(
            "{:.1} ± {:.1} [{} {} {} {} {}]",
            x.mean, x.sd, x.min, x.q1, x.median, x.q3, x.max
        )
    };
    let rate = |r: f64, ci: [f64; 2]| {
        format!(
            "{:.1}% ({:.1}-{:.1})",
            100.0 * r,
            100.0 * ci[0],
            100.0 * ci[1]
        )
    };
    for (i, seat) in first.seats.iter().enumerate() {
        let name = esc(&seat.seat).into_owned();
        row(format!("{name} ({}) score", seat.agent), &|s| {
            s.seats
                .get(i)
                .map_or_else(String::new, |x| spread(&x.score))
        });
        row(format!("{name} win rate"), &|s| {
            s.seats
                .get(i)
                .map_or_else(String::new, |x| rate(x.win_rate, x.win_rate_ci95))
        });
    }
    // With seats rotated: each agent over all the seats it played.
    for (i, a) in first.agents.iter().enumerate() {
        let name = format!("agent {} ({})", a.index, esc(&a.agent));
        row(format!("{name} score"), &|s| {
            s.agents
                .get(i)
                .map_or_else(String::new, |x| spread(&x.score))
        });
        row(format!("{name} win rate"), &|s| {
            s.agents
                .get(i)
                .map_or_else(String::new, |x| rate(x.win_rate, x.win_rate_ci95))
        });
    }
    let mut kinds: Vec<&str> = Vec::new();
    for f in summaries.iter().flat_map(|s| &s.features) {
        if !kinds.contains(&f.kind.as_str()) {
            kinds.push(&f.kind);
        }
    }
    for kind in kinds {
        let name = esc(kind).into_owned();
        let get =
            |s: &crate::simulate::Summary| s.features.iter().find(|f| f.kind == kind).cloned();
        let na = || "n/a".to_string();
        row(format!("{name}: completed per game"), &|s| {
            get(s).map_or_else(na, |x| {
                if x.completable {
                    format!("{:.2}", x.completed_per_game)
                } else {
                    "-".into()
                }
            })
        });
        row(format!("{name}: points in play per game"), &|s| {
            get(s).map_or_else(na, |x| format!("{:.2}", x.points_in_play_per_game))
        });
        row(format!("{name}: points at end per game"), &|s| {
            get(s).map_or_else(na, |x| format!("{:.2}", x.points_at_end_per_game))
        });
    }
    let label_w = col(rows
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0));
    let col_w: Vec<usize> = (0..summaries.len())
        .map(|c| {
            col(rows
                .iter()
                .map(|(_, v)| v[c].chars().count())
                .max()
                .unwrap_or(0))
        })
        .collect();
    let mut games: Vec<&str> = Vec::new();
    for s in summaries {
        if !games.contains(&s.game.as_str()) {
            games.push(&s.game);
        }
    }
    // A shard says which games of the run it played (none: every statistic below is
    // of no game).
    let shard = first.shard.as_ref().map_or_else(String::new, |s| {
        let which = match first.games {
            0 => "no games".to_string(),
            n => format!("games {}-{}", s.first_game + 1, s.first_game + n),
        };
        format!(
            ", shard {} of {}: {which} of {}",
            s.index, s.count, s.games_total
        )
    });
    let mut out = format!(
        "{} ({} per column{shard}, seed {}; score: mean ± sd [min q1 median q3 max]; win rate with 95% CI)\n\n",
        esc(&games.join(" vs ")),
        games_counted(first.games),
        first.seed
    );
    for (label, values) in &rows {
        let _ = write!(out, "{label:<label_w$}");
        for (c, v) in values.iter().enumerate() {
            let _ = write!(out, "  {v:<w$}", w = col_w[c]);
        }
        out = out.trim_end().to_string();
        out.push('\n');
    }
    out
}

/// One segment of a tile definition, as `tessera tiles` reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SegmentRecord {
    /// Its id on the tile.
    pub id: String,
    /// Its feature kind.
    pub feature: String,
    /// The slots it claims, named in the orientation shown (`NL`, `N`, `NR`, ...).
    pub slots: Vec<String>,
    /// The slots it shares with the segment that claims them, named as `slots` are.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shares: Vec<String>,
    /// The items it carries, by name.
    pub items: BTreeMap<String, u32>,
    /// Its links: `[relation, segment id]`.
    pub links: Vec<[String; 2]>,
    /// The segments it meets at a junction of the tile (the tile's `junctions`), by id.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub meets: Vec<String>,
    /// The items in words, with the rule set's plurals, by name (`1 pennant`,
    /// `2 nuggets`).
    #[serde(skip)]
    pub items_text: Vec<String>,
}

/// A rotation written in quarter turns clockwise (0 to 3), as [`TileRecord`]'s `turns`.
fn quarter_turns<S: serde::Serializer>(r: &Rotation, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u8(r.quarter_turns())
}

/// One tile definition, as `tessera tiles` reports it (text and JSON).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TileRecord {
    /// Its id.
    pub id: String,
    /// Copies in the set.
    pub count: u32,
    /// Whether it is the start tile.
    pub start: bool,
    /// Its draw pile (`None`: the main pile).
    pub stack: Option<String>,
    /// The rotation it is shown turned by ([`Rotation::NONE`]: as printed); written
    /// `turns`, in quarter turns clockwise.
    #[serde(rename = "turns", serialize_with = "quarter_turns")]
    pub rotation: Rotation,
    /// The side kind on each board side, N, E, S, W, as shown.
    pub sides: [String; 4],
    /// Its segments, in the definition's order.
    pub segments: Vec<SegmentRecord>,
    /// The decorations of each copy (empty when not given).
    pub copies: Vec<Vec<String>>,
    /// The items on the tile as a whole (a hill, a vineyard), by name.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub items: BTreeMap<String, u32>,
}

impl TileRecord {
    /// The record of tile `tile` of a game's tile set turned by `rotation`.
    pub fn new(game: &crate::rules::Game, tile: crate::rules::TileId, rotation: Rotation) -> Self {
        let rules = &game.rules;
        let def = &game.tiles.tiles[tile];
        let rot = def.rotated(rotation);
        let slot_names = |s: usize| -> Vec<String> {
            let mut slots: Vec<_> = def.board_slots(s, rotation).collect();
            slots.sort();
            slots
                .into_iter()
                .map(|slot| {
                    crate::geometry::slot_name(slot, rules.parts(rot.sides[slot.side as usize]))
                })
                .collect()
        };
        TileRecord {
            id: def.id.clone(),
            count: def.count,
            start: game.tiles.start == tile,
            stack: def.stack.map(|s| rules.stacks[s].name.clone()),
            rotation,
            sides: rot.sides.map(|k| rules.side_kinds[k].name.clone()),
            segments: def
                .segments
                .iter()
                .enumerate()
                .map(|(s, seg)| SegmentRecord {
                    id: seg.id.clone(),
                    feature: rules.features[seg.feature].name.clone(),
                    slots: slot_names(s),
                    shares: {
                        let s = &def.segments[s];
                        let mut shared: Vec<_> = s
                            .shares
                            .iter()
                            .map(|slot| crate::geometry::Slot {
                                side: rotation.apply(slot.side),
                                part: slot.part,
                            })
                            .collect();
                        shared.sort();
                        shared
                            .into_iter()
                            .map(|slot| {
                                crate::geometry::slot_name(
                                    slot,
                                    rules.parts(rot.sides[slot.side as usize]),
                                )
                            })
                            .collect()
                    },
                    items: seg
                        .items
                        .iter()
                        .map(|&(i, n)| (rules.items[i].clone(), n))
                        .collect(),
                    links: seg
                        .links
                        .iter()
                        .map(|&(r, t)| [rules.relations[r].clone(), def.segments[t].id.clone()])
                        .collect(),
                    meets: seg
                        .adjoins
                        .iter()
                        .map(|&t| def.segments[t].id.clone())
                        .collect(),
                    items_text: {
                        let mut words: Vec<(&str, String)> = seg
                            .items
                            .iter()
                            .map(|&(i, n)| {
                                let name = if n == 1 {
                                    &rules.items[i]
                                } else {
                                    &rules.item_plurals[i]
                                };
                                (rules.items[i].as_str(), format!("{n} {name}"))
                            })
                            .collect();
                        words.sort();
                        words.into_iter().map(|(_, w)| w).collect()
                    },
                })
                .collect(),
            copies: def.copies.clone(),
            items: def
                .items
                .iter()
                .map(|&(i, n)| (rules.items[i].clone(), n))
                .collect(),
        }
    }

    /// The one-line summary `tessera tiles` lists: id, count, sides, segments with their
    /// slots and items (`city N+E with 1 pennant`). The id is padded to `id_width`
    /// characters and each side kind to `side_width`, so that the rows of a list line up.
    pub fn line(&self, id_width: usize, side_width: usize) -> String {
        let (id_width, side_width) = (col(id_width), col(side_width));
        let mut marks = Vec::new();
        if self.start {
            marks.push("start tile".to_string());
        }
        if let Some(s) = &self.stack {
            marks.push(format!("stack {s}"));
        }
        for (item, n) in &self.items {
            marks.push(format!("{n} {item} on the tile"));
        }
        let segments: Vec<String> = self
            .segments
            .iter()
            .map(|s| {
                let mut text = match s.slots.is_empty() {
                    true => format!("{} inside", s.id),
                    false => format!("{} {}", s.id, s.slots.join("+")),
                };
                if !s.shares.is_empty() {
                    text.push_str(&format!(" sharing {}", s.shares.join("+")));
                }
                if let Some((last, init)) = s.items_text.split_last() {
                    text.push_str(" with ");
                    if !init.is_empty() {
                        text.push_str(&init.join(", "));
                        text.push_str(" and ");
                    }
                    text.push_str(last);
                }
                text
            })
            .collect();
        format!(
            "{:<id_width$} ×{:<3} N {:<side_width$} E {:<side_width$} S {:<side_width$} W {:<side_width$} {}{}",
            esc(&self.id),
            self.count,
            esc(&self.sides[0]),
            esc(&self.sides[1]),
            esc(&self.sides[2]),
            esc(&self.sides[3]),
            esc(&segments.join(", ")),
            if marks.is_empty() {
                String::new()
            } else {
                format!("  ({})", marks.join(", "))
            }
        )
    }

    /// The tile drawn as text: a box with every slot's name and the segment claiming it
    /// on its side (N on top, y growing south), then its segments with their feature
    /// kinds, slots, items and links.
    pub fn drawing(&self) -> String {
        // The label of each slot, by side (N, E, S, W) and part, in the order the parts
        // lie on the drawing: N and E in their parts' order (west to east, north to
        // south), S and W reversed (their parts run east to west and south to north).
        let mut by_slot: BTreeMap<String, String> = BTreeMap::new();
        for s in &self.segments {
            for slot in &s.slots {
                by_slot.insert(slot.clone(), s.id.clone());
            }
        }
        let side_labels = |side: char| -> Vec<String> {
            let names: Vec<String> = by_slot
                .keys()
                .filter(|k| k.starts_with(side))
                .cloned()
                .collect();
            let order = |n: &String| match n.len() {
                1 => 1,
                _ if n.ends_with('L') => 0,
                _ => 2,
            };
            let mut names = names;
            names.sort_by_key(order);
            if side == 'S' || side == 'W' {
                names.reverse();
            }
            names
                .into_iter()
                .map(|n| format!("{n} {}", esc(&by_slot[&n])))
                .collect()
        };
        let (north, east, south, west) = (
            side_labels('N'),
            side_labels('E'),
            side_labels('S'),
            side_labels('W'),
        );
        // A side of one part sits in the middle row.
        let rows = |labels: &[String]| -> [String; 3] {
            match labels {
                [one] => [String::new(), one.clone(), String::new()],
                [a, b, c] => [a.clone(), b.clone(), c.clone()],
                other => [other.join(" "), String::new(), String::new()],
            }
        };
        let (left, right) = (rows(&west), rows(&east));
        let lw = col(left.iter().map(|l| l.chars().count()).max().unwrap_or(0));
        let top = north.join(" | ");
        let bottom = south.join(" | ");
        let inner = top.chars().count().max(bottom.chars().count()).max(15) + 4;
        let pad = " ".repeat(lw + 1);
        let centre = |text: &str| {
            let n = text.chars().count();
            let l = (inner.saturating_sub(n)) / 2;
            format!(
                "{}{text}{}",
                " ".repeat(l),
                " ".repeat(inner.saturating_sub(n + l))
            )
        };
        let turned = match self.rotation {
            Rotation::NONE => "as printed".to_string(),
            r => format!("turned {}°", r.degrees()),
        };
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} ×{}, {turned}: N {}, E {}, S {}, W {}",
            esc(&self.id),
            self.count,
            esc(&self.sides[0]),
            esc(&self.sides[1]),
            esc(&self.sides[2]),
            esc(&self.sides[3])
        );
        let _ = writeln!(out);
        let _ = writeln!(out, "{pad} {}", centre(&top));
        let _ = writeln!(out, "{pad}+{}+", "-".repeat(inner));
        let middle = [String::new(), esc(&self.id).into_owned(), String::new()];
        for r in 0..3 {
            let _ = writeln!(
                out,
                "{:>lw$} |{}| {}",
                left[r],
                centre(&middle[r]),
                right[r]
            );
        }
        let _ = writeln!(out, "{pad}+{}+", "-".repeat(inner));
        let _ = writeln!(out, "{pad} {}", centre(&bottom));
        let inside: Vec<&SegmentRecord> = self
            .segments
            .iter()
            .filter(|s| s.slots.is_empty())
            .collect();
        if !inside.is_empty() {
            let names: Vec<String> = inside.iter().map(|s| esc(&s.id).into_owned()).collect();
            let _ = writeln!(out, "{pad} inside the tile: {}", names.join(", "));
        }
        let _ = writeln!(out);
        if !self.items.is_empty() {
            let items: Vec<String> = self
                .items
                .iter()
                .map(|(i, n)| format!("{n} {}", esc(i)))
                .collect();
            let _ = writeln!(out, "on the tile: {}", items.join(", "));
        }
        let _ = writeln!(out, "segments:");
        let iw = col(self
            .segments
            .iter()
            .map(|s| s.id.chars().count())
            .max()
            .unwrap_or(0));
        let fw = col(self
            .segments
            .iter()
            .map(|s| s.feature.chars().count())
            .max()
            .unwrap_or(0));
        for s in &self.segments {
            let mut line = format!(
                "  {:<iw$}  {:<fw$}  {}",
                esc(&s.id),
                esc(&s.feature),
                if s.slots.is_empty() {
                    "(inside)".to_string()
                } else {
                    s.slots.join(" ")
                }
            );
            if !s.shares.is_empty() {
                let _ = write!(line, "; shares {}", s.shares.join(" "));
            }
            for words in &s.items_text {
                let _ = write!(line, "; {}", esc(words));
            }
            for [relation, to] in &s.links {
                let _ = write!(line, "; {} {}", esc(relation), esc(to));
            }
            if !s.meets.is_empty() {
                let met: Vec<String> = s.meets.iter().map(|m| esc(m).into_owned()).collect();
                let _ = write!(line, "; meets {}", met.join(" "));
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
        if !self.copies.is_empty() {
            let _ = writeln!(out, "copies:");
            for (i, c) in self.copies.iter().enumerate() {
                let list: Vec<String> = c.iter().map(|d| esc(d).into_owned()).collect();
                let _ = writeln!(
                    out,
                    "  {}: {}",
                    i + 1,
                    if list.is_empty() {
                        "-".to_string()
                    } else {
                        list.join(", ")
                    }
                );
            }
        }
        // No line ends in spaces (the box pads its rows).
        out.lines().map(|l| format!("{}\n", l.trim_end())).collect()
    }
}

/// The comment a score page written by tessera has after its doctype:
/// `tessera score --html` replaces a file only when it has it (or with `--force`).
pub const HTML_MARK: &str = "<!-- Written by tessera score --html. -->";

/// Whether a file's text is a score page written by tessera (see [`HTML_MARK`]).
pub fn is_score_page(text: &str) -> bool {
    text.strip_prefix("<!DOCTYPE html>\n")
        .is_some_and(|rest| rest.starts_with(HTML_MARK))
}

/// The page's style: the board beside the tables, in a frame that scrolls when it is
/// zoomed; a feature row hovered (or named by the address's `#feature-N`) outlines its
/// feature on the board and dims the others.
const PAGE_CSS: &str = "\
body{font-family:sans-serif;margin:1.5em;color:#222}\
.layout{display:flex;gap:2em;align-items:flex-start;flex-wrap:wrap}\
#board{overflow:auto;max-width:100%;max-height:85vh;border:1px solid #ccc;cursor:grab}\
#board svg{display:block;max-width:100%;height:auto}\
#board.zoomed svg{max-width:none}\
.zoom button{font-size:1em;min-width:2.2em;margin:0 .2em .4em 0}\
#board.focus g.feature:not(.hot){opacity:.12}\
#board g.feature.hot{stroke-width:5}\
table{border-collapse:collapse;margin-bottom:1.5em}\
th,td{padding:.2em .6em;text-align:left;border-bottom:1px solid #ddd;vertical-align:top}\
td.n,th.n{text-align:right}\
tr.hot{background:#fff3b0}\
tr.scored{cursor:pointer}\
.swatch{display:inline-block;width:.8em;height:.8em;border-radius:50%;border:1px solid #000;margin-right:.35em;vertical-align:-.1em}\
.why{color:#555}";

/// The page's script: no network, no library. It toggles classes (a feature row hovered
/// lights its feature), zooms the board (buttons `−`, `fit`, `+`: its width from the
/// fitted size in steps of 25%, between a tenth and eight times its natural size) and
/// pans it by dragging.
const PAGE_JS: &str = "\
(function(){\
var board=document.getElementById('board');\
function light(k,on){\
var g=board.querySelector('g.feature[data-event=\"'+k+'\"]');\
if(g){g.classList.toggle('hot',on);}\
var row=document.querySelector('#features tr[data-event=\"'+k+'\"]');\
if(row){row.classList.toggle('hot',on);}\
board.classList.toggle('focus',on&&!!g);}\
document.querySelectorAll('#features tr[data-event]').forEach(function(row){\
row.addEventListener('mouseenter',function(){light(row.dataset.event,true);});\
row.addEventListener('mouseleave',function(){light(row.dataset.event,false);});});\
var m=/^#feature-(\\d+)$/.exec(location.hash);\
if(m){light(m[1],true);}\
var svg=board.querySelector('svg');\
var natural=svg?parseFloat(svg.getAttribute('width'))||0:0;\
var scale=0;\
function zoom(f){\
if(!svg||!natural){return;}\
if(f===0){scale=0;svg.style.width='';board.classList.remove('zoomed');return;}\
var now=scale||svg.getBoundingClientRect().width/natural;\
scale=Math.min(8,Math.max(0.1,now*f));\
svg.style.width=(natural*scale)+'px';board.classList.add('zoomed');}\
function button(id,f){var b=document.getElementById(id);\
if(b){b.addEventListener('click',function(){zoom(f);});}}\
button('zoom-in',1.25);button('zoom-out',0.8);button('zoom-fit',0);\
var drag=null;\
board.addEventListener('mousedown',function(e){\
drag={x:e.clientX,y:e.clientY,left:board.scrollLeft,top:board.scrollTop};});\
window.addEventListener('mousemove',function(e){\
if(drag){board.scrollLeft=drag.left-(e.clientX-drag.x);board.scrollTop=drag.top-(e.clientY-drag.y);}});\
window.addEventListener('mouseup',function(){drag=null;});\
})();";

/// The score report as one self-contained HTML page (no network: the style, the script
/// and the board picture are in it): the board (`board_svg`, [`crate::picture::board`]),
/// the players' points with their colours (`colours`, by seat), the pieces on the board
/// and the features scored. Hovering a feature's row outlines it on the board; an address
/// ending in `#feature-N` does so for the N-th row (0-based) when the page opens. Names
/// from the files are escaped (maud).
pub fn score_html(report: &ScoreReport, board_svg: &str, colours: &[String]) -> String {
    use maud::{PreEscaped, html};
    let title = format!(
        "{} ({})",
        report.position.as_deref().unwrap_or("position"),
        report.game
    );
    let tokens = report
        .players
        .iter()
        .any(|p| p.tokens != 0 || p.unknown_tokens != 0);
    let colour = |name: &str| {
        report
            .players
            .iter()
            .position(|p| p.name == name)
            .and_then(|i| colours.get(i))
            .cloned()
            .unwrap_or_else(|| "#ffffff".to_string())
    };
    let replayed = report.replayed();
    let scoring = if report.final_scoring {
        "end-of-game scoring included"
    } else {
        "points during play only"
    };
    let page = html! {
        html lang="en" {
            head {
                meta charset="utf-8";
                title { (title) }
                style { (PreEscaped(PAGE_CSS)) }
            }
            body {
                h1 { (title) }
                p { (replayed) "; " (scoring) }
                div.layout {
                    div {
                        div.zoom {
                            button #zoom-out type="button" title="zoom out" { "−" }
                            button #zoom-fit type="button" title="fit the page" { "fit" }
                            button #zoom-in type="button" title="zoom in" { "+" }
                        }
                        div #board { (PreEscaped(board_svg)) }
                    }
                    div {
                        h2 { "Points" }
                        table #players {
                            thead { tr {
                                th { "player" } th.n { "play" } th.n { "final" }
                                @if tokens { th.n { "tokens" } }
                                th.n { "total" }
                            } }
                            tbody {
                                @for p in &report.players {
                                    tr.player data-player=(p.name) {
                                        td { span.swatch style={ "background:" (colour(&p.name)) } {} (p.name) }
                                        td.n { (p.during_play) }
                                        td.n { (p.final_scoring) }
                                        @if tokens { td.n { (p.tokens) } }
                                        td.n { b { (p.points) } }
                                    }
                                }
                            }
                        }
                        h2 { "Pieces on the board" }
                        table #pieces {
                            thead { tr { th { "player" } th { "piece" } th { "role" } th { "on" } th { "cell" } th { "slot" } } }
                            tbody {
                                @for p in &report.pieces {
                                    tr {
                                        td { span.swatch style={ "background:" (colour(&p.player)) } {} (p.player) }
                                        td { (p.kind) } td { (p.role) } td { (p.feature) }
                                        td { "(" (p.cell[0]) "," (p.cell[1]) ")" } td { (p.at) }
                                    }
                                }
                            }
                        }
                        @if !report.raised.is_empty() {
                            h2 { "Raised features" }
                            table #raised {
                                thead { tr { th { "feature" } th { "cell" } th { "height" } th { "on top" } } }
                                tbody {
                                    @for t in &report.raised {
                                        tr {
                                            td { (t.feature) } td { "(" (t.cell[0]) "," (t.cell[1]) ")" }
                                            td { (t.height) }
                                            td { @if let Some(p) = &t.topped_by { (p) } @else { "none" } }
                                        }
                                    }
                                }
                            }
                        }
                        @if !report.converted.is_empty() {
                            h2 { "Converted features" }
                            table #converted {
                                thead { tr { th { "feature" } th { "owner" } th { "cells" } th { "paid" } } }
                                tbody {
                                    @for c in &report.converted {
                                        tr {
                                            td { (c.name) } td { (c.owner) }
                                            td { @for [x, y] in &c.cells { "(" (x) "," (y) ") " } }
                                            td { @if c.paid { "yes" } @else { "not yet" } }
                                        }
                                    }
                                }
                            }
                        }
                        @if !report.prisoners.is_empty() {
                            h2 { "Prisoners" }
                            table #prisoners {
                                thead { tr { th { "held by" } th { "owner" } th { "piece" } } }
                                tbody {
                                    @for q in &report.prisoners {
                                        tr { td { (q.holder) } td { (q.owner) } td { (q.kind) } }
                                    }
                                }
                            }
                        }
                        @if !report.roaming.is_empty() || !report.figures.is_empty() {
                            h2 { "Figures on the board" }
                            table #figures {
                                thead { tr { th { "figure" } th { "where" } th { "cell" } } }
                                tbody {
                                    @for f in &report.roaming {
                                        tr { td { (f.figure) } td { "on the tile" } td { "(" (f.cell[0]) "," (f.cell[1]) ")" } }
                                    }
                                    @for f in &report.figures {
                                        tr {
                                            td { (f.figure) }
                                            td {
                                                @if f.on_tile { "on the tile of " (f.player) "'s piece" }
                                                @else if f.attending { "beside " (f.player) "'s piece at " (f.at) }
                                                @else { "where " (f.player) "'s piece stood, at " (f.at) }
                                            }
                                            td { "(" (f.cell[0]) "," (f.cell[1]) ")" }
                                        }
                                    }
                                }
                            }
                        }
                        h2 { "Features scored" }
                        table #features {
                            thead { tr { th { "when" } th { "feature" } th { "tiles" } th { "scorers" } th.n { "points" } th { "why" } } }
                            tbody {
                                @for (k, f) in report.features.iter().enumerate() {
                                    tr.scored[!f.scorers.is_empty()] data-event=(k) {
                                        td { @if f.phase == "final" { "end" } @else { "turn " (f.turn) } }
                                        td {
                                            (f.feature) " "
                                            @if f.completed { "completed" } @else if f.completable { "incomplete" } @else if f.phase == "play" { "scored during play" } @else { "at the end" }
                                        }
                                        td.n { (f.tiles.len()) }
                                        td { (f.scorers.join(", ")) }
                                        td.n { (f.points) }
                                        td.why { (f.why) }
                                    }
                                }
                            }
                        }
                        @if !report.log.is_empty() {
                            h2 { "Also" }
                            table #also {
                                thead { tr { th { "turn" } th { "what happened" } } }
                                tbody {
                                    @for l in &report.log {
                                        tr {
                                            td.n { @if l.end { "end" } @else { (l.turn) } }
                                            td { (l.text) }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                script { (PreEscaped(PAGE_JS)) }
            }
        }
    };
    // Names reach the title, headings and cells: their control characters escaped
    // (maud escapes markup only).
    let page = page.into_string();
    format!(
        "<!DOCTYPE html>\n{HTML_MARK}\n{}\n",
        crate::diag::escape_document(&page)
    )
}

/// Where a piece may go on the tile just placed.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct PieceOption {
    /// Feature kind, e.g. `city`.
    pub feature: String,
    /// Role, e.g. `knight`.
    pub role: String,
    /// Piece kind, e.g. `follower`.
    pub kind: String,
    /// Address in board orientation (`N`, `NL`, or an inner segment's id).
    pub at: String,
}

/// Where `player` could put a piece on placed tile `placed` now, in words (feature kind,
/// role, piece kind, address), sorted: `tessera placements --pieces` and the cases'
/// piece options.
pub fn piece_options(state: &State, player: usize, placed: u32) -> Vec<PieceOption> {
    let p = state.board().placed[placed as usize];
    let def = &state.game().tiles.tiles[p.tile];
    let mut out = Vec::new();
    for seg in 0..def.segments.len() {
        for kind in 0..state.game().rules.pieces.len() {
            if state
                .can_place_piece(player, kind, placed, seg, true)
                .is_ok()
            {
                let feature = def.segments[seg].feature;
                out.push(PieceOption {
                    feature: state.game().rules.features[feature].name.clone(),
                    role: state
                        .role(kind, feature)
                        .map(|r| r.name.clone())
                        .unwrap_or_default(),
                    kind: state.game().rules.pieces[kind].name.clone(),
                    at: crate::address::address_of(state, placed, seg),
                });
            }
        }
    }
    out.sort();
    out
}
