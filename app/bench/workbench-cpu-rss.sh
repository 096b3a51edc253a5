#!/usr/bin/env bash
# The workbench's CPU and RSS live on this machine at 100 Hz, under Xvfb at 1600x1000 (software
# rendering, as on a machine without a GPU), measured from outside through /proc/PID/stat and status.
#
#   app/bench/workbench-cpu-rss.sh [live|idle] [SECONDS] [WARMUP_SECONDS]
#
# live: the charts tab, following (what the user watches); idle: the Compare tab, where nothing
# changes while the session goes on. Defaults: live, 60 s measured after 30 s of warm-up. The JVM
# options are the launcher's (the -Xmx of app/pom.xml and jpackage/build.sh) unless JAVA_OPTS is set;
# JFR=1 also records a Flight Recording of the measured window and prints where the CPU went (the
# methods on top of the sampled stacks, by thread). Prints the figure, the ticks the local sampler
# delivered, and the machine with its load average at the start and the end.
# Needs: xvfb-run (Debian xvfb), GTK 3 (libgtk-3-0), JDK 17 with jfr; builds with Maven first unless
# NO_BUILD=1.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/app/bench/machine.sh"
MODE=${1:-live}
SECONDS_MEASURED=${2:-60}
WARMUP=${3:-30}
[[ $MODE == live || $MODE == idle ]] || { echo "usage: $0 [live|idle] [SECONDS] [WARMUP]" >&2; exit 2; }
# the launcher's heap (kept in step with app/pom.xml's exec configuration and jpackage/build.sh)
DEFAULT_OPTS=$(sed -n 's/^APP_JAVA_OPTS="\(.*\)"$/\1/p' "$ROOT/jpackage/build.sh")
JAVA_OPTS=${JAVA_OPTS-$DEFAULT_OPTS}

if [[ ${NO_BUILD:-0} != 1 ]]; then
  (cd "$ROOT" && mvn -B -q -pl app -am -DskipTests package)
fi
APP_JAR=$(ls "$ROOT"/app/target/app-*.jar | grep -v -- '-tests\|-sources' | head -1)
CP="$APP_JAR:$ROOT/app/target/test-classes:$ROOT/app/target/dependency/*"
OUT=$(mktemp -d /tmp/tickbench-bench.XXXXXX)
JFR_OPTS=()
if [[ ${JFR:-0} == 1 ]]; then
  JFR_OPTS=("-XX:StartFlightRecording=delay=${WARMUP}s,duration=${SECONDS_MEASURED}s,filename=$OUT/app.jfr,settings=profile")
fi

describe_machine
echo "load average at start: $(loadavg)"
echo "JVM options: ${JAVA_OPTS:-(none)}"
# shellcheck disable=SC2086
# the java process writes its own pid first (exec), so the one measured is this run's, whatever else runs
xvfb-run -a -s "-screen 0 1600x1000x24" sh -c 'echo $$ >"$0/pid"; exec "$@"' "$OUT" \
  java $JAVA_OPTS "${JFR_OPTS[@]}" -Dprism.order=sw \
  -Dtickbench.bench.tab="$MODE" -Dtickbench.bench.every=$((WARMUP > 10 ? 10 : WARMUP)) \
  -cp "$CP" dev.tickbench.app.bench.WorkbenchDriver >"$OUT/stdout" 2>"$OUT/stderr" &
XPID=$!
PID=
cleanup() { [[ -n $PID ]] && kill "$PID" 2>/dev/null; kill "$XPID" 2>/dev/null || true; }
trap cleanup EXIT
for _ in $(seq 600); do
  [[ -z $PID && -s $OUT/pid ]] && PID=$(cat "$OUT/pid")
  [[ -n $PID ]] && grep -q READY "$OUT/stdout" 2>/dev/null && break
  sleep 0.5
done
[[ -n $PID ]] && grep -q READY "$OUT/stdout" || { echo "the workbench did not come up:"; cat "$OUT/stderr"; exit 1; }
grep READY "$OUT/stdout"
sleep "$WARMUP"
TCK=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$PID/stat"; }
rss() { awk '/^VmRSS/ {print $2}' "/proc/$PID/status"; }
# the probe alone on the same machine over the same window: what a sampler delivers under this load
PROBE_JAR=$ROOT/remote-probe/target/tickbench-probe.jar
if [[ -f $PROBE_JAR ]]; then
  timeout "$SECONDS_MEASURED" java -XX:+UseSerialGC -Xmx64m -jar "$PROBE_JAR" stream --rate 100 2>/dev/null \
    | grep '^{"type":"sample"' | sed -n '1p;$p' >"$OUT/probe-ends" &
  PROBE_PID=$!
fi
c0=$(cpu); t0=$(date +%s.%N)
peak=0
end=$(( $(date +%s) + SECONDS_MEASURED ))
while (( $(date +%s) < end )); do
  r=$(rss); (( r > peak )) && peak=$r
  sleep 1
done
c1=$(cpu); t1=$(date +%s.%N)
hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$PID/status")
echo "load average at end: $(loadavg)"
awk -v c0="$c0" -v c1="$c1" -v t0="$t0" -v t1="$t1" -v tck="$TCK" -v mode="$MODE" -v peak="$peak" -v hwm="$hwm" -v r="$(rss)" 'BEGIN {
  printf "workbench %s at 100 Hz: %.1f %% of one core over %.0f s; RSS %.0f MB at the end, %.0f MB peak in the window, VmHWM %.0f MB\n",
    mode, 100 * (c1 - c0) / tck / (t1 - t0), t1 - t0, r / 1024, peak / 1024, hwm / 1024 }'
grep TICKS "$OUT/stdout" | tail -1 || true
[[ -n ${PROBE_PID:-} ]] && wait "$PROBE_PID" 2>/dev/null || true
if [[ -s $OUT/probe-ends ]]; then
  sed -E 's/.*"seq":([0-9]+).*"wall_ns":([0-9]+).*/\1 \2/' "$OUT/probe-ends" | awk 'NR == 1 { s = $1; w = $2 } END {
    printf "the probe alone in the same window: %d samples delivered of %.0f at 100 Hz (%.1f %%)\n", $1 - s + 1, ($2 - w) / 1e7 + 1,
      100 * ($1 - s + 1) / (($2 - w) / 1e7 + 1) }'
fi
# the heap after a full GC (what the session really keeps) beside the RSS: the rest is the JVM and JavaFX
jcmd "$PID" GC.run >/dev/null 2>&1 || true
jcmd "$PID" GC.heap_info 2>/dev/null | grep -E ' total ' | sed -e 's/^ */heap after full GC: /' -e 's/ \[.*//' || true
echo "largest heap users (jcmd GC.class_histogram):"
jcmd "$PID" GC.class_histogram 2>/dev/null | sed -n '4,11p' || true
kill "$PID" 2>/dev/null || true
wait "$XPID" 2>/dev/null || true
PID=
if [[ ${JFR:-0} == 1 && -f $OUT/app.jfr ]]; then
  jfr print --events jdk.ExecutionSample "$OUT/app.jfr" >"$OUT/samples.txt"
  echo "where the CPU went: share of the Java execution samples by thread, then by package of the top frame:"
  awk '/sampledThread = / { th = $0; sub(/.*sampledThread = "/, "", th); sub(/".*/, "", th); thr[th]++; n++ }
       END { for (t in thr) printf "%6.1f %%  %s\n", 100 * thr[t] / n, t }' "$OUT/samples.txt" | sort -rn | head -8
  awk '/stackTrace = \[/ { getline; f = $0; sub(/^ */, "", f); sub(/\(.*/, "", f); k = split(f, a, ".");
         p = a[1]; for (i = 2; i < k - 1 && i <= 3; i++) p = p "." a[i]; top[p]++; n++ }
       END { for (k in top) printf "%6.1f %%  %s\n", 100 * top[k] / n, k }' "$OUT/samples.txt" | sort -rn | head -12
  echo "recording: $OUT/app.jfr"
fi
[[ ${JFR:-0} == 1 ]] || rm -rf "$OUT" # a Flight Recording is kept for jfr/JMC; nothing else
