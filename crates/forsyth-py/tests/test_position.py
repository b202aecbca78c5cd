"""Positions and moves through the Python API: FEN, moves in every notation, outcome, perft, pickling."""

import copy
import pickle

import pytest

import forsyth
from conftest import runs_beside

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def test_start_position_and_fen():
    pos = forsyth.Position()
    assert pos.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert pos.variant == "standard"
    assert pos.turn is True
    assert len(pos.legal_moves) == 20


def test_en_passant_square_modes():
    pos = forsyth.Position()
    pos.push_san("e4")
    assert pos.fen().split()[3] == "-"
    assert pos.fen(ep="always").split()[3] == "e3"
    with pytest.raises(ValueError):
        pos.fen(ep="sometimes")


def test_push_san_in_german_and_san_in_every_style():
    pos = forsyth.Position()
    for text in ["e4", "e5", "Sf3", "Sc6", "Lb5", "a6"]:
        pos.push_san(text, lang="de")
    castle = pos.parse_move("O-O")
    assert castle.uci() == "e1g1"
    assert pos.san(castle) == "O-O"
    assert pos.san(castle, style="fide") == "0-0"
    assert pos.san("Bxc6", style="long") == "Bb5xc6"
    assert pos.san("Bxc6", lang="de", style="problem") == "Lb5:c6"
    assert pos.san("Bxc6", style="figurine") == "♗xc6"
    assert pos.uci("Nc3") == "b1c3"


def test_move_attributes_equality_and_hashing():
    pos = forsyth.Position("8/P7/8/8/8/8/8/k6K w - - 0 1")
    promotion = pos.parse_move("a8=Q")
    assert (promotion.from_square, promotion.to_square, promotion.promotion) == ("a7", "a8", "q")
    assert promotion == forsyth.Move.from_uci("a7a8q")
    assert len({promotion, forsyth.Move.from_uci("a7a8q"), forsyth.Move.from_uci("a7a8r")}) == 2
    assert repr(promotion) == "Move.from_uci('a7a8q')"


def test_chess960_castling_is_king_takes_rook():
    pos = forsyth.Position("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", variant="chess960")
    assert pos.variant == "chess960"
    castle = pos.parse_move("O-O")
    assert castle.uci() == "e1h1"
    assert pos.fen(castling="shredder").split()[2] == "HA"
    pos.push(castle)
    assert pos.fen().startswith("4k3/8/8/8/8/8/8/R4RK1 b")


def test_outcome_and_check():
    pos = forsyth.Position()
    for uci in ["f2f3", "e7e5", "g2g4", "d8h4"]:
        pos.push(forsyth.Move.from_uci(uci))
    assert pos.is_check() and pos.is_checkmate()
    assert pos.outcome() == "0-1"
    assert forsyth.Position().outcome() is None


def test_perft_matches_published_counts():
    # Published perft results (chessprogramming.org, "Perft Results": start position and Kiwipete).
    assert forsyth.Position().perft(4) == 197281
    assert forsyth.Position(KIWIPETE).perft(3) == 97862
    assert forsyth.Position(variant="capablanca").perft(2) == 784


def test_start_positions():
    assert forsyth.Position.from_chess960(518).fen() == forsyth.Position().fen()
    assert forsyth.start_position("chess960", 0).fen().startswith("bbqnnrkr/")
    assert forsyth.start_position("capablanca").fen().startswith("rnabqkbcnr/")
    with pytest.raises(ValueError):
        forsyth.start_position("chess960", 960)
    with pytest.raises(ValueError):
        forsyth.start_position("standard", 3)


def test_problems_have_codes():
    assert forsyth.Position.problems(KIWIPETE) == []
    codes = [code for code, _ in forsyth.Position.problems("8/8/8/8/8/8/8/k6K w K - 0 1")]
    assert codes == ["position.invalid-castling"]
    _, german = forsyth.Position.problems("8/8/8/8/8/8/8/7K w - - 0 1", lang="de")[0]
    assert "König" in german


def test_pickling_and_copying_keep_the_position():
    pos = forsyth.Position()
    pos.push_san("d4")
    for clone in [pickle.loads(pickle.dumps(pos)), copy.copy(pos), copy.deepcopy(pos), pos.copy()]:
        assert clone == pos
        assert clone.fen(ep="always") == pos.fen(ep="always")
    crc = forsyth.start_position("crc", 7)
    assert pickle.loads(pickle.dumps(crc)) == crc
    move = pos.parse_move("d5")
    assert pickle.loads(pickle.dumps(move)) == move


def test_texts_translate_explain_count_svg():
    assert forsyth.translate("1.e4 e5 2.Sf3 Sc6 3.Lb5", "de", "en") == "1.e4 e5 2.Nf3 Nc6 3.Bb5"
    assert forsyth.translate(["e4", "e5", "Nf3"], "en", "fr") == "1.e4 e5 2.Cf3"
    assert forsyth.translate("e4 e5", style="uci") == "1.e2e4 e7e5"
    assert "Weiß" in forsyth.explain("8/8/8/4k3/8/8/8/4K3 w - - 0 1", lang="de")
    assert forsyth.count("[3Brq2/P1ppRp1K/4p2p/6p1/6NP/3P1P1k/1PP1bPrb/3BnQnX]") == (14, 14)
    svg = forsyth.board_svg(KIWIPETE, flip=True, lastmove="e2e4")
    assert str(svg).startswith("<svg") and svg._repr_svg_() == str(svg)
    assert forsyth.Position()._repr_svg_().startswith("<svg")


def test_perft_releases_the_lock_on_python():
    assert runs_beside(lambda: forsyth.Position(KIWIPETE).perft(5)) == 193690690


def test_board_svg_draws_fairy_pieces_and_cylinders():
    import xml.etree.ElementTree as ET

    svg = str(
        forsyth.board_svg(
            "4k3/8/8/8/8/8/4P3/G3K3 w - - 0 1", pieces=["G=grasshopper"], board="vertical-cylinder", lang="de"
        )
    )
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    pieces = [e for e in root.iter(ns + "use") if e.get("class") == "piece"]
    assert sorted(e.get("data-square") for e in pieces) == ["a1", "e1", "e2", "e8"]
    grasshopper = next(e for e in pieces if e.get("data-piece") == "G")
    assert grasshopper.get("href") == "#white-queen" and grasshopper.get("transform").startswith("rotate(180 ")
    legend = [e.text for e in root.iter(ns + "text") if e.get("class") == "legend"]
    assert legend[0].startswith("G = Grashüpfer") and legend[-1].startswith("Brett: senkrechter Zylinder")
    assert len([e for e in root.iter(ns + "line") if e.get("class") == "wrap files"]) == 2
    with pytest.raises(ValueError, match="piece.declaration.king"):
        forsyth.board_svg("4k3/8/8/8/8/8/8/4K3", pieces=["K=camel"])
    with pytest.raises(ValueError):
        forsyth.board_svg("4k3/8/8/8/8/8/8/4K3", board="sphere")
