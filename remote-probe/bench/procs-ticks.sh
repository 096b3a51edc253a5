#!/usr/bin/env bash
# Does reading the process table make the sampler's ticks late? Two `stream`s side by side, one with the
# tables and one with `--top 0`, beside EXTRA sleeping processes; prints, for each, the time between its
# samples (`dt_ns`: median, 95th and 99th percentile, most) and its gzipped bytes per sample
# (docs/cadence.md, "Spread reads").
#
#   remote-probe/bench/procs-ticks.sh [EXTRA] [RATE] [SECONDS]      e.g. procs-ticks.sh 4930 10 25
#
# The sleeping processes are children of one shell, ended on exit by their ids. Needs java 17+, python3.
# PROBE_JAR picks another build (A against B). No figure here is a test.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
extra=${1:-4930}
rate=${2:-10}
secs=${3:-25}
jar=${PROBE_JAR:-$root/remote-probe/target/tickbench-probe.jar}
[[ -f $jar ]] || (cd "$root" && ./mvnw -B -q -pl remote-probe -am -DskipTests package)
work=$(mktemp -d)
sleepers=
cleanup() {
  if [[ -n $sleepers ]]; then
    pkill -P "$sleepers" sleep 2>/dev/null || true
    kill "$sleepers" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
sh -c "i=0; while [ \$i -lt $extra ]; do sleep 100000 & i=\$((i+1)); done; wait" &
sleepers=$!
for _ in $(seq 600); do
  (($(pgrep -c -P "$sleepers" sleep || true) >= extra)) && break
  sleep 0.2
done
echo "processes: $(find /proc -maxdepth 1 -name '[0-9]*' | wc -l); load average $(cut -d' ' -f1-3 /proc/loadavg); rate $rate Hz, $secs s"
(sleep "$secs" | java -Xmx64m -XX:+UseSerialGC -jar "$jar" stream --rate "$rate" >"$work/tables.ndjson") &
a=$!
(sleep "$secs" | java -Xmx64m -XX:+UseSerialGC -jar "$jar" stream --rate "$rate" --top 0 >"$work/top0.ndjson") &
b=$!
wait "$a" "$b"
python3 - "$work" <<'PY'
import gzip, json, sys
for name in ("tables", "top0"):
    data = open(f"{sys.argv[1]}/{name}.ndjson", "rb").read()
    dts = sorted(json.loads(l)["dt_ns"] / 1e6 for l in data.splitlines() if l.startswith(b'{"type":"sample"'))
    n = len(dts)
    print("%-7s %5d samples  dt ms: median %.1f  p95 %.1f  p99 %.1f  most %.1f (the first sample follows the"
          " baseline read)  gzip %.1f B/sample" % (name, n, dts[n // 2], dts[int(n * .95)], dts[int(n * .99)],
                                                   dts[-1], len(gzip.compress(data, 6)) / n))
PY
