//! Mechanisms: rules the data switches on, each a module of its own, named for what it
//! does and parameterised by the rule set (no game, piece or item name appears here).
//!
//! A mechanism keeps its part of every layer in one directory, one file per layer, each
//! file in the layer of its name (`tests/it/layers.rs` checks it):
//! - `model.rs` (the `model` layer): its rule-set section, `Section` (serde and schemars
//!   types; their doc comments become the JSON Schema's descriptions);
//! - `table.rs` (the `rules` layer): `Table`, the compiled section, with
//!   [`crate::rules::MechanismTable`] (which items it reads on which feature kinds);
//! - `check.rs` (the `validate` layer): `compile`, the section's meaning checks (findings
//!   with their codes) and its compilation into the table;
//! - `play.rs` (the `engine` layer): `Play`, its hooks at named points of the turn
//!   ([`crate::engine::Hooks`]; every hook has a default that does nothing, and the
//!   engine calls them statically, with no dynamic dispatch);
//! - `words.rs` (the report layer), when it logs events of its own.
//!
//! Registering a mechanism is one entry in `registry!` (below): its module and the key of its
//! section in a rule set, with the section's description. Every layer that takes part
//! (the rule-set format, its merging under `extends`, compilation, the tables, the
//! engine's hooks) expands the registry with a macro of its own, so none of them lists
//! the mechanisms by hand. ARCHITECTURE.md, "Adding a mechanism", walks through one.

/// The mechanisms, in the order the engine calls their hooks: `module => key`, where
/// `key` is the rule-set section the mechanism reads (`bonus_turns:`), with the section's
/// description as its doc comment (shown in editors through the JSON Schema).
///
/// `registry!(m)` calls the macro `m!` with the list; a layer that takes part expands it
/// into what that layer needs (a field per section, a call per hook).
macro_rules! registry {
    ($then:ident) => {
        $then! {
            /// Ties for a feature's majority broken by the tied players' pieces on tiles
            /// carrying an item (Hills and Sheep: a follower on a hill wins a tie).
            breaking_ties => tie_breaks,
            /// Items collected from completed features by the player who completed them,
            /// with points for the most of each at the end (Traders and Builders' goods).
            collecting => collecting,
            /// Pieces that keep a flock of tokens drawn from a bag while their owner extends
            /// its feature, scored at the owner's choice (Hills and Sheep: the shepherd).
            flocks => flocks,
            /// Pieces whose strength in a majority is the number of an item on their
            /// feature (Abbey and Mayor: the mayor counts the pennants of its city).
            item_strength => item_strength,
            /// Pieces whose owner earns an extra turn by extending the feature they stand
            /// on (Traders and Builders' builder).
            extending_pieces => extending_pieces,
            /// Extra turns earned by completing a feature (Hunters and Gatherers menhirs).
            extra_turns => bonus_turns,
            /// Pieces that raise their owner's score on the feature they stand on, by piece
            /// kind (Traders and Builders: the pig).
            raising_pieces => raising_pieces,
            /// Pieces their owner may take back as the turn's action, for the points of
            /// their feature (the abbot).
            recalling_pieces => recalling,
            /// Pieces that settle the feature they stand in: the other pieces there are
            /// scored and return when one is placed or the feature is joined later, and
            /// their owners score at the end (Abbey and Mayor: the barn).
            settling_pieces => settling_pieces,
            /// Effects of placing a tile that carries an item (Hunters and Gatherers menhir
            /// tiles: logboat, hunting trap, shaman).
            tile_effects => effects,
            /// Titles held by the player who completed the largest feature of a kind so
            /// far, with their holder's points (King and Robber: the King, the Robber
            /// Baron).
            titles => titles,
            /// Pieces that move on to a feature nearby when theirs is scored, instead of
            /// returning (Abbey and Mayor: the wagon).
            moving_on => moving_on,
            /// Neutral figures players move next to their own pieces, with points at the
            /// start of their turns and when the piece's feature is scored (Princess and
            /// Dragon: the fairy).
            attending_figures => attending,
            /// Tiles whose item lets the turn's follower go on any feature of the board not
            /// completed (Princess and Dragon: the magic portal).
            placing_away => placing_away,
            /// Tiles whose segment item lets their player send a follower standing in that
            /// segment's feature home instead of placing a piece (Princess and Dragon: the
            /// princess).
            expelling => expelling,
            /// Pieces their owner may take back, scoring nothing, at the end of a turn from
            /// a feature holding an item when a feature of a named kind is near (Siege: a
            /// follower escapes a besieged city next to a monastery).
            escaping => escaping,
            /// Tokens players build on features of a kind anywhere on the board, a
            /// follower on top of a raised one, captures within its height, prisoners and
            /// ransoms (The Tower: floors, followers on top, captures).
            building => building,
            /// Pieces a player may place in addition to the turn's action (The Phantom).
            extra_pieces => extra_pieces,
            /// Neutral figures that come onto the board with a tile, move from tile to tile
            /// when another is placed, and send the pieces where they go home (Princess and
            /// Dragon: the dragon).
            roaming_figures => roaming,
            /// Small completed features a player converts instead of scoring, paid later
            /// the points of the first feature completed near them (Bridges, Castles and
            /// Bazaars: the castle).
            converting => converting,
            /// Tokens players lay straight across a tile as their tile goes down, each
            /// adding a segment from one side to the opposite one (Bridges, Castles and
            /// Bazaars: the bridge, a road over the field).
            spanning => spanning,
            /// Tiles whose item starts an auction of tiles from the pile after their turn,
            /// each player then playing the tile they took (Bridges, Castles and Bazaars:
            /// the bazaar).
            auctioning => auctioning,
        }
    };
}
pub(crate) use registry;

/// Declares the mechanisms' modules.
macro_rules! declare {
    ($($(#[$doc:meta])* $m:ident => $key:ident,)*) => {
        $(pub mod $m;)*
    };
}
registry!(declare);

/// How a section of a rule set merges with the same section of the rule set it extends
/// (`extends:`): the later file's entries are appended (a list) or replace the entries of
/// the same name (a map).
pub trait Section: Default {
    /// Merges `later` (the extending file's section) over `self`.
    fn merge(&mut self, later: Self);

    /// Whether the rule set writes nothing in the section (the mechanism is not in use).
    fn is_unused(&self) -> bool;
}

impl<T> Section for Vec<T> {
    fn merge(&mut self, later: Self) {
        self.extend(later);
    }

    fn is_unused(&self) -> bool {
        self.is_empty()
    }
}

impl<V> Section for indexmap::IndexMap<String, V> {
    fn merge(&mut self, later: Self) {
        self.extend(later);
    }

    fn is_unused(&self) -> bool {
        self.is_empty()
    }
}
