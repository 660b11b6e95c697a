//! The words of auctioning's events, for reports.

use crate::rules::Rules;

/// "pays 2 points for BA/C at the bazaar", "gets 3 points for BA/C at the bazaar".
pub fn award(rules: &Rules, entry: usize, tile: &str, points: i64) -> String {
    let name = rules
        .mechanisms
        .auctioning
        .get(entry)
        .map_or("auction", |e| e.name.as_str());
    let n = points.unsigned_abs();
    let word = if n == 1 { "point" } else { "points" };
    if points < 0 {
        format!("pays {n} {word} for {tile} at the {name}")
    } else {
        format!("gets {n} {word} for {tile} at the {name}")
    }
}

/// "buys BA/C for 2 points from B", "sells BA/C to B for 3 points", "buys BA/C for 0
/// points", "takes the last tile of the auction, BA/L" (`to`: the buyer when the chooser
/// sold it; `from`: the bidder the chooser paid; `last`: taken for nothing, as the last;
/// `chosen`: in an auction without bids, "chooses BA/C").
pub fn auctioned(
    tile: &str,
    to: Option<&str>,
    price: u32,
    from: Option<&str>,
    last: bool,
    chosen: bool,
) -> String {
    let points = format!("{price} point{}", if price == 1 { "" } else { "s" });
    match (to, from) {
        _ if last => format!("takes the last tile of the auction, {tile}"),
        _ if chosen => format!("chooses {tile} at the auction"),
        // Sold: the taker is another player, who pays the chooser.
        (Some(buyer), _) => format!("sells {tile} to {buyer} for {points}"),
        (None, Some(bidder)) => format!("buys {tile} for {points} from {bidder}"),
        (None, None) => format!("buys {tile} for {points}"),
    }
}
