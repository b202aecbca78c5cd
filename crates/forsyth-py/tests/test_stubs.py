"""The type stubs name every public function, class and method the native module has, and no other."""

import ast
import pathlib

import forsyth
import forsyth.pgn

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "python" / "forsyth"


def stubbed(name: str) -> dict:
    """Top-level names of a stub, each with the public names defined in its body (methods, attributes)."""
    tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
    names = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            members = set()
            for item in getattr(node, "body", []):
                if isinstance(item, ast.FunctionDef) and not item.name.startswith("__"):
                    members.add(item.name)
                elif isinstance(item, ast.AnnAssign):
                    members.add(item.target.id)
            names[node.name] = members
    return names


def public(obj) -> set:
    return {n for n in dir(obj) if not n.startswith("__")} - set(dir(ValueError)) - {"_repr_svg_"}


def test_package_stub_matches_the_module():
    stub = stubbed("__init__.pyi")
    assert set(stub) == set(forsyth.__all__) - {"pgn"}
    for name in ["Move", "Position"]:
        assert stub[name] - {"_repr_svg_"} == public(getattr(forsyth, name)), name


def test_pgn_stub_matches_the_module():
    stub = stubbed("pgn.pyi")
    assert set(stub) == set(forsyth.pgn.__all__) - {"PgnError"}
    for name in ["Game", "Node", "CheckReport", "PgnWarning"]:
        assert stub[name] == public(getattr(forsyth.pgn, name)), name
