//! The named points of a turn where mechanisms ([`crate::mechanism`]) act, and the
//! engine's calls to them: one function per hook, calling every registered mechanism's
//! hook in registry order, statically (each call is to a known function, inlined when
//! small; a hook a mechanism does not define is the trait's default and costs nothing).

use super::{
    Action, Asked, AwardSource, Begun, Completed, Event, Logged, Phase, PieceError, Placement,
    Scored, Span, State, TurnError,
};
use crate::graph::Feature;
use crate::rules::{ItemId, PieceKindId, TileId};
use crate::score::{Piece, Valuation};

/// A mechanism's hooks at named points of the turn. Each has a default that does nothing;
/// a mechanism's `play.rs` implements the ones it needs on its own unit type (`Play`).
pub trait Hooks {
    /// What the mechanism remembers during a game (who holds a title), kept in the state
    /// ([`State::memory`]), new with each game; `()` for a mechanism that remembers
    /// nothing.
    type Memory: Default + Clone + std::fmt::Debug;

    /// After step 2 of a turn (`action`, by `player`; the tile just placed has index
    /// `placed`) and before the features the tile completed are scored: what the action
    /// and the tile do for the mechanism, asking the turn's decisions and draws of `asked`
    /// ([`Asked::choice`], [`State::take_draw`]).
    ///
    /// Errors: [`TurnError::ChoiceMissing`], a draw missing or not in the bag.
    #[inline]
    fn after_action(
        _state: &mut State,
        _player: usize,
        _placed: u32,
        _action: Action,
        _asked: &mut Asked,
    ) -> Result<(), TurnError> {
        Ok(())
    }

    /// After the features a turn's tile completed were scored, in every turn (extra turns
    /// too): what the completions change for the mechanism, for `player`, the player of
    /// the turn.
    #[inline]
    fn after_turn_scored(_state: &mut State, _player: usize, _completed: &[Completed]) {}

    /// After the features a turn's tile completed were scored and
    /// [`Hooks::after_turn_scored`], in every turn: the decisions the scoring leaves to
    /// `player`s (a piece whose feature was scored may move on), asked of `asked`.
    ///
    /// Errors: [`TurnError::ChoiceNotOffered`].
    #[inline]
    fn after_scoring(
        _state: &mut State,
        _player: usize,
        _asked: &mut Asked,
    ) -> Result<(), TurnError> {
        Ok(())
    }

    /// After the end-of-game scoring of the features: what the mechanism gives then.
    #[inline]
    fn final_scoring(_state: &mut State) {}

    /// After the features a turn's tile completed were scored (not in an extra turn): the
    /// extra turn the player earned, if any: `Some(Some(stack))` with a tile of that
    /// stack, `Some(None)` with a tile drawn as in an ordinary turn. The first mechanism
    /// that names one decides.
    #[inline]
    fn earned_extra_turn(_state: &State, _completed: &[Completed]) -> Option<Option<usize>> {
        None
    }

    /// After the tile of a turn is placed (index `placed` on the board) and before a piece
    /// is: what its items do for `player`. Returns a piece kind the player may take back
    /// this turn (the first mechanism that names one decides).
    #[inline]
    fn after_tile_placed(_state: &mut State, _player: usize, _placed: u32) -> Option<PieceKindId> {
        None
    }

    /// When a piece could go on a segment by the core rules (a role, no blocking piece,
    /// supply left): whether the mechanism lets it. The first refusal decides.
    #[inline]
    fn may_place_piece(_state: &State, _piece: &Piece) -> Result<(), PieceError> {
        Ok(())
    }

    /// The corner of placed tile `placed` where a piece of `kind` placed on `segment`
    /// stands, for a kind placed at a corner (a barn); `None` otherwise. The first
    /// mechanism that names one decides.
    #[inline]
    fn placed_corner(
        _state: &State,
        _kind: PieceKindId,
        _placed: u32,
        _segment: usize,
    ) -> Option<crate::geometry::Corner> {
        None
    }

    /// The pieces of `player` the mechanism lets them take back as the turn's action,
    /// added to `out` as (placed tile, segment) (the abbot on its monastery or garden).
    #[inline]
    fn recallable(_state: &State, _player: usize, _out: &mut Vec<(u32, usize)>) {}

    /// Whether the mechanism may let `player` take a piece back as the turn's action
    /// (then the random agent lists the turn's actions rather than drawing candidates on
    /// the tile). Default: no.
    #[inline]
    fn may_recall_any(_state: &State, _player: usize) -> bool {
        false
    }

    /// When `player` takes back `piece` as the turn's action (one [`Hooks::recallable`]
    /// named), before it returns to supply: the points it brings.
    #[inline]
    fn recalled(_state: &mut State, _player: usize, _piece: &Piece) {}

    /// The pieces the tile just placed (index `placed`) lets `player` send back to their
    /// owners' supply as the turn's action, added to `out` as (placed tile, segment) (the
    /// princess).
    #[inline]
    fn expellable(_state: &State, _player: usize, _placed: u32, _out: &mut Vec<(u32, usize)>) {}

    /// Whether the tile just placed obliges `player` to send a piece home (the only
    /// actions offered then). Any mechanism that obliges decides. Default: no.
    #[inline]
    fn must_expel(_state: &State, _player: usize, _placed: u32) -> bool {
        false
    }

    /// Whether the tile just placed may let `player` send a piece home (then the random
    /// agent lists the turn's actions). Default: no.
    #[inline]
    fn may_expel_any(_state: &State, _player: usize, _placed: u32) -> bool {
        false
    }

    /// The neutral figures `player` may move next to one of their pieces as the turn's
    /// action, added to `out` as (figure, placed tile, segment) (the fairy).
    #[inline]
    fn attendable(_state: &State, _player: usize, _out: &mut Vec<(u8, u32, usize)>) {}

    /// Whether the mechanism may let `player` move a figure as the turn's action (then
    /// the random agent lists the turn's actions). Default: no.
    #[inline]
    fn may_attend_any(_state: &State, _player: usize) -> bool {
        false
    }

    /// When `player` moves `figure` next to their piece on `segment` of placed tile `on`
    /// (one [`Hooks::attendable`] named) as the turn's action.
    #[inline]
    fn attended(_state: &mut State, _player: usize, _figure: u8, _on: u32, _segment: usize) {}

    /// The features `player` may put one of their tokens on as the turn's action, anywhere
    /// on the board, added to `out` as (placed tile, segment) (a tower's floor).
    #[inline]
    fn buildable(_state: &State, _player: usize, _out: &mut Vec<(u32, usize)>) {}

    /// Whether the mechanism may let `player` put a token on a feature as the turn's
    /// action (then the random agent lists the turn's actions). Default: no.
    #[inline]
    fn may_build_any(_state: &State, _player: usize) -> bool {
        false
    }

    /// When `player` puts a token on the feature of `segment` of placed tile `on` (one
    /// [`Hooks::buildable`] named) as the turn's action.
    #[inline]
    fn built(_state: &mut State, _player: usize, _on: u32, _segment: usize) {}

    /// The ransoms the player of the turn `begun` (`None`: the player to play, before
    /// their tile) may pay now, added to `out` as (holder, piece kind): a piece of theirs
    /// another player holds, bought back (a captured follower).
    #[inline]
    fn ransoms(_state: &State, _begun: Option<&Begun>, _out: &mut Vec<(usize, PieceKindId)>) {}

    /// Pays the ransom of a piece of `kind` of the player of the turn `begun` that
    /// `holder` holds: `Some` with the outcome when the mechanism has ransoms, `None`
    /// otherwise. The first mechanism that answers decides.
    #[inline]
    fn pay_ransom(
        _state: &mut State,
        _begun: &Begun,
        _holder: usize,
        _kind: PieceKindId,
    ) -> Option<Result<(), TurnError>> {
        None
    }

    /// As `player`'s `tile` goes down at `at`, lays the token the turn writes across it
    /// or a tile beside it (`span`; a bridge): `Some` with the tile to lay (`tile`, or a
    /// tile derived from it with the token across) when the mechanism lays such tokens,
    /// `None` otherwise. The first mechanism that answers decides.
    #[inline]
    fn span(
        _state: &mut State,
        _player: usize,
        _tile: TileId,
        _at: Placement,
        _span: Span,
    ) -> Option<Result<TileId, TurnError>> {
        None
    }

    /// The tokens `player` may lay across a tile as `tile` goes down at `at`, each one
    /// with which the placement is legal, added to `out`.
    #[inline]
    fn spans(_state: &State, _player: usize, _tile: TileId, _at: Placement, _out: &mut Vec<Span>) {}

    /// Whether `player` may lay a token across a tile at all now (one left).
    #[inline]
    fn may_span(_state: &State, _player: usize) -> bool {
        false
    }

    /// The tile `player` must play in their next turn (one taken at an auction), if any.
    #[inline]
    fn tile_for(_state: &State, _player: usize) -> Option<TileId> {
        None
    }

    /// The auction the mechanism has due before the next turn, if any.
    #[inline]
    fn auction_due(_state: &State) -> Option<super::AuctionDue> {
        None
    }

    /// A tile `player` drew or took fits nowhere and was set aside.
    #[inline]
    fn set_aside(_state: &mut State, _player: usize, _tile: TileId) {}

    /// Holds the auction due: `Some` with the outcome when the mechanism has one due,
    /// `None` otherwise. The first mechanism that answers decides.
    #[inline]
    fn hold_auction(
        _state: &mut State,
        _auction: &super::Auction,
    ) -> Option<Result<(), super::AuctionError>> {
        None
    }

    /// Segments of tiles other than the one just placed (`placed`) where `player` may put
    /// a piece of `kind` as the turn's action by the mechanism's rule (the top of a raised
    /// tower), added to `out` as (placed tile, segment); the core rules (a role, no
    /// blocking piece, supply, [`Hooks::may_place_piece`]) still apply.
    #[inline]
    fn places_elsewhere(
        _state: &State,
        _player: usize,
        _placed: u32,
        _kind: PieceKindId,
        _out: &mut Vec<(u32, usize)>,
    ) {
    }

    /// At the start of an ordinary turn of `player`, once its tile is placed: what the
    /// turn's start brings (the fairy's point).
    #[inline]
    fn turn_started(_state: &mut State, _player: usize) {}

    /// When a feature with pieces `on` it is scored (during play or at the end, whether or
    /// not anyone has its majority), before its pieces return: what the scoring brings
    /// besides the majority's points (the fairy's bonus to the owner of the piece it
    /// attends).
    #[inline]
    fn feature_scored(_state: &mut State, _f: &Feature, _on: &[Piece], _phase: Phase) {}

    /// Whether `player` may put a piece of `kind` on a tile other than the one just placed
    /// (index `placed`), on a feature not completed (a tile with a magic portal). Any
    /// mechanism that lets them decides. Default: no.
    #[inline]
    fn may_place_away(_state: &State, _player: usize, _placed: u32, _kind: PieceKindId) -> bool {
        false
    }

    /// Whether `tile` may be drawn now, as far as the mechanism is concerned (a dragon
    /// tile before the dragon is on the board). Every mechanism must let it. Default: yes.
    #[inline]
    fn may_draw(_state: &State, _tile: TileId) -> bool {
        true
    }

    /// Whether placed tile `placed` is closed to figures that roam the board (the tile
    /// where the fairy stands, closed to the dragon). Any mechanism that closes it
    /// decides. Default: no.
    #[inline]
    fn shielded(_state: &State, _placed: u32) -> bool {
        false
    }

    /// Whether the completed feature `kind` through segment `node` is held back from
    /// scoring (a city converted into a castle: it scores by the mechanism's rule, its
    /// pieces staying). Any mechanism that holds it decides. Default: no.
    #[inline]
    fn withheld(
        _state: &State,
        _kind: crate::rules::FeatureId,
        _node: petgraph::graph::NodeIndex,
    ) -> bool {
        false
    }

    /// When a feature's majority is decided: each player's strength among the pieces `on`
    /// it (by player; the sum of their majority-counting pieces' weights), which the
    /// mechanism may change for the pieces it counts otherwise. Every mechanism in turn.
    #[inline]
    fn strength(_state: &State, _f: &Feature, _on: &[Piece], _strengths: &mut [u32]) {}

    /// When a feature is scored and several players tie for its majority (`scorers`, the
    /// tied players; `on`: the pieces counted on it): the mechanism may narrow them to
    /// those who win the tie. Every mechanism in turn, each on what the earlier left.
    #[inline]
    fn break_tie(_state: &State, _on: &[Piece], _scorers: &mut Vec<usize>) {}

    /// When a feature is scored for its majority: points each player receives besides
    /// the feature's value, added into `raised` (by player; only the scorers' count).
    /// `on`: the pieces counted on the feature; `v`: its value.
    #[inline]
    fn raise(_state: &State, _f: &Feature, _on: &[Piece], _v: &Valuation, _raised: &mut [i64]) {}
}

/// Writes the engine's calls to every mechanism's hooks, as the registry lists them
/// ([`crate::mechanism::registry!`]).
macro_rules! dispatch {
    ($($(#[$doc:meta])* $m:ident => $key:ident,)*) => {
        /// What every mechanism remembers during a game, one field per mechanism (its
        /// [`Hooks::Memory`]).
        #[derive(Debug, Clone, Default)]
        pub struct Memory {
            $(
                $(#[$doc])*
                pub $m: <crate::mechanism::$m::play::Play as Hooks>::Memory,
            )*
        }

        /// [`Hooks::after_action`] of every mechanism, in registry order; the first error.
        #[inline(always)]
        pub(super) fn after_action(
            state: &mut State,
            player: usize,
            placed: u32,
            action: Action,
            asked: &mut Asked,
        ) -> Result<(), TurnError> {
            $(<crate::mechanism::$m::play::Play as Hooks>::after_action(state, player, placed, action, asked)?;)*
            Ok(())
        }

        /// [`Hooks::after_turn_scored`] of every mechanism, in registry order.
        #[inline(always)]
        pub(super) fn after_turn_scored(state: &mut State, player: usize, completed: &[Completed]) {
            $(<crate::mechanism::$m::play::Play as Hooks>::after_turn_scored(state, player, completed);)*
        }

        /// [`Hooks::after_scoring`] of every mechanism, in registry order; the first
        /// error.
        #[inline(always)]
        pub(super) fn after_scoring(state: &mut State, player: usize, asked: &mut Asked) -> Result<(), TurnError> {
            $(<crate::mechanism::$m::play::Play as Hooks>::after_scoring(state, player, asked)?;)*
            Ok(())
        }

        /// [`Hooks::final_scoring`] of every mechanism, in registry order.
        #[inline(always)]
        pub(super) fn final_scoring(state: &mut State) {
            $(<crate::mechanism::$m::play::Play as Hooks>::final_scoring(state);)*
        }

        /// [`Hooks::earned_extra_turn`] of the first mechanism that earns one.
        #[inline(always)]
        pub(super) fn earned_extra_turn(state: &State, completed: &[Completed]) -> Option<Option<usize>> {
            $(
                if let Some(stack) =
                    <crate::mechanism::$m::play::Play as Hooks>::earned_extra_turn(state, completed)
                {
                    return Some(stack);
                }
            )*
            None
        }

        /// [`Hooks::after_tile_placed`] of every mechanism, in registry order: the first
        /// piece kind one lets the player take back.
        #[inline(always)]
        pub(super) fn after_tile_placed(
            state: &mut State,
            player: usize,
            placed: u32,
        ) -> Option<PieceKindId> {
            let mut take_back = None;
            $(
                let named =
                    <crate::mechanism::$m::play::Play as Hooks>::after_tile_placed(state, player, placed);
                take_back = take_back.or(named);
            )*
            take_back
        }

        /// [`Hooks::may_place_piece`] of every mechanism, the first refusal.
        #[inline(always)]
        pub(super) fn may_place_piece(state: &State, piece: &Piece) -> Result<(), PieceError> {
            $(<crate::mechanism::$m::play::Play as Hooks>::may_place_piece(state, piece)?;)*
            Ok(())
        }

        /// [`Hooks::placed_corner`] of the first mechanism that names one.
        #[inline(always)]
        pub(super) fn placed_corner(
            state: &State,
            kind: PieceKindId,
            placed: u32,
            segment: usize,
        ) -> Option<crate::geometry::Corner> {
            $(
                if let Some(c) =
                    <crate::mechanism::$m::play::Play as Hooks>::placed_corner(state, kind, placed, segment)
                {
                    return Some(c);
                }
            )*
            None
        }

        /// [`Hooks::recallable`] of every mechanism, in registry order.
        #[inline(always)]
        pub(super) fn recallable(state: &State, player: usize, out: &mut Vec<(u32, usize)>) {
            $(<crate::mechanism::$m::play::Play as Hooks>::recallable(state, player, out);)*
        }

        /// [`Hooks::may_recall_any`] of any mechanism.
        #[inline(always)]
        pub(super) fn may_recall_any(state: &State, player: usize) -> bool {
            false $(|| <crate::mechanism::$m::play::Play as Hooks>::may_recall_any(state, player))*
        }

        /// [`Hooks::recalled`] of every mechanism, in registry order.
        #[inline(always)]
        pub(super) fn recalled(state: &mut State, player: usize, piece: &Piece) {
            $(<crate::mechanism::$m::play::Play as Hooks>::recalled(state, player, piece);)*
        }

        /// [`Hooks::expellable`] of every mechanism, in registry order.
        #[inline(always)]
        pub(super) fn expellable(state: &State, player: usize, placed: u32, out: &mut Vec<(u32, usize)>) {
            $(<crate::mechanism::$m::play::Play as Hooks>::expellable(state, player, placed, out);)*
        }

        /// [`Hooks::must_expel`] of any mechanism.
        #[inline(always)]
        pub(super) fn must_expel(state: &State, player: usize, placed: u32) -> bool {
            false $(|| <crate::mechanism::$m::play::Play as Hooks>::must_expel(state, player, placed))*
        }

        /// [`Hooks::may_expel_any`] of any mechanism.
        #[inline(always)]
        pub(super) fn may_expel_any(state: &State, player: usize, placed: u32) -> bool {
            false $(|| <crate::mechanism::$m::play::Play as Hooks>::may_expel_any(state, player, placed))*
        }

        /// [`Hooks::may_place_away`] of any mechanism.
        #[inline(always)]
        pub(super) fn may_place_away(state: &State, player: usize, placed: u32, kind: PieceKindId) -> bool {
            false $(|| <crate::mechanism::$m::play::Play as Hooks>::may_place_away(state, player, placed, kind))*
        }

        /// [`Hooks::may_draw`] of every mechanism: all must let it.
        #[inline(always)]
        pub(super) fn may_draw(state: &State, tile: TileId) -> bool {
            true $(&& <crate::mechanism::$m::play::Play as Hooks>::may_draw(state, tile))*
        }

        /// [`Hooks::shielded`] of any mechanism.
        #[inline(always)]
        pub(super) fn shielded(state: &State, placed: u32) -> bool {
            false $(|| <crate::mechanism::$m::play::Play as Hooks>::shielded(state, placed))*
        }

        /// [`Hooks::attendable`] of every mechanism, in registry order.
        #[inline(always)]
        pub(super) fn attendable(state: &State, player: usize, out: &mut Vec<(u8, u32, usize)>) {
            $(<crate::mechanism::$m::play::Play as Hooks>::attendable(state, player, out);)*
        }

        /// [`Hooks::may_attend_any`] of any mechanism.
        #[inline(always)]
        pub(super) fn may_attend_any(state: &State, player: usize) -> bool {
            false $(|| <crate::mechanism::$m::play::Play as Hooks>::may_attend_any(state, player))*
        }

        /// [`Hooks::attended`] of every mechanism, in registry order.
        #[inline(always)]
        pub(super) fn attended(state: &mut State, player: usize, figure: u8, on: u32, segment: usize) {
            $(<crate::mechanism::$m::play::Play as Hooks>::attended(state, player, figure, on, segment);)*
        }

        /// [`Hooks::buildable`] of every mechanism, in registry order.
        #[inline(always)]
        pub(super) fn buildable(state: &State, player: usize, out: &mut Vec<(u32, usize)>) {
            $(<crate::mechanism::$m::play::Play as Hooks>::buildable(state, player, out);)*
        }

        /// [`Hooks::may_build_any`] of any mechanism.
        #[inline(always)]
        pub(super) fn may_build_any(state: &State, player: usize) -> bool {
            false $(|| <crate::mechanism::$m::play::Play as Hooks>::may_build_any(state, player))*
        }

        /// [`Hooks::built`] of every mechanism, in registry order.
        #[inline(always)]
        pub(super) fn built(state: &mut State, player: usize, on: u32, segment: usize) {
            $(<crate::mechanism::$m::play::Play as Hooks>::built(state, player, on, segment);)*
        }

        /// [`Hooks::ransoms`] of every mechanism, in registry order.
        #[inline(always)]
        pub(super) fn ransoms(state: &State, begun: Option<&Begun>, out: &mut Vec<(usize, PieceKindId)>) {
            $(<crate::mechanism::$m::play::Play as Hooks>::ransoms(state, begun, out);)*
        }

        /// [`Hooks::pay_ransom`] of the first mechanism that answers.
        #[inline(always)]
        pub(super) fn pay_ransom(
            state: &mut State,
            begun: &Begun,
            holder: usize,
            kind: PieceKindId,
        ) -> Option<Result<(), TurnError>> {
            $(
                if let Some(r) =
                    <crate::mechanism::$m::play::Play as Hooks>::pay_ransom(state, begun, holder, kind)
                {
                    return Some(r);
                }
            )*
            None
        }

        /// [`Hooks::tile_for`] of the first mechanism that names one.
        #[inline(always)]
        pub(super) fn tile_for(state: &State, player: usize) -> Option<TileId> {
            $(
                if let Some(t) = <crate::mechanism::$m::play::Play as Hooks>::tile_for(state, player) {
                    return Some(t);
                }
            )*
            None
        }

        /// [`Hooks::auction_due`] of the first mechanism that has one.
        #[inline(always)]
        pub(super) fn auction_due(state: &State) -> Option<super::AuctionDue> {
            $(
                if let Some(d) = <crate::mechanism::$m::play::Play as Hooks>::auction_due(state) {
                    return Some(d);
                }
            )*
            None
        }

        /// [`Hooks::set_aside`] of every mechanism, in registry order.
        #[inline(always)]
        pub(super) fn set_aside(state: &mut State, player: usize, tile: TileId) {
            $(<crate::mechanism::$m::play::Play as Hooks>::set_aside(state, player, tile);)*
        }

        /// [`Hooks::hold_auction`] of the first mechanism that answers.
        #[inline(always)]
        pub(super) fn hold_auction(
            state: &mut State,
            auction: &super::Auction,
        ) -> Option<Result<(), super::AuctionError>> {
            $(
                if let Some(r) =
                    <crate::mechanism::$m::play::Play as Hooks>::hold_auction(state, auction)
                {
                    return Some(r);
                }
            )*
            None
        }

        /// [`Hooks::span`] of the first mechanism that answers.
        #[inline(always)]
        pub(super) fn span(
            state: &mut State,
            player: usize,
            tile: TileId,
            at: Placement,
            span: Span,
        ) -> Option<Result<TileId, TurnError>> {
            $(
                if let Some(r) =
                    <crate::mechanism::$m::play::Play as Hooks>::span(state, player, tile, at, span)
                {
                    return Some(r);
                }
            )*
            None
        }

        /// [`Hooks::spans`] of every mechanism, in registry order.
        #[inline(always)]
        pub(super) fn spans(state: &State, player: usize, tile: TileId, at: Placement, out: &mut Vec<Span>) {
            $(<crate::mechanism::$m::play::Play as Hooks>::spans(state, player, tile, at, out);)*
        }

        /// Whether some mechanism's [`Hooks::may_span`] says yes.
        #[inline(always)]
        pub(super) fn may_span(state: &State, player: usize) -> bool {
            false $(|| <crate::mechanism::$m::play::Play as Hooks>::may_span(state, player))*
        }

        /// [`Hooks::places_elsewhere`] of every mechanism, in registry order.
        #[inline(always)]
        pub(super) fn places_elsewhere(
            state: &State,
            player: usize,
            placed: u32,
            kind: PieceKindId,
            out: &mut Vec<(u32, usize)>,
        ) {
            $(<crate::mechanism::$m::play::Play as Hooks>::places_elsewhere(state, player, placed, kind, out);)*
        }

        /// [`Hooks::turn_started`] of every mechanism, in registry order.
        #[inline(always)]
        pub(super) fn turn_started(state: &mut State, player: usize) {
            $(<crate::mechanism::$m::play::Play as Hooks>::turn_started(state, player);)*
        }

        /// [`Hooks::feature_scored`] of every mechanism, in registry order.
        #[inline(always)]
        pub(super) fn feature_scored(state: &mut State, f: &Feature, on: &[Piece], phase: Phase) {
            $(<crate::mechanism::$m::play::Play as Hooks>::feature_scored(state, f, on, phase);)*
        }

        /// [`Hooks::withheld`] of any mechanism.
        #[inline(always)]
        pub(super) fn withheld(
            state: &State,
            kind: crate::rules::FeatureId,
            node: petgraph::graph::NodeIndex,
        ) -> bool {
            false $(|| <crate::mechanism::$m::play::Play as Hooks>::withheld(state, kind, node))*
        }

        /// [`Hooks::strength`] of every mechanism, in registry order.
        #[inline(always)]
        pub(super) fn strength(state: &State, f: &Feature, on: &[Piece], strengths: &mut [u32]) {
            $(<crate::mechanism::$m::play::Play as Hooks>::strength(state, f, on, strengths);)*
        }

        /// [`Hooks::break_tie`] of every mechanism, in registry order, while players are
        /// tied.
        #[inline(always)]
        pub(super) fn break_tie(state: &State, on: &[Piece], scorers: &mut Vec<usize>) {
            $(
                if scorers.len() > 1 {
                    <crate::mechanism::$m::play::Play as Hooks>::break_tie(state, on, scorers);
                }
            )*
        }

        /// [`Hooks::raise`] of every mechanism: the points each scorer receives besides the
        /// feature's value, by player (all zero when no mechanism raises anything).
        #[inline(always)]
        pub(super) fn raise(
            state: &State,
            f: &Feature,
            on: &[Piece],
            v: &Valuation,
            scorers: &[usize],
        ) -> smallvec::SmallVec<[i64; 8]> {
            let mut raised = smallvec::smallvec![0; state.players().len()];
            $(<crate::mechanism::$m::play::Play as Hooks>::raise(state, f, on, v, &mut raised);)*
            for (p, x) in raised.iter_mut().enumerate() {
                if !scorers.contains(&p) {
                    *x = 0;
                }
            }
            raised
        }
    };
}
crate::mechanism::registry!(dispatch);

/// What a mechanism's hooks may change in the state, besides what the turn sequence does:
/// points banked and features scored outside majority scoring, items covered. Nothing
/// else of the state is written from outside the engine.
impl State<'_> {
    /// Banks `points` for `player` now (an effect's immediate scoring).
    pub(crate) fn bank_points(&mut self, player: usize, points: i64) {
        self.points[player] = self.points[player].saturating_add(points);
    }

    /// Covers `count` more of `item` on segment `node`: they count no more.
    pub(crate) fn cover_items(
        &mut self,
        node: petgraph::graph::NodeIndex,
        item: ItemId,
        count: u32,
    ) {
        let items = self.game.rules.items.len();
        let c = &mut self.covered.entry(node).or_insert_with(|| vec![0; items])[item];
        *c = c.saturating_add(count);
    }

    /// Records a feature scored (built with [`State::scored_record`]).
    pub(crate) fn record_scored(&mut self, scored: Scored) {
        self.events.push(scored);
    }

    /// What the mechanisms remember (see [`Hooks::Memory`]).
    #[inline]
    pub(crate) fn memory_mut(&mut self) -> &mut Memory {
        &mut self.memory
    }

    /// Gives `points` to `player` outside feature scoring (a title's points), banked with
    /// the end-of-game points when `phase` is [`Phase::Final`], and logs it as
    /// [`Event::Awarded`] (`source`: the mechanism's entry, `units` what it counted).
    pub(crate) fn award(&mut self, player: usize, points: i64, phase: Phase, source: AwardSource) {
        let banked = match phase {
            Phase::Final => &mut self.final_points[player],
            _ => &mut self.points[player],
        };
        *banked = banked.saturating_add(points);
        self.log.push(Logged {
            turn: self.turn,
            player,
            event: Event::Awarded {
                player,
                points,
                phase,
                source,
            },
        });
    }

    /// Puts up to `n` copies of the main pile out of the game unseen (under a hill), as
    /// many as are left beyond those already hidden; returns how many.
    pub(crate) fn hide_tiles(&mut self, n: u32) -> u32 {
        let room = self.main_copies.saturating_sub(self.hidden);
        let k = room.min(u64::from(n));
        self.hidden += k;
        k as u32
    }

    /// The next token drawn from a bag whose contents now are `bag` ((value, tokens) in
    /// the bag's order): the next value announced for the turn (it must be in the bag),
    /// else the next fraction announced (the token at ⌊f × n⌋ of the bag's n tokens, in
    /// order), else the decider's draw. `index`: the draws of the turn used so far, for
    /// errors.
    ///
    /// Errors: [`TurnError::DrawMissing`] when nothing is announced nor drawn,
    /// [`TurnError::DrawNotInBag`] for a value the bag does not hold.
    pub(crate) fn take_draw(
        &mut self,
        bag: &[(u32, u32)],
        index: usize,
        asked: &mut Asked,
    ) -> Result<u32, TurnError> {
        let listed = || {
            bag.iter()
                .copied()
                .filter(|&(_, n)| n > 0)
                .collect::<Vec<_>>()
        };
        if self.draws.is_empty() && self.draw_fractions.is_empty() {
            let held = listed();
            if held.is_empty() {
                return Err(TurnError::DrawMissing { bag: held });
            }
            return match asked.draw(&held) {
                Some(v) if held.iter().any(|&(x, _)| x == v) => Ok(v),
                Some(_) => Err(TurnError::DrawNotInBag { index, bag: held }),
                None => Err(TurnError::DrawMissing { bag: held }),
            };
        }
        if let Some(v) = self.draws.pop_front() {
            if bag.iter().any(|&(x, n)| x == v && n > 0) {
                return Ok(v);
            }
            return Err(TurnError::DrawNotInBag {
                index,
                bag: listed(),
            });
        }
        let Some(f) = self.draw_fractions.pop_front() else {
            return Err(TurnError::DrawMissing { bag: listed() });
        };
        let total: u64 = bag.iter().map(|&(_, n)| u64::from(n)).sum();
        if total == 0 {
            return Err(TurnError::DrawNotInBag {
                index,
                bag: listed(),
            });
        }
        // ⌊f × n⌋, kept below n (f is checked to lie in [0, 1) where it is read).
        let mut k = ((f.clamp(0.0, 1.0) * total as f64) as u64).min(total - 1);
        for &(v, n) in bag {
            if k < u64::from(n) {
                return Ok(v);
            }
            k -= u64::from(n);
        }
        Err(TurnError::DrawNotInBag {
            index,
            bag: listed(),
        })
    }

    /// Returns the piece with id `id` to its owner's supply, without scoring; `None` when
    /// it is not on the board.
    pub(crate) fn return_piece_id(&mut self, id: u32) -> Option<crate::score::Piece> {
        let p = self.lift_piece(id)?;
        self.supply[p.player][p.kind] += 1;
        Some(p)
    }

    /// Sends the piece with id `id` home as a rule does outside scoring (a princess, a
    /// dragon, an escape): it returns to its owner's supply, and so does each piece of the
    /// same owner left on its feature that may stand there only beside one of its owner's
    /// pieces when none is left (a builder, a pig: a mechanism's
    /// [`PieceError::NeedsOwnPiece`]; JCloisterZone's `undeployLonelySpecials`). Returns the
    /// piece sent home and those that followed it (log them with
    /// [`State::log_followed_home`] after the caller's own event); `None` when it is not on
    /// the board.
    pub(crate) fn send_home(
        &mut self,
        id: u32,
    ) -> Option<(crate::score::Piece, Vec<crate::score::Piece>)> {
        self.take_off(id, true)
    }

    /// Takes the piece with id `id` off the board, to its owner's supply when `home`,
    /// and sends home each piece of the same owner left on its feature that may stand
    /// there only beside one of its owner's pieces (see [`State::send_home`]).
    fn take_off(
        &mut self,
        id: u32,
        home: bool,
    ) -> Option<(crate::score::Piece, Vec<crate::score::Piece>)> {
        let p = if home {
            self.return_piece_id(id)?
        } else {
            self.lift_piece(id)?
        };
        let lonely: Vec<(u32, crate::score::Piece)> = self
            .board
            .features
            .pieces(p.scored_on, p.node)
            .iter()
            .filter_map(|&q| Some((q, *self.pieces.get(q)?)))
            .filter(|(_, q)| {
                q.player == p.player
                    && matches!(
                        may_place_piece(self, q),
                        Err(PieceError::NeedsOwnPiece { .. })
                    )
            })
            .collect();
        let mut followed = Vec::new();
        for (q, piece) in lonely {
            if self.return_piece_id(q).is_some() {
                followed.push(piece);
            }
        }
        Some((p, followed))
    }

    /// Logs each of `pieces` (sent home with another, [`State::send_home`]) as
    /// [`Event::TakenBack`] for its owner.
    pub(crate) fn log_followed_home(&mut self, pieces: &[crate::score::Piece]) {
        for piece in pieces {
            let n = self.board.graph[piece.node];
            self.log.push(Logged {
                turn: self.turn,
                player: piece.player,
                event: Event::TakenBack {
                    kind: piece.kind,
                    on: n.placed,
                    segment: usize::from(n.segment),
                },
            });
        }
    }

    /// Moves a piece of `player`'s that just returned to supply on to segment `segment`
    /// of placed tile `placed` (a wagon after its feature is scored), as placing it
    /// there would, and logs it as [`Event::MovedOn`].
    ///
    /// Errors: those of [`State::can_place_piece`].
    pub(crate) fn move_piece_on(
        &mut self,
        player: usize,
        kind: PieceKindId,
        placed: u32,
        segment: usize,
    ) -> Result<(), PieceError> {
        self.place_piece(player, kind, placed, segment, true)?;
        self.log.push(Logged {
            turn: self.turn,
            player,
            event: Event::MovedOn {
                kind,
                on: placed,
                segment,
            },
        });
        Ok(())
    }

    /// The corner of placed tile `placed` where a piece of `kind` on `segment` stands,
    /// for a kind placed at a corner (a barn: a position writes it `NW`); `None` for
    /// other kinds.
    pub fn placed_corner(
        &self,
        kind: PieceKindId,
        placed: u32,
        segment: usize,
    ) -> Option<crate::geometry::Corner> {
        placed_corner(self, kind, placed, segment)
    }

    /// Places a piece of `player`'s of `kind` on segment `segment` of placed tile `placed`
    /// besides the turn's action (a phantom), by the usual rules.
    ///
    /// Errors: those of [`State::can_place_piece`].
    pub(crate) fn place_extra_piece(
        &mut self,
        player: usize,
        kind: PieceKindId,
        placed: u32,
        segment: usize,
    ) -> Result<(), PieceError> {
        self.place_piece(player, kind, placed, segment, true)
    }

    /// Whether the completed feature `kind` through segment `node` is held back from
    /// scoring by a mechanism ([`Hooks::withheld`]: a castle): it is not the feature it was
    /// for other rules (a tower does not capture its knight).
    pub fn withheld(
        &self,
        kind: crate::rules::FeatureId,
        node: petgraph::graph::NodeIndex,
    ) -> bool {
        withheld(self, kind, node)
    }

    /// Whether placed tile `placed` is closed to figures that roam the board
    /// ([`Hooks::shielded`] of any mechanism: the fairy's tile).
    pub fn shielded(&self, placed: u32) -> bool {
        shielded(self, placed)
    }

    /// Takes the piece with id `id` off the board without returning it to supply (a
    /// captured piece, held by another player); each piece of the same owner left on its
    /// feature that may stand there only beside one of its owner's pieces returns to
    /// supply (as with [`State::send_home`]). Returns the piece and those that went home;
    /// `None` when it is not on the board.
    pub(crate) fn capture_piece(
        &mut self,
        id: u32,
    ) -> Option<(crate::score::Piece, Vec<crate::score::Piece>)> {
        self.take_off(id, false)
    }

    /// Gives `player` a piece of `kind` back to supply (a prisoner released).
    pub(crate) fn return_to_supply(&mut self, player: usize, kind: PieceKindId) {
        self.supply[player][kind] += 1;
    }

    /// Lays placed tile `placed` anew as `shape`, a tile derived from its own (a bridge
    /// put across it; see [`crate::board::Board::reshape`]).
    ///
    /// Errors: the board side of a changed side that faces a tile; nothing changed.
    pub(crate) fn reshape_tile(
        &mut self,
        placed: u32,
        shape: TileId,
    ) -> Result<(), crate::geometry::Side> {
        self.board
            .reshape(&self.game.rules, &self.game.tiles, placed, shape)
    }

    /// Logs an event of a mechanism's (a title passing) for `player`.
    pub(crate) fn log_event(&mut self, player: usize, event: Event) {
        self.log.push(Logged {
            turn: self.turn,
            player,
            event,
        });
    }
}
