"""The Fairy-Stockfish binary (Debian package fairy-stockfish) driven over UCI, for the reference-data scripts
beside this file: one engine process, its variant and Chess960 mode set only when they change."""

import subprocess

BINARY = "/usr/games/fairy-stockfish"

# Fairy-Stockfish's names of the variants forsyth plays, by UCI_Chess960 (or pyffish's chess960 argument), and the
# name the data files write: one that forsyth's `Variant::from_name` reads as the same rules (Fairy-Stockfish's
# `chess` with Chess960 on is Chess960, its `capablanca` with it on is CRC).
PLAYED = {
    ("chess", False): "chess",
    ("normal", False): "chess",
    ("chess", True): "fischerandom",
    ("normal", True): "fischerandom",
    ("fischerandom", False): "fischerandom",
    ("fischerandom", True): "fischerandom",
    ("capablanca", False): "capablanca",
    ("capablanca", True): "caparandom",
    ("caparandom", False): "caparandom",
    ("caparandom", True): "caparandom",
    ("gothic", False): "gothic",
    ("janus", False): "janus",
    ("embassy", False): "embassy",
}


class FairyStockfish:
    def __init__(self, path=BINARY):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.version = None
        for line in self.wait("uciok"):
            if line.startswith("id name "):
                self.version = line[len("id name "):]
        self.options = None

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        """The lines up to and including the first that starts with prefix."""
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish exited")
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def configure(self, variant, chess960):
        """Sets UCI_Variant and UCI_Chess960 unless they are already so; returns the engine."""
        if self.options != (variant, chess960):
            self.send(f"setoption name UCI_Variant value {variant}")
            self.send(f"setoption name UCI_Chess960 value {'true' if chess960 else 'false'}")
            self.send("isready")
            self.wait("readyok")
            self.options = (variant, chess960)
        return self

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        return int(self.wait("Nodes searched")[-1].split(":")[1])

    def legal(self, fen):
        """The legal moves of fen in UCI."""
        self.send(f"position fen {fen}")
        self.send("go perft 1")
        return [line.split(":")[0] for line in self.wait("Nodes searched")[:-1] if line.endswith(": 1")]

    def after(self, fen, move):
        """(FEN as this binary writes it, side to move in check) after move."""
        self.send(f"position fen {fen} moves {move}")
        self.send("d")
        out = None
        for line in self.wait("Checkers"):
            if line.startswith("Fen: "):
                out = line[5:]
        return out, line.strip() != "Checkers:"

    def fen(self, fen):
        """The FEN as this binary writes it back."""
        self.send(f"position fen {fen}")
        self.send("d")
        for line in self.wait("Checkers"):
            if line.startswith("Fen: "):
                return line[5:]
        raise RuntimeError("no Fen line")

    def close(self):
        self.send("quit")
        self.p.wait()
