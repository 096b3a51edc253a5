#!/usr/bin/env bash
# Two probe jars' CPU per tick in a real `stream` to /dev/null, same machine, same run: both run at
# once over the same measured window, round after round (a machine loaded by others moves both alike;
# PAIRED=0 runs them one after the other instead, before, after, after, before, …).
# Usage: remote-probe/bench/probe-ab.sh BEFORE_JAR AFTER_JAR [RATES] [MEASURE_S] [WARMUP_S] [ROUNDS]
#        e.g. probe-ab.sh /tmp/before.jar remote-probe/target/tickbench-probe.jar 100,10 15 6 4
# HIDE="DIR DIR…" runs both in a private mount namespace (unshare -m, root) with an empty tmpfs over
# each DIR, for a machine without those files: HIDE="/sys/devices/system/cpu/cpu*/cpuidle". The
# namespace ends with the script; the machine's own mounts are never touched.
# The probes run with the workbench's SSH launch flags (as probe-vs-floor.sh; PROBE_FLAGS overrides).
# Prints one line per run (us/tick from /proc/PID/stat, every thread; from schedstat, live threads;
# load1) and per rate the medians of each jar, the ratio after/before, and the spread: the lowest and
# highest run of each and the ratio of each round's pair.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
before_jar=${1:?usage: probe-ab.sh BEFORE_JAR AFTER_JAR [RATES] [MEASURE_S] [WARMUP_S] [ROUNDS]}
after_jar=${2:?usage: probe-ab.sh BEFORE_JAR AFTER_JAR [RATES] [MEASURE_S] [WARMUP_S] [ROUNDS]}
rates=${3:-100,10}
measure=${4:-15}
warmup=${5:-6}
rounds=${6:-4}
for j in "$before_jar" "$after_jar"; do
  [[ -f $j ]] || { echo "probe-ab: no jar $j (build one with ./mvnw -pl remote-probe -am -DskipTests package)" >&2; exit 2; }
done
if [[ -n ${HIDE:-} && -z ${PROBE_AB_INSIDE:-} ]]; then
  command -v unshare >/dev/null || { echo "probe-ab: HIDE needs unshare (util-linux)" >&2; exit 2; }
  [[ $(id -u) == 0 ]] || { echo "probe-ab: HIDE needs root (a mount namespace and tmpfs mounts)" >&2; exit 2; }
  # shellcheck disable=SC2016 # expanded inside the namespace
  exec unshare -m --propagation private env PROBE_AB_INSIDE=1 bash -c \
    'for d in $HIDE; do [[ -d $d ]] && mount -t tmpfs -o size=4k,mode=0555 tickbench-hidden "$d"; done; exec "$0" "$@"' \
    "$0" "$@"
fi
conn=$root/app/src/main/java/dev/tickbench/app/connect/SshProbeConnection.java
if [[ -z ${PROBE_FLAGS+x} ]]; then
  PROBE_FLAGS=$(sed -n '/PROBE_JVM_FLAGS = List.of(/,/);/p' "$conn" | grep -o '"[^"]*"' | tr -d '"' | tr '\n' ' ')
  [[ -n $PROBE_FLAGS ]] || { echo "probe-ab: PROBE_JVM_FLAGS not found in $conn (set PROBE_FLAGS)" >&2; exit 2; }
fi
build=$(mktemp -d)
pid=
pids=()
cleanup() {
  [[ -n $pid ]] && kill "$pid" 2>/dev/null
  if ((${#pids[@]})); then kill "${pids[@]}" 2>/dev/null; fi
  rm -rf "$build"
}
trap cleanup EXIT
hz_clk=$(getconf CLK_TCK)
results=$build/results
: >"$results"
# shellcheck source=cpu-per-tick.sh
source "$here/cpu-per-tick.sh"

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) CPUs, $(uname -sr)"
echo "java: $(java -version 2>&1 | head -1); probe flags: $PROBE_FLAGS"
echo "before: $before_jar"
echo "after:  $after_jar"
[[ -n ${HIDE:-} ]] && echo "hidden (empty tmpfs over each, in this run's mount namespace only): $(echo $HIDE)"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "per run: ${warmup} s warm-up, ${measure} s measured; rounds: $rounds, $([[ ${PAIRED:-1} == 1 ]] && echo "both jars at once" || echo "one after the other, the order swapping each round")"
printf '%-6s %5s %16s %17s %6s\n' what rate "us/tick (stat)" "us/tick (sched)" load1
# measure_pair HZ: both jars' stream at once, the same warm-up and the same measured window for both
measure_pair() {
  local hz=$1 which jar i
  pids=()
  for which in before after; do
    jar=$before_jar
    [[ $which == after ]] && jar=$after_jar
    # shellcheck disable=SC2086 # the flags are words
    java $PROBE_FLAGS -jar "$jar" stream --rate "$hz" >/dev/null 2>"$build/$which.err" < <(sleep $((warmup + measure + 30))) &
    pids+=($!)
  done
  sleep "$warmup"
  local t0=() s0=() t1=() s1=()
  for i in 0 1; do
    kill -0 "${pids[$i]}" 2>/dev/null || { echo "probe-ab: a probe ended early:" >&2; cat "$build"/*.err >&2; exit 1; }
    t0+=("$(stat_ticks "${pids[$i]}")"); s0+=("$(sched_ns "${pids[$i]}")")
  done
  sleep "$measure"
  for i in 0 1; do
    t1+=("$(stat_ticks "${pids[$i]}")"); s1+=("$(sched_ns "${pids[$i]}")")
  done
  local load line names=(before after)
  load=$(cut -d' ' -f1 /proc/loadavg)
  kill "${pids[@]}"; wait "${pids[@]}" 2>/dev/null || true; pids=()
  for i in 0 1; do
    line=$(awk -v n="${names[$i]}" -v hz="$hz" -v m="$measure" -v t0="${t0[$i]}" -v t1="${t1[$i]}" -v s0="${s0[$i]}" \
      -v s1="${s1[$i]}" -v clk="$hz_clk" -v l="$load" \
      'BEGIN { ticks = hz * m; printf "%s %d %.1f %.1f %s\n", n, hz, (t1 - t0) / clk * 1e6 / ticks, (s1 - s0) / 1e3 / ticks, l }')
    echo "$line" >>"$results"
    # shellcheck disable=SC2086 # the fields are words
    printf '%-6s %5s %16s %17s %6s\n' $line
  done
}
for ((r = 1; r <= rounds; r++)); do
  for hz in ${rates//,/ }; do
    if [[ ${PAIRED:-1} == 1 ]]; then
      measure_pair "$hz"
      continue
    fi
    order=(before after)
    ((r % 2 == 0)) && order=(after before)
    for which in "${order[@]}"; do
      jar=$before_jar
      [[ $which == after ]] && jar=$after_jar
      # shellcheck disable=SC2086 # the flags are words
      measure "$which" "$hz" java $PROBE_FLAGS -jar "$jar" stream --rate "$hz"
    done
  done
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
for hz in ${rates//,/ }; do
  awk -v hz="$hz" '
    function median(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
                                       return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    $2 == hz && $1 == "before" { nb++; b[nb] = $3; bs[nb] = $3 }
    $2 == hz && $1 == "after" { na++; a[na] = $3; as[na] = $3 }
    END { mb = median(b, nb); ma = median(a, na)
          lo_b = hi_b = bs[1]; lo_a = hi_a = as[1]; lo_r = 1e9; hi_r = 0
          for (i = 1; i <= nb; i++) { if (bs[i] < lo_b) lo_b = bs[i]; if (bs[i] > hi_b) hi_b = bs[i]
                                      if (as[i] < lo_a) lo_a = as[i]; if (as[i] > hi_a) hi_a = as[i]
                                      r = bs[i] ? as[i] / bs[i] : 0; if (r < lo_r) lo_r = r; if (r > hi_r) hi_r = r }
          printf "%d Hz: before %.0f us/tick (runs %.0f-%.0f), after %.0f us/tick (runs %.0f-%.0f): after/before %.3f (rounds %.3f-%.3f), medians of %d runs each\n",
                 hz, mb, lo_b, hi_b, ma, lo_a, hi_a, (mb ? ma / mb : 0), lo_r, hi_r, nb }' "$results"
done
