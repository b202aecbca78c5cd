// Board geometry as plain `const fn`s over a board `width` files wide and 8 ranks high, with square `s` at bit
// `rank * width + file`. They compute the attack tables at compile time and are shared, through `include!`, with
// the build script that searches the 8×8 magic numbers, so the two can never disagree.
//
// (Plain comments only: this file is `include!`d, where inner doc comments are not allowed.)

/// Squares a leaper on `sq` reaches with the given (file, rank) steps, on an empty board.
pub(crate) const fn leaper_attacks(width: u32, sq: u32, steps: &[(i32, i32)]) -> u128 {
    let (f, r) = ((sq % width) as i32, (sq / width) as i32);
    let mut out = 0u128;
    let mut i = 0;
    while i < steps.len() {
        let (nf, nr) = (f + steps[i].0, r + steps[i].1);
        if nf >= 0 && nf < width as i32 && nr >= 0 && nr < 8 {
            out |= 1u128 << (nr as u32 * width + nf as u32);
        }
        i += 1;
    }
    out
}

/// The knight's eight steps.
pub(crate) const KNIGHT_STEPS: [(i32, i32); 8] =
    [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
/// The king's eight steps.
pub(crate) const KING_STEPS: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
/// Rook directions.
pub(crate) const ROOK_DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
/// Bishop directions.
pub(crate) const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// Squares a slider on `sq` reaches along `directions`, stopping at (and including) the first occupied square.
pub(crate) const fn slider_attacks(width: u32, sq: u32, occupied: u128, directions: &[(i32, i32)]) -> u128 {
    let (f0, r0) = ((sq % width) as i32, (sq / width) as i32);
    let mut out = 0u128;
    let mut d = 0;
    while d < directions.len() {
        let (df, dr) = directions[d];
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while f >= 0 && f < width as i32 && r >= 0 && r < 8 {
            let bit = 1u128 << (r as u32 * width + f as u32);
            out |= bit;
            if occupied & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    out
}

/// The squares whose occupancy matters to a slider on `sq`: its empty-board rays without their last square.
pub(crate) const fn slider_relevant_mask(width: u32, sq: u32, directions: &[(i32, i32)]) -> u128 {
    let (f0, r0) = ((sq % width) as i32, (sq / width) as i32);
    let mut out = 0u128;
    let mut d = 0;
    while d < directions.len() {
        let (df, dr) = directions[d];
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while f + df >= 0 && f + df < width as i32 && r + dr >= 0 && r + dr < 8 {
            out |= 1u128 << (r as u32 * width + f as u32);
            f += df;
            r += dr;
        }
        d += 1;
    }
    out
}

/// The direction (file step, rank step) from `a` to `b` if they share a rank, file or diagonal.
pub(crate) const fn direction(width: u32, a: u32, b: u32) -> Option<(i32, i32)> {
    let (fa, ra) = ((a % width) as i32, (a / width) as i32);
    let (fb, rb) = ((b % width) as i32, (b / width) as i32);
    let (df, dr) = (fb - fa, rb - ra);
    if a == b {
        None
    } else if df == 0 || dr == 0 || df == dr || df == -dr {
        Some((df.signum(), dr.signum()))
    } else {
        None
    }
}

/// The squares strictly between `a` and `b` when they are aligned; empty otherwise.
pub(crate) const fn between(width: u32, a: u32, b: u32) -> u128 {
    match direction(width, a, b) {
        None => 0,
        Some((df, dr)) => {
            let (mut f, mut r) = ((a % width) as i32 + df, (a / width) as i32 + dr);
            let mut out = 0u128;
            while r * width as i32 + f != b as i32 {
                out |= 1u128 << (r as u32 * width + f as u32);
                f += df;
                r += dr;
            }
            out
        }
    }
}

/// The whole line (edge to edge) through `a` and `b` when they are aligned; empty otherwise.
pub(crate) const fn line(width: u32, a: u32, b: u32) -> u128 {
    match direction(width, a, b) {
        None => 0,
        Some((df, dr)) => slider_attacks(width, a, 0, &[(df, dr), (-df, -dr)]) | (1u128 << a),
    }
}
