//! Pictures: SVG drawings of tile definitions (a sheet, to check a definition against the
//! printed tile) and of boards (the tiles, every piece in its player's colour labelled
//! with its role, the features scored outlined with their points), written with the `svg`
//! crate. Rendering layer: reads the compiled tables and an engine state, writes text.
//!
//! A tile is a square of [`TILE`] units. Each slot of a side is drawn as a wedge from its
//! span of the side to the tile's centre, filled with the colour of its segment's feature
//! kind; a segment with no slot (a monastery) is a disc in the middle. A side's parts get
//! equal shares of it, except a part between two parts of other terrains (the road of a
//! field|road|field side), which gets half a share. Colours come from the rule set's
//! order of terrains and feature kinds through a fixed palette ([`Palette`]); nothing
//! here names a game, a piece or an item.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use petgraph::graph::NodeIndex;
use svg::Document;
use svg::node::Blob;
use svg::node::element::{Circle, Group, Image, Path, Polygon, Rectangle, Text, Title};

use crate::engine::{Phase, State};
use crate::geometry::{Rotation, SIDES, Side, Slot, slot_name};
use crate::model::{DrawStyle, ItemSymbol};
use crate::rules::{Game, NO_SEGMENT, Rules, SideKindId, Tile};
use crate::validate::artwork::Artwork;

/// The comment a picture drawn by tessera starts with (after the XML declaration, if
/// any): `tessera render -o` replaces a file only when it has it (or with `--force`).
pub const DRAWN_MARK: &str = "<!-- Drawn by tessera render. -->";

/// A picture with [`DRAWN_MARK`] in front, its names' control characters escaped
/// ([`crate::diag::escape_document`]; issue 21: ESC made it not well-formed XML, U+FFFE
/// too): the document is written
/// once and dropped before the mark goes in, so a large board is held about twice, not
/// four times.
fn mark_drawn(doc: Document) -> String {
    let svg = doc.to_string();
    drop(doc);
    let mut out = match crate::diag::escape_document(&svg) {
        std::borrow::Cow::Borrowed(_) => svg,
        std::borrow::Cow::Owned(escaped) => escaped,
    };
    out.insert_str(0, &format!("{DRAWN_MARK}\n"));
    out.push('\n');
    out
}

/// Many elements of one layer (tiles, scored features, pieces, cards) written as they
/// are drawn, so that only their text is kept (the `svg` crate's tree of a 100,000-tile
/// board took over a gigabyte): appended to `layer`, which goes into the document as
/// one [`Blob`].
fn append(layer: &mut String, node: impl std::fmt::Display) {
    let _ = write!(layer, "{node}");
}

/// Whether a file's text is a picture drawn by tessera (starts with [`DRAWN_MARK`]).
pub fn is_drawn(text: &str) -> bool {
    text.starts_with(DRAWN_MARK)
}

/// Pixels per picture unit at a picture's natural size (its `width` and `height`; the
/// `viewBox` is in picture units): the smallest text, 5.5 units, is 11 px on screen
/// without zooming.
pub const SCALE: f64 = 2.0;

/// The smallest font size used, in picture units (labels of items on a tile).
pub const SMALLEST_TEXT: f64 = 5.5;

/// The side of a tile in picture units.
pub const TILE: f64 = 100.0;

/// Colours of a picture, by id: each feature kind's (the rule set's `colours`, else by its
/// terrain or, for kinds on no terrain, by their order, from fixed palettes: one rule set
/// always gives the same picture) and each player's.
#[derive(Debug, Clone)]
pub struct Palette {
    /// Fill of each feature kind's segments (`#rrggbb`), by feature id.
    pub features: Vec<String>,
    /// Each player's colour, by seat.
    pub players: Vec<String>,
}

/// Terrain fills, in the rule set's order of terrains.
const TERRAIN_COLOURS: [&str; 8] = [
    "#c47a3d", "#f3efe3", "#86b94f", "#5b9bd5", "#e0c25a", "#a884c9", "#8c6d4f", "#9fd3c7",
];
/// Fills of feature kinds that lie on no terrain (drawn as discs), in the rule set's order.
const OWN_COLOURS: [&str; 6] = [
    "#d8504d", "#7b5ea7", "#3b8686", "#b5651d", "#5f6b7a", "#c2a83e",
];
/// Player colours, by seat.
const PLAYER_COLOURS: [&str; 8] = [
    "#d62728", "#1f5fd6", "#2ca02c", "#ffbf00", "#9467bd", "#111111", "#ff7f0e", "#17becf",
];

/// Player names that are colours, drawn in that colour (a position's `Red` is drawn red).
const NAMED_COLOURS: [(&str, &str); 10] = [
    ("red", "#d62728"),
    ("blue", "#1f5fd6"),
    ("green", "#2ca02c"),
    ("yellow", "#ffbf00"),
    ("purple", "#9467bd"),
    ("black", "#111111"),
    ("orange", "#ff7f0e"),
    ("pink", "#e377c2"),
    ("gray", "#7f7f7f"),
    ("grey", "#7f7f7f"),
];

impl Palette {
    /// The colours for a rule set and its players (by name, in seat order): a player
    /// named after a colour (`Red`, `blue`) is drawn in it, the others in the palette's
    /// colours by seat, skipping those taken by name.
    pub fn new(rules: &Rules, players: &[String]) -> Self {
        let mut own = 0;
        let features = rules
            .features
            .iter()
            .enumerate()
            .map(|(k, f)| {
                let default = match f.terrain {
                    Some(t) => TERRAIN_COLOURS[t % TERRAIN_COLOURS.len()],
                    None => {
                        own += 1;
                        OWN_COLOURS[(own - 1) % OWN_COLOURS.len()]
                    }
                };
                match rules.colours.get(k) {
                    Some(Some(c)) => c.clone(),
                    _ => default.to_string(),
                }
            })
            .collect();
        let named = |name: &str| {
            NAMED_COLOURS
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name.trim()))
                .map(|(_, c)| *c)
        };
        let taken: Vec<&str> = players.iter().filter_map(|p| named(p)).collect();
        let mut free = PLAYER_COLOURS.iter().filter(|c| !taken.contains(c)).cycle();
        let players = players
            .iter()
            .map(|p| match named(p) {
                Some(c) => c.to_string(),
                None => free
                    .next()
                    .copied()
                    .unwrap_or(PLAYER_COLOURS[0])
                    .to_string(),
            })
            .collect();
        Palette { features, players }
    }
}

/// A point in picture units.
type Point = (f64, f64);

/// An edge of a wedge with its ends in hundredths of a unit, the smaller end first: the
/// same edge of two wedges gives the same key.
type EdgeKey = ((i64, i64), (i64, i64));

/// The four corners met walking clockwise from the start of each side (N starts at the
/// north-west corner), for a tile whose top-left corner is the origin.
fn side_ends(side: Side) -> (Point, Point) {
    let (a, b) = match side % 4 {
        0 => ((0.0, 0.0), (1.0, 0.0)),
        1 => ((1.0, 0.0), (1.0, 1.0)),
        2 => ((1.0, 1.0), (0.0, 1.0)),
        _ => ((0.0, 1.0), (0.0, 0.0)),
    };
    ((a.0 * TILE, a.1 * TILE), (b.0 * TILE, b.1 * TILE))
}

/// The share of each part of a side kind along the side, from 0 to 1 (see the module
/// documentation).
fn part_spans(rules: &Rules, side_kind: SideKindId, styled: bool) -> Vec<(f64, f64)> {
    let parts = &rules.side_kinds[side_kind].parts;
    // A part of a terrain drawn as a line (a road) takes no width: its band is drawn over
    // the parts beside it, which meet at its middle.
    let line = |t: usize| {
        styled
            && rules
                .features
                .iter()
                .any(|f| f.terrain == Some(t) && f.draw == Some(DrawStyle::Line))
    };
    let lines: Vec<bool> = parts.iter().map(|&t| line(t)).collect();
    let thin = lines.iter().any(|&l| !l);
    let weight = |k: usize| {
        let interior = k > 0 && k + 1 < parts.len();
        if thin && lines[k] {
            0.0
        } else if interior && parts[k - 1] != parts[k] && parts[k + 1] != parts[k] {
            0.5
        } else {
            1.0
        }
    };
    let total: f64 = (0..parts.len()).map(weight).sum();
    let mut at = 0.0;
    (0..parts.len())
        .map(|k| {
            let start = at;
            at += weight(k) / total.max(f64::MIN_POSITIVE);
            (start, at)
        })
        .collect()
}

/// The wedge of a slot: its span of the side and the tile's centre (a triangle);
/// `styled`: with the rule set's drawing styles (a line's part takes no width).
fn wedge(rules: &Rules, sides: &[SideKindId; 4], slot: Slot, styled: bool) -> [Point; 3] {
    let (a, b) = side_ends(slot.side);
    let spans = part_spans(rules, sides[slot.side as usize % 4], styled);
    let (t0, t1) = spans.get(slot.part as usize).copied().unwrap_or((0.0, 1.0));
    let lerp = |t: f64| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
    [lerp(t0), lerp(t1), (TILE / 2.0, TILE / 2.0)]
}

fn centroid(points: &[Point]) -> Point {
    let n = points.len().max(1) as f64;
    let (x, y) = points
        .iter()
        .fold((0.0, 0.0), |(x, y), p| (x + p.0, y + p.1));
    (x / n, y / n)
}

/// Twice the area of a triangle.
fn area(w: &[Point; 3]) -> f64 {
    ((w[1].0 - w[0].0) * (w[2].1 - w[0].1) - (w[1].1 - w[0].1) * (w[2].0 - w[0].0)).abs()
}

fn inside(p: Point, [a, b, c]: [Point; 3]) -> bool {
    let cross =
        |u: Point, v: Point, w: Point| (v.0 - u.0) * (w.1 - u.1) - (v.1 - u.1) * (w.0 - u.0);
    let (d1, d2, d3) = (cross(a, b, p), cross(b, c, p), cross(c, a, p));
    let negative = d1 < 0.0 || d2 < 0.0 || d3 < 0.0;
    let positive = d1 > 0.0 || d2 > 0.0 || d3 > 0.0;
    !(negative && positive)
}

/// One tile drawn in board orientation: the wedges and discs of its segments and where
/// each segment's label, pieces and markers go.
struct TileShape {
    /// Per segment: its wedges (empty for a segment with no slot).
    wedges: Vec<Vec<[Point; 3]>>,
    /// Per segment: the point its label and pieces are drawn at.
    anchors: Vec<Point>,
    /// Per segment with no slot: its disc's radius (0 for the others).
    discs: Vec<f64>,
    /// Per segment: its feature kind's drawing style (the rule set's `draw`).
    styles: Vec<Option<DrawStyle>>,
    /// Per segment drawn as a line: the segment whose colour its wedges take (the area
    /// beside it on its first side), so that the band lies on it.
    under: Vec<Option<usize>>,
    /// Per segment drawn as a line: the middle of its span of each side it reaches.
    ends: Vec<Vec<Point>>,
    /// What lines ending in the middle of the tile end at, when nothing is drawn there.
    junction: Option<Junction>,
    /// Per segment drawn as a line: where its band meets its other ends (the tile's
    /// centre, or the point it ends at when that point was moved off other bands).
    via: Vec<Point>,
    /// Per segment: where its id is written (its anchor; nearer its side for a line that
    /// ends in the middle, clear of what stands there).
    labels: Vec<Point>,
    /// The lines in the order their bands are drawn: those no piece can stand on first,
    /// so that a road crosses over a river; then in the definition's order (a bridge,
    /// added last, crosses over the road beneath).
    line_order: Vec<usize>,
    /// Per walled segment: the band that joins its wedges on opposite sides through the
    /// middle (a city through the tile, W+E), as a polygon; none when its wedges touch.
    necks: Vec<Option<[Point; 4]>>,
    /// Whether the rule set's drawing styles are used (not `--plain`).
    styled: bool,
}

/// Where lines that end in the middle of a tile end (the tile's `junctions`): a place
/// where several meet or one stops in a field, drawn as a building; or a gate, where one
/// runs into a walled area.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Junction {
    /// Lines meet: a building at the centre.
    Building,
    /// One line stops in the middle of a field: a round end in its own colour (a
    /// spring, a pond, a road's end).
    End(usize),
    /// A line runs into a walled area: a gate across its end, from the line's side end.
    Gate(Point),
}

/// The fill of the building drawn where lines meet or stop ([`Junction::Building`]).
pub const JUNCTION: &str = "#e9dfc9";

/// The colour of a walled area's wall.
pub const WALL: &str = "#5b4636";

/// Half the width of a band drawn for a segment of a `line` feature kind.
const BAND: f64 = TILE * 0.07;

/// Where a line's band runs: from each end to `c` (the tile's centre, or the point the
/// line ends at), through a curve when it has two ends (a straight line when they face
/// each other).
fn band_path_via(ends: &[Point], c: Point) -> String {
    match ends {
        [a, b] => format!(
            "M {:.2} {:.2} Q {:.2} {:.2} {:.2} {:.2}",
            a.0, a.1, c.0, c.1, b.0, b.1
        ),
        _ => ends
            .iter()
            .map(|e| format!("M {:.2} {:.2} L {:.2} {:.2}", e.0, e.1, c.0, c.1))
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// A point on a line's band, for its label and pieces: the middle of its curve, or
/// halfway from its first end to the centre (a junction, an end, a band that would meet
/// something drawn in the middle).
/// Points along a line's band (its curve, or each end's stretch to `c`), for keeping
/// other things off it.
fn band_samples_via(ends: &[Point], c: Point) -> Vec<Point> {
    let mut out = Vec::new();
    match ends {
        [a, b] => {
            for k in 0..=16 {
                let t = f64::from(k) / 16.0;
                let u = 1.0 - t;
                out.push((
                    u * u * a.0 + 2.0 * u * t * c.0 + t * t * b.0,
                    u * u * a.1 + 2.0 * u * t * c.1 + t * t * b.1,
                ));
            }
        }
        _ => {
            for e in ends {
                for k in 0..=8 {
                    let t = f64::from(k) / 8.0;
                    out.push((e.0 + (c.0 - e.0) * t, e.1 + (c.1 - e.1) * t));
                }
            }
        }
    }
    out
}

/// A point on a band that ends at `via` (a point moved off the middle): halfway there
/// from its first end.
fn band_anchor_via(ends: &[Point], via: Point) -> Point {
    ends.first()
        .map_or(via, |a| ((a.0 + via.0) / 2.0, (a.1 + via.1) / 2.0))
}

fn band_anchor(ends: &[Point], middle_taken: bool) -> Point {
    let c = (TILE / 2.0, TILE / 2.0);
    match ends {
        [a, b] if !middle_taken => (
            0.25 * a.0 + 0.5 * c.0 + 0.25 * b.0,
            0.25 * a.1 + 0.5 * c.1 + 0.25 * b.1,
        ),
        [a, ..] => ((a.0 + c.0) / 2.0, (a.1 + c.1) / 2.0),
        [] => c,
    }
}

impl TileShape {
    /// The shape of a tile at a rotation; `styled`: drawn in the rule set's drawing
    /// styles, else every segment as its wedges (`--plain`).
    fn new(rules: &Rules, def: &Tile, rotation: Rotation, styled: bool) -> Self {
        let sides = def.rotated(rotation).sides;
        let wedges: Vec<Vec<[Point; 3]>> = (0..def.segments.len())
            .map(|s| {
                def.board_slots(s, rotation)
                    .map(|slot| wedge(rules, &sides, slot, styled))
                    .collect()
            })
            .collect();
        let slotless: Vec<usize> = (0..wedges.len())
            .filter(|&s| wedges[s].is_empty())
            .collect();
        let mut anchors = Vec::with_capacity(wedges.len());
        let mut discs = vec![0.0; wedges.len()];
        for s in 0..wedges.len() {
            if let Some(k) = slotless.iter().position(|&t| t == s) {
                // Segments with no slot side by side across the middle.
                let n = slotless.len() as f64;
                let x = TILE / 2.0 + (k as f64 - (n - 1.0) / 2.0) * TILE * 0.3;
                anchors.push((x, TILE / 2.0));
                discs[s] = (TILE * 0.16).min(TILE * 0.45 / n);
                continue;
            }
            let centres: Vec<Point> = wedges[s].iter().map(|w| centroid(w)).collect();
            let mut at = centroid(&centres);
            // The mean of the wedges can fall in another segment's wedge (a field around
            // a road's bend): then the largest wedge's own centre.
            let others = (0..wedges.len())
                .filter(|&t| t != s)
                .flat_map(|t| &wedges[t]);
            let mine = wedges[s].iter().any(|&w| inside(at, w));
            // So can it fall on the discs in the middle.
            let middle = (at.0 - TILE / 2.0).hypot(at.1 - TILE / 2.0);
            let on_discs = !slotless.is_empty() && middle < TILE * 0.3;
            if !mine || on_discs || others.clone().any(|&w| inside(at, w)) {
                if let Some(big) = wedges[s].iter().max_by(|a, b| area(a).total_cmp(&area(b))) {
                    at = centroid(big);
                }
            }
            anchors.push(at);
        }
        let styles: Vec<Option<DrawStyle>> = def
            .segments
            .iter()
            .map(|seg| match styled {
                true => rules.features.get(seg.feature).and_then(|f| f.draw),
                false => None,
            })
            .collect();
        let rot = def.rotated(rotation);
        let mut under = vec![None; wedges.len()];
        let mut ends = vec![Vec::new(); wedges.len()];
        for s in 0..wedges.len() {
            if styles[s] != Some(DrawStyle::Line) {
                continue;
            }
            ends[s] = wedges[s]
                .iter()
                .map(|w| ((w[0].0 + w[1].0) / 2.0, (w[0].1 + w[1].1) / 2.0))
                .collect();
            // The segment beside its first slot on the same side (a road's field).
            under[s] = def.board_slots(s, rotation).next().and_then(|slot| {
                let row = &rot.slot_segment[slot.side as usize % 4];
                [slot.part.checked_sub(1), slot.part.checked_add(1)]
                    .into_iter()
                    .flatten()
                    .filter_map(|k| row.get(k as usize).copied())
                    .find(|&t| t != NO_SEGMENT && usize::from(t) != s)
                    .map(usize::from)
            });
            if !ends[s].is_empty() {
                anchors[s] = band_anchor(&ends[s], !slotless.is_empty());
            }
        }
        // Points (segments without a slot) stand clear of the bands that do not end at
        // them: a monastery beside a road, not on it.
        let c = (TILE / 2.0, TILE / 2.0);
        let meets = |a: usize, b: usize| {
            def.segments[a].adjoins.contains(&b) || def.segments[b].adjoins.contains(&a)
        };
        let lines: Vec<usize> = (0..wedges.len())
            .filter(|&s| styles[s] == Some(DrawStyle::Line) && !ends[s].is_empty())
            .collect();
        let mut via = vec![c; wedges.len()];
        for &p in &slotless {
            let blocking: Vec<Point> = lines
                .iter()
                .filter(|&&l| !meets(l, p))
                .flat_map(|&l| band_samples_via(&ends[l], via[l]))
                .collect();
            if blocking.is_empty() {
                continue;
            }
            let clear = |q: Point| {
                blocking
                    .iter()
                    .map(|b| (b.0 - q.0).hypot(b.1 - q.1))
                    .fold(f64::INFINITY, f64::min)
            };
            let need = BAND + discs[p] * 0.9;
            if clear(anchors[p]) >= need {
                continue;
            }
            let taken: Vec<Point> = slotless
                .iter()
                .filter(|&&q| q != p)
                .map(|&q| anchors[q])
                .collect();
            let best = [(0.72, 0.28), (0.72, 0.72), (0.28, 0.72), (0.28, 0.28)]
                .map(|(x, y)| (x * TILE, y * TILE))
                .into_iter()
                .filter(|q| {
                    taken
                        .iter()
                        .all(|t| (t.0 - q.0).hypot(t.1 - q.1) > TILE * 0.2)
                })
                .max_by(|a, b| clear(*a).total_cmp(&clear(*b)));
            if let Some(best) = best {
                anchors[p] = best;
                discs[p] = discs[p].min(TILE * 0.13);
                for &l in &lines {
                    if meets(l, p) && ends[l].len() != 2 {
                        via[l] = best;
                        anchors[l] = band_anchor_via(&ends[l], best);
                    }
                }
            }
        }
        // Bands that run to the centre (one end, or three and more) meet nothing drawn
        // there unless a point still stands there.
        let point_in_middle = slotless
            .iter()
            .any(|&p| (anchors[p].0 - c.0).hypot(anchors[p].1 - c.1) < TILE * 0.2);
        let to_centre: Vec<usize> = lines
            .iter()
            .copied()
            .filter(|&s| ends[s].len() != 2 && via[s] == c)
            .collect();
        let junction = match to_centre.as_slice() {
            _ if point_in_middle => None,
            [] => None,
            [one] if ends[*one].len() == 1 => {
                let walled = def.segments[*one]
                    .adjoins
                    .iter()
                    .any(|&t| styles.get(t) == Some(&Some(DrawStyle::Walled)));
                Some(match walled {
                    true => Junction::Gate(ends[*one][0]),
                    false => Junction::End(*one),
                })
            }
            _ => Some(Junction::Building),
        };
        // Labels of lines that end in the middle nearer their side, clear of what
        // stands in the middle and of the other lines' labels.
        let mut labels = anchors.clone();
        for &l in &lines {
            if ends[l].len() == 1 {
                let a = ends[l][0];
                labels[l] = (a.0 + (via[l].0 - a.0) * 0.3, a.1 + (via[l].1 - a.1) * 0.3);
            }
        }
        // Lines that pieces can stand on over those they cannot (a road over a river), so
        // that what players claim stays in view; otherwise in the definition's order.
        let claimable = |l: usize| {
            let kind = def.segments[l].feature;
            rules
                .pieces
                .iter()
                .any(|p| p.roles.iter().any(|r| r.feature == kind))
        };
        let mut line_order = lines.clone();
        line_order.sort_by_key(|&l| (claimable(l), l));
        // Walled areas whose wedges lie on opposite sides only: a neck through the middle.
        let necks = (0..wedges.len())
            .map(|s| {
                if styles[s] != Some(DrawStyle::Walled) || wedges[s].len() < 2 {
                    return None;
                }
                let key = |p: Point| ((p.0 * 100.0).round() as i64, (p.1 * 100.0).round() as i64);
                let corners = |w: &[Point; 3]| [key(w[0]), key(w[1])];
                // Two wedges touch when they share a corner of the tile's border.
                let ws = &wedges[s];
                let touching = ws.iter().enumerate().all(|(i, w)| {
                    ws.iter()
                        .enumerate()
                        .any(|(j, v)| i != j && corners(w).iter().any(|k| corners(v).contains(k)))
                });
                if touching {
                    return None;
                }
                let (a, b) = (centroid(&ws[0]), centroid(&ws[ws.len() - 1]));
                let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                let len = dx.hypot(dy).max(f64::EPSILON);
                let w = TILE * 0.16;
                let (nx, ny) = (-dy / len * w, dx / len * w);
                Some([
                    (a.0 + nx, a.1 + ny),
                    (b.0 + nx, b.1 + ny),
                    (b.0 - nx, b.1 - ny),
                    (a.0 - nx, a.1 - ny),
                ])
            })
            .collect();
        TileShape {
            wedges,
            anchors,
            discs,
            styles,
            under,
            ends,
            junction,
            via,
            labels,
            line_order,
            necks,
            styled,
        }
    }
}

fn polygon(points: &[Point]) -> Polygon {
    let mut d = String::new();
    for (i, p) in points.iter().enumerate() {
        let _ = write!(d, "{}{:.2},{:.2}", if i == 0 { "" } else { " " }, p.0, p.1);
    }
    Polygon::new().set("points", d)
}

/// A label at `at`, `size` picture units high (at least [`SMALLEST_TEXT`]).
fn text(at: Point, size: f64, content: impl Into<String>) -> Text {
    Text::new(content.into())
        .set("x", format!("{:.2}", at.0))
        .set("y", format!("{:.2}", at.1))
        .set("font-size", size.max(SMALLEST_TEXT))
        .set("font-family", "sans-serif")
        .set("stroke", "#ffffff")
        .set(
            "stroke-width",
            format!("{:.2}", size.max(SMALLEST_TEXT) * 0.22),
        )
        .set("stroke-opacity", 0.8)
        .set("paint-order", "stroke")
        .set("text-anchor", "middle")
        .set("dominant-baseline", "middle")
}

/// A wall along the path `d` (square ends, so that it stops at a tile's corner).
fn wall(d: String) -> Path {
    Path::new()
        .set("d", d)
        .set("fill", "none")
        .set("stroke", WALL)
        .set("stroke-width", 3)
        .set("stroke-linecap", "butt")
        .set("class", "wall")
}

/// Draws a tile's segments (fills, outlines, discs) at `origin`, in board orientation.
fn draw_tile(palette: &Palette, def: &Tile, shape: &TileShape, origin: Point) -> Group {
    let mut g = Group::new()
        .set(
            "transform",
            format!("translate({:.2},{:.2})", origin.0, origin.1),
        )
        .set("class", "tile");
    g = g.add(
        Rectangle::new()
            .set("width", TILE)
            .set("height", TILE)
            .set("fill", "#ffffff"),
    );
    for (s, seg) in def.segments.iter().enumerate() {
        // A line's wedges take the colour of the area beside it: its band lies on that.
        let kind = shape.under[s].map_or(seg.feature, |t| def.segments[t].feature);
        let fill = &palette.features[kind];
        for w in &shape.wedges[s] {
            g = g.add(
                polygon(w)
                    .set("fill", fill.as_str())
                    .set("stroke", fill.as_str())
                    .set("stroke-width", 0.6),
            );
        }
    }
    // Walls along the edges of walled areas inside the tile: the wedges' edges that are
    // not on the tile's border and not shared by two of the segment's wedges.
    for s in 0..def.segments.len() {
        if shape.styles[s] != Some(DrawStyle::Walled) {
            continue;
        }
        let key = |p: Point| ((p.0 * 100.0).round() as i64, (p.1 * 100.0).round() as i64);
        let mut edges: BTreeMap<EdgeKey, (Point, Point, u32)> = BTreeMap::new();
        for w in &shape.wedges[s] {
            for (a, b) in [(w[1], w[2]), (w[2], w[0])] {
                let k = if key(a) <= key(b) {
                    (key(a), key(b))
                } else {
                    (key(b), key(a))
                };
                edges.entry(k).or_insert((a, b, 0)).2 += 1;
            }
        }
        let mut d = String::new();
        for (a, b, _) in edges.values().filter(|(_, _, n)| *n == 1) {
            let _ = write!(d, "M{:.2},{:.2}L{:.2},{:.2}", a.0, a.1, b.0, b.1);
        }
        if !d.is_empty() {
            g = g.add(wall(d));
        }
    }
    // Necks joining a walled area's opposite wedges, walled along their sides where
    // they leave the wedges.
    for (s, seg) in def.segments.iter().enumerate() {
        let Some(neck) = shape.necks[s] else {
            continue;
        };
        let fill = palette.features[seg.feature].as_str();
        g = g.add(polygon(&neck).set("fill", fill).set("class", "neck"));
        let mut d = String::new();
        for (a, b) in [(neck[0], neck[1]), (neck[3], neck[2])] {
            let mut run: Option<Point> = None;
            let mut last = a;
            for k in 0..=40 {
                let t = f64::from(k) / 40.0;
                let p = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
                let outside = !shape.wedges[s].iter().any(|w| inside(p, *w));
                match (outside, run) {
                    (true, None) => run = Some(p),
                    (false, Some(start)) => {
                        let _ = write!(
                            d,
                            "M{:.2},{:.2}L{:.2},{:.2}",
                            start.0, start.1, last.0, last.1
                        );
                        run = None;
                    }
                    _ => {}
                }
                last = p;
            }
            if let Some(start) = run {
                let _ = write!(
                    d,
                    "M{:.2},{:.2}L{:.2},{:.2}",
                    start.0, start.1, last.0, last.1
                );
            }
        }
        if !d.is_empty() {
            g = g.add(wall(d));
        }
    }
    // Lines' bands, each with a dark edge (a later one, a bridge, crosses over).
    for &s in &shape.line_order {
        let seg = &def.segments[s];
        let d = band_path_via(&shape.ends[s], shape.via[s]);
        g = g.add(
            Path::new()
                .set("d", d.clone())
                .set("fill", "none")
                .set("stroke", "#333333")
                .set("stroke-width", format!("{:.2}", 2.0 * BAND + 1.6))
                .set("stroke-linecap", "butt"),
        );
        g = g.add(
            Path::new()
                .set("d", d)
                .set("fill", "none")
                .set("stroke", palette.features[seg.feature].as_str())
                .set("stroke-width", format!("{:.2}", 2.0 * BAND))
                .set("stroke-linecap", "butt")
                .set("class", "line"),
        );
    }
    let c = (TILE / 2.0, TILE / 2.0);
    match shape.junction {
        Some(Junction::Building) => {
            let h = BAND + 3.0;
            g = g.add(
                polygon(&[
                    (c.0 - h, c.1 + h),
                    (c.0 - h, c.1 - h * 0.4),
                    (c.0, c.1 - h * 1.3),
                    (c.0 + h, c.1 - h * 0.4),
                    (c.0 + h, c.1 + h),
                ])
                .set("fill", JUNCTION)
                .set("stroke", "#333333")
                .set("stroke-width", 0.8)
                .set("class", "junction"),
            );
        }
        Some(Junction::Gate(from)) => {
            // A bar across the band's end, as wide as the band with its edges.
            let (dx, dy) = (c.0 - from.0, c.1 - from.1);
            let len = dx.hypot(dy).max(f64::EPSILON);
            let (nx, ny) = (-dy / len * (BAND + 1.5), dx / len * (BAND + 1.5));
            let (bx, by) = (dx / len * 2.5, dy / len * 2.5);
            g = g.add(
                polygon(&[
                    (c.0 + nx - bx, c.1 + ny - by),
                    (c.0 + nx + bx, c.1 + ny + by),
                    (c.0 - nx + bx, c.1 - ny + by),
                    (c.0 - nx - bx, c.1 - ny - by),
                ])
                .set("fill", WALL)
                .set("class", "gate"),
            );
        }
        Some(Junction::End(line)) => {
            g = g.add(
                Circle::new()
                    .set("cx", format!("{:.2}", c.0))
                    .set("cy", format!("{:.2}", c.1))
                    .set("r", format!("{:.2}", BAND + 2.5))
                    .set(
                        "fill",
                        palette.features[def.segments[line].feature].as_str(),
                    )
                    .set("stroke", "#333333")
                    .set("stroke-width", 0.8)
                    .set("class", "end"),
            );
        }
        None => {}
    }
    for (s, seg) in def.segments.iter().enumerate() {
        if shape.discs[s] <= 0.0 {
            continue;
        }
        let (x, y) = shape.anchors[s];
        let r = shape.discs[s];
        let fill = palette.features[seg.feature].as_str();
        if shape.styles[s] == Some(DrawStyle::Point) {
            // A building: a square under a roof.
            let h = r * 0.75;
            g = g.add(
                polygon(&[
                    (x - h, y + h),
                    (x - h, y - h * 0.2),
                    (x, y - h * 1.2),
                    (x + h, y - h * 0.2),
                    (x + h, y + h),
                ])
                .set("fill", fill)
                .set("stroke", "#333333")
                .set("stroke-width", 0.8)
                .set("class", "point"),
            );
            continue;
        }
        g = g.add(
            Circle::new()
                .set("cx", format!("{x:.2}"))
                .set("cy", format!("{y:.2}"))
                .set("r", format!("{r:.2}"))
                .set("fill", fill)
                .set("stroke", "#333333")
                .set("stroke-width", 0.8),
        );
    }
    g.add(
        Rectangle::new()
            .set("width", TILE)
            .set("height", TILE)
            .set("fill", "none")
            .set("stroke", "#555555")
            .set("stroke-width", 1),
    )
}

/// The fill of each item symbol ([`crate::model::ItemSymbol`]; `None`: the diamond).
pub fn item_fill(symbol: Option<ItemSymbol>) -> &'static str {
    match symbol {
        Some(ItemSymbol::Shield) => "#2456a4",
        Some(ItemSymbol::House) => "#8b5a2b",
        Some(ItemSymbol::Church) => "#e8e0d0",
        Some(ItemSymbol::Coin) => "#d4af37",
        Some(ItemSymbol::Diamond) | None => "#ffd700",
    }
}

/// An item's mark centred at `at`, as its rule set's `symbol` says.
fn item_mark(symbol: Option<ItemSymbol>, at: Point) -> Group {
    let (x, y) = at;
    let fill = item_fill(symbol);
    let g = Group::new().set("class", "item");
    match symbol {
        Some(ItemSymbol::Shield) => g.add(
            Path::new()
                .set(
                    "d",
                    format!(
                        "M{:.2},{:.2}H{:.2}V{:.2}Q{:.2},{:.2} {:.2},{:.2}Q{:.2},{:.2} {:.2},{:.2}Z",
                        x - 3.5,
                        y - 3.5,
                        x + 3.5,
                        y,
                        x + 3.5,
                        y + 3.0,
                        x,
                        y + 4.5,
                        x - 3.5,
                        y + 3.0,
                        x - 3.5,
                        y
                    ),
                )
                .set("fill", fill)
                .set("stroke", "#ffffff")
                .set("stroke-width", 0.7),
        ),
        Some(ItemSymbol::House) => g.add(
            polygon(&[
                (x - 3.5, y + 3.5),
                (x - 3.5, y - 0.5),
                (x, y - 4.0),
                (x + 3.5, y - 0.5),
                (x + 3.5, y + 3.5),
            ])
            .set("fill", fill)
            .set("stroke", "#333333")
            .set("stroke-width", 0.5),
        ),
        Some(ItemSymbol::Church) => g
            .add(
                Rectangle::new()
                    .set("x", format!("{:.2}", x - 3.5))
                    .set("y", format!("{:.2}", y - 3.0))
                    .set("width", 7)
                    .set("height", 7)
                    .set("fill", fill)
                    .set("stroke", "#333333")
                    .set("stroke-width", 0.5),
            )
            .add(
                Path::new()
                    .set(
                        "d",
                        format!(
                            "M{:.2},{:.2}V{:.2}M{:.2},{:.2}H{:.2}",
                            x,
                            y - 6.0,
                            y - 3.0,
                            x - 1.5,
                            y - 4.8,
                            x + 1.5
                        ),
                    )
                    .set("stroke", "#333333")
                    .set("stroke-width", 0.8),
            ),
        Some(ItemSymbol::Coin) => g.add(
            Circle::new()
                .set("cx", format!("{x:.2}"))
                .set("cy", format!("{y:.2}"))
                .set("r", 3.5)
                .set("fill", fill)
                .set("stroke", "#7a5c00")
                .set("stroke-width", 0.6),
        ),
        Some(ItemSymbol::Diamond) | None => g.add(
            Rectangle::new()
                .set("x", format!("{:.2}", x - 2.5))
                .set("y", format!("{:.2}", y - 2.5))
                .set("width", 5)
                .set("height", 5)
                .set("transform", format!("rotate(45 {x:.2} {y:.2})"))
                .set("fill", fill)
                .set("stroke", "#333333")
                .set("stroke-width", 0.5),
        ),
    }
}

/// Where [`tile_sheet`] marks each item of each segment: (tile id, item id, its centre in
/// picture units), in the set's order. For checking the pixels of a picture.
pub fn sheet_item_points(game: &Game) -> Vec<(String, usize, Point)> {
    let mut out = Vec::new();
    for (i, (_, def)) in game.tiles.own_tiles().enumerate() {
        let origin = sheet_origin(i);
        let shape = TileShape::new(&game.rules, def, Rotation::NONE, true);
        for (s, seg) in def.segments.iter().enumerate() {
            for (k, &(item, _)) in seg.items.iter().enumerate() {
                let at = item_at(shape.anchors[s], k);
                out.push((def.id.clone(), item, (origin.0 + at.0, origin.1 + at.1)));
            }
        }
    }
    out
}

/// An item's label on a tile: its name, with the count when more than one ("pennant ×2").
fn item_label(rules: &crate::rules::Rules, item: usize, n: u32) -> String {
    let name = rules.items.get(item).cloned().unwrap_or_default();
    if n == 1 {
        name
    } else {
        format!("{name} ×{n}")
    }
}

/// Where a segment's `k`-th item marker is drawn: under its anchor.
fn item_at(anchor: Point, k: usize) -> Point {
    (anchor.0, anchor.1 + 9.0 + 8.0 * k as f64)
}

/// Labels on a tile: item markers (each item's name and count) at their segments, and
/// with `ids` the segment ids, with `slots` the slot names along the sides.
fn tile_labels(
    rules: &Rules,
    def: &Tile,
    rotation: Rotation,
    shape: &TileShape,
    origin: Point,
    ids: bool,
    slots: bool,
) -> Group {
    let mut g = Group::new()
        .set(
            "transform",
            format!("translate({:.2},{:.2})", origin.0, origin.1),
        )
        .set("class", "labels");
    let sides = def.rotated(rotation).sides;
    for (s, seg) in def.segments.iter().enumerate() {
        let (x, y) = shape.anchors[s];
        if ids {
            g = g.add(text(shape.labels[s], 7.0, seg.id.clone()).set("fill", "#000000"));
        }
        for (k, &(item, n)) in seg.items.iter().enumerate() {
            let at = item_at((x, y), k);
            let label = item_label(rules, item, n);
            g = g.add(item_mark(
                rules.item_symbols.get(item).copied().flatten(),
                at,
            ));
            g = g.add(text((at.0, at.1 + 6.0), 5.5, label).set("fill", "#000000"));
        }
    }
    // Items of the tile as a whole (a volcano, a hill, a magic portal): in its north-west
    // corner, one under the other.
    for (k, &(item, n)) in def.items.iter().enumerate() {
        let at = (12.0, 10.0 + 12.0 * k as f64);
        let label = item_label(rules, item, n);
        g = g.add(
            Circle::new()
                .set("cx", format!("{:.2}", at.0))
                .set("cy", format!("{:.2}", at.1))
                .set("r", 3)
                .set("fill", "#ffffff")
                .set("stroke", "#333333")
                .set("stroke-width", 0.8)
                .set("class", "tile-item"),
        );
        g = g.add(
            text((at.0 + 5.0, at.1 + 2.0), 5.5, label)
                .set("fill", "#000000")
                .set("text-anchor", "start"),
        );
    }
    if slots {
        for side in 0..4u8 {
            let parts = rules.side_kinds[sides[side as usize]].parts.len();
            for part in 0..parts as u8 {
                let slot = Slot { side, part };
                let w = wedge(rules, &sides, slot, shape.styled);
                let mid = ((w[0].0 + w[1].0) / 2.0, (w[0].1 + w[1].1) / 2.0);
                // A little inside the tile, toward its centre.
                let at = (
                    mid.0 + (w[2].0 - mid.0) * 0.12,
                    mid.1 + (w[2].1 - mid.1) * 0.12,
                );
                g = g.add(
                    text(at, 6.0, slot_name(slot, parts))
                        .set("fill", "#000000")
                        .set("class", "slot"),
                );
            }
        }
    }
    g
}

/// What a tile sheet shows.
#[derive(Debug, Clone, Copy, Default)]
pub struct SheetOptions<'a> {
    /// Write the slot names on each side.
    pub slots: bool,
    /// Draw every segment as its wedges, as a rule set without drawing styles (`--plain`).
    pub plain: bool,
    /// Each tile's artwork by tile id (`image:`, read by
    /// [`crate::validate::artwork::read`]): when given, the sheet shows only the tiles
    /// that have one, each definition drawn half-transparent over its picture with the
    /// slot names, so that where they disagree shows (`tessera render --overlay`).
    pub overlay: Option<&'a BTreeMap<String, std::sync::Arc<Artwork>>>,
}

/// How opaque a definition is drawn over its artwork (`--overlay`): half, so that both
/// show and a city drawn where the definition has a field reads as neither colour.
pub const OVERLAY_OPACITY: f64 = 0.5;

/// Cards per row of a tile sheet.
const SHEET_COLUMNS: usize = 6;

/// A card of a tile sheet (width, height): the tile and the lines under it.
const CARD: (f64, f64) = (TILE + 30.0, TILE + 62.0);

/// The top-left corner of the `i`-th tile on a sheet.
fn sheet_origin(i: usize) -> Point {
    let (col, row) = (i % SHEET_COLUMNS, i / SHEET_COLUMNS);
    (col as f64 * CARD.0 + 15.0, row as f64 * CARD.1 + 12.0)
}

/// A sheet of every tile definition of a game's tile set (composed sets too), in the
/// set's order: each tile in its printed orientation with its segments coloured by feature
/// kind, their ids, items as labelled markers and (`slots`) the slot names, and under it
/// the tile's id, count, sides and decorations; with `overlay`, only the tiles with
/// artwork, each over its picture (embedded: the SVG stands alone). Returns the SVG text.
pub fn tile_sheet(game: &Game, opts: SheetOptions) -> String {
    let rules = &game.rules;
    let palette = Palette::new(rules, &[]);
    let (card_w, card_h) = CARD;
    let tiles: Vec<&crate::rules::Tile> = game
        .tiles
        .own_tiles()
        .map(|(_, t)| t)
        .filter(|t| opts.overlay.is_none_or(|art| art.contains_key(&t.id)))
        .collect();
    let rows = tiles.len().div_ceil(SHEET_COLUMNS).max(1);
    let width = card_w * SHEET_COLUMNS.min(tiles.len().max(1)) as f64;
    let height = card_h * rows as f64 + 20.0;
    let doc = Document::new()
        .set("viewBox", (0, 0, width, height))
        .set("width", width * SCALE)
        .set("height", height * SCALE)
        .add(Title::new(format!("{}: tile definitions", game.tiles.name)))
        .add(
            Rectangle::new()
                .set("width", width)
                .set("height", height)
                .set("fill", "#ffffff"),
        );
    let mut cards = String::new();
    // Each picture once, in the definitions, used by every tile that names it.
    let mut pictures: Vec<&std::sync::Arc<Artwork>> = Vec::new();
    let mut picture_of: BTreeMap<&str, usize> = BTreeMap::new();
    for (id, art) in opts.overlay.into_iter().flatten() {
        let k = match pictures.iter().position(|p| std::sync::Arc::ptr_eq(p, art)) {
            Some(k) => k,
            None => {
                pictures.push(art);
                pictures.len() - 1
            }
        };
        picture_of.insert(id.as_str(), k);
    }
    if !pictures.is_empty() {
        let mut defs = svg::node::element::Definitions::new();
        for (k, art) in pictures.iter().enumerate() {
            defs = defs.add(
                Image::new()
                    .set("id", format!("artwork-{k}"))
                    .set("width", TILE)
                    .set("height", TILE)
                    .set("preserveAspectRatio", "none")
                    .set("href", art.data_uri()),
            );
        }
        append(&mut cards, defs);
    }
    for (i, def) in tiles.iter().enumerate() {
        let origin = sheet_origin(i);
        let shape = TileShape::new(rules, def, Rotation::NONE, !opts.plain);
        let mut card = Group::new()
            .set("class", "card")
            .add(Title::new(def.id.clone()));
        let art = picture_of.get(def.id.as_str());
        if let Some(k) = art {
            card = card.add(
                svg::node::element::Use::new()
                    .set("href", format!("#artwork-{k}"))
                    .set("x", origin.0)
                    .set("y", origin.1)
                    .set("class", "artwork"),
            );
            card = card.add(
                draw_tile(&palette, def, &shape, origin)
                    .set("opacity", OVERLAY_OPACITY)
                    .set("class", "tile overlay"),
            );
        } else {
            card = card.add(draw_tile(&palette, def, &shape, origin));
        }
        card = card.add(tile_labels(
            rules,
            def,
            Rotation::NONE,
            &shape,
            origin,
            true,
            opts.slots || art.is_some(),
        ));
        let below = origin.1 + TILE + 10.0;
        let cx = origin.0 + TILE / 2.0;
        card = card.add(
            text((cx, below), 9.0, format!("{} ×{}", def.id, def.count)).set("font-weight", "bold"),
        );
        let sides: Vec<String> = (0..4)
            .map(|s| format!("{} {}", SIDES[s], rules.side_kinds[def.sides[s]].name))
            .collect();
        card = card.add(text((cx, below + 11.0), 6.0, sides[..2].join(", ")));
        card = card.add(text((cx, below + 19.0), 6.0, sides[2..].join(", ")));
        let mut decorations: BTreeMap<&str, usize> = BTreeMap::new();
        for copy in &def.copies {
            for d in copy {
                *decorations.entry(d.as_str()).or_default() += 1;
            }
        }
        if !decorations.is_empty() {
            let list: Vec<String> = decorations
                .iter()
                .map(|(d, n)| {
                    if *n == 1 {
                        d.to_string()
                    } else {
                        format!("{d} ×{n}")
                    }
                })
                .collect();
            card = card
                .add(text((cx, below + 28.0), 5.5, list.join(", ")).set("class", "decorations"));
        }
        append(&mut cards, card);
    }
    mark_drawn(doc.add(Blob::new(cards)))
}

/// What a board picture shows.
#[derive(Debug, Clone, Copy, Default)]
pub struct BoardOptions {
    /// A cell to mark (`--highlight x,y`).
    pub highlight: Option<(i32, i32)>,
    /// Draw every segment as its wedges, as a rule set without drawing styles (`--plain`).
    pub plain: bool,
}

/// Margin around a board, in picture units (the coordinates go there): the top-left cell
/// shown has its corner at (`MARGIN`, `MARGIN`).
pub const MARGIN: f64 = 28.0;

/// Where things go on a board picture: the cells shown and each placed tile's shape.
struct Layout {
    /// The top-left cell shown.
    x0: i64,
    y0: i64,
    /// Columns and rows of cells shown.
    cols: i64,
    rows: i64,
    /// Each placed tile's shape, by placed index.
    shapes: Vec<TileShape>,
}

impl Layout {
    /// The middle of the legend's first line, below the board.
    fn legend_top(&self) -> f64 {
        MARGIN + self.rows as f64 * TILE + 14.0
    }

    fn new(state: &State, opts: BoardOptions) -> Self {
        let board = &state.board();
        let cells = board
            .placed
            .iter()
            .map(|p| (p.x, p.y))
            .chain(opts.highlight);
        let mut bounds: Option<(i64, i64, i64, i64)> = None;
        for (x, y) in cells {
            let (x, y) = (i64::from(x), i64::from(y));
            bounds = Some(match bounds {
                None => (x, y, x, y),
                Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
            });
        }
        let (x0, y0, x1, y1) = bounds.unwrap_or((0, 0, 0, 0));
        Layout {
            x0,
            y0,
            cols: x1 - x0 + 1,
            rows: y1 - y0 + 1,
            shapes: board
                .placed
                .iter()
                .map(|p| {
                    TileShape::new(
                        &state.game().rules,
                        &state.game().tiles.tiles[p.tile],
                        p.rotation,
                        !opts.plain,
                    )
                })
                .collect(),
        }
    }

    /// The top-left corner of a cell.
    fn at(&self, x: i32, y: i32) -> Point {
        (
            MARGIN + (i64::from(x) - self.x0) as f64 * TILE,
            MARGIN + (i64::from(y) - self.y0) as f64 * TILE,
        )
    }

    /// A point of a placed tile's shape, on the picture.
    fn on_tile(&self, state: &State, placed: usize, q: Point) -> Point {
        let p = state.board().placed[placed];
        let (x, y) = self.at(p.x, p.y);
        (x + q.0, y + q.1)
    }

    /// Each piece on the board with the centre of its disc: its segment's anchor, moved
    /// right for each piece drawn before it on the same segment.
    fn pieces<'s>(&self, state: &'s State) -> Vec<(&'s crate::score::Piece, usize, Point)> {
        let mut on_segment: BTreeMap<NodeIndex, usize> = BTreeMap::new();
        let mut out = Vec::new();
        for p in state.pieces().iter() {
            let Some((placed, segment)) = segment_of(state, p.node) else {
                continue;
            };
            let k = on_segment.entry(p.node).or_default();
            let a = self.shapes[placed].anchors[segment];
            out.push((
                p,
                placed,
                self.on_tile(state, placed, (a.0 + 9.0 * *k as f64, a.1)),
            ));
            *k += 1;
        }
        out
    }
}

/// A picture of a state's board: every placed tile at its cell, coordinates along the top
/// and the left, every piece in its player's colour on its segment labelled with its role,
/// each feature scored (during play, at the end or by an effect) outlined in the scorers'
/// colour with its points, a legend of the players, and (`highlight`) one cell marked.
/// Returns the SVG text.
pub fn board(state: &State, opts: BoardOptions) -> String {
    let game = state.game();
    let rules = &game.rules;
    let board = &state.board();
    let palette = Palette::new(rules, state.players());
    let layout = Layout::new(state, opts);
    let (cols, rows) = (layout.cols as f64, layout.rows as f64);
    // A row per player, and one saying what an outline and its points mean.
    let legend = 16.0 * (state.players().len() + 2) as f64 + 10.0;
    let width = (MARGIN + cols * TILE + 10.0).max(LEGEND_WIDTH);
    let height = MARGIN + rows * TILE + 10.0 + legend;
    let mut doc = Document::new()
        .set("viewBox", (0, 0, width, height))
        .set("width", width * SCALE)
        .set("height", height * SCALE)
        .add(Title::new(format!("{}: board", rules.name)))
        .add(
            Rectangle::new()
                .set("width", width)
                .set("height", height)
                .set("fill", "#ffffff"),
        );
    // Coordinates: every column and row, or every k-th on a board spread far (a snapshot
    // may place tiles far apart: the labels stay at most about 100 a side).
    let step = |n: i64| (n / 100).max(1) as usize;
    for i in (0..layout.cols).step_by(step(layout.cols)) {
        let cx = MARGIN + i as f64 * TILE + TILE / 2.0;
        let x = layout.x0 + i;
        doc = doc.add(text((cx, MARGIN / 2.0), 10.0, x.to_string()).set("class", "coordinate"));
    }
    for i in (0..layout.rows).step_by(step(layout.rows)) {
        let cy = MARGIN + i as f64 * TILE + TILE / 2.0;
        let y = layout.y0 + i;
        doc = doc.add(text((MARGIN / 2.0, cy), 10.0, y.to_string()).set("class", "coordinate"));
    }
    let mut tiles = String::new();
    for (i, p) in board.placed.iter().enumerate() {
        let def = &game.tiles.tiles[p.tile];
        let origin = layout.at(p.x, p.y);
        let shape = &layout.shapes[i];
        append(
            &mut tiles,
            draw_tile(&palette, def, shape, origin)
                .add(Title::new(format!("{} at ({},{})", def.id, p.x, p.y))),
        );
        append(
            &mut tiles,
            tile_labels(rules, def, p.rotation, shape, origin, false, false),
        );
    }
    doc = doc.add(Group::new().set("id", "tiles").add(Blob::new(tiles)));
    // Features scored, outlined.
    let mut scored = String::new();
    let mut labels: BTreeMap<(i64, i64), usize> = BTreeMap::new();
    // End-of-game features first, so that the outlines of features completed during play
    // (cities, roads) lie over the fields' that share their edges; those scored at the
    // end are dashed.
    let mut order: Vec<(usize, &crate::engine::Scored)> =
        state.events().iter().enumerate().collect();
    order.sort_by_key(|(_, e)| !matches!(e.phase, Phase::Final));
    for (k, e) in order {
        if e.scorers.is_empty() {
            continue;
        }
        let colour = match e.scorers.as_slice() {
            [one] => palette.players[*one].clone(),
            _ => "#000000".to_string(),
        };
        let mut outline = Group::new()
            .set("class", "feature")
            .set("data-event", k)
            .set("fill", "none")
            .set("stroke", colour.as_str())
            .set("stroke-width", 2.5)
            .set("stroke-linejoin", "round");
        if matches!(e.phase, Phase::Final) {
            outline = outline.set("stroke-dasharray", "7 4");
        }
        let mut label_at = None;
        // The feature's outline: the wedge edges it does not share with itself (edges
        // met twice lie inside it: between two of its wedges, or across a matched side).
        let mut edges: BTreeMap<EdgeKey, (Point, Point, u32)> = BTreeMap::new();
        for n in board.features.nodes(e.kind, e.node) {
            let Some((placed, segment)) = segment_of(state, n) else {
                continue;
            };
            let shape = &layout.shapes[placed];
            let on = |q: Point| layout.on_tile(state, placed, q);
            // A line: its band's middle, in the outline's colour.
            if shape.styles[segment] == Some(DrawStyle::Line) && !shape.ends[segment].is_empty() {
                let ends: Vec<Point> = shape.ends[segment].iter().map(|&q| on(q)).collect();
                outline = outline.add(
                    svg::node::element::Path::new()
                        .set("d", band_path_via(&ends, on(shape.via[segment]))),
                );
                if n == e.node {
                    label_at = Some(on(shape.anchors[segment]));
                }
                continue;
            }
            for w in &shape.wedges[segment] {
                let w = w.map(on);
                for (a, b) in [(w[0], w[1]), (w[1], w[2]), (w[2], w[0])] {
                    let key =
                        |p: Point| ((p.0 * 100.0).round() as i64, (p.1 * 100.0).round() as i64);
                    let k = if key(a) <= key(b) {
                        (key(a), key(b))
                    } else {
                        (key(b), key(a))
                    };
                    edges.entry(k).or_insert((a, b, 0)).2 += 1;
                }
            }
            if shape.discs[segment] > 0.0 {
                let c = on(shape.anchors[segment]);
                outline = outline.add(
                    Circle::new()
                        .set("cx", format!("{:.2}", c.0))
                        .set("cy", format!("{:.2}", c.1))
                        .set("r", format!("{:.2}", shape.discs[segment] + 2.0)),
                );
            }
            if n == e.node {
                label_at = Some(on(shape.anchors[segment]));
            }
        }
        let mut d = String::new();
        for (a, b, _) in edges.values().filter(|(_, _, n)| *n == 1) {
            let _ = write!(d, "M{:.2},{:.2}L{:.2},{:.2}", a.0, a.1, b.0, b.1);
        }
        if !d.is_empty() {
            outline = outline.add(svg::node::element::Path::new().set("d", d));
        }
        let phase = match e.phase {
            Phase::Play => "during play",
            Phase::Final => "at the end",
            Phase::Effect => "by an effect",
        };
        let names: Vec<&str> = e
            .scorers
            .iter()
            .map(|&s| state.players()[s].as_str())
            .collect();
        outline = outline.add(Title::new(format!(
            "{}: {} points to {} ({phase})",
            rules.features[e.kind].name,
            e.points,
            names.join(", ")
        )));
        append(&mut scored, outline);
        if let Some((x, y)) = label_at {
            // Points of several features at one spot (a feature scored by an effect, then
            // completed) stack upwards instead of covering each other.
            let key = ((x * 10.0).round() as i64, (y * 10.0).round() as i64);
            let k = labels.entry(key).or_insert(0usize);
            let y = y - 12.0 - 10.0 * *k as f64;
            *k += 1;
            append(
                &mut scored,
                text((x, y), 9.0, format!("+{}", e.points))
                    .set("fill", colour.as_str())
                    .set("font-weight", "bold")
                    .set("stroke", "#ffffff")
                    .set("stroke-width", 0.6)
                    .set("paint-order", "stroke")
                    .set("class", "points"),
            );
        }
    }
    doc = doc.add(Group::new().set("id", "scored").add(Blob::new(scored)));
    // Neutral figures, under the pieces: a roaming figure (the dragon) at its tile's
    // north-east corner, an attending one (the fairy) beside its piece.
    let mut figures = String::new();
    for f in figure_marks(state, &layout) {
        let mark = match f.kind {
            FigureKind::Roaming => svg::node::element::Polygon::new()
                .set(
                    "points",
                    format!(
                        "{:.2},{:.2} {:.2},{:.2} {:.2},{:.2} {:.2},{:.2}",
                        f.at.0,
                        f.at.1 - 9.0,
                        f.at.0 + 9.0,
                        f.at.1,
                        f.at.0,
                        f.at.1 + 9.0,
                        f.at.0 - 9.0,
                        f.at.1
                    ),
                )
                .set("fill", ROAMING_FIGURE)
                .set("stroke", "#000000")
                .set("stroke-width", 1),
            FigureKind::Attending => svg::node::element::Polygon::new()
                .set("points", star(f.at, 6.0, 2.6))
                .set("fill", ATTENDING_FIGURE)
                .set("stroke", "#000000")
                .set("stroke-width", 0.8),
            FigureKind::Converted => svg::node::element::Polygon::new()
                .set("points", crenellated(f.at))
                .set("fill", CONVERTED)
                .set("stroke", "#000000")
                .set("stroke-width", 0.8),
            FigureKind::Raised { .. } => svg::node::element::Polygon::new()
                .set(
                    "points",
                    format!(
                        "{:.2},{:.2} {:.2},{:.2} {:.2},{:.2} {:.2},{:.2}",
                        f.at.0 - 6.0,
                        f.at.1 - 6.0,
                        f.at.0 + 6.0,
                        f.at.1 - 6.0,
                        f.at.0 + 6.0,
                        f.at.1 + 6.0,
                        f.at.0 - 6.0,
                        f.at.1 + 6.0
                    ),
                )
                .set("fill", RAISED)
                .set("stroke", "#000000")
                .set("stroke-width", 0.8),
        };
        let mut g = Group::new()
            .set("class", "figure")
            .add(Title::new(f.title.clone()))
            .add(mark);
        // A raised feature's height, left of its square.
        if let FigureKind::Raised { height } = f.kind {
            g = g.add(
                text((f.at.0 - 8.0, f.at.1 + 4.0), 11.0, height.to_string())
                    .set("text-anchor", "end")
                    .set("font-weight", "bold")
                    .set("fill", RAISED)
                    .set("stroke", "#ffffff")
                    .set("stroke-width", 2)
                    .set("paint-order", "stroke"),
            );
        }
        append(&mut figures, g);
    }
    if !figures.is_empty() {
        doc = doc.add(Group::new().set("id", "figures").add(Blob::new(figures)));
    }
    // Pieces, in their players' colours, labelled with their roles.
    let mut pieces = String::new();
    for (p, placed, c) in layout.pieces(state) {
        let tile = board.placed[placed];
        let feature = board.graph[p.node].feature;
        let role = state
            .role(p.kind, feature)
            .map_or_else(|| rules.pieces[p.kind].name.clone(), |r| r.name.clone());
        let colour = palette.players[p.player].as_str();
        append(
            &mut pieces,
            Group::new()
                .set("class", "piece")
                .add(Title::new(format!(
                    "{}: {} as {role} on the {} at ({},{})",
                    state.players()[p.player],
                    rules.pieces[p.kind].name,
                    rules.features[feature].name,
                    tile.x,
                    tile.y
                )))
                .add(
                    Circle::new()
                        .set("cx", format!("{:.2}", c.0))
                        .set("cy", format!("{:.2}", c.1))
                        .set("r", 6.5)
                        .set("fill", colour)
                        .set("stroke", "#000000")
                        .set("stroke-width", 1),
                )
                .add(
                    text((c.0, c.1 + 11.0), 7.0, role)
                        .set("fill", "#000000")
                        .set("stroke", "#ffffff")
                        .set("stroke-width", 0.5)
                        .set("paint-order", "stroke"),
                ),
        );
    }
    doc = doc.add(Group::new().set("id", "pieces").add(Blob::new(pieces)));
    if let Some((x, y)) = opts.highlight {
        let (hx, hy) = layout.at(x, y);
        doc = doc.add(
            Rectangle::new()
                .set("id", "highlight")
                .set("x", format!("{:.2}", hx + 1.5))
                .set("y", format!("{:.2}", hy + 1.5))
                .set("width", TILE - 3.0)
                .set("height", TILE - 3.0)
                .set("fill", "none")
                .set("stroke", HIGHLIGHT)
                .set("stroke-width", 3),
        );
    }
    // Legend: each player's colour and points.
    let mut legend_g = Group::new().set("id", "legend");
    let top = layout.legend_top();
    for (i, name) in state.players().iter().enumerate() {
        let y = top + 16.0 * i as f64;
        let total = state.points()[i].saturating_add(state.final_points()[i]);
        legend_g = legend_g
            .add(
                Circle::new()
                    .set("cx", MARGIN + 6.0)
                    .set("cy", y)
                    .set("r", 6)
                    .set("fill", palette.players[i].as_str())
                    .set("stroke", "#000000"),
            )
            .add(
                text((MARGIN + 18.0, y), 10.0, format!("{name}: {total} points"))
                    .set("text-anchor", "start"),
            );
    }
    // The pieces each player holds (captured by a tower), in their owners' colours, on
    // the holder's line.
    let held = prisoner_marks(state, top);
    if !held.is_empty() {
        for i in 0..state.players().len() {
            if held.iter().any(|m| m.holder == i) {
                legend_g = legend_g.add(
                    text((PRISONERS_X, top + 16.0 * i as f64), 10.0, "holds")
                        .set("text-anchor", "start"),
                );
            }
        }
    }
    for m in held {
        legend_g = legend_g.add(
            Group::new()
                .set("class", "prisoner")
                .add(Title::new(m.title.clone()))
                .add(
                    Circle::new()
                        .set("cx", format!("{:.2}", m.at.0))
                        .set("cy", format!("{:.2}", m.at.1))
                        .set("r", 5)
                        .set("fill", palette.players[m.owner].as_str())
                        .set("stroke", "#000000"),
                ),
        );
    }
    // What the outlines of scored features mean: the scorer's colour, black for several.
    let y = top + 16.0 * state.players().len() as f64;
    legend_g = legend_g
        .add(
            Circle::new()
                .set("class", "shared")
                .set("cx", MARGIN + 6.0)
                .set("cy", y)
                .set("r", 5)
                .set("fill", "none")
                .set("stroke", "#000000")
                .set("stroke-width", 2.5),
        )
        .add(
            text(
                (MARGIN + 18.0, y),
                10.0,
                "outline: a feature scored (+points), in its scorer's colour; black: shared",
            )
            .set("text-anchor", "start"),
        )
        .add(
            Circle::new()
                .set("class", "at-the-end")
                .set("cx", MARGIN + 6.0)
                .set("cy", y + 16.0)
                .set("r", 5)
                .set("fill", "none")
                .set("stroke", "#000000")
                .set("stroke-width", 2.5)
                .set("stroke-dasharray", "3 2"),
        )
        .add(
            text(
                (MARGIN + 18.0, y + 16.0),
                10.0,
                "dashed: scored at the end of the game",
            )
            .set("text-anchor", "start"),
        );
    doc = doc.add(legend_g);
    mark_drawn(doc)
}

/// The fill of a figure that roams the board (the dragon), drawn as a diamond.
pub const ROAMING_FIGURE: &str = "#b22222";

/// The fill of a figure players move next to their pieces (the fairy), drawn as a star.
pub const ATTENDING_FIGURE: &str = "#ffd700";

/// The fill of a feature converted instead of scored (a castle), drawn as a crenellated
/// block.
pub const CONVERTED: &str = "#7a4a1e";

/// The fill of a feature raised by tokens (a tower), drawn as a square with its height.
pub const RAISED: &str = "#3b3b4f";

/// The kinds of marks a board shows besides tiles and pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FigureKind {
    /// A figure that roams the board (`roaming`): on a tile.
    Roaming,
    /// A figure players move next to their pieces (`attending`): beside a piece.
    Attending,
    /// A feature converted instead of scored (`converting`: a castle), right of its first
    /// segment: a crenellated block.
    Converted,
    /// A feature raised by tokens (`building`: a tower), left of its segment, with its
    /// height.
    Raised {
        /// Its height, in tokens.
        height: u32,
    },
}

/// A neutral figure as [`board`] draws it.
#[derive(Debug, Clone)]
pub struct FigureMark {
    /// Which kind.
    pub kind: FigureKind,
    /// Its centre, in picture units.
    pub at: Point,
    /// What its tooltip says ("dragon on the tile at (0,1)").
    pub title: String,
}

/// The neutral figures on the board and where [`board`] draws them: a roaming figure at
/// the north-east corner of its tile, an attending figure up and right of the piece it
/// stands beside (or stood beside).
fn figure_marks(state: &State, layout: &Layout) -> Vec<FigureMark> {
    let rules = &state.game().rules;
    let board = state.board();
    let mut out = Vec::new();
    for (f, entry) in rules.mechanisms.roaming_figures.iter().enumerate() {
        let Some(placed) = state.memory().roaming_figures.at.get(f).copied().flatten() else {
            continue;
        };
        let p = board.placed[placed as usize];
        out.push(FigureMark {
            kind: FigureKind::Roaming,
            at: layout.on_tile(state, placed as usize, (TILE - 14.0, 14.0)),
            title: format!("{} on the tile at ({},{})", entry.name, p.x, p.y),
        });
    }
    for c in &state.memory().converting.list {
        let Some((placed, segment)) = segment_of(state, c.node) else {
            continue;
        };
        let a = layout.shapes[placed].anchors[segment];
        let cells: Vec<String> = c.cells.iter().map(|(x, y)| format!("({x},{y})")).collect();
        out.push(FigureMark {
            kind: FigureKind::Converted,
            at: layout.on_tile(state, placed, (a.0 + 14.0, a.1)),
            title: format!(
                "{} of {} at {}{}",
                crate::mechanism::converting::words::name(rules, usize::from(c.entry)),
                state.players().get(c.owner).map_or("?", String::as_str),
                cells.join(" "),
                if c.paid { ", paid" } else { "" }
            ),
        });
    }
    for &(node, entry, height) in &state.memory().building.foundations {
        let Some((placed, segment)) = segment_of(state, node).filter(|_| height > 0) else {
            continue;
        };
        let a = layout.shapes[placed].anchors[segment];
        let p = board.placed[placed];
        let feature = &rules.features[board.graph[node].feature].name;
        let name = rules
            .mechanisms
            .building
            .get(usize::from(entry))
            .map_or("token", |e| e.name.as_str());
        out.push(FigureMark {
            kind: FigureKind::Raised { height },
            at: layout.on_tile(state, placed, (a.0 - 14.0, a.1)),
            title: format!(
                "{feature} at ({},{}): {height} {name}{}",
                p.x,
                p.y,
                if height == 1 { "" } else { "s" }
            ),
        });
    }
    for (f, entry) in rules.mechanisms.attending_figures.iter().enumerate() {
        let Some((node, player)) = state
            .memory()
            .attending_figures
            .at
            .get(f)
            .copied()
            .flatten()
        else {
            continue;
        };
        let Some((placed, segment)) = segment_of(state, node) else {
            continue;
        };
        let a = layout.shapes[placed].anchors[segment];
        let p = board.placed[placed];
        out.push(FigureMark {
            kind: FigureKind::Attending,
            at: layout.on_tile(state, placed, (a.0 + 9.0, a.1 - 9.0)),
            title: format!(
                "{} beside {}'s piece at ({},{})",
                entry.name,
                state.players().get(player).map_or("?", String::as_str),
                p.x,
                p.y
            ),
        });
    }
    out
}

/// The points of a crenellated block around `c`: 14 wide, 12 high, three merlons.
fn crenellated(c: Point) -> String {
    let (x, y) = (c.0 - 7.0, c.1 - 6.0);
    let pts = [
        (0.0, 0.0),
        (3.0, 0.0),
        (3.0, 3.0),
        (5.5, 3.0),
        (5.5, 0.0),
        (8.5, 0.0),
        (8.5, 3.0),
        (11.0, 3.0),
        (11.0, 0.0),
        (14.0, 0.0),
        (14.0, 12.0),
        (0.0, 12.0),
    ];
    pts.iter()
        .map(|(dx, dy)| format!("{:.2},{:.2}", x + dx, y + dy))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The points of a five-pointed star around `c`: outer radius `r`, inner `inner`.
fn star(c: Point, r: f64, inner: f64) -> String {
    let mut points = String::new();
    for k in 0..10 {
        let radius = if k % 2 == 0 { r } else { inner };
        let angle = std::f64::consts::PI * (f64::from(k) / 5.0 - 0.5);
        let _ = write!(
            points,
            "{:.2},{:.2} ",
            c.0 + radius * angle.cos(),
            c.1 + radius * angle.sin()
        );
    }
    points.trim_end().to_string()
}

/// Where [`board`] draws each neutral figure on the board. For checking the pixels of a
/// picture.
pub fn figure_centres(state: &State, opts: BoardOptions) -> Vec<FigureMark> {
    figure_marks(state, &Layout::new(state, opts))
}

/// Where the legend's "holds" label starts on a player's line.
const PRISONERS_X: f64 = MARGIN + 150.0;

/// A piece a player holds (captured), as [`board`] draws it in the legend: a disc in its
/// owner's colour on the holder's line.
#[derive(Debug, Clone)]
pub struct PrisonerMark {
    /// Who holds it.
    pub holder: usize,
    /// Its owner.
    pub owner: usize,
    /// The disc's centre, in picture units.
    pub at: Point,
    /// What its tooltip says ("A holds B's follower").
    pub title: String,
}

/// The pieces held, in the order captured, with where the legend (its first line at
/// `top`) draws each.
fn prisoner_marks(state: &State, top: f64) -> Vec<PrisonerMark> {
    let rules = &state.game().rules;
    let mut count = vec![0usize; state.players().len()];
    state
        .memory()
        .building
        .prisoners
        .iter()
        .filter_map(|q| {
            let k = count.get_mut(q.holder)?;
            let at = (
                PRISONERS_X + 38.0 + 14.0 * *k as f64,
                top + 16.0 * q.holder as f64,
            );
            *k += 1;
            Some(PrisonerMark {
                holder: q.holder,
                owner: q.owner,
                at,
                title: format!(
                    "{} holds {}'s {}",
                    state.players().get(q.holder)?,
                    state.players().get(q.owner)?,
                    rules.pieces[q.kind].name
                ),
            })
        })
        .collect()
}

/// Where [`board`] draws each piece held in its legend. For checking the pixels of a
/// picture.
pub fn prisoner_centres(state: &State, opts: BoardOptions) -> Vec<PrisonerMark> {
    let layout = Layout::new(state, opts);
    prisoner_marks(state, layout.legend_top())
}

/// The width the legend's longest line needs, in picture units: a board narrower than
/// that is widened.
const LEGEND_WIDTH: f64 = 420.0;

/// The colour of the `--highlight` frame.
pub const HIGHLIGHT: &str = "#ff00ff";

/// The placed tile and segment of a segment node.
fn segment_of(state: &State, node: NodeIndex) -> Option<(usize, usize)> {
    let s = state.board().graph.node_weight(node)?;
    Some((s.placed as usize, s.segment as usize))
}

/// Where [`board`] draws each piece: (player, centre of its disc in picture units), in
/// the order the pieces were placed. For checking the pixels of a picture.
pub fn piece_centres(state: &State, opts: BoardOptions) -> Vec<(usize, Point)> {
    Layout::new(state, opts)
        .pieces(state)
        .into_iter()
        .map(|(p, _, c)| (p.player, c))
        .collect()
}

/// Where a point of a tile, given as fractions of its width and height from its top-left
/// corner, lies on the sheet [`tile_sheet`] draws (picture units); `None` for a tile not
/// on the sheet. For checking the pixels of a picture.
pub fn sheet_point(game: &Game, tile: &str, (fx, fy): (f64, f64)) -> Option<Point> {
    let i = game.tiles.own_tiles().position(|(_, t)| t.id == tile)?;
    let o = sheet_origin(i);
    Some((o.0 + fx * TILE, o.1 + fy * TILE))
}

/// Where [`tile_sheet`] draws each segment of each tile: (tile id, segment index, feature
/// id, a point inside it in picture units, away from item markers and other segments'
/// discs; a segment with no such point is left out), in the set's order. For checking the
/// pixels of a picture.
pub fn sheet_segment_points(game: &Game) -> Vec<(usize, usize, usize, Point)> {
    let mut out = Vec::new();
    for (i, (_, def)) in game.tiles.own_tiles().enumerate() {
        let origin = sheet_origin(i);
        let shape = TileShape::new(&game.rules, def, Rotation::NONE, true);
        for (s, seg) in def.segments.iter().enumerate() {
            // Item markers are drawn under each segment's anchor: a point of the
            // segment away from every marker and every other segment's disc.
            let markers: Vec<Point> = (0..def.segments.len())
                .flat_map(|t| {
                    let a = shape.anchors[t];
                    (0..def.segments[t].items.len()).map(move |k| item_at(a, k))
                })
                .collect();
            // Other segments' bands, and their dark edges.
            let bands: Vec<Point> = (0..def.segments.len())
                .filter(|&t| t != s && shape.styles[t] == Some(DrawStyle::Line))
                .flat_map(|t| band_samples_via(&shape.ends[t], shape.via[t]))
                .collect();
            let clear = |q: Point| {
                bands
                    .iter()
                    .all(|b| (b.0 - q.0).hypot(b.1 - q.1) > BAND + 3.0)
                    && markers.iter().all(|m| (m.0 - q.0).hypot(m.1 - q.1) > 8.0)
                    && (0..def.segments.len()).all(|t| {
                        t == s || {
                            let a = shape.anchors[t];
                            (a.0 - q.0).hypot(a.1 - q.1) > shape.discs[t] + 2.0
                        }
                    })
            };
            let mut wedges = shape.wedges[s].clone();
            wedges.sort_by(|a, b| area(b).total_cmp(&area(a)));
            // A line: points along its band (bands cross wedges of other segments).
            let on_band: Vec<Point> = match shape.styles[s] {
                Some(DrawStyle::Line) if !shape.ends[s].is_empty() => {
                    let samples = band_samples_via(&shape.ends[s], shape.via[s]);
                    let n = samples.len();
                    samples.into_iter().skip(n / 8).take(n * 3 / 4).collect()
                }
                _ => Vec::new(),
            };
            let candidates = on_band.into_iter().chain(wedges.iter().flat_map(|w| {
                let c = centroid(w);
                let mid = ((w[0].0 + w[1].0) / 2.0, (w[0].1 + w[1].1) / 2.0);
                [0.0, 0.3, -0.3].map(|t| (c.0 + (mid.0 - c.0) * t, c.1 + (mid.1 - c.1) * t))
            }));
            let q = match candidates.clone().find(|&q| clear(q)) {
                Some(q) => q,
                None if shape.discs[s] > 0.0 => shape.anchors[s],
                None => continue,
            };
            out.push((i, s, seg.feature, (origin.0 + q.0, origin.1 + q.1)));
        }
    }
    out
}
