//! The compiled `spanning:` section, and the tiles it derives: each tile of the set with
//! two opposite sides of the kind a token goes over, with the token across them.

use std::collections::HashMap;

use crate::geometry::{Axis, Slot};
use crate::rules::{
    FeatureId, MechanismTable, OptionId, Rules, Segment, SideKindId, Tile, TileId,
};

/// The compiled section, in the rule set's order (an entry's index is its id).
pub type Table = Vec<Spanning>;

/// A compiled kind of token laid across tiles (see [`super::model::SpanningDef`]).
#[derive(Debug, Clone)]
pub struct Spanning {
    /// Its name (the section's key), for reports and the segment it adds.
    pub name: String,
    /// The feature kind of the segment it adds.
    pub feature: FeatureId,
    /// The side kind its ends lie on (one part).
    pub over: SideKindId,
    /// The side kind its ends' sides become.
    pub side: SideKindId,
    /// Which parts of `side` are the new segment (those of the feature's terrain).
    pub parts: Vec<bool>,
    /// Tokens per player, by number of players from 1 (never empty).
    pub supply: Vec<u32>,
    /// Whether it may go on a tile beside the one just placed.
    pub beside: bool,
    /// Only while this option is on.
    pub requires_option: Option<OptionId>,
}

impl Spanning {
    /// Tokens each player has with `players` players.
    pub fn supply_for(&self, players: usize) -> u32 {
        crate::rules::supply_for(&self.supply, players)
    }
}

/// The key of the tile derived with entry `entry`'s token across printed axis `axis`
/// ([`crate::rules::TileSet::derived`]).
pub fn key(entry: usize, axis: Axis) -> u8 {
    (entry * 2 + usize::from(axis.index())) as u8
}

impl MechanismTable for Table {
    /// For each entry and each tile of the set whose two opposite sides (printed north
    /// and south, or west and east) are of the entry's `over` kind: the tile with the
    /// token across them (the sides of the `side` kind, a segment of the `feature` kind
    /// from one to the other, the segments that held the two sides keeping the other
    /// parts).
    fn derive_tiles(
        &self,
        _rules: &Rules,
        own: usize,
        tiles: &mut Vec<Tile>,
        derived: &mut HashMap<(TileId, u8), TileId>,
    ) {
        // Keys are a byte: at most 127 entries derive tiles.
        for (entry, e) in self.iter().enumerate().take(127) {
            for t in 0..own {
                for axis in Axis::ALL {
                    if let Some(tile) = across(e, &tiles[t], axis) {
                        let mut tile = tile;
                        tile.derived_from = Some(t);
                        derived.insert((t, key(entry, axis)), tiles.len());
                        tiles.push(tile);
                    }
                }
            }
        }
    }
}

/// `tile` with `e`'s token across its printed `axis`, if both ends are on sides of the
/// kind it goes over and the tile has room for one more segment.
fn across(e: &Spanning, tile: &Tile, axis: Axis) -> Option<Tile> {
    let ends = axis.sides();
    if ends.iter().any(|&s| tile.sides[usize::from(s)] != e.over)
        || tile.segments.len() >= crate::limits::MAX_SEGMENTS
    {
        return None;
    }
    let kept: Vec<u8> = (0..e.parts.len() as u8)
        .filter(|&k| !e.parts[usize::from(k)])
        .collect();
    let widen = |slots: &[Slot]| -> Vec<Slot> {
        slots
            .iter()
            .flat_map(|&slot| {
                let parts: Vec<u8> = if ends.contains(&slot.side) {
                    kept.clone()
                } else {
                    vec![slot.part]
                };
                parts.into_iter().map(move |part| Slot {
                    side: slot.side,
                    part,
                })
            })
            .collect()
    };
    let mut segments: Vec<Segment> = tile
        .segments
        .iter()
        .map(|s| Segment {
            slots: widen(&s.slots),
            shares: widen(&s.shares),
            ..s.clone()
        })
        .collect();
    segments.push(Segment {
        id: e.name.clone(),
        feature: e.feature,
        slots: ends
            .iter()
            .flat_map(|&side| {
                (0..e.parts.len() as u8)
                    .filter(|&k| e.parts[usize::from(k)])
                    .map(move |part| Slot { side, part })
            })
            .collect(),
        shares: Vec::new(),
        items: Vec::new(),
        links: Vec::new(),
        touches: Vec::new(),
        adjoins: Vec::new(),
    });
    let mut sides = tile.sides;
    for &s in &ends {
        sides[usize::from(s)] = e.side;
    }
    let mut out = Tile::new(tile.id.clone(), 0, sides, segments, tile.copies.clone());
    out.stack = tile.stack;
    out.items = tile.items.clone();
    // The other sides are the tile's own: their walls too (the token's sides are none,
    // having parts).
    for (r, turned) in out.rotations.iter_mut().zip(&tile.rotations) {
        r.walls = turned.walls;
        r.wall_bits = turned.wall_bits;
    }
    Some(out)
}
