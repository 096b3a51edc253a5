#!/usr/bin/env bash
# What the process and cgroup tables (docs/who.md) cost the machine, beside the tools that answer the same
# question once a second: `pidstat -u -r -d 1` and `atop 1`, all side by side in the same window, with the
# processes the machine has and with EXTRA more sleeping ones.
# Usage: remote-probe/bench/procs-cost.sh [MEASURE_S] [EXTRAS] [ROUNDS] [WARMUP_S]
#        e.g. procs-cost.sh 30 0,500 2 8            (the defaults)
# Per round and per EXTRAS count it starts, side by side (stdout to a file or /dev/null):
#   probe       java FLAGS -jar tickbench-probe.jar stream --rate RATE          (the tables at 1 Hz)
#   probe_off   the same with --top 0                                            (the tables off)
#   pidstat     pidstat -u -r -d 1
#   atop        atop 1
# and reads each one's CPU (utime+stime of /proc/PID/stat, every thread, in clock ticks) after WARMUP_S
# and MEASURE_S later: ms of CPU per second of wall time. The tables' own figure is the probe's self line
# (FORMAT.md "self"): the sampler thread's CPU per tick spent reading, parsing and encoding `procs` and
# `cgroups`, mean over the last 10 s, times the rate; and `probe - probe_off`, the whole process's
# difference (JIT and GC included, and noisier); and what the tables add to the stream's bytes (the two
# probes' streams of the same seconds, plain and gzipped, per sample). RATE is the probe's default, 10 Hz (RATE=…);
# PROBE_FLAGS are the workbench's SSH launch flags (SshProbeConnection.PROBE_JVM_FLAGS). The extra
# processes are `sleep` children of one shell, started before and killed after each count. Run as root
# (pidstat and atop read every process's io then, as the probe does). No figure here is a test: quote the
# load average printed beside it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
measure=${1:-30}
extras=${2:-0,500}
rounds=${3:-2}
warmup=${4:-8}
rate=${RATE:-10}
jar=${PROBE_JAR:-$root/remote-probe/target/tickbench-probe.jar}
conn=$root/app/src/main/java/dev/tickbench/app/connect/SshProbeConnection.java
for tool in pidstat atop; do
  command -v "$tool" >/dev/null || { echo "procs-cost: $tool is not installed (apt-get install sysstat atop)" >&2; exit 2; }
done
if [[ -z ${PROBE_FLAGS+x} ]]; then
  PROBE_FLAGS=$(sed -n '/PROBE_JVM_FLAGS = List.of(/,/);/p' "$conn" | grep -o '"[^"]*"' | tr -d '"' | tr '\n' ' ')
  [[ -n $PROBE_FLAGS ]] || { echo "procs-cost: PROBE_JVM_FLAGS not found in $conn (set PROBE_FLAGS)" >&2; exit 2; }
fi
[[ -f $jar ]] || (cd "$root" && ./mvnw -B -q -pl remote-probe -am -DskipTests package)
build=$(mktemp -d)
pids=()
sleepers=
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  [[ -n $sleepers ]] && stop_sleepers
  rm -rf "$build"
}
trap cleanup EXIT
hz_clk=$(getconf CLK_TCK)
results=$build/results
: >"$results"
# shellcheck source=cpu-per-tick.sh
source "$here/cpu-per-tick.sh"

processes() { find /proc -maxdepth 1 -name '[0-9]*' | wc -l; }

# EXTRA sleeping children of one shell (its pid in $sleepers), waited for until they are all there
start_sleepers() {
  local n=$1
  sleepers=
  ((n > 0)) || return 0
  sh -c "i=0; while [ \$i -lt $n ]; do sleep 100000 & i=\$((i+1)); done; wait" &
  sleepers=$!
  local tries=0
  until (($(pgrep -c -P "$sleepers" sleep || true) >= n)); do
    ((++tries < 600)) || { echo "procs-cost: $n sleepers did not start" >&2; exit 1; }
    sleep 0.1
  done
}

stop_sleepers() {
  [[ -n $sleepers ]] || return 0
  local children id tries=0
  children=$(pgrep -P "$sleepers" || true) # the shell's own children, by their ids
  # shellcheck disable=SC2086 # the ids are words
  [[ -z $children ]] || kill $children 2>/dev/null || true
  for id in $children; do # reaped by their shell (its wait) before the next count starts
    while [[ -e /proc/$id ]] && ((tries++ < 600)); do sleep 0.1; done
  done
  kill "$sleepers" 2>/dev/null || true
  wait "$sleepers" 2>/dev/null || true
  sleepers=
}

# the mean of the procs and cgroups sources' CPU per tick in the last self line that carries them (ns)
self_ns() {
  grep '"type":"self"' "$1" | grep '"source_ns_per_tick"' | tail -1 \
    | sed -n "s/.*\"$2\":\([0-9]*\).*/\1/p"
}

# one round with EXTRA more processes: the four side by side over the same window
round() {
  local extra=$1 name
  local -A pid=()
  local names=(probe probe_off pidstat atop)
  local life=$((warmup + measure + 30))
  start_sleepers "$extra"
  local procs
  procs=$(processes)
  # shellcheck disable=SC2086 # the flags are words
  java $PROBE_FLAGS -jar "$jar" stream --rate "$rate" >"$build/on.ndjson" 2>"$build/probe.err" < <(sleep "$life") &
  pid[probe]=$!
  # shellcheck disable=SC2086
  java $PROBE_FLAGS -jar "$jar" stream --rate "$rate" --top 0 >"$build/off.ndjson" 2>"$build/probe_off.err" < <(sleep "$life") &
  pid[probe_off]=$!
  pidstat -u -r -d 1 >/dev/null 2>"$build/pidstat.err" </dev/null &
  pid[pidstat]=$!
  atop 1 >/dev/null 2>"$build/atop.err" </dev/null &
  pid[atop]=$!
  pids=("${pid[@]}")
  sleep "$warmup"
  local -A t0=()
  for name in "${names[@]}"; do
    kill -0 "${pid[$name]}" 2>/dev/null || { echo "procs-cost: $name ended early:" >&2; cat "$build/$name.err" >&2; exit 1; }
    t0[$name]=$(stat_ticks "${pid[$name]}")
  done
  sleep "$measure"
  local load
  load=$(cut -d' ' -f1 /proc/loadavg)
  local -A ms=()
  for name in "${names[@]}"; do
    local t1
    t1=$(stat_ticks "${pid[$name]}")
    ms[$name]=$(awk -v t0="${t0[$name]}" -v t1="$t1" -v clk="$hz_clk" -v m="$measure" 'BEGIN { printf "%.2f", (t1 - t0) / clk * 1000 / m }')
  done
  local p_ns c_ns
  p_ns=$(self_ns "$build/on.ndjson" procs)
  c_ns=$(self_ns "$build/on.ndjson" cgroups)
  for name in "${names[@]}"; do kill "${pid[$name]}" 2>/dev/null || true; done
  for name in "${names[@]}"; do wait "${pid[$name]}" 2>/dev/null || true; done
  pids=()
  stop_sleepers
  local tables bytes
  tables=$(awk -v p="${p_ns:-0}" -v c="${c_ns:-0}" -v r="$rate" 'BEGIN { printf "%.2f %.2f", p * r / 1e6, c * r / 1e6 }')
  # the two streams ran the same seconds: what the tables add to a capture, plain and gzipped, per sample
  # (a probe whose tables make it miss ticks writes fewer samples in those seconds, not smaller ones)
  bytes=$(awk -v a="$(wc -c <"$build/on.ndjson")" -v b="$(wc -c <"$build/off.ndjson")" \
    -v ga="$(gzip -c "$build/on.ndjson" | wc -c)" -v gb="$(gzip -c "$build/off.ndjson" | wc -c)" \
    -v na="$(grep -c '^{"type":"sample"' "$build/on.ndjson")" -v nb="$(grep -c '^{"type":"sample"' "$build/off.ndjson")" \
    'BEGIN { na = na ? na : 1; nb = nb ? nb : 1; printf "%.3f %.3f", (a / na) / (b / nb), (ga / na) / (gb / nb) }')
  local line="$extra $procs ${ms[probe]} ${ms[probe_off]} $tables ${ms[pidstat]} ${ms[atop]} $bytes $load"
  echo "$line" >>"$results"
  # shellcheck disable=SC2086 # the fields are words
  printf '%6s %6s %9s %10s %10s %12s %9s %9s %11s %10s %6s\n' $line
}

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) CPUs, $(uname -sr)"
echo "java: $(java -version 2>&1 | head -1); probe flags: $PROBE_FLAGS; rate $rate Hz, tables at 1 Hz"
echo "tools: $(pidstat -V 2>&1 | head -1), atop $(atop -V 2>&1 | sed -n 's/^Version: \([^ ]*\).*/\1/p')"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "per round: ${warmup} s warm-up, ${measure} s measured, all four side by side; rounds: $rounds"
echo "CPU in ms per second of wall time (1000 = one CPU); procs/cgroups: the probe's self line"
echo "capture: the stream's bytes with the tables over the same stream's without them (--top 0), plain and gzipped, per sample"
printf '%6s %6s %9s %10s %10s %12s %9s %9s %11s %10s %6s\n' extra procs probe probe_off "procs src" "cgroups src" pidstat atop "capture x/sample" "gzip x" load1
for ((r = 1; r <= rounds; r++)); do
  for extra in ${extras//,/ }; do
    round "$extra"
  done
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
# per EXTRAS count: the medians over the rounds
awk '
  function sort(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t } }
  function median(a, n) { sort(a, n); return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  { k = $1; n[k]++; procs[k] = $2; for (f = 3; f <= 10; f++) v[k, f, n[k]] = $f; if (!(k in seen)) { seen[k] = 1; order[++o] = k } }
  END {
    for (i = 1; i <= o; i++) {
      k = order[i]
      for (f = 3; f <= 10; f++) { for (j = 1; j <= n[k]; j++) a[j] = v[k, f, j]; m[f] = median(a, n[k]) }
      printf "+%s sleeping (%s processes), medians of %d rounds: procs source %.2f ms/s, cgroups source %.2f ms/s, whole probe %.2f ms/s (%.2f more than with --top 0); pidstat %.2f ms/s, atop %.2f ms/s; capture %.3fx plain, %.3fx gzipped\n",
             k, procs[k], n[k], m[5], m[6], m[3], m[3] - m[4], m[7], m[8], m[9], m[10]
    }
  }' "$results"
