//! The transposition table: what the search has learnt about positions, shared by the threads of one solve and
//! bounded in memory.
//!
//! Each slot is two words, the entry and the entry XOR its key, written and read without locks; a slot torn by
//! two threads writing at once fails the XOR test and reads as empty. Slots are allocated in chunks the first
//! time something is stored in them, so that a small problem does not pay for the whole table.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// Slots per chunk (16 bytes each: a chunk is 1 MiB).
const CHUNK: usize = 1 << 16;

/// The bytes a slot takes.
pub(crate) const SLOT_BYTES: usize = 16;

/// A table of at most `max_bytes`, rounded down to a power of two of slots (at least one chunk).
pub(crate) struct Table {
    chunks: Vec<OnceLock<Box<[AtomicU64]>>>,
    mask: u64,
}

impl Table {
    pub(crate) fn new(max_bytes: usize) -> Table {
        let slots = (max_bytes / SLOT_BYTES).max(CHUNK);
        let slots = if slots.is_power_of_two() { slots } else { slots.next_power_of_two() / 2 };
        Table { chunks: (0..slots / CHUNK).map(|_| OnceLock::new()).collect(), mask: slots as u64 - 1 }
    }

    fn slot(&self, key: u64) -> (usize, usize) {
        let index = (key & self.mask) as usize;
        (index / CHUNK, 2 * (index % CHUNK))
    }

    /// The entry stored for `key`, if any. Keys of zero are never stored.
    pub(crate) fn get(&self, key: u64) -> Option<u64> {
        let (chunk, at) = self.slot(key);
        let words = self.chunks[chunk].get()?;
        let entry = words[at].load(Ordering::Relaxed);
        let check = words[at + 1].load(Ordering::Relaxed);
        (entry != 0 && entry ^ check == key).then_some(entry)
    }

    /// Stores an entry (non-zero) for `key`, replacing whatever the slot held.
    pub(crate) fn put(&self, key: u64, entry: u64) {
        let (chunk, at) = self.slot(key);
        let words = self.chunks[chunk].get_or_init(|| (0..2 * CHUNK).map(|_| AtomicU64::new(0)).collect());
        words[at].store(entry, Ordering::Relaxed);
        words[at + 1].store(entry ^ key, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_replaces_by_slot() {
        let table = Table::new(1 << 20);
        assert_eq!(table.get(42), None);
        table.put(42, 7);
        assert_eq!(table.get(42), Some(7));
        // Another key in the same slot replaces it; the old key then reads as absent.
        let same_slot = 42 + (table.mask + 1);
        table.put(same_slot, 9);
        assert_eq!((table.get(42), table.get(same_slot)), (None, Some(9)));
    }

    #[test]
    fn the_size_is_bounded() {
        assert_eq!(Table::new(0).chunks.len(), 1);
        assert_eq!(Table::new(3 << 20).chunks.len() * CHUNK * SLOT_BYTES, 2 << 20);
    }
}
