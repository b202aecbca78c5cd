//! A hash of a sequence of small words (moves, squares, packed move texts) fast enough to run on every move: one
//! multiply-rotate step per word and lane, a few instructions where the standard library's SipHash takes dozens.
//! The opening tree keys its table with one lane, seeded at random; a game's moves are hashed with two lanes into
//! 128 bits, to find duplicate games by equal hashes.

use std::hash::Hasher;

/// Each lane's rotation and multiplier (odd constants with well-mixed bits: the golden ratio's, and
/// MurmurHash3's).
const ROTATIONS: [u32; 2] = [23, 29];
const MULTIPLIERS: [u64; 2] = [0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f];

/// `N` lanes (one or two) of the hash, each with its own rotation and multiplier.
#[derive(Clone, Debug)]
pub(super) struct WordHasher<const N: usize> {
    lanes: [u64; N],
}

impl<const N: usize> WordHasher<N> {
    /// A hasher whose lanes start at `seeds`.
    pub(super) const fn new(seeds: [u64; N]) -> WordHasher<N> {
        WordHasher { lanes: seeds }
    }

    #[inline(always)]
    fn mix(&mut self, word: u64) {
        for (lane, (&rotation, &multiplier)) in self.lanes.iter_mut().zip(ROTATIONS.iter().zip(&MULTIPLIERS)) {
            *lane = (lane.rotate_left(rotation) ^ word).wrapping_mul(multiplier);
        }
    }
}

impl WordHasher<2> {
    /// Both lanes as 128 bits, after a last round that spreads the final words over every bit.
    pub(super) fn finish128(&self) -> u128 {
        let [a, b] = self.lanes;
        let a = (a ^ (a >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ b.rotate_left(17);
        let b = (b ^ (b >> 29)).wrapping_mul(0x94d0_49bb_1331_11eb) ^ a.rotate_left(41);
        (u128::from(a) << 64) | u128::from(b)
    }
}

impl<const N: usize> Hasher for WordHasher<N> {
    /// The first lane as it stands (for a hash table, whose probing takes its bits as they come).
    fn finish(&self) -> u64 {
        self.lanes[0]
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.mix(u64::from(byte));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.mix(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.mix(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.mix(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.mix(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.mix(n as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash128(words: &[u64]) -> u128 {
        let mut hasher = WordHasher::new([1, 2]);
        words.iter().for_each(|&w| hasher.write_u64(w));
        hasher.finish128()
    }

    #[test]
    fn order_and_every_word_count() {
        assert_ne!(hash128(&[1, 2]), hash128(&[2, 1]));
        assert_ne!(hash128(&[0]), hash128(&[0, 0]));
        assert_eq!(hash128(&[5, 6, 7]), hash128(&[5, 6, 7]));
        let mut one = WordHasher::new([9]);
        one.write_u32(3);
        let mut other = WordHasher::new([10]);
        other.write_u32(3);
        assert_ne!(one.finish(), other.finish(), "the seed matters");
    }
}
