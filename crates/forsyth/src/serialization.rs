//! The `serde` feature: values that have a text form travel as that text — squares (`"e4"`), files, ranks,
//! colours, roles, pieces (`"N"`), variants, moves (UCI, `"e2e4"`), FENs and positions (FEN text) — and errors as
//! their stable code and English message (`{"code": "move.syntax", "message": "…"}`).
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! use forsyth::{Move, Position, Square};
//! let m = Move::new(Square::F1, Square::B5);
//! assert_eq!(serde_json::to_string(&m).unwrap(), "\"f1b5\"");
//! let pos: Position = serde_json::from_str("\"8/8/8/4k3/8/8/8/4K3 w - - 0 1\"").unwrap();
//! assert_eq!(serde_json::to_string(&pos).unwrap(), "\"8/8/8/4k3/8/8/8/4K3 w - - 0 1\"");
//! let err = "x9".parse::<Square>().unwrap_err();
//! assert_eq!(serde_json::to_value(&err).unwrap()["code"], "name.square");
//! # }
//! ```

use serde::de::{self, Deserialize, Deserializer};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::diagram::UnsupportedLanguage;
use crate::notation::MoveError;
use crate::notation::fen::{Fen, FenError, FenPositionError, FenWriteError, UnknownMode};
use crate::notation::letters::LettersError;
use crate::notation::san::San;
use crate::notation::styles::UnknownStyle;
use crate::notation::uci::Uci;
use crate::pgn::{PgnError, StartError};
use crate::{
    Color, File, IllegalMove, Move, ParseNameError, ParseSquareError, Piece, Position, PositionError, Rank, Role,
    Square, UnknownVariant, Variant,
};

/// Serializes as the `Display` text and deserializes through `FromStr`, reporting the parse error's message.
macro_rules! as_text {
    ($($type:ty),* $(,)?) => {$(
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$type, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
                text.parse().map_err(de::Error::custom)
            }
        }
    )*};
}

as_text!(Square, File, Rank, Color, Role, Piece, Variant, Fen, Position, San, Uci);

/// A move as UCI text (castling as king takes rook). A move alone does not say whether it castles or takes en
/// passant, so it is read back through [`Uci`] and a position, not deserialized by itself.
impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Serializes errors as `{"code": …, "message": …}`.
macro_rules! as_code_and_message {
    ($($type:ty => $code:expr),* $(,)?) => {$(
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let code: fn(&$type) -> &'static str = $code;
                let mut error = serializer.serialize_struct(stringify!($type), 2)?;
                error.serialize_field("code", code(self))?;
                error.serialize_field("message", &self.to_string())?;
                error.end()
            }
        }
    )*};
}

as_code_and_message!(
    FenError => |e| e.code,
    FenPositionError => FenPositionError::code,
    FenWriteError => |e| e.code,
    UnknownMode => UnknownMode::code,
    LettersError => |e| e.code,
    MoveError => MoveError::code,
    UnknownStyle => UnknownStyle::code,
    PgnError => |e| e.kind.code(),
    StartError => StartError::code,
    IllegalMove => IllegalMove::code,
    ParseNameError => ParseNameError::code,
    ParseSquareError => ParseSquareError::code,
    PositionError => PositionError::code,
    UnknownVariant => UnknownVariant::code,
    UnsupportedLanguage => UnsupportedLanguage::code,
);
