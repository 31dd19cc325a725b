#!/usr/bin/env bash
# Regenerate every sweep behind docs/balance/ (results in docs/balance/results/, reports beside them).
# About 15 minutes on 2 free cores (game counts chosen to fit a shared 2-core machine); each block is also one command you can run alone.
set -euo pipefail
cd "$(dirname "$0")/../.."
R=docs/balance/results
W=${WORKERS:-2}
run() { local name=$1; shift; roses simulate "$@" --workers "$W" --out "$R/$name.parquet";
        roses report "$R/$name.parquet" --out "docs/balance/$name.html";
        roses report "$R/$name.parquet" --out "$R/$name.md"; }
run blades-and-rose-factions blades-and-rose -p players=5..8 -g 500 --seed 1
run blades-and-rose-thresholds blades-and-rose -p players=6 -p death_limit=3..7 -p sacrifice_target=3..7 -g 150 --seed 2
run rose-ceremony rose-ceremony -p players=2..6 -g 300 --seed 3
run rose-ceremony-fewer-thorns rose-ceremony -p players=2..6 -p deck=@docs/balance/rose-ceremony-fewer-thorns-deck.json -g 100 --seed 3
run rare-roses-solo rare-roses -p players=1 -g 200 --seed 4
run rare-roses rare-roses -p players=2..6 -g 40 --seed 5
run roses-and-thorns roses-and-thorns -p players=3..10 -g 60 --seed 6
run roses-and-thorns-variants roses-and-thorns -p players=3..5 -p quick_game=true,false -p own_thorn_choice=true,false -g 60 --seed 7
