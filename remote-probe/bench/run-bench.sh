#!/usr/bin/env bash
# The probe's sampler against the C floor sampler (remote-probe/bench/floor), same machine, same invocation.
# Usage: remote-probe/bench/run-bench.sh [SECONDS] [RATES]     e.g. run-bench.sh 20 10,50,100
# Builds the probe jar and the C floor (remote-probe/bench/floor/floor.c, or FLOOR_SRC), then runs
# `tickbench-probe bench` with the probe's own JVM flags (the ones the packaged launcher uses).
# Needs a C compiler (CC, default gcc). Run it on an otherwise idle machine.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
secs=${1:-20}
rates=${2:-10,50,100}
floor_src=${FLOOR_SRC:-$here/floor/floor.c}
cc=${CC:-gcc}
[[ -f $floor_src ]] || { echo "run-bench: no C floor sampler source at $floor_src" >&2; exit 2; }
command -v "$cc" >/dev/null || { echo "run-bench: no C compiler '$cc' (install build-essential, or set CC)" >&2; exit 2; }
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
"$cc" -O2 -Wall -o "$build/floor" "$floor_src" -lm -pthread
(cd "$root" && mvn -B -q -pl remote-probe -am -DskipTests package)
# the packaged launcher's flags, from the one line that sets them
opts=$(sed -n 's/^PROBE_JAVA_OPTS="\([^"]*\)"$/\1/p' "$root/jpackage/build.sh")
[[ -n $opts ]] || { echo "run-bench: no PROBE_JAVA_OPTS=\"…\" line in jpackage/build.sh" >&2; exit 2; }
# shellcheck disable=SC2086 # the options are words
java $opts \
  -jar "$root/remote-probe/target/tickbench-probe.jar" bench --rates "$rates" --seconds "$secs" --floor-bin "$build/floor"
