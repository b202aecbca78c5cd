//! The moves of the openings read so far: a collection's games share their first moves, so each move of a common
//! opening is resolved once per reading thread instead of once per game.
//!
//! A game from the standard start position walks down a tree of the lines read before it. The tree's nodes are
//! the positions after a line of moves; its edges are a move's text as written and the move it was read as. A
//! word the tree holds is the same text in the same position as before, so it reads as the same legal move: the
//! reader then skips resolving it, and only plays it. The tree is bounded ([`MAX_ENTRIES`], [`MAX_PLY`]) and only
//! ever grows: what it holds first (the openings of a file's first games) stays.

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};

use super::tags::standard_start;
use super::word_hash::WordHasher;
use crate::notation::read::ReadMove;
use crate::{Position, Role};

/// The plies from the start position that the tree follows: a collection's games share their openings, rarely
/// their middlegames.
const MAX_PLY: u32 = 16;

/// The most edges the tree holds: 8,192, about 512 KiB with the hash table's room, so that the table stays in the
/// processor's second-level cache. A larger tree holds more of a collection's openings, but its lookups then miss
/// that cache and cost more than resolving the move (32,768 edges read the openings book sample 3 % slower than no
/// tree at all; see BENCHMARKS.md). Memory stays bounded on every reading thread, whatever the input.
const MAX_ENTRIES: usize = 1 << 13;

/// The longest move text the tree holds, in bytes (longer words are read as always).
const MAX_WORD: usize = 8;

/// A node of the tree: the position after a line of moves from the standard start position (the root is 0).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Node(u32);

/// The tree of the openings read on one thread (see the module's documentation).
#[derive(Default)]
pub(super) struct OpeningTree {
    /// The edges: the key of a word after a node ([`key`]) → the node it leads to, what it was read as, and the
    /// role of the piece that moves (which playing the move then needs not look up).
    edges: HashMap<(u32, u64), (Node, ReadMove, Role), Seeded>,
}

impl OpeningTree {
    /// The root for a game from `start`, if the tree holds such games: those from the standard start position.
    pub(super) fn root(start: &Position) -> Option<Node> {
        // Most games start from the cached position itself; a copy of it is compared whole.
        let standard = standard_start();
        (std::ptr::eq(start, standard) || start == standard).then_some(Node(0))
    }

    /// What `word` was read as after the line of `node`, and the node it leads to, if the tree holds it.
    #[inline]
    pub(super) fn get(&self, node: Node, word: &str) -> Option<(Node, ReadMove, Role)> {
        self.edges.get(&key(node, word)?).copied()
    }

    /// Records that `word`, the move of ply `ply` (from 1) after the line of `node`, was read as `read`; returns the
    /// node it leads to, or none where the tree ends (the ply is past the opening, the word is too long, the tree
    /// is full).
    pub(super) fn insert(&mut self, node: Node, word: &str, (read, role): (ReadMove, Role), ply: u32) -> Option<Node> {
        if ply > MAX_PLY || self.edges.len() >= MAX_ENTRIES {
            return None;
        }
        let next = Node(u32::try_from(self.edges.len()).ok()? + 1);
        Some(self.edges.entry(key(node, word)?).or_insert((next, read, role)).0)
    }
}

/// The key of `word` after `node`: the word's bytes in a number, told apart from a shorter word by its length.
#[inline]
fn key(node: Node, word: &str) -> Option<(u32, u64)> {
    let bytes = word.as_bytes();
    if bytes.len() > MAX_WORD {
        return None;
    }
    // (A loop, not a copy of a slice of unknown length: that would call `memcpy` for a handful of bytes.)
    let packed = bytes.iter().rev().fold(0, |packed, &b| packed << 8 | u64::from(b));
    Some((node.0 << 4 | bytes.len() as u32, packed))
}

/// Hashers of a tree, all from the tree's random seed: one lane of a word hash (see `word_hash`), a few
/// instructions where the standard library's SipHash takes dozens. The keys come from the input (legal moves of
/// games a file chooses): without a seed, a file made to put every edge of the tree in one of the table's probe
/// sequences would slow each lookup by the tree's size. With one, which keys collide is not known before the
/// reader runs.
struct Seeded(u64);

impl Default for Seeded {
    fn default() -> Seeded {
        Seeded(RandomState::new().hash_one(0u64))
    }
}

impl BuildHasher for Seeded {
    type Hasher = WordHasher<1>;

    fn build_hasher(&self) -> WordHasher<1> {
        WordHasher::new([self.0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::read::{MoveReadOptions, parse_move_and_role};

    fn read(pos: &Position, word: &str) -> (ReadMove, Role) {
        parse_move_and_role(pos, word, &MoveReadOptions::default()).unwrap()
    }

    #[test]
    fn a_line_read_once_is_found_again_move_by_move() {
        let start = standard_start();
        let mut tree = OpeningTree::default();
        let root = OpeningTree::root(start).unwrap();
        let e4 = read(start, "e4");
        let after_e4 = tree.insert(root, "e4", e4, 1).unwrap();
        assert_eq!(tree.get(root, "e4"), Some((after_e4, e4.0, Role::Pawn)));
        // Another text for the same move is another edge; an unknown word is none.
        assert_eq!(tree.get(root, "e2e4"), None);
        assert_eq!(tree.get(after_e4, "e4"), None);
        // A word the tree holds is not inserted twice.
        assert_eq!(tree.insert(root, "e4", e4, 1), Some(after_e4));
        assert_eq!(tree.edges.len(), 1);
        // A second edge of the root, and one more of the new node.
        let d4 = read(start, "d4");
        let after_d4 = tree.insert(root, "d4", d4, 1).unwrap();
        assert_eq!(tree.get(root, "d4"), Some((after_d4, d4.0, Role::Pawn)));
        assert_eq!(tree.get(root, "e4"), Some((after_e4, e4.0, Role::Pawn)));
        assert_ne!(after_d4, after_e4);
        assert_eq!(tree.insert(root, "d4", d4, 1), Some(after_d4));
        assert_eq!(tree.edges.len(), 2);
    }

    #[test]
    fn words_that_differ_only_by_trailing_zero_bytes_are_different_keys() {
        assert_ne!(key(Node(0), "e4"), key(Node(0), "e4\0"));
    }

    #[test]
    fn the_tree_ends_past_the_opening_and_when_full_and_holds_no_other_start() {
        let start = standard_start();
        let mut tree = OpeningTree::default();
        let e4 = read(start, "e4");
        assert_eq!(tree.insert(Node(0), "e4", e4, MAX_PLY + 1), None);
        assert_eq!(tree.insert(Node(0), "e2-e4+long", e4, 1), None);
        let mut other = *start;
        other.play_unchecked(e4.0.mv);
        assert_eq!(OpeningTree::root(&other), None);
        for n in 0..MAX_ENTRIES as u32 {
            tree.edges.insert((n << 4 | 2, 0), (Node(n + 1), e4.0, e4.1));
        }
        assert_eq!(tree.insert(Node(0), "d4", read(start, "d4"), 1), None);
    }
}
