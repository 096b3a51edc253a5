#!/usr/bin/env bash
# The probe's CPU per tick in a real `stream` (to /dev/null) against the C floor doing the same work,
# split fairly: with the perf event groups (the probe as launched, against the floor reading the same
# groups the same way) and without them (the probe with -Dtickbench.pmu=off, against the floor
# reading the files only). All four run side by side, in the same window, round after round.
# Usage: remote-probe/bench/probe-vs-floor.sh [RATES] [MEASURE_S] [WARMUP_S] [ROUNDS]
#        e.g. probe-vs-floor.sh 100,10 15 6 2        (the defaults)
# The probe runs with the workbench's SSH launch flags (SshProbeConnection.PROBE_JVM_FLAGS, read
# from the source; PROBE_FLAGS="..." overrides them) as `java FLAGS -jar tickbench-probe.jar stream
# --rate HZ` (plus `--pmu-hz PMU_HZ` when PMU_HZ=… is set). Both floors read the process and cgroup
# tables at the cadence the probe publishes for them (floor -T; 1 Hz by default). The floor is
# remote-probe/bench/floor/floor.c (or FLOOR_SRC) built with CC (default gcc -O2), run as `floor -m
# pread -r HZ -T CADENCE`, plus `-p GROUPS -R cross -H CADENCE` for the perf groups the probe opened
# on this machine, read at the cadence the probe publishes for them at that rate (its
# `capabilities`: pmu_sw, pmu_hw where present, 10 Hz `policy` unless PMU_HZ or FLOOR_HZ says
# otherwise; FLOOR_PMU_READ=… picks another way of reading them, floor/README.md). CPU of each =
# utime+stime of /proc/PID/stat (every thread, exited ones included; clock ticks: the figure) and
# the sum of /proc/PID/task/*/schedstat (ns, live threads only), read after WARMUP_S and again
# MEASURE_S later; per tick = CPU / (HZ × MEASURE_S).
# Prints the machine (CPU model, cores, kernel, JDK, load average at start, after every round and at
# the end), one line per process and round, and per rate the two ratios (medians, with the range over
# the rounds). Run it as root (the probe reads /proc/slabinfo and opens system-wide perf events then,
# and so does the floor); the load average is printed beside every round because a busy machine
# moves these figures by ±25 %.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
rates=${1:-100,10}
measure=${2:-15}
warmup=${3:-6}
rounds=${4:-2}
floor_src=${FLOOR_SRC:-$here/floor/floor.c}
floor_read=${FLOOR_PMU_READ:-cross}
pmu_hz_flag=()
[[ -n ${PMU_HZ:-} ]] && pmu_hz_flag=(--pmu-hz "$PMU_HZ")
cc=${CC:-gcc}
jar=${PROBE_JAR:-$root/remote-probe/target/tickbench-probe.jar}
conn=$root/app/src/main/java/dev/tickbench/app/connect/SshProbeConnection.java
[[ -f $floor_src ]] || { echo "probe-vs-floor: no C floor sampler source at $floor_src" >&2; exit 2; }
command -v "$cc" >/dev/null || { echo "probe-vs-floor: no C compiler '$cc' (install build-essential, or set CC)" >&2; exit 2; }
if [[ -z ${PROBE_FLAGS+x} ]]; then
  # `static final List<String> PROBE_JVM_FLAGS = List.of("-Xmx64m", …);`, on one line or several
  PROBE_FLAGS=$(sed -n '/PROBE_JVM_FLAGS = List.of(/,/);/p' "$conn" | grep -o '"[^"]*"' | tr -d '"' | tr '\n' ' ')
  [[ -n $PROBE_FLAGS ]] || { echo "probe-vs-floor: PROBE_JVM_FLAGS not found in $conn (set PROBE_FLAGS)" >&2; exit 2; }
fi
build=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$build"; }
trap cleanup EXIT
"$cc" -O2 -Wall -o "$build/floor" "$floor_src" -lm -pthread
[[ -f $jar ]] || (cd "$root" && ./mvnw -B -q -pl remote-probe -am -DskipTests package)
hz_clk=$(getconf CLK_TCK)
results=$build/results
: >"$results"

# stat_ticks and sched_ns: the CPU of one run (cpu-per-tick.sh, shared with probe-ab.sh)
# shellcheck source=cpu-per-tick.sh
source "$here/cpu-per-tick.sh"
# the perf groups the probe opens here: the floor opens the same ones
# shellcheck disable=SC2086 # the flags are words
caps=$(java $PROBE_FLAGS -jar "$jar" capabilities "${pmu_hz_flag[@]}" 2>/dev/null)
groups=
grep -Eq '"pmu_sw" *: *true' <<<"$caps" && groups=sw
grep -Eq '"pmu_hw" *: *true' <<<"$caps" && groups=${groups:+$groups,}hw
floor_pmu=()
if [[ -n $groups ]]; then
  floor_pmu=(-p "$groups" -R "$floor_read")
else
  echo "probe-vs-floor: the probe opens no perf event group here (not root, or no perf events): both pairs read files only" >&2
fi
# the probe's capabilities at each rate (FLOOR_HZ and PMU_HZ included), read once: the cadences it
# publishes there, at which the floors read the same work
declare -A caps_at=()
for hz in ${rates//,/ }; do
  # shellcheck disable=SC2086 # the flags are words
  caps_at[$hz]=$(java $PROBE_FLAGS -jar "$jar" capabilities --rate "$hz" "${pmu_hz_flag[@]}" 2>/dev/null | tr -d ' \n')
done
# published HZ SOURCE: the cadence published at rate HZ for the first source whose name matches SOURCE
published() {
  sed -n 's/.*"'"$2"'":{"hz":\([0-9.eE+-]*\),.*/\1/p' <<<"${caps_at[$1]}"
}
# the perf groups' cadence at rate HZ: the floor reads its groups at the same one
pmu_cadence() {
  local hz
  hz=$(published "$1" 'pmu_[hs]w')
  [[ -n $hz ]] || { echo "probe-vs-floor: no cadence of the perf groups in the probe's capabilities at $1 Hz" >&2; exit 1; }
  echo "$hz"
}
# the process and cgroup tables' cadence at rate HZ (1 Hz `policy` unless FLOOR_HZ says otherwise): both
# floors read the same tables at it (floor -T)
tables_cadence() {
  local hz
  hz=$(published "$1" procs)
  echo "${hz:-0}"
}

# one round at HZ: the four side by side (stdout to /dev/null, stdin an open pipe), measured over the
# same window; appends "NAME HZ us_per_tick_stat us_per_tick_sched load1" per process to the results
round() {
  local hz=$1 name
  local -A pid=()
  local names=(probe floor probe_nopmu floor_files)
  local life=$((warmup + measure + 30))
  local cadence=()
  [[ -n $groups ]] && cadence=(-H "${pmu_hz_at[$hz]}")
  local tables=(-T "${tables_hz_at[$hz]}")
  # shellcheck disable=SC2086 # the flags are words
  java $PROBE_FLAGS -jar "$jar" stream --rate "$hz" "${pmu_hz_flag[@]}" >/dev/null 2>"$build/probe.err" < <(sleep "$life") &
  pid[probe]=$!
  "$build/floor" -m pread -r "$hz" -t $((life - 10)) "${tables[@]}" "${floor_pmu[@]}" "${cadence[@]}" >/dev/null 2>"$build/floor.err" < /dev/null &
  pid[floor]=$!
  # shellcheck disable=SC2086
  java $PROBE_FLAGS -Dtickbench.pmu=off -jar "$jar" stream --rate "$hz" >/dev/null 2>"$build/probe_nopmu.err" < <(sleep "$life") &
  pid[probe_nopmu]=$!
  "$build/floor" -m pread -r "$hz" -t $((life - 10)) "${tables[@]}" >/dev/null 2>"$build/floor_files.err" < /dev/null &
  pid[floor_files]=$!
  pids=("${pid[@]}")
  sleep "$warmup"
  local -A t0=() s0=()
  for name in "${names[@]}"; do
    kill -0 "${pid[$name]}" 2>/dev/null || { echo "probe-vs-floor: $name ended early:" >&2; cat "$build/$name.err" >&2; exit 1; }
    t0[$name]=$(stat_ticks "${pid[$name]}"); s0[$name]=$(sched_ns "${pid[$name]}")
  done
  sleep "$measure"
  local load
  load=$(cut -d' ' -f1 /proc/loadavg)
  for name in "${names[@]}"; do
    local t1 s1 line
    t1=$(stat_ticks "${pid[$name]}"); s1=$(sched_ns "${pid[$name]}")
    line=$(awk -v n="$name" -v hz="$hz" -v m="$measure" -v t0="${t0[$name]}" -v t1="$t1" -v s0="${s0[$name]}" -v s1="$s1" \
      -v clk="$hz_clk" -v l="$load" \
      'BEGIN { ticks = hz * m; printf "%s %d %.1f %.1f %s\n", n, hz, (t1 - t0) / clk * 1e6 / ticks, (s1 - s0) / 1e3 / ticks, l }')
    echo "$line" >>"$results"
    # shellcheck disable=SC2086 # the fields are words
    printf '%-12s %5s %16s %17s %6s\n' $line
  done
  for name in "${names[@]}"; do kill "${pid[$name]}" 2>/dev/null || true; done
  for name in "${names[@]}"; do wait "${pid[$name]}" 2>/dev/null || true; done
  pids=()
}

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) CPUs, $(uname -sr)"
echo "java: $(java -version 2>&1 | head -1); probe flags: $PROBE_FLAGS"
echo "perf groups: ${groups:-none} (floor: ${floor_pmu[*]:-files only})"
declare -A pmu_hz_at=()
if [[ -n $groups ]]; then
  for hz in ${rates//,/ }; do
    pmu_hz_at[$hz]=$(pmu_cadence "$hz")
    echo "perf groups at $hz Hz: read at ${pmu_hz_at[$hz]} Hz by both (the probe's published cadence; floor -H)"
  done
fi
declare -A tables_hz_at=()
for hz in ${rates//,/ }; do
  tables_hz_at[$hz]=$(tables_cadence "$hz")
  echo "process and cgroup tables at $hz Hz: read at ${tables_hz_at[$hz]} Hz by all four (the probe's published cadence; floor -T)"
done
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "per round: ${warmup} s warm-up, ${measure} s measured, the four side by side; rounds: $rounds"
printf '%-12s %5s %16s %17s %6s\n' what rate "us/tick (stat)" "us/tick (sched)" load1
for ((r = 1; r <= rounds; r++)); do
  for hz in ${rates//,/ }; do
    round "$hz"
  done
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
# per rate and pair: the ratio of each round (both measured in the same window), its median and range;
# from /proc/PID/stat (every thread, exited ones included: the figure), the schedstat sum of live
# threads beside it (it misses threads that exited during the window, a JIT compiler thread)
for hz in ${rates//,/ }; do
  awk -v hz="$hz" -v groups="${groups:-none}" '
    function sort(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t } }
    function median(a, n) { sort(a, n); return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    function pair(p, f, label,   i, n, r, s, pm, fm, lo, hi) {
      n = 0
      for (i = 1; i <= cnt[p]; i++) { n++; r[n] = st[p, i] / st[f, i]; s[n] = sc[p, i] / sc[f, i] }
      for (i = 1; i <= n; i++) { pv[i] = st[p, i]; fv[i] = st[f, i] }
      pm = median(pv, n); fm = median(fv, n); sort(r, n); lo = r[1]; hi = r[n]
      printf "%d Hz %s: probe %.0f us/tick, floor %.0f us/tick: %.2fx (rounds %.2f-%.2fx; schedstat of live threads %.2fx), %d rounds\n",
             hz, label, pm, fm, median(r, n), lo, hi, median(s, n), n }
    $2 == hz { cnt[$1]++; st[$1, cnt[$1]] = $3; sc[$1, cnt[$1]] = $4 }
    END { pair("probe", "floor", "with the perf groups (" groups ")")
          pair("probe_nopmu", "floor_files", "without them (-Dtickbench.pmu=off; floor: files only)") }' "$results"
done
