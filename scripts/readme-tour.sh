#!/usr/bin/env bash
# Regenerates the README's tour of every command from real output, so that the README stays truthful.
#
#   bash scripts/readme-tour.sh           print the tour (Markdown)
#   bash scripts/readme-tour.sh --write   replace the README's tour (between the tour markers) and docs/diagram.svg
#   bash scripts/readme-tour.sh --check   exit 1 if the README's tour differs from the real output
#
# Every command `forsyth --help` lists must appear in the tour; the script fails and names any that does not.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build -q -p forsyth-chess-cli
BIN="$PWD/target/debug/forsyth"
forsyth() { "$BIN" "$@"; }

# One tour step per line: a Markdown heading (### ...) or a command line to run and show with its output.
TOUR=$(cat <<'EOF'
### explain: a FEN in words (the FEN standard's example after 1.e4 e5, in German and English)
forsyth explain --lang de 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2'
forsyth explain 'rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11'
forsyth explain --json '4k3/8/8/8/8/8/4P3/4K3 w - - 5 39' | cut -c1-300
### board: diagrams in text, Unicode and SVG
forsyth board --lastmove h5f7 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4'
forsyth board --unicode --flip 'rnabqkbc1r/pppp1ppppp/7n2/4p2C2/4P5/10/PPPP1PPPPP/RNABQKB1NR b KQkq - 3 3'
forsyth board --svg docs/diagram.svg --lastmove h5f7 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4' && echo 'wrote docs/diagram.svg'
### count: the piece count under problem diagrams (German problem-chess conventions; X is an unknown piece)
forsyth count '[3Brq2/P1ppRp1K/4p2p/6p1/6NP/3P1P1k/1PP1bPrb/3BnQnX]'
forsyth count --json 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2'
forsyth count --marked e4,d5 --invisible 1 '4k3/8/8/8/8/8/8/4K3'
### moves: every legal move of each FEN
forsyth moves < examples/positions.fen
### play: play moves, get the FEN; illegal moves are explained
forsyth play e2e4 e7e5 g1f3
forsyth play e2e4 e7e5 e1g1
### perft: count the move tree
forsyth perft 4
forsyth perft --variant capablanca 3
### start and chess960: shuffle-variant start positions by number
forsyth start 518
forsyth start --variant crc 2000
forsyth chess960 --number 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1'
### fen: check and convert the FEN family
forsyth fen check 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1' '[3Brq2/P1ppRp1K/4p2p/6p1/6NP/3P1P1k/1PP1bPrb/3BnQnR]'
forsyth fen convert --castling shredder 'rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11'
### pgn: check, convert, filter and export games (the FIDE Laws' sample game, scored in German)
forsyth pgn check --input-lang de examples/fide-sample-game-de.pgn
forsyth pgn check --json --input-lang de examples/fide-sample-game-de.pgn
forsyth pgn convert --input-lang de examples/fide-sample-game-de.pgn
forsyth pgn convert --input-lang de --notation problem --lang de examples/fide-sample-game-de.pgn
forsyth pgn filter --help | head -1
forsyth pgn export --overwrite --to target/tour-tables examples/chess960-xfen-game.pgn | cut -d: -f1
### pgn toolbox and eco: select, deduplicate, unfold and name games, as pgn-extract does (docs/pgn-extract.md)
forsyth pgn filter --where 'White ~ "deep blue" and Result = 1-0' --plies 60- tests/differential/data/pgn/python-chess/kasparov-deep-blue-1997.pgn | grep -E '^\[(White|Black|Result) '
forsyth pgn filter --where 'Date = 1997' tests/differential/data/pgn/python-chess/kasparov-deep-blue-1997.pgn | grep -c '^\[Date "1997.??.??"'
forsyth pgn filter --where 'Date >= 1997.05.01' tests/differential/data/pgn/python-chess/kasparov-deep-blue-1997.pgn | grep -c '^\[Event'
forsyth pgn filter --where 'WhiteElo >' tests/differential/data/pgn/python-chess/kasparov-deep-blue-1997.pgn
forsyth pgn positions --epd --numbered examples/chess960-xfen-game.pgn | head -3
forsyth pgn convert --add-eco --fix-tags PlyCount,Result tests/differential/data/pgn/python-chess/molinari-bordais-1979.pgn
forsyth eco 1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6
forsyth eco --all c4 e6 Nc3 d5 d4
### translate: moves from one notation and language into another
forsyth translate --input-lang de --lang en '1.e4 e5 2.Sf3 Sf6 3.d4 exd4 4.e5 Se4 5.Dxd4 d5 6.exd6 e.p. Sxd6'
forsyth translate --notation problem --lang de e2e4 c7c5 g1f3
### completions: shell completion scripts
forsyth completions bash > /dev/null && echo "bash completion script printed"
### retract and retro: which moves led here, can this position happen, who is this piece (retro analysis; Chess960 and 10×8 in docs/retro.md)
forsyth retract --lang de 'rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1'
forsyth retract --json '3Qk3/8/8/8/8/8/8/4K3 b - - 0 1' | cut -c1-240
forsyth retract 'rk5r/8/8/8/8/8/8/5RK1 b ha - 0 1' | grep 0-0
forsyth retract --variant janus 'r3k4r/10/10/10/10/10/10/1KR7 b skq - 0 1' | grep 0-0
forsyth retro analyse --variant capablanca '4k5/10/10/10/10/10/1P1P6/2B1K5 w - - 0 1'
forsyth retro analyse 'rnbqkbn1/pppppppp/8/2P5/2P5/2P5/8/4K3 w - - 0 1'
forsyth retro analyse --json --lang de '4k3/8/8/8/8/8/1P6/B3K3 w - - 0 1'
forsyth retro who --lang de '4k3/8/8/8/8/8/3PPPPP/3QK3 w - - 0 1' d1
forsyth retro who '4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1' '[Nb1]'
### pattern and problem: the composers' notation, Popeye input and YACPDB entries (German problem-chess conventions)
forsyth pattern --input-lang de --lang en 'Bh2:Lg~g6:h7-h8=T'
forsyth pattern --input-lang de --fen 'k7/7p/8/8/8/6b1/7P/K7 w - - 0 1' --max-plies 11 --limit 2 'Bh2:Lg~g6:h7-h8=T'
forsyth pattern --input-lang de --game examples/fide-sample-game-de.pgn 'Be5:d6 e.p. & [Sg8]~d6'
forsyth pattern --input-lang de --fen '4k3/8/8/8/8/8/8/4K3 w - - 0 1' 'Ke1-e3'
forsyth problem board examples/problem.inp
forsyth problem convert --lang de examples/problem.inp
forsyth problem convert --yacpdb examples/problem.inp
### solve: does a problem work? Its key, threats and variations, tries, every help-play solution, and a verdict (docs/problem-chess.md)
forsyth problem solve examples/mate-in-three.inp
forsyth solve --stipulation 'h#2' --max-solutions 3 --lang de '7k/p7/5K2/8/8/8/8/6R1 b - - 0 1'
forsyth solve --stipulation '#2' --try --json 'k7/p7/1K6/3N4/8/8/2P5/5Q2 w - - 0 1' | cut -c1-300
### serve: the web page (see "Web page" below)
forsyth serve --help | head -1
EOF
)

render() {
  local shown_svg=0
  while IFS= read -r step; do
    if [[ $step == '### '* ]]; then
      printf '\n%s\n\n' "$step"
      continue
    fi
    local out status=0
    out=$(eval "$step" 2>&1) || status=$?
    printf '```console\n$ %s\n%s\n' "$step" "$out"
    if [[ $status -ne 0 ]]; then
      printf '[exit status %d]\n' "$status"
    fi
    printf '```\n'
    if [[ $step == *'--svg docs/diagram.svg'* && $shown_svg -eq 0 ]]; then
      printf '\n![The SVG diagram written above](docs/diagram.svg)\n'
      shown_svg=1
    fi
  done <<< "$TOUR"
}

# Every command must have a step.
missing=0
for command in $(forsyth --help | awk '/^Commands:/{on=1; next} /^$/{on=0} on {print $1}'); do
  [[ $command == help ]] && continue
  if ! grep -q "^forsyth $command\b" <<< "$TOUR"; then
    echo "readme-tour: the tour has no step for 'forsyth $command'; add one to scripts/readme-tour.sh" >&2
    missing=1
  fi
done
[[ $missing -eq 0 ]] || exit 1

mkdir -p docs
tour=$(render)
begin='<!-- tour:begin (generated by scripts/readme-tour.sh --write; do not edit by hand) -->'
end='<!-- tour:end -->'
case "${1:-}" in
  --write)
    # The tour goes through the environment: awk -v would interpret its backslashes.
    TOUR_TEXT="$tour" awk -v begin="$begin" -v end="$end" '
      index($0, "<!-- tour:begin") == 1 { print begin; print ENVIRON["TOUR_TEXT"]; skip = 1; next }
      index($0, end) == 1 { skip = 0 }
      !skip { print }' README.md > README.md.new
    mv README.md.new README.md
    ;;
  --check)
    current=$(awk 'index($0, "<!-- tour:begin") == 1 { on = 1; next } index($0, "<!-- tour:end") == 1 { on = 0 } on' README.md)
    if [[ "$current" != "$tour" ]]; then
      echo "readme-tour: README.md's tour is stale; run: bash scripts/readme-tour.sh --write" >&2
      exit 1
    fi
    ;;
  *) printf '%s\n' "$tour" ;;
esac
