#!/usr/bin/env bash
# Seekable captures (sampler-core/FORMAT.md, "Seekable captures"; docs/workbench-charts.md, "Long
# captures"): for each length in SECONDS (default 3600 and 86400), a capture of the router fixture at
# 100 Hz with its index, as `convert` writes it (generated once under DIR, default /tmp, and kept:
# the day takes about 12 minutes), then
#   - the index alone (SeekableCaptureBench): its read into an overview of 2 048 bins, the heap it keeps,
#     and any minute's blocks read and their plotted points computed (20 minutes drawn at random);
#   - the workbench (OpenCaptureBench: the real main window, headless Monocle, software rendering): the
#     first frame drawn, and ten zooms to a minute, each to a frame with every sample of it.
# Prints the capture's size and the index's with each. NO_BUILD=1 skips the Maven build.
#
#   app/bench/capture-index-open.sh [SECONDS,...] [DIR]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/app/bench/machine.sh"
LENGTHS=${1:-3600,86400}
DIR=${2:-/tmp}
if [[ ${NO_BUILD:-0} != 1 ]]; then
  (cd "$ROOT" && ./mvnw -B -q -pl app -am -DskipTests -Dapp.installers.skip=true test-compile \
     dependency:build-classpath -Dmdep.outputFile=target/bench.cp -Dmdep.includeScope=test)
fi
# this tree's core first: a class path resolved outside the reactor names the installed core's jars
CP="$ROOT/sampler-core/target/classes:$ROOT/sampler-core/target/test-classes"
CP="$CP:$(cat "$ROOT/app/target/bench.cp"):$ROOT/app/target/classes:$ROOT/app/target/test-classes"
describe_machine
for s in ${LENGTHS//,/ }; do
  file="$DIR/tickbench-router-${s}s.ndjson.gz"
  echo "== ${s} s at 100 Hz: $file (load average $(loadavg))"
  java -Xmx1g -cp "$CP" dev.tickbench.core.capture.SeekableCaptureBench "$s" "$file"
  echo "in the workbench (load average $(loadavg)):"
  java -Xmx1g -cp "$CP" dev.tickbench.app.bench.OpenCaptureBench "$s" "$file" | grep -v '^load average'
  echo "load average at end: $(loadavg)"
done
