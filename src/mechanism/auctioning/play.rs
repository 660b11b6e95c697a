//! Auctions after a tile with the item: when one is due, holding it, the tiles taken.

use crate::engine::{
    Auction, AuctionDue, AuctionError, AwardSource, Event, Hooks, NoAuction, Phase, State,
};
use crate::rules::{PieceKindId, TileId};

/// The mechanism's hooks.
pub struct Play;

/// What the mechanism remembers during a game.
#[derive(Debug, Clone, Default)]
pub struct Market {
    /// The auction due before the next turn: (entry, the player of the turn that
    /// started it).
    pub due: Option<(usize, usize)>,
    /// The tile each player took at the last auction and has not played yet, by player.
    pub taken: Vec<Option<TileId>>,
    /// Why no auction followed the last turn (for findings).
    pub none: Option<NoAuction>,
}

impl Hooks for Play {
    type Memory = Market;

    /// A tile taken at an auction is played; a tile with the item, played when no tile
    /// taken at one is still to be played, makes an auction due (with 2 players or more,
    /// and as many tiles left in the pile).
    fn after_tile_placed(state: &mut State, player: usize, placed: u32) -> Option<PieceKindId> {
        let table = &state.game().rules.mechanisms.auctioning;
        if table.is_empty() {
            return None;
        }
        let tiles = &state.game().tiles.tiles;
        let shape = state.board().placed[placed as usize].tile;
        let drawn = tiles[shape].derived_from.unwrap_or(shape);
        let carries = |e: usize| tiles[drawn].carries(table[e].item);
        let entry = (0..table.len()).find(|&e| state.option_on(table[e].requires_option) && carries(e));
        let off = (0..table.len()).any(|e| !state.option_on(table[e].requires_option) && carries(e));
        let players = state.players().len();
        let left = state.main_pile_copies();
        let m = &mut state.memory_mut().auctioning;
        let in_round = m.taken.iter().any(Option::is_some);
        if let Some(t) = m.taken.get_mut(player).filter(|t| **t == Some(drawn)) {
            *t = None;
        }
        m.none = match entry {
            None if off => Some(NoAuction::NoRules),
            None => Some(NoAuction::NoItem),
            Some(_) if in_round => Some(NoAuction::InRound),
            Some(_) if players < 2 || left < players as u64 => Some(NoAuction::FewTiles { left }),
            Some(e) => {
                m.due = Some((e, player));
                None
            }
        };
        None
    }

    fn auction_due(state: &State) -> Option<AuctionDue> {
        let (entry, player) = state.memory().auctioning.due?;
        let e = state.game().rules.mechanisms.auctioning.get(entry)?;
        Some(AuctionDue {
            player,
            bids: state.option_on(e.bids_option),
            seller_again: e.seller_chooses_again,
        })
    }

    /// A tile taken at an auction that fits nowhere is gone: its player draws instead.
    fn set_aside(state: &mut State, player: usize, tile: TileId) {
        let m = &mut state.memory_mut().auctioning;
        if let Some(t) = m.taken.get_mut(player).filter(|t| **t == Some(tile)) {
            *t = None;
        }
    }

    fn tile_for(state: &State, player: usize) -> Option<TileId> {
        state
            .memory()
            .auctioning
            .taken
            .get(player)
            .copied()
            .flatten()
    }

    fn hold_auction(state: &mut State, auction: &Auction) -> Option<Result<(), AuctionError>> {
        if state.game().rules.mechanisms.auctioning.is_empty() {
            return None;
        }
        Some(hold(state, auction))
    }
}

/// One thing an auction does.
enum Step {
    /// An event of a player's.
    Event(usize, Event),
    /// Points a player gets (negative: pays) for a tile.
    Points(usize, i64, TileId),
}

/// Checks `auction` against the rules and, when it holds, applies it: the points paid,
/// the tiles taken, the events.
fn hold(state: &mut State, auction: &Auction) -> Result<(), AuctionError> {
    let why = state.memory().auctioning.none.unwrap_or(NoAuction::Held);
    let due = Play::auction_due(state).ok_or(AuctionError::NotDue(why))?;
    let Some((entry, _)) = state.memory().auctioning.due else {
        return Err(AuctionError::NotDue(why));
    };
    let bids = due.bids;
    let n = state.players().len();
    if auction.tiles.len() != n {
        return Err(AuctionError::Tiles { expected: n });
    }
    let defs = &state.game().tiles.tiles;
    for (index, &t) in auction.tiles.iter().enumerate() {
        let need = auction.tiles[..=index].iter().filter(|&&u| u == t).count() as u64;
        let ok = defs.get(t).is_some_and(|d| {
            d.stack.is_none()
                && d.derived_from.is_none()
                && u64::from(state.used()[t]) + need <= u64::from(d.count)
        });
        if !ok {
            return Err(AuctionError::NotInPile { index });
        }
    }
    if auction.rounds.len() + 1 != n {
        return Err(AuctionError::Rounds { expected: n - 1 });
    }
    let mut owner: Vec<Option<usize>> = vec![None; n];
    let mut has = vec![false; n];
    let mut previous = None;
    // What the auction does, in order: each round's event, then the points it moves.
    let mut steps: Vec<Step> = Vec::new();
    for (r, round) in auction.rounds.iter().enumerate() {
        let chooser = due
            .chooser(n, previous, &has)
            .ok_or(AuctionError::Rounds { expected: n - 1 })?;
        previous = Some(chooser);
        if !auction.tiles.contains(&round.tile) {
            return Err(AuctionError::NotRevealed { round: r });
        }
        let i = (0..n)
            .find(|&i| auction.tiles[i] == round.tile && owner[i].is_none())
            .ok_or(AuctionError::Taken { round: r })?;
        let tile = auction.tiles[i];
        // The others without a tile, in turn order from the chooser.
        let others = AuctionDue::bidders(n, chooser, &has);
        let (to, price, from) = if !bids {
            if !round.bids.is_empty() || round.sell {
                return Err(AuctionError::Bids { round: r, expected: 0 });
            }
            (chooser, 0, None)
        } else {
            if round.bids.len() != others.len() + 1 {
                return Err(AuctionError::Bids {
                    round: r,
                    expected: others.len() + 1,
                });
            }
            let Some(opening) = round.bids[0] else {
                return Err(AuctionError::ChooserPasses { round: r });
            };
            let mut high = (chooser, opening);
            for (k, &other) in others.iter().enumerate() {
                if let Some(v) = round.bids[k + 1] {
                    if v <= high.1 {
                        return Err(AuctionError::TooLow { round: r, bid: k + 1 });
                    }
                    high = (other, v);
                }
            }
            match (high.0 == chooser, round.sell) {
                (true, true) => return Err(AuctionError::NoBuyer { round: r }),
                // No one raised: the chooser pays their bid to no one.
                (true, false) => (chooser, opening, None),
                (false, false) => (chooser, high.1, Some(high.0)),
                (false, true) => (high.0, high.1, Some(chooser)),
            }
        };
        owner[i] = Some(to);
        has[to] = true;
        steps.push(Step::Event(
            chooser,
            Event::Auctioned {
                tile,
                to,
                price,
                from,
                last: false,
                chosen: !bids,
            },
        ));
        // The taker pays the price, to `from` when there is one.
        steps.push(Step::Points(to, -i64::from(price), tile));
        if let Some(f) = from {
            steps.push(Step::Points(f, i64::from(price), tile));
        }
    }
    // The last player takes the last tile.
    if let (Some(p), Some(i)) = (
        due.chooser(n, previous, &has),
        (0..n).find(|&i| owner[i].is_none()),
    ) {
        owner[i] = Some(p);
        steps.push(Step::Event(
            p,
            Event::Auctioned {
                tile: auction.tiles[i],
                to: p,
                price: 0,
                from: None,
                last: true,
                chosen: false,
            },
        ));
    }
    for step in steps {
        match step {
            Step::Event(player, event) => state.log_event(player, event),
            Step::Points(_, 0, _) => {}
            Step::Points(player, delta, tile) => {
                state.award(player, delta, Phase::Play, AwardSource::Auction { entry, tile });
            }
        }
    }
    let m = &mut state.memory_mut().auctioning;
    m.due = None;
    m.taken = vec![None; n];
    for (i, o) in owner.into_iter().enumerate() {
        if let Some(p) = o {
            m.taken[p] = Some(auction.tiles[i]);
        }
    }
    Ok(())
}
