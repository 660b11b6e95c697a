//! Addresses of segments on placed tiles, as position files and reports write them: a
//! slot in board orientation (`N`, `NL`: the side, and the part of a side of several
//! parts, left or right seen from the tile's centre) or, for a segment inside the tile, its
//! id. The engine works with segment indices only; this is where the words are read and
//! written (README, "Position": `piece: NL`). A corner (`NW`) names the segment at a
//! tile's corner.

use crate::engine::State;
use crate::geometry::{parse_slot, slot_name};

/// The segment of placed tile `placed` at `address` (board orientation: the tile's
/// rotation is taken into account), if there is one: a slot (`N`, `NL`, ...), the id of
/// a segment, or a corner (`NW`, `NE`, `SE`, `SW`: the segment both slots meeting there
/// belong to; a barn's place). `None` when the address names no segment of the tile.
pub fn segment_at(state: &State, placed: u32, address: &str) -> Option<usize> {
    let p = *state.board().placed.get(placed as usize)?;
    let def = &state.game().tiles.tiles[p.tile];
    let rot = def.rotated(p.rotation);
    let parts = |s: u8| state.game().rules.parts(rot.sides[s as usize]);
    if let Some(slot) = parse_slot(address, parts, true) {
        let s = rot.slot_segment[slot.side as usize][slot.part as usize];
        return (s != crate::rules::NO_SEGMENT).then_some(s as usize);
    }
    if let Some(i) = def.segments.iter().position(|s| s.id == address) {
        return Some(i);
    }
    // A corner (`NW`): the segment that has both slots meeting there.
    let corner = crate::geometry::parse_corner(address)?;
    let [a, b] = crate::geometry::corner_slots(corner, parts)?;
    let sa = rot.slot_segment[a.side as usize][a.part as usize];
    let sb = rot.slot_segment[b.side as usize][b.part as usize];
    (sa == sb && sa != crate::rules::NO_SEGMENT).then_some(sa as usize)
}

/// The segment at `address` on the tile at cell `(x, y)`: (its placed index, the segment
/// index), or `None` when no tile lies there or it has no such segment (a piece taken
/// back, recalled, or moved to, as a position names it).
pub fn segment_in_cell(state: &State, x: i32, y: i32, address: &str) -> Option<(u32, usize)> {
    let on = state.board().at(x, y)?;
    segment_at(state, on, address).map(|s| (on, s))
}

/// The address of segment `segment` of placed tile `placed` in board orientation: its
/// first slot (in side order N, E, S, W, left to right), or its id when it lies inside
/// the tile.
pub fn address_of(state: &State, placed: u32, segment: usize) -> String {
    let p = state.board().placed[placed as usize];
    let def = &state.game().tiles.tiles[p.tile];
    let rot = def.rotated(p.rotation);
    let mut slots: Vec<_> = def.board_slots(segment, p.rotation).collect();
    slots.sort();
    match slots.first() {
        Some(&s) => slot_name(s, state.game().rules.parts(rot.sides[s.side as usize])),
        None => def.segments[segment].id.clone(),
    }
}

/// `{word: {x: 1, y: 0, at: N}}`: a decision naming a segment, by its tile's cell and its
/// address; the word alone when `placed` is not on the board.
fn target_text(state: &State, word: &str, placed: u32, segment: u8) -> String {
    match state.board().placed.get(placed as usize) {
        Some(p) => format!(
            "{{{word}: {{x: {}, y: {}, at: {}}}}}",
            p.x,
            p.y,
            address_of(state, placed, segment as usize)
        ),
        None => word.to_string(),
    }
}

/// A decision as a position writes it under `choices`: `grow`, `score`, `return`,
/// `stay`, `{move: {x: 1, y: 0, at: N}}`, `{take_back: {x: 1, y: 0, at: N}}` (the
/// target's cell and address), `{place: {x: 1, y: 0, at: N}}`, `{capture: {x: 1, y: 0,
/// at: N}}` or `{step: {x: 1, y: 0}}`
/// (a tile's cell; `placed` must be on the board of `state`).
pub fn choice_text(state: &State, c: crate::engine::Choice) -> String {
    use crate::engine::Choice;
    match c {
        Choice::Grow => "grow".to_string(),
        Choice::Score => "score".to_string(),
        Choice::Return => "return".to_string(),
        Choice::Stay => "stay".to_string(),
        Choice::MoveTo { placed, segment } => target_text(state, "move", placed, segment),
        Choice::TakeBack { placed, segment } => target_text(state, "take_back", placed, segment),
        Choice::Place { placed, segment } => target_text(state, "place", placed, segment),
        Choice::Capture { placed, segment } => target_text(state, "capture", placed, segment),
        Choice::Convert { placed, segment } => target_text(state, "convert", placed, segment),
        Choice::Step { placed } => match state.board().placed.get(placed as usize) {
            Some(p) => format!("{{step: {{x: {}, y: {}}}}}", p.x, p.y),
            None => "step".to_string(),
        },
    }
}
