#!/usr/bin/env bash
# A capture's size on disk for N minutes at 100 Hz of this machine, and the workbench's open time
# (first render, whole file) for it and for a generated 1-hour 100 Hz capture of the router fixture.
#
#   app/bench/capture-size-open.sh [MINUTES] [HOUR_FILE]
#
# Records MINUTES (default 5) of this machine at 100 Hz with the probe's `record` (the bytes the
# workbench's ● Record writes: the stream as it arrives), gzip, as the workbench does by default;
# prints its size, the plain size, both per hour, and how long the workbench takes to open it
# (OpenCaptureBench: the real main window, headless Monocle, software rendering). Then the same open
# for the 1-hour capture (generated at HOUR_FILE, default /tmp/tickbench-hour.ndjson, kept for reuse);
# CaptureLoadBench gives the decode alone (no window), line by line beside the parallel pipeline.
# Prints the machine and its load average at the start and the end of each figure. NO_BUILD=1 skips
# the Maven build.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/app/bench/machine.sh"
MINUTES=${1:-5}
HOUR_FILE=${2:-/tmp/tickbench-hour.ndjson}
OUT=$(mktemp -d /tmp/tickbench-capture.XXXXXX)
if [[ ${NO_BUILD:-0} != 1 ]]; then
  (cd "$ROOT" && mvn -B -q -pl app -am -DskipTests package \
     dependency:build-classpath -Dmdep.outputFile=target/bench.cp -Dmdep.includeScope=test)
fi
[[ -f $ROOT/app/target/bench.cp ]] || (cd "$ROOT" && mvn -B -q -pl app -am test-compile dependency:build-classpath \
   -Dmdep.outputFile=target/bench.cp -Dmdep.includeScope=test)
CP="$(cat "$ROOT/app/target/bench.cp"):$ROOT/app/target/classes:$ROOT/app/target/test-classes"

describe_machine
echo "load average at start: $(loadavg)"
java -XX:+UseSerialGC -Xmx64m -jar "$ROOT/remote-probe/target/tickbench-probe.jar" record --rate 100 \
  --duration "${MINUTES}m" --out "$OUT/live.ndjson.gz" >/dev/null
gz=$(stat -c %s "$OUT/live.ndjson.gz")
plain=$(gzip -dc "$OUT/live.ndjson.gz" | wc -c)
samples=$(gzip -dc "$OUT/live.ndjson.gz" | grep -c '^{"type":"sample"' || true)
echo "load average at end of the recording: $(loadavg)"
awk -v gz="$gz" -v plain="$plain" -v m="$MINUTES" -v n="$samples" 'BEGIN {
  printf "capture of %d min at 100 Hz (%d samples): %.1f MB gzip (%.0f MB per hour), %.1f MB plain (%.0f MB per hour), %.0f B per sample plain\n",
    m, n, gz / 1e6, gz / 1e6 * 60 / m, plain / 1e6, plain / 1e6 * 60 / m, plain / n }'

echo "opening it in the workbench (load average $(loadavg)):"
java -Xmx1g -cp "$CP" dev.tickbench.app.bench.OpenCaptureBench 0 "$OUT/live.ndjson.gz" | grep -v '^load average'
echo "load average at end: $(loadavg)"
echo "decoding it without a window, line by line and through CaptureLoader's parallel pipeline:"
java -Xmx1g -cp "$CP" dev.tickbench.app.bench.CaptureLoadBench 0 "$OUT/live.ndjson.gz"
echo "opening a 1-hour 100 Hz capture of the router fixture (load average $(loadavg)):"
java -Xmx1g -cp "$CP" dev.tickbench.app.bench.OpenCaptureBench 3600 "$HOUR_FILE" | grep -v '^load average'
echo "load average at end: $(loadavg)"
rm -rf "$OUT"
