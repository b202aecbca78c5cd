//! The position as bit sets, generic over the board shape: the representation move generation works on.

use crate::bitboard::{Bits, Shape};
use crate::{Board, CastlingSide, Color, Move, MoveKind, Piece, Role, Setup, Square, Variant};

/// A position in bit-set form for one board shape. Public behaviour lives in [`crate::Position`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Core<S: Shape> {
    pub(crate) by_color: [S::Bits; 2],
    pub(crate) by_role: [S::Bits; 8],
    pub(crate) turn: Color,
    /// Rooks that keep a castling right.
    pub(crate) castling: S::Bits,
    /// The en-passant square (bit index) after any double step, or `NO_EP`.
    pub(crate) ep: u8,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) variant: Variant,
}

pub(crate) const NO_EP: u8 = u8::MAX;

impl<S: Shape> Core<S> {
    /// The board of a setup, with no rule checked (the caller validates).
    pub(crate) fn from_setup(setup: &Setup, variant: Variant) -> Core<S> {
        let mut core = Core {
            by_color: [S::Bits::EMPTY; 2],
            by_role: [S::Bits::EMPTY; 8],
            turn: setup.turn,
            castling: S::Bits::EMPTY,
            ep: setup.ep_square.filter(|&sq| S::SHAPE.contains(sq)).map_or(NO_EP, |sq| S::bit_of(sq) as u8),
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            variant,
        };
        let board = &setup.board;
        for color in Color::ALL {
            core.by_color[color.index()] = narrow::<S>(board.color_bits(color));
        }
        for role in Role::ALL {
            core.by_role[role.index()] = narrow::<S>(board.role_bits(role));
        }
        for sq in setup.castling_rooks.iter() {
            if S::SHAPE.contains(sq) {
                core.castling |= S::square_bit(sq);
            }
        }
        core
    }

    /// The placement as a [`Board`].
    pub(crate) fn board(&self) -> Board {
        Board::from_bits(S::SHAPE, self.by_color.map(widen::<S>), self.by_role.map(widen::<S>))
    }

    #[inline(always)]
    pub(crate) fn occupied(&self) -> S::Bits {
        self.by_color[0] | self.by_color[1]
    }

    #[inline(always)]
    pub(crate) fn ours(&self) -> S::Bits {
        self.by_color[self.turn.index()]
    }

    #[inline(always)]
    pub(crate) fn theirs(&self) -> S::Bits {
        self.by_color[(!self.turn).index()]
    }

    #[inline(always)]
    pub(crate) fn role(&self, role: Role) -> S::Bits {
        self.by_role[role.index()]
    }

    #[inline(always)]
    pub(crate) fn pieces(&self, color: Color, role: Role) -> S::Bits {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// Pieces that move along ranks and files.
    #[inline(always)]
    pub(crate) fn straight_sliders(&self) -> S::Bits {
        let b = self.role(Role::Rook) | self.role(Role::Queen);
        if S::COMPOUNDS { b | self.role(Role::Chancellor) } else { b }
    }

    /// Pieces that move along diagonals.
    #[inline(always)]
    pub(crate) fn diagonal_sliders(&self) -> S::Bits {
        let b = self.role(Role::Bishop) | self.role(Role::Queen);
        if S::COMPOUNDS { b | self.role(Role::Archbishop) } else { b }
    }

    /// Pieces that leap like knights.
    #[inline(always)]
    pub(crate) fn leapers(&self) -> S::Bits {
        let b = self.role(Role::Knight);
        if S::COMPOUNDS { b | self.role(Role::Archbishop) | self.role(Role::Chancellor) } else { b }
    }

    #[inline(always)]
    pub(crate) fn king_of(&self, color: Color) -> u32 {
        self.pieces(color, Role::King).lowest()
    }

    #[inline(always)]
    pub(crate) fn has_king(&self, color: Color) -> bool {
        !self.pieces(color, Role::King).is_empty()
    }

    /// The castling rook of `color` on `side`: a rook keeping a castling right on the king's rank, on that side
    /// of the king (the lowest such square, should a position hold two).
    pub(crate) fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        if !self.has_king(color) {
            return None;
        }
        let king = self.king_of(color);
        let rooks = self.castling & S::rank_mask(king / S::WIDTH);
        let king_file = S::square_of(king).file();
        rooks.iter().map(S::square_of).find(|rook| CastlingSide::of(king_file, rook.file()) == side)
    }

    /// The role on bit `sq`, if any.
    #[inline]
    pub(crate) fn role_at(&self, sq: u32) -> Option<Role> {
        let roles: &[Role] = if S::COMPOUNDS { &Role::ALL } else { &Role::STANDARD };
        roles.iter().copied().find(|r| self.by_role[r.index()].has(sq))
    }

    pub(crate) fn piece_at(&self, sq: u32) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = if self.by_color[0].has(sq) { Color::White } else { Color::Black };
        Some(Piece::new(color, role))
    }

    #[inline(always)]
    fn put(&mut self, sq: u32, piece: Piece) {
        let b = S::Bits::bit(sq);
        self.by_color[piece.color.index()] |= b;
        self.by_role[piece.role.index()] |= b;
    }

    #[inline(always)]
    fn remove(&mut self, sq: u32, piece: Piece) {
        let b = S::Bits::bit(sq);
        self.by_color[piece.color.index()] ^= b;
        self.by_role[piece.role.index()] ^= b;
    }

    /// All pieces of either colour attacking bit `sq`, with the given occupancy.
    #[inline(always)]
    pub(crate) fn attackers_to(&self, sq: u32, occupied: S::Bits) -> S::Bits {
        (S::rook_attacks(sq, occupied) & self.straight_sliders())
            | (S::bishop_attacks(sq, occupied) & self.diagonal_sliders())
            | (S::knight_attacks(sq) & self.leapers())
            | (S::king_attacks(sq) & self.role(Role::King))
            | (S::pawn_attacks(Color::White, sq) & self.pieces(Color::Black, Role::Pawn))
            | (S::pawn_attacks(Color::Black, sq) & self.pieces(Color::White, Role::Pawn))
    }

    /// Pieces of `by` attacking bit `sq`.
    #[inline(always)]
    pub(crate) fn attacked_by(&self, by: Color, sq: u32, occupied: S::Bits) -> S::Bits {
        let theirs = self.by_color[by.index()];
        let straight = self.straight_sliders() & theirs;
        let diagonal = self.diagonal_sliders() & theirs;
        let mut attackers = ((S::knight_attacks(sq) & self.leapers())
            | (S::king_attacks(sq) & self.role(Role::King))
            | (S::pawn_attacks(!by, sq) & self.role(Role::Pawn)))
            & theirs;
        // Where a slider scan costs more than a branch, look only along lines that hold an enemy slider.
        if S::CHEAP_SLIDERS || !(S::rook_rays(sq) & straight).is_empty() {
            attackers |= S::rook_attacks(sq, occupied) & straight;
        }
        if S::CHEAP_SLIDERS || !(S::bishop_rays(sq) & diagonal).is_empty() {
            attackers |= S::bishop_attacks(sq, occupied) & diagonal;
        }
        attackers
    }

    /// Enemy pieces giving check to the side to move.
    #[inline(always)]
    pub(crate) fn checkers(&self) -> S::Bits {
        if !self.has_king(self.turn) {
            return S::Bits::EMPTY;
        }
        self.attacked_by(!self.turn, self.king_of(self.turn), self.occupied())
    }

    /// Whether the legal move `m` checks the other side's king, worked out without playing it: a direct check by
    /// the piece on its target square, or a discovered one by a slider of the mover's behind the square it left.
    /// Castling and en passant, which move or remove a second piece, are played on a copy.
    #[inline]
    pub(crate) fn gives_check(&self, m: Move) -> bool {
        let them = !self.turn;
        if !self.has_king(them) {
            return false;
        }
        if m.is_castle() || m.is_en_passant() {
            let mut after = *self;
            after.play_unchecked(m);
            return !after.checkers().is_empty();
        }
        let king = self.king_of(them);
        let (from, to) = (S::bit_of(m.from()), S::bit_of(m.to()));
        let occupied = (self.occupied() & !S::Bits::bit(from)) | S::Bits::bit(to);
        let role = match m.promotion_role() {
            Some(promoted) => promoted,
            None => self.role_at(from).unwrap_or(Role::Pawn),
        };
        let direct = match role {
            Role::Pawn => S::pawn_attacks(self.turn, to),
            _ => piece_attacks::<S>(role, to, occupied),
        };
        if direct.has(king) {
            return true;
        }
        // A discovered check comes from a slider of the mover that stays where it is.
        let ours = self.ours() & !S::Bits::bit(from);
        let straight = self.straight_sliders() & ours;
        let diagonal = self.diagonal_sliders() & ours;
        !(S::rook_attacks(king, occupied) & straight).is_empty()
            || !(S::bishop_attacks(king, occupied) & diagonal).is_empty()
    }

    /// Whether a piece of `role` on bit `from` attacks bit `to` (for a pawn: captures there), ignoring pins.
    pub(crate) fn reaches(&self, role: Role, from: u32, to: u32) -> bool {
        let attacks = match role {
            Role::Pawn => S::pawn_attacks(self.turn, from) & self.theirs(),
            _ => piece_attacks::<S>(role, from, self.occupied()),
        };
        attacks.has(to)
    }

    /// The king's and rook's destination bits when the side `color` castles with the rook on `rook`.
    #[inline(always)]
    pub(crate) fn castling_targets(&self, color: Color, king: u32, rook: u32) -> (u32, u32) {
        let side = if rook > king { CastlingSide::KingSide } else { CastlingSide::QueenSide };
        let back = if color.is_white() { 0 } else { 7 * S::WIDTH };
        (
            back + self.variant.castling_king_file(side).index() as u32,
            back + self.variant.castling_rook_file(side).index() as u32,
        )
    }

    /// Plays a move known to be legal (or at least pseudo-legal and well-formed).
    #[inline]
    pub(crate) fn play_unchecked(&mut self, m: Move) {
        let role = match m.kind() {
            MoveKind::Normal | MoveKind::Promotion(_) => self.role_at(S::bit_of(m.from())).unwrap_or(Role::Pawn),
            _ => Role::Pawn,
        };
        self.play_role_unchecked(m, role);
    }

    /// [`Core::play_unchecked`] where the caller knows the role of the piece that moves (for a move that is neither
    /// castling, en passant nor null; ignored for those): a reader of SAN has it from the move's letter, and
    /// looking it up again among the role sets is a branch no predictor knows the way of.
    #[inline(always)]
    pub(crate) fn play_role_unchecked(&mut self, m: Move, role: Role) {
        let us = self.turn;
        let from = S::bit_of(m.from());
        let to = S::bit_of(m.to());
        self.ep = NO_EP;
        self.halfmoves += 1;
        // The common kinds are told from the rest by one test, not by a jump on the kind.
        let (MoveKind::Normal | MoveKind::Promotion(_)) = m.kind() else {
            self.play_special(m.kind(), from, to);
            return;
        };
        // Most moves capture nothing: one test of the enemy's squares spares looking through every role.
        let captured = if self.by_color[(!us).index()].has(to) { self.role_at(to) } else { None };
        if let Some(captured) = captured {
            self.remove(to, Piece::new(!us, captured));
            self.halfmoves = 0;
        }
        self.remove(from, Piece::new(us, role));
        let placed = m.promotion_role().unwrap_or(role);
        self.put(to, Piece::new(us, placed));
        match role {
            Role::Pawn => {
                self.halfmoves = 0;
                if from.abs_diff(to) == 2 * S::WIDTH {
                    self.ep = ((from + to) / 2) as u8;
                }
            }
            Role::King => self.castling &= !S::rank_mask(if us.is_white() { 0 } else { 7 }),
            _ => {}
        }
        self.castling &= !(S::Bits::bit(from) | S::Bits::bit(to));
        self.pass_turn();
    }

    /// The rest of [`Core::play_role_unchecked`]: castling, en passant and the null move, which are rare.
    #[inline(never)]
    fn play_special(&mut self, kind: MoveKind, from: u32, to: u32) {
        let us = self.turn;
        match kind {
            MoveKind::Castle => {
                let (king_to, rook_to) = self.castling_targets(us, from, to);
                self.remove(from, Piece::new(us, Role::King));
                self.remove(to, Piece::new(us, Role::Rook));
                self.put(king_to, Piece::new(us, Role::King));
                self.put(rook_to, Piece::new(us, Role::Rook));
                self.castling &= !S::rank_mask(if us.is_white() { 0 } else { 7 });
            }
            MoveKind::EnPassant => {
                let captured = if us.is_white() { to - S::WIDTH } else { to + S::WIDTH };
                self.remove(captured, Piece::new(!us, Role::Pawn));
                self.remove(from, Piece::new(us, Role::Pawn));
                self.put(to, Piece::new(us, Role::Pawn));
                self.halfmoves = 0;
            }
            _ => {}
        }
        self.pass_turn();
    }

    /// The turn passes to the other side, and the move number goes on after Black's move.
    #[inline(always)]
    fn pass_turn(&mut self) {
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !self.turn;
    }

    /// The en-passant square as a square.
    pub(crate) fn ep_square(&self) -> Option<Square> {
        (self.ep != NO_EP).then(|| S::square_of(self.ep as u32))
    }
}

/// The squares a piece of `role` other than a pawn on bit `from` attacks, sliders stopped by `occupied`.
#[inline(always)]
pub(crate) fn piece_attacks<S: Shape>(role: Role, from: u32, occupied: S::Bits) -> S::Bits {
    let mut attacks = if role == Role::King { S::king_attacks(from) } else { S::Bits::EMPTY };
    if role.slides_straight() {
        attacks |= S::rook_attacks(from, occupied);
    }
    if role.slides_diagonally() {
        attacks |= S::bishop_attacks(from, occupied);
    }
    if role.leaps_like_knight() {
        attacks |= S::knight_attacks(from);
    }
    attacks
}

/// Bits indexed by `Square::index` (16 per rank) to the shape's bits (`WIDTH` per rank); squares off the shape drop.
#[inline(always)]
fn narrow<S: Shape>(wide: u128) -> S::Bits {
    if wide == 0 {
        return S::Bits::EMPTY;
    }
    if S::WIDTH == 8 {
        // Pack the low byte of each 16-bit lane: lanes pair up into 32, then 64 bits.
        let x = wide & 0x00ff_00ff_00ff_00ff_00ff_00ff_00ff_00ff;
        let x = (x | (x >> 8)) & 0x0000_ffff_0000_ffff_0000_ffff_0000_ffff;
        let x = (x | (x >> 16)) & 0x0000_0000_ffff_ffff_0000_0000_ffff_ffff;
        let x = x | (x >> 32);
        return S::Bits::from_u128(x & u64::MAX as u128);
    }
    let row = (1u128 << S::WIDTH) - 1;
    let mut out = 0u128;
    for rank in 0..8 {
        out |= ((wide >> (16 * rank)) & row) << (S::WIDTH * rank);
    }
    S::Bits::from_u128(out)
}

/// The shape's bits back to bits indexed by `Square::index`.
#[inline(always)]
fn widen<S: Shape>(bits: S::Bits) -> u128 {
    let bits = bits.to_u128();
    if bits == 0 {
        return 0;
    }
    let row = (1u128 << S::WIDTH) - 1;
    let mut out = 0u128;
    for rank in 0..8 {
        out |= ((bits >> (S::WIDTH * rank)) & row) << (16 * rank);
    }
    out
}
