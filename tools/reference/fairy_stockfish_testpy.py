"""Fairy-Stockfish's own Python test suite (test.py, the unittest suite of its binding pyffish), as data, for
`crates/forsyth/tests/fairy_stockfish_testpy.rs` to check forsyth against.

The script reads test.py with Python's `ast` module and follows each `test_*` method of its test class as the
interpreter would: the module-level constants (CHESS, CAPA, CHESS960, the dicts `variant_positions` and
`invalid_variant_positions`, ...) are evaluated from their assignments, local assignments, `for` loops (over
`.items()`, `enumerate`, lists, tuples, and set literals in their written order), `with self.subTest(...)` blocks,
`if` tests and calls of the class's own helper methods (`_check_immediate_game_end`, ...) are followed, list
arithmetic (`2 * [...]`, `+`) and `str.split()` are evaluated. Each `sf.NAME(...)` call becomes a record of its
arguments, and each `self.assertX(...)` on it an expectation. pyffish's constants (`sf.VALUE_MATE`, `sf.FEN_OK`,
`sf.NOTATION_LAN`) are kept by name. No pyffish is needed, and none is run: every expected answer is test.py's own.

An expectation is written when forsyth plays its variant (`chess`; `chess` or `fischerandom` with chess960 on, which
is Chess960; `capablanca`; `caparandom`, or `capablanca` with chess960 on, which is CRC; `gothic`; `janus`;
`embassy`) and forsyth has an answer for its call; every other one is counted in the data file's header by reason.
The script stops on a statement or expression it cannot follow.

Usage, from the repository root, with Fairy-Stockfish's repository (a work tree or a bare git directory, such as the
`fetch` of github:fairy-stockfish/Fairy-Stockfish) at PATH:
    python3 tools/reference/fairy_stockfish_testpy.py PATH [--commit REV] [--out PATH]
or with test.py as a file: `python3 tools/reference/fairy_stockfish_testpy.py --test-py FILE --commit SHA`.
"""

import argparse
import ast
import subprocess
from collections import Counter

import data_file
from data_file import wrapped
from fairy_stockfish import PLAYED

OUT = "crates/forsyth/tests/data/fairy-stockfish-testpy.tsv"

# pyffish's calls forsyth answers, with the names of their arguments (pyffish's signatures, pyffish.cpp); the
# variant's argument and the chess960 flag's position among them.
CALLS = {
    "legal_moves": ["variant", "fen", "moves", "chess960"],
    "get_fen": ["variant", "fen", "moves", "chess960", "sfen", "showPromoted", "countStarted"],
    "get_san": ["variant", "fen", "move", "chess960", "notation"],
    "get_san_moves": ["variant", "fen", "moves", "chess960", "notation"],
    "gives_check": ["variant", "fen", "moves", "chess960"],
    "is_capture": ["variant", "fen", "moves", "move", "chess960"],
    "game_result": ["variant", "fen", "moves", "chess960"],
    "is_immediate_game_end": ["variant", "fen", "moves", "chess960"],
    "is_optional_game_end": ["variant", "fen", "moves", "chess960", "countStarted"],
    "has_insufficient_material": ["variant", "fen", "moves", "chess960"],
    "validate_fen": ["fen", "variant", "chess960"],
    "start_fen": ["variant"],
}
# Notations of get_san that forsyth writes: the default (SAN) and long algebraic.
NOTATIONS = {"NOTATION_DEFAULT": "SAN", "NOTATION_SAN": "SAN", "NOTATION_LAN": "LAN"}

# Expectations forsyth does not share, by (line of test.py, FEN), each with the rule that decides it (TESTING.md
# lists them): the row's CALL is marked `!`, and forsyth's test asserts forsyth's own answer there. The script stops
# if one of them is no longer in test.py.
DISAGREEMENTS = {
    (477, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 1 2"):
        "FEN's fields come in a fixed order (PGN standard 16.1.3): the third is castling, so `1` is no castling "
        "right; Fairy-Stockfish fills in missing castling and en-passant fields by its own convention",
    (481, "8/rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"):
        "a castling right needs its king and rook on their squares (FIDE Laws 3.8.2.1, X-FEN); Fairy-Stockfish drops "
        "such rights by its own convention, forsyth refuses the FEN (its repairing read drops them as Fairy-Stockfish "
        "does)",
    (483, "r7/1nbqkbnr/pppppppp/8/8/P6P/RPPPPPPR/1NBQKBN1 w KQkq - 0 1"):
        "the same: castling rights without their rooks",
    (1222, "kb6/8/8/8/8/8/8/K1B6 w - - 0 1"):
        "a rank of a FEN holds exactly eight squares (PGN standard 16.1.3.1); `K1B6` holds nine. Fairy-Stockfish "
        "reads the pieces and ignores the overflow",
    (1222, "kb6/8/8/8/8/8/8/KB7 w - - 0 1"): "the same: `KB7` holds nine squares",
    (1229, "kb6/8/8/8/8/8/8/K1B6 w - - 0 1"): "the same: `K1B6` holds nine squares",
    (1229, "kb6/8/8/8/8/8/8/KB7 w - - 0 1"): "the same: `KB7` holds nine squares",
}

# What is left out, and why (the data file's header says so).
REASONS = {
    "variant": "of a variant forsyth does not play",
    "no-call": "of a call forsyth has no answer for (version, info, variants, set_option, two_boards, "
    "captures_to_hand, piece_to_partner, get_fog_fen: the engine's own facts, bughouse partners, fog of war)",
    "runtime": "inside a loop over `sf.variants()`, a list only the running engine gives (its start positions of "
    "every variant; forsyth's start positions of the variants it plays are checked by other tests)",
}


class Sym:
    """A pyffish constant, kept by name (`-` in front when negated)."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


class Call:
    """A call `sf.FUNC(ARGS...)`, its arguments evaluated; and where in test.py it is."""

    def __init__(self, func, args, line):
        self.func, self.args, self.line = func, args, line


class Derived:
    """Something computed from a call's result that is not the result or an item of it (len(result), ...)."""

    def __init__(self, call):
        self.call = call


class Item:
    """`result[INDEX]` of a call's result."""

    def __init__(self, call, index):
        self.call, self.index = call, index


def call_of(value):
    if isinstance(value, Call):
        return value, None
    if isinstance(value, Item):
        return value.call, value.index
    if isinstance(value, Derived):
        return value.call, "derived"
    return None, None


class Interpreter:
    def __init__(self, module):
        self.globals = {}
        self.methods = {}
        self.found = []  # (method, line, call, index, op, expected)
        self.runtime = 0
        for node in module.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                name = node.targets[0].id
                if name == "ini_text":
                    continue
                self.globals[name] = self.eval(node.value, {})
            elif isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef):
                        self.methods[item.name] = item

    def run(self):
        for name, method in self.methods.items():
            if name.startswith("test_"):
                self.method = name
                self.exec_body(method.body, {})

    def fail(self, node, what):
        raise SystemExit(f"test.py line {node.lineno}: cannot follow {what}: {ast.unparse(node)[:200]}")

    # Statements.
    def exec_body(self, body, env):
        for stmt in body:
            self.exec(stmt, env)

    def exec(self, node, env):
        if isinstance(node, ast.Assign):
            assert len(node.targets) == 1
            self.assign(node.targets[0], self.eval(node.value, env), env)
        elif isinstance(node, ast.Expr):
            if isinstance(node.value, ast.Constant):
                return  # a docstring
            self.statement_call(node.value, env)
        elif isinstance(node, ast.For):
            iterable = self.eval(node.iter, env)
            if isinstance(iterable, Call):  # sf.variants(): only the running engine has the list
                self.runtime += sum(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                                    and n.func.attr.startswith("assert") for n in ast.walk(node))
                return
            for value in iterable:
                self.assign(node.target, value, env)
                self.exec_body(node.body, env)
        elif isinstance(node, ast.With):
            self.exec_body(node.body, env)
        elif isinstance(node, ast.If):
            self.exec_body(node.body if self.eval(node.test, env) else node.orelse, env)
        elif isinstance(node, ast.Pass):
            pass
        else:
            self.fail(node, "the statement")

    def assign(self, target, value, env):
        if isinstance(target, ast.Name):
            env[target.id] = value
        elif isinstance(target, ast.Tuple):
            values = list(value)
            assert len(values) == len(target.elts)
            for t, v in zip(target.elts, values):
                self.assign(t, v, env)
        else:
            self.fail(target, "the assignment")

    def statement_call(self, node, env):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            self.fail(node, "the expression statement")
        owner, attr = node.func.value, node.func.attr
        if isinstance(owner, ast.Name) and owner.id == "self" and attr.startswith("assert"):
            self.assertion(node, attr, env)
        elif isinstance(owner, ast.Name) and owner.id == "self" and attr in self.methods:
            helper = self.methods[attr]
            params = [a.arg for a in helper.args.args][1:]
            defaults = helper.args.defaults
            local = dict(zip(params[len(params) - len(defaults):], (self.eval(d, {}) for d in defaults)))
            for name, arg in zip(params, node.args):
                local[name] = self.eval(arg, env)
            self.exec_body(helper.body, local)
        elif isinstance(owner, ast.Name) and owner.id == "sf":
            self.eval(node, env)  # a call whose result is not looked at (load_variant_config)
        else:
            self.fail(node, "the call")

    def assertion(self, node, kind, env):
        args = [self.eval(a, env) for a in node.args[:2]]
        if kind in ("assertEqual", "assertNotEqual", "assertCountEqual"):
            (call, index), expected = call_of(args[0]), args[1]
            if call is None:
                (call, index), expected = call_of(args[1]), args[0]
            op = {"assertEqual": "=", "assertNotEqual": "!=", "assertCountEqual": "same-set"}[kind]
        elif kind in ("assertTrue", "assertFalse"):
            (call, index), expected, op = call_of(args[0]), kind == "assertTrue", "="
        elif kind in ("assertIn", "assertNotIn"):
            (call, index), expected, op = call_of(args[1]), args[0], "in" if kind == "assertIn" else "not-in"
        elif kind == "assertIsNone":
            (call, index), expected, op = call_of(args[0]), None, "="
        else:
            self.fail(node, "the assertion")
        if call is None:
            self.fail(node, "an assertion on no call of pyffish")
        self.found.append((self.method, node.lineno, call, index, op, expected))

    # Expressions.
    def eval(self, node, env):
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            if node.id in env:
                return env[node.id]
            if node.id in self.globals:
                return self.globals[node.id]
            self.fail(node, "the name")
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            return [self.eval(e, env) for e in node.elts]  # a set in its written order
        if isinstance(node, ast.Dict):
            return {self.eval(k, env): self.eval(v, env) for k, v in zip(node.keys, node.values)}
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            value = self.eval(node.operand, env)
            return Sym("-" + value.name) if isinstance(value, Sym) else -value
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return not self.eval(node.operand, env)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mult)):
            left, right = self.eval(node.left, env), self.eval(node.right, env)
            return left + right if isinstance(node.op, ast.Add) else left * right
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "sf":
            return Sym(node.attr)
        if isinstance(node, ast.Subscript):
            value = self.eval(node.value, env)
            if isinstance(node.slice, ast.Slice):
                lower = self.eval(node.slice.lower, env) if node.slice.lower else None
                upper = self.eval(node.slice.upper, env) if node.slice.upper else None
                return value[lower:upper]
            index = self.eval(node.slice, env)
            return Item(value, index) if isinstance(value, Call) else value[index]
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            left, right = self.eval(node.left, env), self.eval(node.comparators[0], env)
            op = node.ops[0]
            if isinstance(op, ast.IsNot):
                return left is not right
            if isinstance(op, ast.Is):
                return left is right
            if isinstance(op, ast.In) and isinstance(right, Call):
                return Derived(right)
            self.fail(node, "the comparison")
        if isinstance(node, ast.JoinedStr):
            return "<message>"
        if isinstance(node, ast.Call):
            return self.eval_call(node, env)
        self.fail(node, "the expression")

    def eval_call(self, node, env):
        func = node.func
        if node.keywords:
            self.fail(node, "keyword arguments")
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "sf":
            return Call(func.attr, [self.eval(a, env) for a in node.args], node.lineno)
        if isinstance(func, ast.Attribute):
            owner = self.eval(func.value, env)
            args = [self.eval(a, env) for a in node.args]
            if isinstance(owner, Call):
                return Derived(owner)
            if isinstance(owner, dict) and func.attr == "items" and not args:
                return list(owner.items())
            if isinstance(owner, str) and func.attr == "split":
                return owner.split(*args)
            if isinstance(owner, str) and func.attr == "format":
                return "<message>"
            self.fail(node, "the method call")
        if isinstance(func, ast.Name) and func.id in ("len", "enumerate"):
            value = self.eval(node.args[0], env)
            if isinstance(value, Call):
                return Derived(value)
            return len(value) if func.id == "len" else list(enumerate(value))
        self.fail(node, "the call")


def text_of(value):
    """An argument or expected answer as the data file writes it."""
    if value is True or value is False:
        return str(value).lower()
    if isinstance(value, Sym):
        return value.name
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        return " ".join(text_of(v) for v in value) if value else "-"
    raise SystemExit(f"cannot write {value!r}")


def row(call, index, op, expected):
    """The data file's row for an expectation, or the reason it is left out."""
    if call.func not in CALLS:
        return None, "no-call"
    if any(isinstance(a, (Call, Item, Derived)) for a in call.args):
        return None, "variant"  # only seirawan and coregaldrop feed a result back; asserted below
    names = CALLS[call.func]
    assert len(call.args) <= len(names), (call.line, call.func)
    args = dict(zip(names, call.args))
    chess960 = bool(args.get("chess960", False))
    name = PLAYED.get((args["variant"], chess960))
    if name is None:
        return None, "variant"
    assert index != "derived", call.line
    for flag in ("sfen", "showPromoted", "countStarted"):
        assert not args.get(flag), (call.line, flag)
    argument = "-"
    if call.func == "get_san" or call.func == "get_san_moves":
        notation = NOTATIONS[args.get("notation", Sym("NOTATION_DEFAULT")).name]
        argument = notation if call.func == "get_san_moves" else f"{args['move']} {notation}"
    elif call.func == "is_capture":
        argument = args["move"]
    elif call.func in ("is_immediate_game_end", "is_optional_game_end"):
        argument = f"[{index}]"
    else:
        assert index is None, call.line
    if call.func == "has_insufficient_material":
        expected = list(expected)
    fen = args.get("fen", "-")
    moves = args.get("moves", [])
    fields = [call.func, name, "true" if chess960 else "false", fen, text_of(moves), argument, op, text_of(expected)]
    assert all("\t" not in f and f for f in fields), fields
    return fields, None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("repo", nargs="?")
    parser.add_argument("--commit", default="HEAD")
    parser.add_argument("--test-py")
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args()
    if args.test_py:
        source = open(args.test_py, encoding="utf-8").read()
        commit = args.commit
    else:
        git = ["git", "-C", args.repo]
        commit = subprocess.run(git + ["rev-parse", args.commit], check=True, capture_output=True,
                                text=True).stdout.strip()
        source = subprocess.run(git + ["show", f"{commit}:test.py"], check=True, capture_output=True,
                                text=True).stdout
    interpreter = Interpreter(ast.parse(source))
    interpreter.run()

    rows, kept, left_out, other_variants, marked = [], Counter(), Counter(), Counter(), set()
    for method, line, call, index, op, expected in interpreter.found:
        fields, reason = row(call, index, op, expected)
        if fields is None:
            left_out[reason] += 1
            if reason == "variant":
                variant = call.args[1] if call.func == "validate_fen" else call.args[0]
                if isinstance(variant, str):
                    other_variants[variant] += 1
                else:
                    other_variants["?"] += 1
            continue
        kept[call.func] += 1
        if (line, fields[3]) in DISAGREEMENTS:
            fields[0] = "!" + fields[0]
            marked.add((line, fields[3]))
        rows.append([method, str(line)] + fields)
    left_out["runtime"] += interpreter.runtime
    missing = set(DISAGREEMENTS) - marked
    assert not missing, f"disagreements no longer in test.py: {missing}"

    total = len(interpreter.found) + interpreter.runtime
    header = wrapped(
        f"Fairy-Stockfish's Python test suite, as data: the assertions of test.py (the unittest suite of its binding "
        f"pyffish; github.com/fairy-stockfish/Fairy-Stockfish, commit {commit[:8]}; GPL-3.0-or-later, as its "
        f"Copying.txt and source headers say; only the data are copied: FENs, moves, expected answers) on the "
        f"variants forsyth plays, taken out of the Python by tools/reference/fairy_stockfish_testpy.py. Read by "
        f"`fairy_stockfish_testpy::fairy_stockfish_test_py`.") + wrapped(
        "One expectation per line, tab-separated: METHOD (the test method), LINE (of the assertion in test.py), CALL "
        "(pyffish's function), VARIANT (the name forsyth reads as the same rules: Fairy-Stockfish's `chess` with "
        "chess960 on is written fischerandom, its `capablanca` with chess960 on caparandom), CHESS960 (the flag "
        "pyffish was given), FEN (`-` for start_fen), MOVES (played from FEN first, in pyffish's UCI: castling "
        "king to its destination, or king takes rook with chess960; `-` for none), ARG (get_san: the move and the "
        "notation, SAN or LAN; get_san_moves: the notation; is_capture: the move; is_immediate_game_end and "
        "is_optional_game_end: the item of the (ended, value) pair asserted; else `-`), OP (= equal, != not equal, "
        "in / not-in: EXPECTED among / not among the result, same-set: the same moves in any order), EXPECTED "
        "(lists space-separated; has_insufficient_material: White's and Black's; pyffish constants by name: "
        "VALUE_MATE, VALUE_DRAW from the side to move's view, FEN_OK).") + wrapped(
        "CALL marked `!`: test.py's expectation, which forsyth does not share (TESTING.md lists the disagreements, "
        "with the rule that decides each); the test asserts forsyth's own answer there: "
        + "; ".join(f"line {line} {fen}: {rule}" for (line, fen), rule in DISAGREEMENTS.items()) + ".") + wrapped(
        f"Kept: {sum(kept.values())} of the {total} assertions test.py makes when run (an assertion in a loop counted "
        f"once a pass; the one in the loop over sf.variants() once): "
        + ", ".join(f"{f} {n}" for f, n in sorted(kept.items())) + ".") + wrapped(
        f"Left out: {sum(left_out.values())}: "
        + "; ".join(f"{n} {REASONS[r]}" for r, n in sorted(left_out.items())) + ". The other variants: "
        + ", ".join(f"{v} {n}" for v, n in sorted(other_variants.items())) + ".")
    data_file.write(args.out, header, ("\t".join(fields) for fields in rows))
    print(f"{args.out}: {sum(kept.values())} rows ({dict(sorted(kept.items()))}); left out {dict(left_out)}")


if __name__ == "__main__":
    main()
