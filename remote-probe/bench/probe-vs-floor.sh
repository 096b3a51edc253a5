#!/usr/bin/env bash
# The probe's CPU per tick in a real `stream` (to /dev/null) against the C pread floor, same machine,
# same run, interleaved: probe, floor, probe, floor… at each rate.
# Usage: remote-probe/bench/probe-vs-floor.sh [RATES] [MEASURE_S] [WARMUP_S] [ROUNDS]
#        e.g. probe-vs-floor.sh 100,10 15 6 2        (the defaults)
# The probe runs with the workbench's SSH launch flags (SshProbeConnection.PROBE_JVM_FLAGS, read from
# the source; PROBE_FLAGS="..." overrides them) as `java FLAGS -jar tickbench-probe.jar stream --rate HZ`.
# The floor is remote-probe/bench/floor/floor.c (or FLOOR_SRC) built with CC (default gcc -O2), run
# as `floor -m pread -r HZ`. CPU of each = utime+stime of /proc/PID/stat (every thread, exited ones
# included; clock ticks: the figure) and the sum of /proc/PID/task/*/schedstat (ns, live threads only), read after
# WARMUP_S and again MEASURE_S later; per tick = CPU / (HZ × MEASURE_S).
# Prints the machine (CPU model, cores, kernel, JDK, load average at start and end), one line per run
# and, per rate, the median ratio probe / floor. Run it as root (the probe reads /proc/slabinfo then,
# and so does the floor) on a machine as quiet as you can get; the load average is printed beside
# every run because a busy machine moves these figures by ±25 %.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
rates=${1:-100,10}
measure=${2:-15}
warmup=${3:-6}
rounds=${4:-2}
floor_src=${FLOOR_SRC:-$here/floor/floor.c}
cc=${CC:-gcc}
jar=${PROBE_JAR:-$root/remote-probe/target/tickbench-probe.jar}
conn=$root/app/src/main/java/dev/tickbench/app/connect/SshProbeConnection.java
[[ -f $floor_src ]] || { echo "probe-vs-floor: no C floor sampler source at $floor_src" >&2; exit 2; }
command -v "$cc" >/dev/null || { echo "probe-vs-floor: no C compiler '$cc' (install build-essential, or set CC)" >&2; exit 2; }
if [[ -z ${PROBE_FLAGS+x} ]]; then
  # the one line `static final List<String> PROBE_JVM_FLAGS = List.of("-Xmx64m", …);`
  PROBE_FLAGS=$(sed -n 's/.*PROBE_JVM_FLAGS = List.of(\(.*\));.*/\1/p' "$conn" | tr -d '",')
  [[ -n $PROBE_FLAGS ]] || { echo "probe-vs-floor: PROBE_JVM_FLAGS not found in $conn (set PROBE_FLAGS)" >&2; exit 2; }
fi
build=$(mktemp -d)
pid=
cleanup() { [[ -n $pid ]] && kill "$pid" 2>/dev/null; rm -rf "$build"; }
trap cleanup EXIT
"$cc" -O2 -Wall -o "$build/floor" "$floor_src" -lm
[[ -f $jar ]] || (cd "$root" && mvn -B -q -pl remote-probe -am -DskipTests package)
hz_clk=$(getconf CLK_TCK)
results=$build/results
: >"$results"

# stat_ticks, sched_ns and measure: the CPU of one run (cpu-per-tick.sh, shared with probe-ab.sh)
# shellcheck source=cpu-per-tick.sh
source "$here/cpu-per-tick.sh"

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) CPUs, $(uname -sr)"
echo "java: $(java -version 2>&1 | head -1); probe flags: $PROBE_FLAGS"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "per run: ${warmup} s warm-up, ${measure} s measured; rounds: $rounds, probe and floor interleaved"
printf '%-6s %5s %16s %17s %6s\n' what rate "us/tick (stat)" "us/tick (sched)" load1
for ((r = 1; r <= rounds; r++)); do
  for hz in ${rates//,/ }; do
    # shellcheck disable=SC2086 # the flags are words
    measure probe "$hz" java $PROBE_FLAGS -jar "$jar" stream --rate "$hz"
    measure floor "$hz" "$build/floor" -m pread -r "$hz" -t $((warmup + measure + 20))
  done
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
# per rate: medians and the ratio from /proc/PID/stat (every thread, exited ones included: the figure);
# the schedstat sum beside it misses threads that exited during the window (a JIT compiler thread)
for hz in ${rates//,/ }; do
  awk -v hz="$hz" '
    function median(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
                                       return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    $2 == hz && $1 == "probe" { np++; ps[np] = $4; pt[np] = $3 }
    $2 == hz && $1 == "floor" { nf++; fs[nf] = $4; ft[nf] = $3 }
    END { p = median(ps, np); f = median(fs, nf); p2 = median(pt, np); f2 = median(ft, nf)
          printf "%d Hz: probe %.0f us/tick, floor %.0f us/tick: %.2fx (schedstat of live threads: %.0f vs %.0f, %.2fx), medians of %d runs each\n",
                 hz, p2, f2, (f2 ? p2 / f2 : 0), p, f, (f ? p / f : 0), np }' "$results"
done
