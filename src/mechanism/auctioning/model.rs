//! The `auctioning:` section of a rule set.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: by name (`bazaar`), items on tiles that start an auction of tiles.
pub type Section = IndexMap<String, AuctionDef>;

/// An item on a tile (as a whole) that starts an auction of tiles after the turn that
/// places it: as many tiles as players are revealed from the pile; from the player after
/// the turn's, each player without a tile chooses one and bids, the others without a tile
/// in turn raise once or pass, and the chooser buys it (paying the highest bid to its
/// bidder, or their own bid to no one) or sells it to the highest bidder (who pays the
/// chooser); the next player without a tile after the chooser chooses next; the last
/// player takes the last tile for nothing. Each then plays the tile
/// they took in their next turn. No auction while tiles taken at one are still to be
/// played, nor when fewer tiles than players are left.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AuctionDef {
    /// The item, carried by a tile as a whole, e.g. `bazaar`.
    pub item: Sp<String>,
    /// Bids are made only while this option is on (omitted: always); off, each player in
    /// turn just chooses a tile (Bridges, Castles and Bazaars' variant without bids).
    #[serde(default)]
    pub bids_option: Option<Sp<String>>,
    /// Whether a chooser who sold the tile chooses again in the next round (Rio Grande's
    /// Big Box 3 wording on Wikicarpedia: "it could be the same player if he did not buy
    /// the tile he chose"). Default: no, the next player without a tile in turn order
    /// after them chooses (JCloisterZone's `BazaarPhase`); the seller chooses later.
    #[serde(default)]
    pub seller_chooses_again: bool,
    /// Only while this option is on.
    #[serde(default)]
    pub requires_option: Option<Sp<String>>,
}
