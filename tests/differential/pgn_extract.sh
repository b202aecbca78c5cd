#!/usr/bin/env bash
# The same selections by pgn-extract and `forsyth pgn filter` on the bundled samples (examples/, the PGN files of
# other projects in tests/differential/data/pgn, slices of ../shared/corpus): both must keep the same games, in the
# same order. Each game gets an `Id` tag first, so that kept games are compared by number, not by text (pgn-extract
# rewrites what it keeps; forsyth copies it). Differences that are by design are listed in docs/pgn-extract.md
# and not tested here. Usage: pgn_extract.sh FORSYTH [PGN_EXTRACT]
set -euo pipefail
forsyth=$1
pgn_extract=${2:-$(command -v pgn-extract || echo /usr/games/pgn-extract)}
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$root/target/differential/pgn-extract"
rm -rf "$work" && mkdir -p "$work"

# Numbers the games: an Id tag before the first tag pair of each game.
number() {
  awk 'BEGIN { n = 0; intags = 0 }
       /^\[[A-Za-z0-9_]+ "/ { if (!intags) { n++; print "[Id \"" n "\"]"; intags = 1 } print; next }
       { intags = 0; print }'
}

# The samples: games with tags, in English SAN, of standard chess (pgn-extract reads nothing else), and with a
# result and no null move in the main line (pgn-extract rejects such games, which forsyth reads).
samples=()
for file in "$root"/tests/differential/data/pgn/python-chess/{kasparov-deep-blue-1997,molinari-bordais-1979,nepomniachtchi-liren-game1}.pgn \
            "$root"/tests/differential/data/pgn/pychess/{mate,bilbao,material,50,3fold}.pgn; do
  name=$(basename "$file" .pgn)
  number < "$file" > "$work/$name.pgn"
  samples+=("$work/$name.pgn")
done
zstd -dc "$root"/tests/differential/data/pgn/pychess/world_matches.pgn.zst | number > "$work/world_matches.pgn"
samples+=("$work/world_matches.pgn")
corpus="$root/../shared/corpus"
if [ -d "$corpus" ]; then
  # head stops reading early: zstd's broken pipe is expected.
  set +o pipefail
  # About 300 engine games with many tags, and 20,000 short opening lines (with duplicates among them).
  zstd -dc "$corpus/tcec-standard-sample.pgn.zst" | head -c 12000000 | awk '/^\[Event /{ if (length(buf) > 0) printf "%s", buf; buf = "" } { buf = buf $0 "\n" }' | number > "$work/tcec.pgn"
  zstd -dc "$corpus/openings-books.pgn.zst" | head -n 200000 | awk '/^\[Event /{ if (length(buf) > 0) printf "%s", buf; buf = "" } { buf = buf $0 "\n" }' | number > "$work/openings.pgn"
  samples+=("$work/tcec.pgn" "$work/openings.pgn")
  set -o pipefail
fi

failures=0
checks=0
# compare NAME PGN-EXTRACT-OPTIONS... -- FORSYTH-OPTIONS...: the Ids each keeps, on every sample.
compare() {
  local name=$1
  shift
  local extract_options=()
  while [ "$1" != "--" ]; do extract_options+=("$1"); shift; done
  shift
  for sample in "${samples[@]}"; do
    local base
    base=$(basename "$sample" .pgn)
    rm -f "$work/rest.pgn"
    (cd "$work" && "$pgn_extract" -s --quiet "${extract_options[@]}" "$sample" 2>/dev/null) | grep '^\[Id ' > "$work/$name.$base.extract" || true
    # With -n pgn-extract writes the games that do not match to a file.
    if [ -f "$work/rest.pgn" ]; then grep '^\[Id ' "$work/rest.pgn" > "$work/$name.$base.extract" || true; fi
    "$forsyth" pgn filter "$@" "$sample" 2>/dev/null | grep '^\[Id ' > "$work/$name.$base.forsyth" || true
    checks=$((checks + 1))
    if ! cmp -s "$work/$name.$base.extract" "$work/$name.$base.forsyth"; then
      echo "DIFFERENT $name on $base: pgn-extract kept $(wc -l < "$work/$name.$base.extract"), forsyth $(wc -l < "$work/$name.$base.forsyth")"
      diff "$work/$name.$base.extract" "$work/$name.$base.forsyth" | head -5 || true
      failures=$((failures + 1))
    fi
  done
}

printf 'WhiteElo >= "2700"\n' > "$work/elo.tags"
printf 'Date >= "1990.01.01"\n' > "$work/date.tags"
printf 'Date < "1985.01.01"\n' > "$work/date-before.tags"
printf 'BlackElo < "2600"\n' > "$work/black-elo.tags"

compare player-prefix "-TpKasparov" -- --where 'Player =~ "^Kasparov"'
compare player-engine "-TpStockfish" -- --where 'Player =~ "^Stockfish"'
compare player-substring "--tagsubstr" "-TpCarlsen" -- --player-regex 'Carlsen'
compare white "-TwKarpov" -- --where 'White =~ "^Karpov"'
compare result-white "-Tr1-0" -- --result 1-0
compare result-draw "-Tr1/2-1/2" -- --result 1/2-1/2
compare eco-range "-TeB9" -- --eco B90-B99
compare eco-code "-TeC42" -- --eco C42
compare elo "-t$work/elo.tags" -- --where 'WhiteElo >= 2700'
compare black-elo "-t$work/black-elo.tags" -- --where 'BlackElo < 2600'
compare date "-t$work/date.tags" -- --where 'Date >= 1990.01.01'
compare date-before "-t$work/date-before.tags" -- --where 'Date < 1985.01.01'
# pgn-extract counts the plies of a game set up from a FEN from its move number; forsyth counts plies played.
compare plies "--nosetuptags" "-pl40" "-pu80" -- --plies 40-80 --tag SetUp=
compare plies-min "--nosetuptags" "-pl100" -- --plies 100- --tag SetUp=
compare mate "-M" -- --ends mate
compare stalemate "--stalemate" -- --ends stalemate
compare dedupe "-D" -- --dedupe
# A position reached in the main line (1. d4 Nf6; 1. e4 e5 2. Nf3 Nc6 by any order).
compare position-d4-nf6 "-Tfrnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2" -- --position 'rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2'
compare position-open-game "-Tfr1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3" -- --position 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'
compare underpromotion "--underpromotion" -- --underpromotion
compare fifty "--fifty" -- --fifty
# pgn-extract counts a position after a double pawn step apart even when no en-passant capture is possible
# (docs/pgn-extract.md); games drawn by repetition have no such difference on the samples.
compare repetition-draws "--repetition" "-Tr1/2-1/2" -- --repetition --result 1/2-1/2
compare stop-after "-TpKasparov" "--stopafter" "3" -- --where 'Player =~ "^Kasparov"' --stop-after 3
compare stop-after-wins "-Tr1-0" "--stopafter" "5" -- --result 1-0 --stop-after 5
compare select-only "-Tr1/2-1/2" "--selectonly" "2:4,7,12:13" -- --result 1/2-1/2 --select-only 2:4,7,12:13
compare skip-matching "-TpKasparov" "--skipmatching" "1:3,5" -- --where 'Player =~ "^Kasparov"' --skip-matching 1:3,5
compare not-player "-TpKasparov" "-n$work/rest.pgn" "-o/dev/null" -- --where 'Player =~ "^Kasparov"' --not
echo "pgn-extract differential: $checks comparisons, $failures different"
[ "$failures" -eq 0 ]
