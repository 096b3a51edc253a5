#!/usr/bin/env bash
# What the workbench's intake (decoding and the series store, Intake) costs per line of a capture:
# bytes allocated and CPU per line on one thread, the store flushed every 5 lines as live at 100 Hz
# (app/src/test/java/dev/tickbench/app/bench/IntakeCost.java), for each WHAT (as app/bench/builds.sh
# says: worktree, a git revision) in turn. Deterministic for the bytes; the CPU is indicative.
#
#   app/bench/intake-cost.sh CAPTURE [WHAT…]
#
# A capture of this machine's probe at 100 Hz (format 2, what a live session reads):
#   java -jar remote-probe/target/tickbench-probe.jar record --help
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/app/bench/builds.sh"
CAPTURE=$1
shift
WHATS=("$@")
((${#WHATS[@]})) || WHATS=(worktree)
OUT=$(mktemp -d /tmp/tickbench-intake.XXXXXX)
trap 'rm -rf "$OUT"' EXIT
for what in "${WHATS[@]}"; do
  cp=$(bench_prepare "$what" "$OUT") || exit 1
  key=$(bench_what "$what")
  mkdir -p "$OUT/cls-$key"
  javac -nowarn -d "$OUT/cls-$key" -cp "$cp" "$ROOT/app/src/test/java/dev/tickbench/app/bench/IntakeCost.java"
  # shellcheck disable=SC2046  # the flags are words on purpose
  printf '%-12s ' "$what"
  java -Xmx1g $(bench_flags "$what") -cp "$cp:$OUT/cls-$key" dev.tickbench.app.bench.IntakeCost "$CAPTURE" 5 5
done
