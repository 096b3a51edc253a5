#!/usr/bin/env bash
# What the triggers and the flight recorder cost (docs/triggers.md): a measurement, not a test.
#  1. The probe's CPU per tick at RATE in three configurations, in one run, interleaved round by round
#     (none, three, ring, none, three, ring, …) because the machine's load moves under the figures:
#       none   `stream --rate RATE`, no trigger
#       three  the same with three triggers armed: a kernel PSI trigger (psi cpu some 150ms in 2s), a
#              derived-series condition (cpu.iowait_pct > 40 for 2s), a kmsg regex (kmsg ~ /oom-kill|…/)
#       ring   `record --trigger` the same three `--dir D --ring 30s`: the triggers and the recorder's ring
#     CPU = utime+stime of /proc/PID/stat (every thread, exited ones included) between the end of the
#     warm-up and MEASURE_S later; per tick = CPU / (RATE × MEASURE_S).
#  2. The ring's memory at RATE with a 30 s ring: `serve --trigger … --dir D --ring 30s`, once the ring
#     spans 30 s, its bytes per second of stream (/triggers: ring_bytes / ring_span_s) and the live heap
#     after a full GC (jcmd GC.run, GC.heap_info), beside the same serve without --dir (no ring).
# Usage: remote-probe/bench/trigger-cost.sh [RATE] [MEASURE_S] [WARMUP_S] [ROUNDS]   (defaults: 100 20 10 4)
# The probe runs with the workbench's SSH launch flags (SshProbeConnection.PROBE_JVM_FLAGS; PROBE_FLAGS
# overrides them) from PROBE_JAR (default remote-probe/target/tickbench-probe.jar: build it first with
# ./mvnw -B -q -pl remote-probe -am -DskipTests package). Run it as root (PSI triggers, /dev/kmsg).
# Needs curl and the JDK's jcmd.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
rate=${1:-100}
measure=${2:-20}
warmup=${3:-10}
rounds=${4:-4}
jar=${PROBE_JAR:-$root/remote-probe/target/tickbench-probe.jar}
conn=$root/app/src/main/java/dev/tickbench/app/connect/SshProbeConnection.java
[[ -f $jar ]] || { echo "trigger-cost: no $jar (./mvnw -B -q -pl remote-probe -am -DskipTests package)" >&2; exit 2; }
command -v curl >/dev/null || { echo "trigger-cost: needs curl" >&2; exit 2; }
JAVA_HOME=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}
if [[ -z ${PROBE_FLAGS+x} ]]; then
  PROBE_FLAGS=$(sed -n '/PROBE_JVM_FLAGS = List.of(/,/);/p' "$conn" | grep -o '"[^"]*"' | tr -d '"' | tr '\n' ' ')
  [[ -n $PROBE_FLAGS ]] || { echo "trigger-cost: PROBE_JVM_FLAGS not found in $conn (set PROBE_FLAGS)" >&2; exit 2; }
fi
work=$(mktemp -d /tmp/tickbench-trigger-cost.XXXXXX)
pid=
cleanup() { [[ -n $pid ]] && kill "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
mkdir "$work/captures"
triggers=(--trigger 'psi cpu some 150ms in 2s' --trigger 'cpu.iowait_pct > 40 for 2s' --trigger 'kmsg ~ /oom-kill|Out of memory/')
hz_clk=$(getconf CLK_TCK)
results=$work/results
: >"$results"

stat_ticks() { sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'; }

# measure NAME ARGS…: the probe with ARGS (stdout to /dev/null, stdin an open pipe) for the warm-up and
# the measured window; appends "NAME us_per_tick load1" to the results and prints it
measure() {
  local name=$1; shift
  # shellcheck disable=SC2086 # the flags are words
  java $PROBE_FLAGS -jar "$jar" "$@" >/dev/null 2>"$work/$name.err" < <(sleep $((warmup + measure + 30))) &
  pid=$!
  sleep "$warmup"
  kill -0 "$pid" 2>/dev/null || { echo "trigger-cost: $name ended early:" >&2; cat "$work/$name.err" >&2; exit 1; }
  local t0 t1 load
  t0=$(stat_ticks "$pid")
  sleep "$measure"
  t1=$(stat_ticks "$pid")
  load=$(cut -d' ' -f1 /proc/loadavg)
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
  awk -v n="$name" -v hz="$rate" -v m="$measure" -v t0="$t0" -v t1="$t1" -v clk="$hz_clk" -v l="$load" \
    'BEGIN { printf "%s %.1f %s\n", n, (t1 - t0) / clk * 1e6 / (hz * m), l }' | tee -a "$results"
}

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) CPUs, $(uname -sr)"
echo "java: $(java -version 2>&1 | head -1); probe flags: $PROBE_FLAGS; rate $rate Hz"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "per run: ${warmup} s warm-up, ${measure} s measured; $rounds rounds of none, three, ring"
echo "what us/tick load1"
for ((r = 1; r <= rounds; r++)); do
  measure none stream --rate "$rate"
  measure three stream --rate "$rate" "${triggers[@]}"
  measure ring record --rate "$rate" "${triggers[@]}" --dir "$work/captures" --ring 30s
done
echo "load average at end of part 1: $(cut -d' ' -f1-3 /proc/loadavg)"
awk '
  function median(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
                                     return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  { n[$1]++; v[$1, n[$1]] = $2 }
  END {
    for (k in n) { m = n[k]; for (i = 1; i <= m; i++) a[i] = v[k, i]; med[k] = median(a, m); lo[k] = a[1]; hi[k] = a[m] }
    for (k in n) printf "%-5s median %.0f us/tick (spread %.0f-%.0f over %d runs)\n", k, med[k], lo[k], hi[k], n[k]
    printf "three triggers / none: %.3fx; three triggers and the ring / none: %.3fx (medians)\n", med["three"] / med["none"], med["ring"] / med["none"]
  }' "$results"

# part 2: the ring's memory
serve_until() { # serve_until NAME SECONDS ARGS…: starts serve, waits SECONDS of samples, prints its pid
  local name=$1 secs=$2; shift 2
  # shellcheck disable=SC2086 # the flags are words
  java $PROBE_FLAGS -jar "$jar" serve --rate "$rate" --http 127.0.0.1:0 "$@" 2>"$work/$name.err" &
  pid=$!
  for _ in $(seq 300); do grep -q 'listening on' "$work/$name.err" 2>/dev/null && break; sleep 0.2; done
  port=$(sed -n 's/.*http listening on [^ ]*:\([0-9]*\).*/\1/p' "$work/$name.err")
  [[ -n $port ]] || { cat "$work/$name.err" >&2; exit 1; }
  sleep "$secs"
}
live_heap_kib() {
  "$JAVA_HOME/bin/jcmd" "$1" GC.run >/dev/null
  "$JAVA_HOME/bin/jcmd" "$1" GC.heap_info | awk '/generation/ {for (i = 1; i < NF; i++) if ($i == "used") {v = $(i + 1); gsub(/[^0-9]/, "", v); sum += v}} END {print sum}'
}
serve_until ring 40 "${triggers[@]}" --dir "$work/captures" --ring 30s
json=$(curl -s "http://127.0.0.1:$port/triggers")
ring_heap=$(live_heap_kib "$pid")
kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
serve_until noring 40 "${triggers[@]}"
noring_heap=$(live_heap_kib "$pid")
kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
echo "$json" | python3 -c '
import json, sys
r = json.load(sys.stdin)["recorder"]
print("ring at %s Hz: %d bytes over %.2f s of samples: %.0f bytes per second of ring (%.0f per sample); array %d bytes"
      % (sys.argv[1], r["ring_bytes"], r["ring_span_s"], r["ring_bytes"] / r["ring_span_s"],
         r["ring_bytes"] / r["ring_span_s"] / int(sys.argv[1]), r["ring_capacity_bytes"]))' "$rate"
echo "live heap after a full GC: serve with a 30 s ring ${ring_heap} KiB, without ${noring_heap} KiB: $(( (ring_heap - noring_heap) )) KiB for the ring"
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
