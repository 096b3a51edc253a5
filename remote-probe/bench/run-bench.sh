#!/usr/bin/env bash
# The probe's sampler against the C floor sampler (shared/bench/floor), same machine, same invocation.
# Usage: remote-probe/bench/run-bench.sh [SECONDS] [RATES]     e.g. run-bench.sh 20 10,50,100
# Builds the probe jar and the C floor, then runs `tickbench-probe bench` with the probe's own JVM
# flags (the ones the packaged launcher uses). Run it on an otherwise idle machine.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-20}
rates=${2:-10,50,100}
floor_src=${FLOOR_SRC:-$root/../shared/bench/floor/floor.c}
[[ -f $floor_src ]] || { echo "run-bench: no C floor sampler at $floor_src (set FLOOR_SRC)" >&2; exit 2; }
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
gcc -O2 -Wall -o "$build/floor" "$floor_src" -lm
(cd "$root" && mvn -B -q -pl remote-probe -am -DskipTests package)
exec java -XX:+UseSerialGC -Xms8m -Xmx32m -XX:-UsePerfData \
  -jar "$root/remote-probe/target/tickbench-probe.jar" bench --rates "$rates" --seconds "$secs" --floor-bin "$build/floor"
