//! The named points of a turn where mechanisms ([`crate::mechanism`]) act, and the
//! engine's calls to them: one function per hook, calling every registered mechanism's
//! hook in registry order, statically (each call is to a known function, inlined when
//! small; a hook a mechanism does not define is the trait's default and costs nothing).

use super::{Completed, State};

/// A mechanism's hooks at named points of the turn. Each has a default that does nothing;
/// a mechanism's `play.rs` implements the ones it needs on its own unit type (`Play`).
pub trait Hooks {
    /// After the features a turn's tile completed were scored (not in an extra turn): the
    /// stack of an extra turn the player earned, if any. The first mechanism that names
    /// one decides.
    #[inline]
    fn earned_extra_turn(_state: &State, _completed: &[Completed]) -> Option<usize> {
        None
    }
}

/// Writes the engine's calls to every mechanism's hooks, as the registry lists them
/// ([`crate::mechanism::registry!`]).
macro_rules! dispatch {
    ($($(#[$doc:meta])* $m:ident => $key:ident,)*) => {
        /// [`Hooks::earned_extra_turn`] of the first mechanism that names a stack.
        #[inline]
        pub(super) fn earned_extra_turn(state: &State, completed: &[Completed]) -> Option<usize> {
            $(
                if let Some(stack) =
                    <crate::mechanism::$m::play::Play as Hooks>::earned_extra_turn(state, completed)
                {
                    return Some(stack);
                }
            )*
            None
        }
    };
}
crate::mechanism::registry!(dispatch);
