//! One way to play a turn: the turn sequence of the rules
//! (docs/rules/carcassonne.md#1-turn), written once and used by position replay, by
//! [`crate::play`] and by simulation.
//!
//! A turn is a [`Move`]: the player, the tile drawn and where it goes, optionally a piece
//! of theirs taken back by an effect of the tile, and the [`Action`] of step 2 (place a
//! piece, take a token, or nothing). [`State::apply`] plays a whole move; the same turn can
//! be played in stages, [`State::begin_turn`] (the tile and its effects; it returns the
//! [`Begun`] turn), [`State::take_back`] and [`State::finish_turn`] (the action, scoring,
//! extra turns), so that a caller can look at the board with the tile on it before
//! choosing the action ([`State::actions`]): position replay resolves piece addresses on
//! the tile just placed that way, and players choose their piece that way.
//!
//! The state keeps the turn order itself ([`State::to_play`]): the next player in order,
//! or the player who earned an extra turn. Errors are [`TurnError`]s, with ids and no text;
//! a turn that fails leaves the state in the middle of that turn (discard it).

use super::*;

/// What a player does in step 2 of a turn, after placing the tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Nothing.
    Pass,
    /// Put a piece from supply (or move a movable one) on a segment.
    Piece {
        /// Piece kind.
        kind: PieceKindId,
        /// The placed tile (index in placement order) it goes on; `None`: the tile just
        /// placed. Only pieces that may go anywhere name another tile.
        on: Option<u32>,
        /// Segment index on that tile's definition.
        segment: usize,
    },
    /// Take the top token of the feature where the player's token-taking piece stands.
    Mine,
    /// Take back one of the player's pieces from the board, standing on `segment` of
    /// placed tile `on`, for the points a mechanism gives (the abbot,
    /// `crate::mechanism::recalling_pieces`).
    Recall {
        /// The placed tile it stands on.
        on: u32,
        /// Its segment there.
        segment: usize,
    },
    /// Send a piece standing on `segment` of placed tile `on` back to its owner's supply,
    /// as the tile just placed lets the player (the princess,
    /// `crate::mechanism::expelling`).
    Expel {
        /// The placed tile it stands on.
        on: u32,
        /// Its segment there.
        segment: usize,
    },
    /// Move a neutral figure next to one of the player's own pieces, standing on
    /// `segment` of placed tile `on` (the fairy, `crate::mechanism::attending_figures`).
    Attend {
        /// The figure (its entry in the rule set's `attending`).
        figure: u8,
        /// The placed tile the piece stands on.
        on: u32,
        /// Its segment there.
        segment: usize,
    },
    /// Put one of the player's tokens on the feature of `segment` of placed tile `on`,
    /// anywhere on the board, raising it (a tower floor,
    /// `crate::mechanism::building`).
    Build {
        /// The placed tile the feature's segment lies on.
        on: u32,
        /// The segment there.
        segment: usize,
    },
}

/// A decision a mechanism asks of the player after step 2 of the turn (see
/// [`State::finish_turn_choosing`]), about something of theirs: a flock the tile extended,
/// a piece whose feature was scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Let it grow: draw another token for it (a flock, `crate::mechanism::flocks`).
    Grow,
    /// Score it now.
    Score,
    /// Let it return to supply (a piece that could move on,
    /// `crate::mechanism::moving_on`); what happens when no decision is written.
    Return,
    /// Move it to this segment: the placed tile's index and the segment's index on its
    /// definition.
    MoveTo {
        /// The placed tile (index in placement order).
        placed: u32,
        /// Segment index on that tile's definition.
        segment: u8,
    },
    /// Leave every piece where it stands (a piece that could escape,
    /// `crate::mechanism::escaping`); what happens when no decision is written.
    Stay,
    /// Take the player's piece on this segment back to supply, scoring nothing (a piece
    /// escaping its feature): the placed tile's index and the segment's index on its
    /// definition.
    TakeBack {
        /// The placed tile (index in placement order).
        placed: u32,
        /// Segment index on that tile's definition.
        segment: u8,
    },
    /// Move the figure that roams the board one step, onto this placed tile (a dragon,
    /// `crate::mechanism::roaming_figures`).
    Step {
        /// The placed tile (index in placement order).
        placed: u32,
    },
    /// Place a piece in addition to the turn's action on this segment (a phantom,
    /// `crate::mechanism::extra_pieces`): the placed tile's index and the segment's index
    /// on its definition.
    Place {
        /// The placed tile (index in placement order).
        placed: u32,
        /// Segment index on that tile's definition.
        segment: u8,
    },
    /// Convert the completed feature of this segment instead of scoring it (a small city
    /// into a castle, `crate::mechanism::converting`): the placed tile's index and the
    /// segment's index on its definition.
    Convert {
        /// The placed tile (index in placement order).
        placed: u32,
        /// Segment index on that tile's definition.
        segment: u8,
    },
    /// Capture the follower on this segment (a raised tower's reach,
    /// `crate::mechanism::building`): the placed tile's index and the segment's index on
    /// its definition.
    Capture {
        /// The placed tile (index in placement order).
        placed: u32,
        /// Segment index on that tile's definition.
        segment: u8,
    },
}

/// The decisions a turn asks, numbered as they are asked, and its draws from bags, as
/// the mechanisms' hooks see them ([`crate::engine::Hooks::after_action`]).
pub struct Asked<'d> {
    decider: &'d mut dyn Decider,
    next: usize,
}

impl Asked<'_> {
    /// The next decision of the turn, one of `offered` (in the engine's order).
    ///
    /// Errors: [`TurnError::ChoiceMissing`] when the decider gives none,
    /// [`TurnError::ChoiceNotOffered`] when it gives another.
    pub fn choice(&mut self, offered: &[Choice]) -> Result<Choice, TurnError> {
        let index = self.next;
        let c = self
            .decider
            .choice(index, offered)
            .ok_or_else(|| TurnError::ChoiceMissing {
                index,
                offered: offered.to_vec(),
            })?;
        self.offered(index, c, offered)
    }

    /// The next decision of the turn, one of `offered`; `default` when the decider gives
    /// none (a piece that may move on returns unless told otherwise), or gives a decision of
    /// a kind not offered here (kept for the next decision asked).
    ///
    /// Errors: [`TurnError::ChoiceNotOffered`] (a decision of a kind offered, but not one
    /// of those offered).
    pub fn choice_or(&mut self, offered: &[Choice], default: Choice) -> Result<Choice, TurnError> {
        let index = self.next;
        match self.decider.choice(index, offered) {
            // A decision of another kind (a dragon's step where a phantom may be placed):
            // this one takes its default, and the decision given is left for a later one,
            // so that a turn writes only the decisions its player made.
            Some(c)
                if !offered
                    .iter()
                    .any(|o| std::mem::discriminant(o) == std::mem::discriminant(&c)) =>
            {
                self.decider.declined(index);
                Ok(default)
            }
            Some(c) => self.offered(index, c, offered),
            None => Ok(default),
        }
    }

    /// `c`, the `index`-th decision, when it is among `offered`.
    fn offered(
        &mut self,
        index: usize,
        c: Choice,
        offered: &[Choice],
    ) -> Result<Choice, TurnError> {
        if !offered.contains(&c) {
            return Err(TurnError::ChoiceNotOffered(Box::new(NotOffered {
                index,
                given: c,
                offered: offered.to_vec(),
            })));
        }
        self.next += 1;
        Ok(c)
    }

    /// A draw from `bag` asked of the decider, when no value or fraction was announced.
    pub(crate) fn draw(&mut self, bag: &[(u32, u32)]) -> Option<u32> {
        self.decider.draw(bag)
    }
}

/// The most decisions one turn can hold.
pub const MAX_CHOICES: usize = 12;

/// The decisions of one turn, in the order they are asked (at most [`MAX_CHOICES`]),
/// kept in 4 bytes each (a move's target packed with its kind), so that a [`Move`] stays
/// small to copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Choices {
    len: u8,
    list: [u32; MAX_CHOICES],
}

impl Default for Choices {
    fn default() -> Self {
        Choices::NONE
    }
}

/// Word 0, 1, 2, 3: grow, score, return, stay; from 4: a decision with a target,
/// `4 + (placed × 256 + segment) × 8 + k`, where k is 0 for a move, 1 for a taking back,
/// 2 for a figure's step (segment 0), 3 for a piece placed besides the action, 4 for a
/// capture and 5 for a conversion.
const PACKED_TARGET: u32 = 4;

impl Choice {
    /// Its packed word; `None` for a target on a tile beyond the packing's reach (past
    /// 2 million placed tiles, beyond every limit of the files).
    fn pack(self) -> Option<u32> {
        let target = |placed: u32, segment: u8, k: u32| {
            placed
                .checked_mul(256)?
                .checked_add(u32::from(segment))?
                .checked_mul(8)?
                .checked_add(k)?
                .checked_add(PACKED_TARGET)
        };
        match self {
            Choice::Grow => Some(0),
            Choice::Score => Some(1),
            Choice::Return => Some(2),
            Choice::Stay => Some(3),
            Choice::MoveTo { placed, segment } => target(placed, segment, 0),
            Choice::TakeBack { placed, segment } => target(placed, segment, 1),
            Choice::Step { placed } => target(placed, 0, 2),
            Choice::Place { placed, segment } => target(placed, segment, 3),
            Choice::Capture { placed, segment } => target(placed, segment, 4),
            Choice::Convert { placed, segment } => target(placed, segment, 5),
        }
    }

    /// The decision a packed word holds.
    fn unpack(w: u32) -> Choice {
        match w {
            0 => Choice::Grow,
            1 => Choice::Score,
            2 => Choice::Return,
            3 => Choice::Stay,
            _ => {
                let m = w - PACKED_TARGET;
                let (placed, segment) = ((m / 8) / 256, ((m / 8) % 256) as u8);
                match m % 8 {
                    0 => Choice::MoveTo { placed, segment },
                    1 => Choice::TakeBack { placed, segment },
                    2 => Choice::Step { placed },
                    3 => Choice::Place { placed, segment },
                    4 => Choice::Capture { placed, segment },
                    _ => Choice::Convert { placed, segment },
                }
            }
        }
    }
}

impl Choices {
    /// No decision.
    pub const NONE: Choices = Choices {
        len: 0,
        list: [0; MAX_CHOICES],
    };

    /// The decisions in `list`, in order; `None` when there are more than [`MAX_CHOICES`].
    pub fn from_slice(list: &[Choice]) -> Option<Choices> {
        let mut c = Choices::NONE;
        for &x in list {
            if !c.push(x) {
                return None;
            }
        }
        Some(c)
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `index`-th decision, if there is one.
    pub fn get(&self, index: usize) -> Option<Choice> {
        (index < self.len as usize).then(|| Choice::unpack(self.list[index]))
    }

    /// The decisions, in order.
    pub fn iter(&self) -> impl Iterator<Item = Choice> + '_ {
        self.list[..self.len as usize]
            .iter()
            .map(|&w| Choice::unpack(w))
    }

    /// Adds one at the end; `false` when full.
    pub fn push(&mut self, c: Choice) -> bool {
        match (self.list.get_mut(self.len as usize), c.pack()) {
            (Some(slot), Some(w)) => {
                *slot = w;
                self.len += 1;
                true
            }
            _ => false,
        }
    }
}

/// Who answers what a turn asks after its action ([`State::finish_turn_deciding`]): the
/// decisions (a flock extended by the tile: grow or score) and the draws from a bag that
/// no value was announced for. A replay reads them from its file ([`Given`]); an agent
/// makes them as they come, so that a turn is played once, with no trial on a copy.
pub trait Decider {
    /// The turn's `index`-th decision (0 for the first), one of `offered` (the decisions
    /// the engine offers, in its order), or `None` when there is none.
    fn choice(&mut self, index: usize, offered: &[Choice]) -> Option<Choice>;

    /// A token drawn from a bag whose contents are `bag` ((value, tokens), in its order,
    /// each with at least one token), or `None` when no draw is given.
    fn draw(&mut self, bag: &[(u32, u32)]) -> Option<u32>;

    /// The `index`-th decision given was of another kind than the one asked, which took its
    /// default: it stays for the next decision asked. Default: nothing to undo.
    fn declined(&mut self, _index: usize) {}
}

/// The decisions written for a turn, in order, and no draw beyond those announced.
#[derive(Debug, Clone, Copy)]
pub struct Given {
    list: Choices,
    used: usize,
}

impl Given {
    /// The decisions `list`, taken in order.
    pub fn new(list: Choices) -> Self {
        Given { list, used: 0 }
    }

    /// How many of them were not asked for.
    pub fn left(&self) -> usize {
        self.list.len().saturating_sub(self.used)
    }
}

impl Decider for Given {
    fn choice(&mut self, index: usize, _offered: &[Choice]) -> Option<Choice> {
        let c = self.list.get(index);
        self.used = self.used.max(index + usize::from(c.is_some()));
        c
    }

    fn draw(&mut self, _bag: &[(u32, u32)]) -> Option<u32> {
        None
    }

    fn declined(&mut self, index: usize) {
        if self.used == index + 1 {
            self.used = index;
        }
    }
}

/// One whole turn: who plays, the tile and where it goes (cell, rotation),
/// a piece taken back by an effect of the tile (its placed tile and segment), and the
/// action. Tiles are ids of the game's tile set. The decisions a turn asks after its
/// action (rare) are kept beside it ([`State::apply_choosing`],
/// [`crate::engine::play::PlayedTurn::choices`]), so that a move stays small to copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The player (index in turn order).
    pub player: usize,
    /// The tile drawn.
    pub tile: TileId,
    /// Column.
    pub x: i32,
    /// Row (grows to the south).
    pub y: i32,
    /// The tile's rotation.
    pub rotation: Rotation,
    /// A piece of the player returned to supply by an effect of the tile (shaman).
    pub take_back: Option<(u32, usize)>,
    /// A ransom paid once the tile is down and before the action: (holder, piece kind)
    /// of a captured piece of the player's bought back (`crate::mechanism::building`).
    pub ransom: Option<(usize, PieceKindId)>,
    /// A token laid across the tile or one beside it as the tile goes down (a bridge;
    /// `crate::mechanism::spanning`).
    pub span: Option<super::Span>,
    /// Step 2 of the turn.
    pub action: Action,
}

impl Move {
    /// The move of `player` laying `tile` at placement `p` (its cell and rotation), then
    /// `action`; no piece taken back.
    pub fn at(player: usize, tile: TileId, p: Placement, action: Action) -> Move {
        Move {
            player,
            tile,
            x: p.x,
            y: p.y,
            rotation: p.rotation,
            take_back: None,
            ransom: None,
            span: None,
            action,
        }
    }
}

/// What happened in one turn, in order (kept inline: a turn rarely has more than 4).
pub type Events = SmallVec<[Event; 4]>;

/// The actions open to a player after placing a tile (kept inline: usually a few).
pub type Actions = SmallVec<[Action; 8]>;

/// Something that happened in a turn, for whoever reports or learns from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// The tile went on the board with this index in placement order.
    Placed {
        /// Index of the placed tile.
        placed: u32,
    },
    /// A feature (or an effect) scored: the index of its entry in [`State::events`].
    Scored {
        /// Index into [`State::events`].
        event: usize,
    },
    /// A piece was taken back as the turn's action, for the points of its feature.
    Recalled {
        /// Its kind.
        kind: PieceKindId,
        /// The placed tile it stood on.
        on: u32,
        /// Its segment there.
        segment: usize,
    },
    /// A piece was sent back to its owner's supply as the turn's action.
    Expelled {
        /// Its kind.
        kind: PieceKindId,
        /// Its owner.
        owner: usize,
        /// The placed tile it stood on.
        on: u32,
        /// Its segment there.
        segment: usize,
    },
    /// A neutral figure was moved next to one of the player's pieces as the turn's action.
    Attended {
        /// The figure (its entry in the rule set's `attending`).
        figure: u8,
        /// The placed tile the piece stands on.
        on: u32,
        /// Its segment there.
        segment: usize,
    },
    /// A piece went back to its owner's supply, scoring nothing, through an effect of the
    /// tile, or escaping its feature at the end of the turn (`crate::mechanism::escaping`).
    TakenBack {
        /// Its kind.
        kind: PieceKindId,
        /// The placed tile it stood on.
        on: u32,
        /// Its segment there.
        segment: usize,
    },
    /// A figure that roams the board came onto a tile (`arrived`: brought by the tile's
    /// item), or stepped onto it (`crate::mechanism::roaming_figures`).
    Roamed {
        /// The figure (its entry in the rule set's `roaming`).
        figure: u8,
        /// The placed tile it stands on now.
        on: u32,
        /// Whether it came with the tile rather than stepping.
        arrived: bool,
    },
    /// A figure that roams the board sent a piece on a tile it entered back to its
    /// owner's supply.
    TakenByFigure {
        /// The figure.
        figure: u8,
        /// The piece's kind.
        kind: PieceKindId,
        /// Its owner.
        owner: usize,
        /// The placed tile it stood on.
        on: u32,
        /// Its segment there.
        segment: usize,
    },
    /// A token was put on a feature, raising it (`crate::mechanism::building`).
    Built {
        /// The entry of the rule set's `building`.
        entry: u8,
        /// The placed tile the feature's segment lies on.
        on: u32,
        /// The segment there.
        segment: usize,
        /// The feature's height now, in tokens.
        height: u32,
    },
    /// A piece was captured: taken off the board and held by the player (a piece of
    /// their own goes back to their supply; `crate::mechanism::building`).
    Captured {
        /// Its kind.
        kind: PieceKindId,
        /// Its owner.
        owner: usize,
        /// The placed tile it stood on.
        on: u32,
        /// Its segment there.
        segment: usize,
    },
    /// Two players each held a piece of the other's: both went back to their owners
    /// (`crate::mechanism::building`).
    Exchanged {
        /// The other player.
        with: usize,
        /// The kind of the piece the player got back.
        got: PieceKindId,
        /// The kind of the piece the other got back.
        gave: PieceKindId,
    },
    /// A token was laid across a tile, a segment of its feature kind added to the tile
    /// from the middle of one side to the middle of the opposite one (a bridge;
    /// `crate::mechanism::spanning`).
    Spanned {
        /// The entry of the rule set's `spanning`.
        entry: u8,
        /// The placed tile it lies across.
        on: u32,
        /// Its line on the board.
        axis: crate::geometry::Axis,
    },
    /// A tile was auctioned (`crate::mechanism::auctioning`): the player of the event
    /// chose it; `to` took it, for `price` points paid by the taker to `from` (the
    /// chooser when sold, the highest bidder when bought from one, none when bought with
    /// the chooser's own bid or taken for nothing).
    Auctioned {
        /// The tile.
        tile: TileId,
        /// Who takes it.
        to: usize,
        /// The points paid.
        price: u32,
        /// Who they are paid to, if anyone.
        from: Option<usize>,
        /// Taken for nothing, the last tile of the auction.
        last: bool,
        /// Chosen, in an auction without bids.
        chosen: bool,
    },
    /// The player paid a ransom to get one of their pieces back from its holder
    /// (`crate::mechanism::building`).
    RansomPaid {
        /// The piece's kind.
        kind: PieceKindId,
        /// Who held it (and received the points).
        holder: usize,
        /// Points paid.
        points: u32,
    },
    /// A completed feature was converted instead of scored (a city into a castle,
    /// `crate::mechanism::converting`).
    Converted {
        /// The entry of the rule set's `converting`.
        entry: u8,
        /// The placed tile of the segment named.
        on: u32,
        /// The segment there.
        segment: usize,
    },
    /// A piece was put on the board (or moved).
    PiecePlaced {
        /// Its kind.
        kind: PieceKindId,
        /// The placed tile it stands on.
        on: u32,
        /// Its segment there.
        segment: usize,
    },
    /// A feature was completed (scored or not: one with no piece scores nothing).
    Completed {
        /// Its feature kind.
        kind: FeatureId,
    },
    /// The player took a token with their token-taking piece.
    Mined {
        /// The token pool.
        pool: usize,
    },
    /// A player took a token from a pool (by mining, or from a completed feature), in
    /// the order taken; its value is the next of the turn's draws, if any is left.
    TokenTaken {
        /// The token pool.
        pool: usize,
        /// The player who took it.
        player: usize,
    },
    /// Tokens left the game with a completed feature that had no majority.
    TokensLeft {
        /// The token pool.
        pool: usize,
        /// The feature kind completed.
        kind: FeatureId,
        /// How many tokens.
        count: u32,
    },
    /// A tile drawn fitted nowhere and was set aside (before a turn; logged, never in a
    /// turn's events).
    SetAside {
        /// The tile.
        tile: TileId,
    },
    /// A player took a title (see `crate::mechanism::titles`) by completing a feature
    /// larger than any of its kind completed before.
    TitleTaken {
        /// The title (index in the rule set's `titles`).
        title: usize,
        /// The player who took it.
        player: usize,
        /// The feature's size, in tiles.
        tiles: u32,
    },
    /// A player collected items from a feature they completed (see
    /// `crate::mechanism::collecting`).
    Collected {
        /// The entry of the rule set's `collecting`.
        entry: usize,
        /// The player who collected them.
        player: usize,
        /// How many.
        count: u64,
    },
    /// Points given outside feature scoring (see [`AwardSource`]).
    Awarded {
        /// Who received them.
        player: usize,
        /// How many.
        points: i64,
        /// During play or at the end of the game.
        phase: Phase,
        /// Why.
        source: AwardSource,
    },
    /// Tiles of the main pile went face down under the tile just placed, out of the game
    /// (an effect's `hide_tiles`: a hill).
    TilesHidden {
        /// The item on the tile that hid them.
        item: ItemId,
        /// How many.
        count: u32,
    },
    /// A flock (`crate::mechanism::flocks`) drew a token and grew.
    FlockGrew {
        /// The entry of the rule set's `flocks`.
        flock: usize,
        /// The token's value.
        value: u32,
        /// The total of the flocks on its feature now.
        total: u64,
    },
    /// A flock drew its ending token: its tokens went back and its pieces returned.
    FlockLost {
        /// The entry of the rule set's `flocks`.
        flock: usize,
        /// The ending token's value.
        value: u32,
        /// The pieces that returned.
        pieces: u32,
    },
    /// A piece whose feature was scored moved on instead of returning
    /// (`crate::mechanism::moving_on`: a wagon).
    MovedOn {
        /// Its kind.
        kind: PieceKindId,
        /// The placed tile it moved to.
        on: u32,
        /// The segment index on that tile's definition.
        segment: usize,
    },
    /// The player earned an extra turn with a tile of this stack.
    ExtraTurn {
        /// The player.
        player: usize,
        /// The stack the extra tile comes from; `None`: drawn as in an ordinary turn.
        stack: Option<usize>,
    },
}

/// Why points were given outside feature scoring (ids only; the report words it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AwardSource {
    /// A title's points (`crate::mechanism::titles`): `units` features of its kind counted
    /// (completed on the board at the end, or in the turn during play; 0 for fixed
    /// points), `all` when its holder held every title.
    Title {
        /// The title (index in the rule set's `titles`).
        title: usize,
        /// Features counted.
        units: i64,
        /// Its holder held every title (the points for all of them).
        all: bool,
    },
    /// A flock scored (`crate::mechanism::flocks`): `tokens` drawn into it.
    Flock {
        /// The entry of the rule set's `flocks`.
        flock: usize,
        /// Its tokens.
        tokens: u32,
    },
    /// A neutral figure's points (`crate::mechanism::attending_figures`): at the start of
    /// its player's turn, or when the feature of the piece it attends is scored
    /// (`scored`).
    Attending {
        /// The entry of the rule set's `attending`.
        figure: usize,
        /// For the feature scored (else: the start of the turn).
        scored: bool,
    },
    /// A converted feature's points (`crate::mechanism::converting`: a castle), those of
    /// the feature completed near it, or nothing at the end.
    Converted {
        /// The entry of the rule set's `converting`.
        entry: usize,
        /// Which converted feature (its index in the order converted).
        index: usize,
    },
    /// Points bid in an auction of tiles, paid (negative) or received
    /// (`crate::mechanism::auctioning`).
    Auction {
        /// The entry of the rule set's `auctioning`.
        entry: usize,
        /// The tile auctioned.
        tile: TileId,
    },
    /// The most of a collected item at the end (`crate::mechanism::collecting`).
    Collected {
        /// The entry of the rule set's `collecting`.
        entry: usize,
        /// The most collected (the winners' count).
        count: u64,
    },
}

/// Why a move is not legal now. Ids only: callers that report it (position replay) add
/// the names and the place in their file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TurnError {
    /// Every tile of the main pile has been placed: the game is over.
    GameOver,
    /// Another player earned an extra turn on the previous turn; it is theirs.
    ExtraTurnPlayer {
        /// The player whose extra turn it is.
        player: usize,
    },
    /// An extra turn is played with a tile of its stack.
    ExtraTurnStack {
        /// The player whose extra turn it is.
        player: usize,
        /// The stack the tile must come from.
        stack: usize,
    },
    /// Tiles of this stack are only placed in extra turns.
    OnlyInExtraTurns {
        /// The stack.
        stack: usize,
    },
    /// A stack played before the tile's pile still has tiles that fit.
    PileOrder(Waiting),
    /// A mechanism holds the tile back from the draw now (a dragon tile before the dragon
    /// is on the board, [`crate::engine::Hooks::may_draw`]).
    HeldBack,
    /// The tile cannot be laid there.
    Lay(LayError),
    /// A tile of a held stack the player does not hold (any more), or, in the last round,
    /// a player who may not play now.
    NotHeld {
        /// The tile.
        tile: TileId,
    },
    /// A token value announced for this turn is not a value of the token supply (index in
    /// the draws).
    DrawValue {
        /// Index of the value in the turn's draws.
        index: usize,
    },
    /// The rules have no tokens, but values were announced.
    NoTokens,
    /// No effect of the tile lets a piece return.
    TakeBackNotAllowed,
    /// The player has no piece of the kind the effect returns there.
    TakeBackNoPiece {
        /// The piece kind the effect returns.
        kind: PieceKindId,
    },
    /// The piece cannot go there.
    Piece(PieceError),
    /// The player cannot take a token.
    Mine(MineError),
    /// More token values were announced than tokens were taken (how many are left over).
    DrawsLeft {
        /// Values not used (`draws`).
        left: usize,
        /// Random numbers not used (`drawn_at`).
        fractions: usize,
    },
    /// A token had to be drawn from a bag and no draw was announced for it: the bag's
    /// contents then, (value, tokens) in the bag's order.
    DrawMissing {
        /// The tokens in the bag.
        bag: Vec<(u32, u32)>,
    },
    /// A draw announced for a bag is not in it now (index in the turn's draws, counted
    /// values first, then fractions).
    DrawNotInBag {
        /// Index of the draw.
        index: usize,
        /// The tokens in the bag then.
        bag: Vec<(u32, u32)>,
    },
    /// The turn asks a decision (the `index`-th of the turn) and none is left.
    ChoiceMissing {
        /// Its index among the turn's decisions.
        index: usize,
        /// What was offered (a flock's grow or score, a figure's steps).
        offered: Vec<Choice>,
    },
    /// A decision given is not among those the turn offers then (boxed: a turn's error
    /// stays small to return).
    ChoiceNotOffered(Box<NotOffered>),
    /// The turn takes back a piece the player may not take back: none of theirs stands
    /// there, or no rule lets its kind be taken back (`recalling`).
    NotRecallable,
    /// The turn moves a neutral figure next to a piece it may not attend: none of the
    /// player's pieces that count for majorities stands there, the figure is there
    /// already, or the rule set has no such figure (`attending`).
    NotAttendable,
    /// The turn sends home a piece the tile just placed does not let it (no segment of
    /// the tile carries an item of the rule set's `expelling` in that piece's feature).
    NotExpellable,
    /// The turn does something else where its tile obliges the player to send a piece
    /// home (an `expelling` entry's `must_option` on).
    ExpelRequired,
    /// The turn puts a token on a feature it may not (`crate::mechanism::building`): the
    /// rule set builds no tokens on that feature kind, a piece stands on top, or the
    /// player has no token left.
    NotBuildable,
    /// A ransom the player may not pay (`crate::mechanism::building`).
    Ransom(RansomError),
    /// A token the turn may not lay across a tile (`crate::mechanism::spanning`).
    Span(SpanError),
    /// The last turn's auction has not been held (`crate::mechanism::auctioning`).
    AuctionDue,
    /// The player took this tile at an auction: it is the one they play now
    /// (`crate::mechanism::auctioning`).
    NotTaken {
        /// The tile they took.
        tile: TileId,
    },
    /// More decisions were given than the turn asks (how many are left over).
    ChoicesLeft {
        /// Decisions not asked.
        left: usize,
    },
}

/// Why a ransom cannot be paid ([`TurnError::Ransom`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RansomError {
    /// The rule set has no ransom (`building`'s `ransom`).
    NoRansom,
    /// Only the player whose turn it is pays, once a turn.
    NotNow,
    /// The player paid one this turn already.
    PaidAlready,
    /// The player has fewer points than the ransom.
    Points {
        /// The ransom, in points.
        ransom: u32,
    },
    /// The holder named holds no piece of that kind of the player's.
    NoPrisoner,
}

/// Why an auction cannot be held as written ([`State::hold_auction`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuctionError {
    /// No auction is due now (none follows the last turn, or it was held), and why.
    NotDue(NoAuction),
    /// A round's chooser passes: the chooser bids (0 or more).
    ChooserPasses {
        /// The round.
        round: usize,
    },
    /// A round's tile is not among the tiles revealed.
    NotRevealed {
        /// The round.
        round: usize,
    },
    /// The number of tiles revealed is not the number of players.
    Tiles {
        /// The number of players.
        expected: usize,
    },
    /// A tile revealed has no copy left in the pile (index in the list).
    NotInPile {
        /// Its index in the tiles revealed.
        index: usize,
    },
    /// The number of rounds is not one less than the number of players.
    Rounds {
        /// Rounds expected.
        expected: usize,
    },
    /// A round's tile was taken in an earlier round.
    Taken {
        /// The round.
        round: usize,
    },
    /// A round's bids are not as the rules have them: none where there are no bids; else
    /// the chooser's, then one (a higher bid, or a pass) per other player without a tile.
    Bids {
        /// The round.
        round: usize,
        /// Bids expected.
        expected: usize,
    },
    /// A bid is not higher than the highest before it.
    TooLow {
        /// The round.
        round: usize,
        /// Its index among the round's bids.
        bid: usize,
    },
    /// A chooser sells a tile no one else bid on.
    NoBuyer {
        /// The round.
        round: usize,
    },
}

/// Why no auction follows a turn ([`AuctionError::NotDue`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoAuction {
    /// The rule set holds no auctions, or none with its options on.
    NoRules,
    /// The turn's tile carries no item that starts one.
    NoItem,
    /// Tiles taken at the last auction were still to be played.
    InRound,
    /// Fewer tiles than players were left in the pile.
    FewTiles {
        /// Copies left.
        left: u64,
    },
    /// The auction was held already.
    Held,
}

/// Why a token cannot be laid across a tile ([`TurnError::Span`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpanError {
    /// The rule set lays no token across tiles (`spanning`), or none with its options.
    NoSpans,
    /// The player has none left.
    NoneLeft,
    /// The tile is neither the one placed this turn nor, where the rule set lets the
    /// token go there, one beside it.
    OutOfReach,
    /// No tile lies there.
    NoTile,
    /// The tile has one across it already.
    Twice,
    /// The line's two ends are not both on sides of the kind the token goes over (the
    /// rule set's `over`: both ends of a bridge on field sides).
    NotAcross,
    /// On a tile already placed, an end faces a tile (board side of the end): an end must
    /// face an empty cell, or the tile placed this turn showing the new side kind there.
    EndFaces {
        /// The board side of that end.
        side: Side,
    },
}

/// A decision given that the turn does not offer ([`TurnError::ChoiceNotOffered`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotOffered {
    /// Which decision of the turn (0 for the first).
    pub index: usize,
    /// The decision given.
    pub given: Choice,
    /// The decisions offered, in the engine's order.
    pub offered: Vec<Choice>,
}

/// Why a tile cannot be laid at a cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LayError {
    /// Every copy of the tile is on the board already.
    Exhausted,
    /// The tile does not fit there.
    Place(PlaceError),
    /// It fits but breaks a placement rule of its stack or a feature kind.
    Rule(RuleBreak),
}

/// Why a tile cannot be set aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetAsideError {
    /// Every copy of the tile is used up.
    Exhausted,
    /// It has a legal placement (the first, sorted).
    Fits(Placement),
}

/// A turn begun by [`State::begin_turn`] on a state and not yet finished: pass it to
/// [`State::actions`], [`State::take_back`] and [`State::finish_turn`] of the same state.
#[derive(Debug)]
pub struct Begun {
    player: usize,
    placed: u32,
    may_take_back: Option<PieceKindId>,
    extra: bool,
}

impl Begun {
    /// The player of the turn.
    pub fn player(&self) -> usize {
        self.player
    }

    /// The index of the tile placed this turn.
    pub fn placed(&self) -> u32 {
        self.placed
    }

    /// The piece kind an effect of the tile lets the player take back (shaman), if any.
    pub fn may_take_back(&self) -> Option<PieceKindId> {
        self.may_take_back
    }
}

impl State<'_> {
    /// The player whose turn is next: the one who earned an extra turn, else the next in
    /// turn order.
    pub fn to_play(&self) -> usize {
        if let Some(&p) = self.last_round.as_ref().and_then(|l| l.first()) {
            return p;
        }
        match self.extra_turn {
            Some((p, _)) => p,
            None => self.next_player,
        }
    }

    /// In the last round of held tiles, the player to play passes: they keep their tile
    /// and the next player who holds one is asked. Returns whether a player passed.
    pub fn pass_held(&mut self) -> bool {
        match self.last_round.as_mut() {
            Some(l) if !l.is_empty() => {
                l.remove(0);
                true
            }
            _ => false,
        }
    }

    /// The stack the next tile must come from when the next turn is an extra turn with a
    /// tile of a stack (`None` otherwise, and for an extra turn drawn as usual).
    pub fn extra_turn_stack(&self) -> Option<usize> {
        self.extra_turn.and_then(|(_, s)| s)
    }

    /// Whether the game is over: every copy of the main pile is on the board (the game ends
    /// after the turn that placed the last one; tiles of other stacks do not extend it).
    pub fn game_over(&self) -> bool {
        self.main_pile_empty() && self.last_round.as_ref().is_none_or(|l| l.is_empty())
    }

    /// Places the start tile at (0, 0) turned by `rotation`, before the first turn.
    ///
    /// Errors: [`LayError`] (used up, or the board is not empty).
    pub fn place_start(&mut self, tile: TileId, rotation: Rotation) -> Result<u32, LayError> {
        let placed = self.lay(tile, 0, 0, rotation, true)?;
        self.put_tokens(placed);
        Ok(placed)
    }

    /// Lays a tile: checks the copies left, the fit (`adjacency`: it must touch the board,
    /// off for a snapshot's tiles, laid in any order) and, with `adjacency`, the placement
    /// rules; then places it and counts the copy. Returns its index in placement order.
    ///
    /// Errors: [`LayError`].
    pub(super) fn lay(
        &mut self,
        tile: TileId,
        x: i32,
        y: i32,
        rotation: Rotation,
        adjacency: bool,
    ) -> Result<u32, LayError> {
        self.lay_as(tile, tile, x, y, rotation, adjacency)
    }

    /// [`State::lay`] of a copy of `tile` laid as `shape`: itself, or a tile derived from
    /// it ([`crate::rules::Tile::derived_from`]: with a bridge across it), whose sides and
    /// segments are the ones placed.
    pub(super) fn lay_as(
        &mut self,
        tile: TileId,
        shape: TileId,
        x: i32,
        y: i32,
        rotation: Rotation,
        adjacency: bool,
    ) -> Result<u32, LayError> {
        let def = &self.game.tiles.tiles[tile];
        // A held tile's count is per player (its holder was checked).
        let held = def.stack.is_some_and(|s| self.game.rules.stacks[s].held);
        if self.used[tile] >= def.count && !held {
            return Err(LayError::Exhausted);
        }
        let fits = self.board.fits(&self.game.tiles, shape, x, y, rotation);
        match fits {
            Ok(()) => {}
            Err(PlaceError::NotAdjacent) if !adjacency || self.board.placed.is_empty() => {}
            Err(e) => return Err(LayError::Place(e)),
        }
        self.placement_rules(shape, x, y, rotation, adjacency)
            .map_err(LayError::Rule)?;
        self.count_copy(tile);
        let placed = self
            .board
            .place(&self.game.rules, &self.game.tiles, shape, x, y, rotation);
        if !self.game.play_tables().surrounded[shape].is_empty() {
            self.watched.push((x, y, placed));
        }
        Ok(placed)
    }

    /// Step 1 of a turn: `player` places `tile` at (x, y) turned by `rotation`; the
    /// tokens it brings are laid and the effects of its items applied. `draws` are the
    /// values of the tokens taken this turn, in the order taken (unknown values: leave
    /// them out). Returns the turn begun.
    ///
    /// Errors: [`TurnError`]: the game is over, the wrong player or stack for an extra turn,
    /// a stack played before this pile is not done, the tile is used up, does not fit or
    /// breaks a placement rule, a draw value does not exist.
    pub fn begin_turn(
        &mut self,
        player: usize,
        tile: TileId,
        at: (i32, i32, Rotation),
        draws: &[u32],
    ) -> Result<Begun, TurnError> {
        self.begin_turn_spanning(player, tile, at, None, draws)
    }

    /// [`State::begin_turn`] with a token laid across the tile placed or one beside it as
    /// the tile goes down (`span`; a bridge, `crate::mechanism::spanning`): a placement
    /// may need it (a road side of the tile against a field side, made a road side by
    /// the bridge).
    ///
    /// Errors: those of [`State::begin_turn`]; [`TurnError::Span`].
    pub fn begin_turn_spanning(
        &mut self,
        player: usize,
        tile: TileId,
        (x, y, rotation): (i32, i32, Rotation),
        span: Option<Span>,
        draws: &[u32],
    ) -> Result<Begun, TurnError> {
        if self.game_over() {
            return Err(TurnError::GameOver);
        }
        let rules = &self.game.rules;
        let stack = self.game.tiles.tiles[tile].stack;
        let held = stack.is_some_and(|s| rules.stacks[s].held);
        if held && !self.holds(player, tile) {
            return Err(TurnError::NotHeld { tile });
        }
        // The last round: only held tiles, by the players still to be asked, in order
        // (those before the player passed).
        if let Some(round) = self.last_round.as_mut() {
            if !held {
                return Err(TurnError::GameOver);
            }
            match round.iter().position(|&p| p == player) {
                Some(k) => {
                    round.drain(..=k);
                }
                None => return Err(TurnError::NotHeld { tile }),
            }
        }
        let extra = self.extra_turn;
        if let Some((p, _)) = extra {
            if p != player {
                return Err(TurnError::ExtraTurnPlayer { player: p });
            }
        }
        // An auction due is held first; a tile taken at one is its player's next.
        if hooks::auction_due(self).is_some() {
            return Err(TurnError::AuctionDue);
        }
        if let Some(taken) = hooks::tile_for(self, player) {
            if taken != tile {
                return Err(TurnError::NotTaken { tile: taken });
            }
        }
        self.turn += 1;
        self.last_player = player;
        // Reduced once here, not at every look-up.
        self.next_player = (player + 1) % self.players.len().max(1);
        let rules = &self.game.rules;
        match (extra, stack) {
            _ if held => {}
            (Some((p, Some(s))), t) if t != Some(s) => {
                return Err(TurnError::ExtraTurnStack {
                    player: p,
                    stack: s,
                });
            }
            (None | Some((_, None)), Some(s)) if rules.stacks[s].order.is_none() => {
                return Err(TurnError::OnlyInExtraTurns { stack: s });
            }
            _ => {}
        }
        // An ordinary turn, or an extra turn drawn as one: the piles in their order.
        if !held && extra.is_none_or(|(_, s)| s.is_none()) {
            if let Some(w) = self.pile_waiting(stack) {
                return Err(TurnError::PileOrder(w));
            }
        }
        if !hooks::may_draw(self, tile) {
            return Err(TurnError::HeldBack);
        }
        self.extra_turn = None;
        let shape = match span {
            None => tile,
            Some(span) => {
                let at = Placement { x, y, rotation };
                hooks::span(self, player, tile, at, span)
                    .unwrap_or(Err(TurnError::Span(SpanError::NoSpans)))?
            }
        };
        let placed = self
            .lay_as(tile, shape, x, y, rotation, true)
            .map_err(TurnError::Lay)?;
        // What the start of an ordinary turn brings (a fairy beside the player's piece).
        if extra.is_none() {
            hooks::turn_started(self, player);
        }
        if held {
            if let Some(n) = self.held.get_mut(player).and_then(|h| h.get_mut(tile)) {
                *n = n.saturating_sub(1);
            }
        }
        self.put_tokens(placed);
        if rules.draw_values.is_empty() && !draws.is_empty() {
            return Err(TurnError::NoTokens);
        }
        if let Some(index) = draws.iter().position(|d| !rules.draw_values.contains(d)) {
            return Err(TurnError::DrawValue { index });
        }
        // Most turns announce nothing: the queues are left alone then.
        if !draws.is_empty() || !self.draws.is_empty() {
            self.draws.clear();
            self.draws.extend(draws.iter().copied());
        }
        if !self.draw_fractions.is_empty() {
            self.draw_fractions.clear();
        }
        self.taken.clear();
        self.left_game.clear();
        let scored = self.events.len();
        let may_take_back = hooks::after_tile_placed(self, player, placed);
        let events = &mut self.turn_events;
        events.clear();
        events.push(Event::Placed { placed });
        for event in scored..self.events.len() {
            events.push(Event::Scored { event });
        }
        Ok(Begun {
            player,
            placed,
            may_take_back,
            extra: extra.is_some(),
        })
    }

    /// Returns the player's piece on a segment of a placed tile to supply, when an effect
    /// of the tile just placed allows it (shaman); between [`State::begin_turn`] and
    /// [`State::finish_turn`].
    ///
    /// Errors: [`TurnError::TakeBackNotAllowed`], [`TurnError::TakeBackNoPiece`].
    pub fn take_back(
        &mut self,
        begun: &mut Begun,
        on: u32,
        segment: usize,
    ) -> Result<(), TurnError> {
        let player = begun.player;
        let Some(kind) = begun.may_take_back else {
            return Err(TurnError::TakeBackNotAllowed);
        };
        let valid = (on as usize) < self.board.placed.len()
            && segment
                < self.game.tiles.tiles[self.board.placed[on as usize].tile]
                    .segments
                    .len();
        if !valid || !self.return_piece(player, kind, on, segment) {
            return Err(TurnError::TakeBackNoPiece { kind });
        }
        self.turn_events
            .push(Event::TakenBack { kind, on, segment });
        Ok(())
    }

    /// Where `player` may put a piece of `kind` now, the tile just placed being `placed`,
    /// each (placed tile, segment) in placement order, segment by segment: on the tile just
    /// placed; on any tile for a kind that goes anywhere (a tent); and, where a mechanism
    /// lets the piece go elsewhere (a magic portal), on the other tiles' features not
    /// completed; before those, where a mechanism's rule opens a segment of another tile
    /// ([`crate::engine::Hooks::places_elsewhere`]: a raised tower's top). Supply is not looked at: the caller knows whether the piece may be put
    /// (or moved).
    pub fn piece_places(&self, player: usize, placed: u32, kind: PieceKindId) -> Vec<(u32, usize)> {
        let rules = &self.game.rules;
        let pk = &rules.pieces[kind];
        let away = !pk.anywhere && hooks::may_place_away(self, player, placed, kind);
        let tiles = if pk.anywhere || away {
            0..self.board.placed.len() as u32
        } else {
            placed..placed + 1
        };
        let mut out = Vec::new();
        // Elsewhere by a mechanism's rule (a tower's top), where the core rules let it.
        let mut elsewhere = Vec::new();
        if !(pk.anywhere || away) {
            hooks::places_elsewhere(self, player, placed, kind, &mut elsewhere);
        }
        for (on, segment) in elsewhere {
            if on != placed
                && self
                    .can_place_piece(player, kind, on, segment, true)
                    .is_ok()
            {
                out.push((on, segment));
            }
        }
        for on in tiles {
            let def = &self.game.tiles.tiles[self.board.placed[on as usize].tile];
            for segment in 0..def.segments.len() {
                let ok = match self.can_place_piece(player, kind, on, segment, true) {
                    // Away from the tile just placed, only on a feature not completed.
                    Ok(piece) if away && on != placed => !crate::graph::completed(
                        rules,
                        &self.game.tiles,
                        &self.board,
                        piece.scored_on,
                        piece.node,
                    ),
                    Ok(_) => true,
                    Err(_) => false,
                };
                if ok {
                    out.push((on, segment));
                }
            }
        }
        out
    }

    /// Names the corner of the tile just placed where the turn's piece goes, when the
    /// position names the piece's place by a corner (`NW`): a piece kind placed at a
    /// corner (`crate::mechanism::settling_pieces`) must then stand at that corner, not
    /// only at some corner its segment reaches. Cleared when the turn ends.
    pub fn name_piece_corner(&mut self, _begun: &Begun, corner: Option<crate::geometry::Corner>) {
        self.piece_corner = corner;
    }

    /// The corner named for the turn's piece ([`State::name_piece_corner`]), if any.
    pub fn piece_corner(&self) -> Option<crate::geometry::Corner> {
        self.piece_corner
    }

    /// Announces draws from a bag for the turn begun by the random numbers that made them
    /// (each in [0, 1): the token at ⌊f × n⌋ of the n tokens in the bag, in order), used
    /// once the values given to [`State::begin_turn`] are used up: a recorded game's
    /// random numbers replay its draws exactly.
    pub fn announce_draw_fractions(&mut self, _begun: &Begun, fractions: &[f64]) {
        self.draw_fractions = fractions.iter().copied().collect();
    }

    /// Every action the player of the turn begun may take: nothing, each piece kind on
    /// each segment it may go on (the tile just placed, or any tile for pieces that may go
    /// anywhere), taking a token.
    pub fn actions(&self, p: &Begun) -> Actions {
        let rules = &self.game.rules;
        let mut out = Actions::new();
        // A tile that obliges its player to send a piece home: nothing else is offered.
        if hooks::must_expel(self, p.player, p.placed) {
            let mut expel = Vec::new();
            hooks::expellable(self, p.player, p.placed, &mut expel);
            for (on, segment) in expel {
                out.push(Action::Expel { on, segment });
            }
            return out;
        }
        out.push(Action::Pass);
        for kind in 0..rules.pieces.len() {
            // None in supply and none to move: no segment takes one (as
            // `can_place_piece` would find for each).
            let pk = &rules.pieces[kind];
            if self.supply[p.player][kind] == 0
                && !(pk.movable && self.pieces.count(p.player, kind) > 0)
            {
                continue;
            }
            for (on, segment) in self.piece_places(p.player, p.placed, kind) {
                out.push(Action::Piece {
                    kind,
                    on: (on != p.placed).then_some(on),
                    segment,
                });
            }
        }
        if self.can_mine(p.player) {
            out.push(Action::Mine);
        }
        let mut recall = Vec::new();
        hooks::recallable(self, p.player, &mut recall);
        for (on, segment) in recall {
            out.push(Action::Recall { on, segment });
        }
        let mut expel = Vec::new();
        hooks::expellable(self, p.player, p.placed, &mut expel);
        for (on, segment) in expel {
            out.push(Action::Expel { on, segment });
        }
        let mut attend = Vec::new();
        hooks::attendable(self, p.player, &mut attend);
        for (figure, on, segment) in attend {
            out.push(Action::Attend {
                figure,
                on,
                segment,
            });
        }
        let mut stack = Vec::new();
        hooks::buildable(self, p.player, &mut stack);
        for (on, segment) in stack {
            out.push(Action::Build { on, segment });
        }
        out
    }

    /// The number of candidate actions of the turn begun when every action lies on the
    /// tile just placed (no piece kind may go anywhere, no token can be mined): nothing,
    /// then each piece kind on each segment of the tile (see [`State::candidate_action`]),
    /// or nothing alone when the player has no piece to put; `None` when the rules have
    /// actions elsewhere (then list them, [`State::actions`]).
    pub fn action_candidates(&self, p: &Begun) -> Option<usize> {
        let rules = &self.game.rules;
        if rules.pieces.iter().any(|k| k.anywhere) || self.mining().is_some() {
            return None;
        }
        if hooks::may_recall_any(self, p.player)
            || hooks::may_attend_any(self, p.player)
            || hooks::may_build_any(self, p.player)
            || hooks::may_expel_any(self, p.player, p.placed)
        {
            return None;
        }
        if (0..rules.pieces.len()).any(|k| hooks::may_place_away(self, p.player, p.placed, k)) {
            return None;
        }
        // A piece a mechanism lets go elsewhere (on top of a raised tower).
        let mut elsewhere = Vec::new();
        for kind in 0..rules.pieces.len() {
            hooks::places_elsewhere(self, p.player, p.placed, kind, &mut elsewhere);
            if !elsewhere.is_empty() {
                return None;
            }
        }
        // With no piece to put (none in supply, none to move) nothing is the only action.
        let available = (0..rules.pieces.len()).any(|kind| {
            self.supply[p.player][kind] > 0
                || (rules.pieces[kind].movable && self.pieces.count(p.player, kind) > 0)
        });
        if !available {
            return Some(1);
        }
        let placed = self.board.placed.get(p.placed as usize)?;
        let segments = self.game.tiles.tiles[placed.tile].segments.len();
        Some(1 + rules.pieces.len() * segments)
    }

    /// Candidate action `index` of the turn begun (see [`State::action_candidates`]): 0 is
    /// nothing, `1 + kind × segments + segment` a piece of `kind` on `segment` of the tile
    /// just placed; `Some` when it is legal, so that the legal candidates are
    /// [`State::actions`], in order. The random agent draws candidates until one is legal,
    /// which picks every legal action with the same chance (rejection sampling).
    pub fn candidate_action(&self, p: &Begun, index: usize) -> Option<Action> {
        if index == 0 {
            return Some(Action::Pass);
        }
        let placed = self.board.placed.get(p.placed as usize)?;
        let segments = self.game.tiles.tiles[placed.tile].segments.len().max(1);
        let (kind, segment) = ((index - 1) / segments, (index - 1) % segments);
        if kind >= self.game.rules.pieces.len() {
            return None;
        }
        self.can_place_piece(p.player, kind, p.placed, segment, true)
            .is_ok()
            .then_some(Action::Piece {
                kind,
                on: None,
                segment,
            })
    }

    /// Step 2 and the end of the turn begun: the action, then every feature the tile
    /// completed scores (pieces return), then an extra turn is earned if the rules give
    /// one (not during an extra turn). Returns what happened in the whole turn.
    ///
    /// Errors: [`TurnError::Piece`], [`TurnError::Mine`], [`TurnError::DrawsLeft`].
    pub fn finish_turn(&mut self, begun: Begun, action: Action) -> Result<Events, TurnError> {
        self.finish_turn_choosing(begun, action, Choices::NONE)
    }

    /// [`State::finish_turn`] with the decisions the turn asks after its action, in order
    /// (a flock extended by the tile: grow or score; see [`Choice`]).
    ///
    /// Errors: those of [`State::finish_turn_deciding`], [`TurnError::ChoicesLeft`].
    pub fn finish_turn_choosing(
        &mut self,
        begun: Begun,
        action: Action,
        choices: Choices,
    ) -> Result<Events, TurnError> {
        let mut given = Given::new(choices);
        let events = self.finish_turn_deciding(begun, action, &mut given)?;
        match given.left() {
            0 => Ok(events),
            left => Err(TurnError::ChoicesLeft { left }),
        }
    }

    /// [`State::finish_turn`] with `decider` answering what the turn asks after its
    /// action (see [`Decider`]).
    ///
    /// Errors: those of [`State::finish_turn`], [`TurnError::ChoiceMissing`],
    /// [`TurnError::DrawMissing`], [`TurnError::DrawNotInBag`].
    pub fn finish_turn_deciding(
        &mut self,
        begun: Begun,
        action: Action,
        decider: &mut dyn Decider,
    ) -> Result<Events, TurnError> {
        let Begun {
            player,
            placed,
            extra,
            ..
        } = begun;
        if !matches!(action, Action::Expel { .. }) && hooks::must_expel(self, player, placed) {
            return Err(TurnError::ExpelRequired);
        }
        match action {
            Action::Pass => {}
            Action::Piece { kind, on, segment } => {
                let away = !self.game.rules.pieces[kind].anywhere
                    && on.is_some_and(|t| t != placed)
                    && hooks::may_place_away(self, player, placed, kind);
                let elsewhere = on.is_some_and(|t| t != placed) && {
                    let mut open = Vec::new();
                    hooks::places_elsewhere(self, player, placed, kind, &mut open);
                    open.contains(&(on.unwrap_or(placed), segment))
                };
                let target = match on {
                    Some(_) if !self.game.rules.pieces[kind].anywhere && !away && !elsewhere => {
                        return Err(TurnError::Piece(PieceError::NotAnywhere));
                    }
                    Some(t) => t,
                    None => placed,
                };
                let valid = (target as usize) < self.board.placed.len()
                    && segment
                        < self.game.tiles.tiles[self.board.placed[target as usize].tile]
                            .segments
                            .len();
                if !valid {
                    return Err(TurnError::Piece(PieceError::UnknownAddress));
                }
                // Away from the tile just placed, only on a feature not completed.
                if away {
                    let piece = self
                        .can_place_piece(player, kind, target, segment, true)
                        .map_err(TurnError::Piece)?;
                    let rules = &self.game.rules;
                    if crate::graph::completed(
                        rules,
                        &self.game.tiles,
                        &self.board,
                        piece.scored_on,
                        piece.node,
                    ) {
                        return Err(TurnError::Piece(PieceError::Completed {
                            feature: piece.scored_on,
                        }));
                    }
                }
                self.place_piece(player, kind, target, segment, true)
                    .map_err(TurnError::Piece)?;
                self.turn_events.push(Event::PiecePlaced {
                    kind,
                    on: target,
                    segment,
                });
            }
            Action::Mine => {
                let pool = self.mine(player).map_err(TurnError::Mine)?;
                self.turn_events.push(Event::Mined { pool });
            }
            Action::Recall { on, segment } => {
                let mut recall = Vec::new();
                hooks::recallable(self, player, &mut recall);
                if !recall.contains(&(on, segment)) {
                    return Err(TurnError::NotRecallable);
                }
                let node = self.board.node(on, segment);
                let id = self
                    .pieces
                    .on_node(node)
                    .find(|(_, p)| p.player == player)
                    .map(|(id, _)| id);
                let Some(piece) = id.and_then(|id| self.pieces.get(id).copied().map(|p| (id, p)))
                else {
                    return Err(TurnError::NotRecallable);
                };
                hooks::recalled(self, player, &piece.1);
                self.return_piece_id(piece.0);
                self.turn_events.push(Event::Recalled {
                    kind: piece.1.kind,
                    on,
                    segment,
                });
            }
            Action::Expel { on, segment } => {
                let mut expel = Vec::new();
                hooks::expellable(self, player, placed, &mut expel);
                if !expel.contains(&(on, segment)) {
                    return Err(TurnError::NotExpellable);
                }
                let node = self.board.node(on, segment);
                let rules = &self.game.rules;
                let id = self
                    .pieces
                    .on_node(node)
                    .find(|(_, p)| rules.pieces[p.kind].majority)
                    .map(|(id, _)| id);
                let Some((piece, followed)) = id.and_then(|id| self.send_home(id)) else {
                    return Err(TurnError::NotExpellable);
                };
                self.log_now(
                    player,
                    Event::Expelled {
                        kind: piece.kind,
                        owner: piece.player,
                        on,
                        segment,
                    },
                );
                self.log_followed_home(&followed);
            }
            Action::Attend {
                figure,
                on,
                segment,
            } => {
                let mut attend = Vec::new();
                hooks::attendable(self, player, &mut attend);
                if !attend.contains(&(figure, on, segment)) {
                    return Err(TurnError::NotAttendable);
                }
                hooks::attended(self, player, figure, on, segment);
                // Logged now: before the points the move brings this turn.
                self.log_now(
                    player,
                    Event::Attended {
                        figure,
                        on,
                        segment,
                    },
                );
            }
            Action::Build { on, segment } => {
                let mut stack = Vec::new();
                hooks::buildable(self, player, &mut stack);
                if !stack.contains(&(on, segment)) {
                    return Err(TurnError::NotBuildable);
                }
                hooks::built(self, player, on, segment);
            }
        }
        self.piece_corner = None;
        let mut asked = Asked { decider, next: 0 };
        hooks::after_action(self, player, placed, action, &mut asked)?;
        let scored = self.events.len();
        let completed = self.score_completed(placed);
        hooks::after_turn_scored(self, player, &completed);
        hooks::after_scoring(self, player, &mut asked)?;
        // Pushed one by one: extending a `SmallVec` from an iterator costs more than the
        // few events a turn has.
        let events = &mut self.turn_events;
        for c in &completed {
            events.push(Event::Completed { kind: c.kind });
        }
        for event in scored..self.events.len() {
            events.push(Event::Scored { event });
        }
        for (pool, player) in self.taken.drain(..) {
            events.push(Event::TokenTaken { pool, player });
        }
        for e in self.left_game.drain(..) {
            events.push(e);
        }
        if !self.draws.is_empty() || !self.draw_fractions.is_empty() {
            return Err(TurnError::DrawsLeft {
                left: self.draws.len(),
                fractions: self.draw_fractions.len(),
            });
        }
        if !extra {
            self.extra_turn =
                hooks::earned_extra_turn(self, &completed).map(|stack| (player, stack));
            if let Some((player, stack)) = self.extra_turn {
                self.turn_events.push(Event::ExtraTurn { player, stack });
            }
        }
        // The main pile just ran out: the last round of held tiles begins with the next
        // player, each player who holds one asked once, in turn order.
        if !self.held.is_empty() && self.last_round.is_none() && self.main_pile_empty() {
            let n = self.players.len();
            let first = self.to_play();
            let round: SmallVec<[usize; 8]> = (0..n)
                .map(|k| (first + k) % n)
                .filter(|&p| self.held[p].iter().any(|&c| c > 0))
                .collect();
            self.last_round = Some(round);
        }
        // What a report tells besides scoring, kept (a few turns of a game have any).
        for e in &self.turn_events {
            if matches!(
                e,
                Event::TakenBack { .. }
                    | Event::Recalled { .. }
                    | Event::Mined { .. }
                    | Event::TokensLeft { .. }
                    | Event::ExtraTurn { .. }
            ) {
                self.log.push(Logged {
                    turn: self.turn,
                    player,
                    event: e.clone(),
                });
            }
        }
        Ok(std::mem::take(&mut self.turn_events))
    }

    /// The ransoms the player of the turn `begun` (`None`: the player to play, before
    /// their tile) may pay now, each (holder, piece kind): a captured piece of theirs
    /// bought back ([`crate::engine::Hooks::ransoms`]).
    pub fn ransoms(&self, begun: Option<&Begun>) -> Vec<(usize, PieceKindId)> {
        let mut out = Vec::new();
        hooks::ransoms(self, begun, &mut out);
        out
    }

    /// The player of the turn begun pays `holder` the ransom of a piece of `kind` of
    /// theirs that `holder` holds, once the tile is down and before the action; the piece
    /// goes back to their supply.
    ///
    /// Errors: [`TurnError::Ransom`] (no ransom in the rules, one paid this turn already,
    /// too few points, no such piece held).
    pub fn pay_ransom(
        &mut self,
        begun: &Begun,
        holder: usize,
        kind: PieceKindId,
    ) -> Result<(), TurnError> {
        if holder >= self.players.len() || kind >= self.game.rules.pieces.len() {
            return Err(TurnError::Ransom(RansomError::NoPrisoner));
        }
        hooks::pay_ransom(self, begun, holder, kind)
            .unwrap_or(Err(TurnError::Ransom(RansomError::NoRansom)))
    }

    /// Logs a turn's event at once (before what the rest of the turn brings) and keeps it
    /// among the turn's events.
    fn log_now(&mut self, player: usize, event: Event) {
        self.log.push(Logged {
            turn: self.turn,
            player,
            event: event.clone(),
        });
        self.turn_events.push(event);
    }

    /// [`State::apply`] with `decider` answering what the turn asks after its action.
    ///
    /// Errors: the first [`TurnError`] of the turn.
    pub fn apply_deciding(
        &mut self,
        mv: &Move,
        draws: &[u32],
        decider: &mut dyn Decider,
    ) -> Result<Events, TurnError> {
        let begun = self.begin_move(mv, draws)?;
        self.finish_turn_deciding(begun, mv.action, decider)
    }

    /// A move's tile placed (with its span), its piece taken back and its ransom paid:
    /// the turn begun, before its action.
    fn begin_move(&mut self, mv: &Move, draws: &[u32]) -> Result<Begun, TurnError> {
        let mut begun = self.begin_turn_spanning(
            mv.player,
            mv.tile,
            (mv.x, mv.y, mv.rotation),
            mv.span,
            draws,
        )?;
        if let Some((on, segment)) = mv.take_back {
            self.take_back(&mut begun, on, segment)?;
        }
        if let Some((holder, kind)) = mv.ransom {
            self.pay_ransom(&begun, holder, kind)?;
        }
        Ok(begun)
    }

    /// Plays a whole move (see [`Move`]): [`State::begin_turn`], [`State::take_back`],
    /// [`State::finish_turn`]. `draws`: the token values taken this turn, as for
    /// `begin_turn`.
    ///
    /// Errors: the first [`TurnError`] of the turn.
    pub fn apply(&mut self, mv: &Move, draws: &[u32]) -> Result<Events, TurnError> {
        self.apply_choosing(mv, Choices::NONE, draws)
    }

    /// [`State::apply`] with the decisions the turn asks after its action, in order.
    ///
    /// Errors: the first [`TurnError`] of the turn.
    pub fn apply_choosing(
        &mut self,
        mv: &Move,
        choices: Choices,
        draws: &[u32],
    ) -> Result<Events, TurnError> {
        let begun = self.begin_move(mv, draws)?;
        self.finish_turn_choosing(begun, mv.action, choices)
    }

    /// Every legal move with `tile` for the player to play: each legal placement, and
    /// after it each action (see [`State::actions`]); an effect's optional take-back is not
    /// enumerated (never taken). Empty when the tile may not be drawn now or fits
    /// nowhere. Costs one copy of the state per placement.
    pub fn legal_moves(&self, tile: TileId) -> Vec<Move> {
        if self.game_over() || !self.may_draw(tile) {
            return Vec::new();
        }
        let mut moves: Vec<Move> = self
            .legal_placements(tile)
            .into_iter()
            .flat_map(|p| self.moves_at(tile, p))
            .collect();
        for (p, span) in self.spanned_placements(tile) {
            moves.extend(self.moves_spanning(tile, p, Some(span)));
        }
        moves
    }

    /// The legal moves of the player to play with `tile` at one placement: the placement
    /// with each action (see [`State::actions`]); empty when the placement is illegal.
    /// Costs one copy of the state.
    pub fn moves_at(&self, tile: TileId, p: Placement) -> Vec<Move> {
        self.moves_spanning(tile, p, None)
    }

    /// [`State::moves_at`] with a token laid across a tile as the tile goes down.
    fn moves_spanning(&self, tile: TileId, p: Placement, span: Option<Span>) -> Vec<Move> {
        let player = self.to_play();
        let mut next = self.clone();
        let Ok(begun) = next.begin_turn_spanning(player, tile, (p.x, p.y, p.rotation), span, &[])
        else {
            return Vec::new();
        };
        next.actions(&begun)
            .into_iter()
            .map(|action| {
                let mut mv = Move::at(player, tile, p, action);
                mv.span = span;
                mv
            })
            .collect()
    }

    /// The tokens the player to play may lay across a tile as `tile` goes down at `p`
    /// (a bridge on it or beside it; `crate::mechanism::spanning`), with which the
    /// placement is legal (it may be only with one). Empty without such tokens.
    pub fn spans(&self, tile: TileId, p: Placement) -> Vec<Span> {
        self.spans_of(self.to_play(), tile, p)
    }

    /// [`State::spans`] for `player`.
    pub fn spans_of(&self, player: usize, tile: TileId, p: Placement) -> Vec<Span> {
        let mut out = Vec::new();
        hooks::spans(self, player, tile, p, &mut out);
        out
    }

    /// The auction of tiles due before the next turn, if any (the last turn's tile
    /// started one: a bazaar; `crate::mechanism::auctioning`).
    pub fn auction_due(&self) -> Option<super::AuctionDue> {
        hooks::auction_due(self)
    }

    /// The tile `player` plays in their next turn instead of drawing, if any (one they
    /// took at an auction).
    pub fn tile_for(&self, player: usize) -> Option<TileId> {
        hooks::tile_for(self, player)
    }

    /// Holds the auction due ([`State::auction_due`]): the tiles revealed go to the
    /// players as the rounds say, with the points bid paid; each player then plays the
    /// tile they took in their next turn.
    ///
    /// Errors: [`AuctionError`]; nothing changes then.
    pub fn hold_auction(&mut self, auction: &Auction) -> Result<(), AuctionError> {
        hooks::hold_auction(self, auction).unwrap_or(Err(AuctionError::NotDue(NoAuction::NoRules)))
    }

    /// Whether `player` may lay a token across a tile (a bridge) now: the rule set has
    /// such tokens and the player one left.
    pub fn may_span(&self, player: usize) -> bool {
        hooks::may_span(self, player)
    }

    /// Every placement of `tile` for the player to play with each token laid across a
    /// tile that the placement allows ([`State::spans`]), in frontier order: those where
    /// the tile fits without one too. Empty without such tokens (no cost then).
    pub fn spanned_placements(&self, tile: TileId) -> Vec<(Placement, Span)> {
        let mut out = Vec::new();
        if !hooks::may_span(self, self.to_play()) {
            return out;
        }
        for (x, y) in self.board.frontier() {
            for rotation in Rotation::ALL {
                let p = Placement { x, y, rotation };
                for span in self.spans(tile, p) {
                    out.push((p, span));
                }
            }
        }
        out
    }

    /// Sets a drawn tile aside: it fits nowhere on the board, so it leaves the game and its
    /// copy is used up (base rules: a tile that cannot be placed is discarded and another
    /// drawn).
    ///
    /// Errors: [`SetAsideError`]: no copy is left, or the tile has a legal placement.
    pub fn set_aside(&mut self, tile: TileId) -> Result<(), SetAsideError> {
        if self.used[tile] >= self.game.tiles.tiles[tile].count {
            return Err(SetAsideError::Exhausted);
        }
        if let Some(&p) = self.legal_placements(tile).first() {
            return Err(SetAsideError::Fits(p));
        }
        if let Some(&(p, _)) = self.spanned_placements(tile).first() {
            return Err(SetAsideError::Fits(p));
        }
        self.count_copy(tile);
        hooks::set_aside(self, self.to_play(), tile);
        self.log.push(Logged {
            turn: self.turn,
            player: self.to_play(),
            event: Event::SetAside { tile },
        });
        Ok(())
    }

    /// Whether a tile may be drawn for the next turn: a copy is left, and it comes from
    /// the extra turn's stack, or (in an ordinary turn) from a pile that may be drawn now.
    pub fn may_draw(&self, tile: TileId) -> bool {
        let def = &self.game.tiles.tiles[tile];
        // A held tile is the player's own, played instead of a drawn one.
        if def.stack.is_some_and(|s| self.game.rules.stacks[s].held) {
            return self.holds(self.to_play(), tile);
        }
        if self.main_pile_empty() || self.used[tile] >= def.count {
            return false;
        }
        let from_pile = match (self.extra_turn.and_then(|(_, s)| s), def.stack) {
            (Some(s), t) => t == Some(s),
            (None, Some(s)) if self.game.rules.stacks[s].order.is_none() => false,
            (None, stack) => self.pile_waiting(stack).is_none(),
        };
        from_pile && hooks::may_draw(self, tile)
    }
}
