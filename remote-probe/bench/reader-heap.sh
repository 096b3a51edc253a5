#!/usr/bin/env bash
# A capture reader's memory at the packaged launcher's flags: a measurement, not a test.
# Runs the probe (serial GC, -Xmx32m, exit on OutOfMemoryError, as jpackage/ packages it) with ARGS
# and prints its exit status, wall time, peak RSS, the number of full GCs and the largest live heap
# after one (from -Xlog:gc). With no ARGS, first writes the crafted captures of SECURITY.md's reader
# rows into DIR (bench/crafted-captures.py: the issue's long names, 30 000 series x 50 lines, and a
# capture at every reader limit in three layouts) and runs csv on each.
# Usage: remote-probe/bench/reader-heap.sh [-j JAR] DIR [ARGS...]
#   JAR defaults to remote-probe/target/tickbench-probe.jar (mvn -B -q -pl remote-probe -am package -DskipTests)
# Needs: java, python3, /usr/bin/time.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
JAR=$ROOT/remote-probe/target/tickbench-probe.jar
if [[ ${1:-} == -j ]]; then JAR=$2; shift 2; fi
dir=${1:?usage: reader-heap.sh [-j JAR] DIR [ARGS...]}
shift
[[ -f $JAR ]] || { echo "reader-heap.sh: no $JAR" >&2; exit 1; }
FLAGS=(-XX:+UseSerialGC -Xms8m -Xmx32m -XX:TieredStopAtLevel=1 -XX:-UsePerfData -XX:+ExitOnOutOfMemoryError)

run() { # run LABEL ARGS...
    local label=$1 rc=0
    shift
    /usr/bin/time -o "$dir/$label.time" -f '%e s, RSS %M KB' java "${FLAGS[@]}" -Xlog:gc:file="$dir/$label.gc" \
        -jar "$JAR" "$@" > "$dir/$label.out" 2> "$dir/$label.err" || rc=$?
    local live
    live=$(grep 'Pause Full' "$dir/$label.gc" | sed -E 's/.*->([0-9]+)M\(.*/\1/' | sort -n | tail -1 || true)
    echo "$label: exit $rc, $(tail -1 "$dir/$label.time"), full GCs $(grep -c 'Pause Full' "$dir/$label.gc" || true)," \
        "live after a full GC at most ${live:-n/a} MB; $(tail -1 "$dir/$label.out") $(head -c 300 "$dir/$label.err")"
}

mkdir -p "$dir"
if (($# > 0)); then
    run probe "$@"
    exit 0
fi
python3 "$ROOT/remote-probe/bench/crafted-captures.py" "$dir"
for f in long80 s30k cpuidle thermal cgroup; do
    run "csv-$f" csv "$dir/$f.ndjson.gz" --out "$dir/$f.csv"
done
