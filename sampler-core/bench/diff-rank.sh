#!/usr/bin/env bash
# How long ranking every series of two 5-minute 100 Hz ranges takes (docs/diff.md, "Speed").
#
#   sampler-core/bench/diff-rank.sh [CAPTURE] [RUNS]
#
# Without CAPTURE it records 10 minutes of this machine at 100 Hz with the probe's `record` (the capture
# the workbench's ● Record writes, gzip), and also writes a 10-minute 100 Hz capture of the router fixture
# (RouterCapture); with CAPTURE it measures that one (A = its first 300 s, B = the next 300 s). For each:
# DiffBench's median and best of RUNS (default 5) runs of decoding the capture alone, of decoding and
# ranking it in one pass (what `tickbench-probe diff` does), and of ranking its lines already decoded in
# memory (what holding the decoded lines would cost), wall and CPU time. Prints the machine and
# its load average before and after each figure: on a loaded machine compare the CPU times, and the
# ratios within one run. NO_BUILD=1 skips the Maven build; KEEP=1 keeps the recording (its path is printed).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/app/bench/machine.sh"
RUNS=${2:-5}
CP_FILE="$ROOT/sampler-core/target/bench.cp"
if [[ ${NO_BUILD:-0} != 1 ]]; then
  (cd "$ROOT" && ./mvnw -B -q -pl sampler-core,remote-probe -am -DskipTests package \
     && ./mvnw -B -q -pl sampler-core dependency:build-classpath -Dmdep.outputFile=target/bench.cp -Dmdep.includeScope=test)
fi
CP="$(cat "$CP_FILE"):$ROOT/sampler-core/target/classes:$ROOT/sampler-core/target/test-classes"

bench() {
  echo "load average at start: $(loadavg)"
  java -Xmx4g -cp "$CP" dev.tickbench.core.diff.DiffBench "$1" 0 299.999 300 599.999 "$RUNS"
  echo "load average at end: $(loadavg)"
}

describe_machine
if [[ $# -ge 1 ]]; then
  bench "$1"
  exit 0
fi
OUT=$(mktemp -d /tmp/tickbench-diff-bench.XXXXXX)
[[ ${KEEP:-0} == 1 ]] || trap 'rm -rf "$OUT"' EXIT
echo "recording 10 minutes of this machine at 100 Hz (load average $(loadavg)) to $OUT/live.ndjson.gz"
java -XX:+UseSerialGC -Xmx64m -jar "$ROOT/remote-probe/target/tickbench-probe.jar" record --rate 100 \
  --duration 10m --out "$OUT/live.ndjson.gz" >/dev/null
echo "this machine:"
bench "$OUT/live.ndjson.gz"
echo "the router fixture:"
bench "router:600:$OUT/router.ndjson.gz"
