#!/usr/bin/env bash
# The workbench's CPU and RSS under Xvfb at 1600x1000 (software rendering, as on a machine without a
# GPU), measured from outside: the process's CPU time (/proc/PID/stat utime+stime, every thread,
# exited ones too) over a window of wall time, split by thread (/proc/PID/task/*/stat), its RSS
# (/proc/PID/status) and the CPU of any child process (a probe it started). Builds are compared side
# by side in one run: each round runs every WHAT in turn (the order alternating from round to round),
# so that they share the machine's load; the load average is printed before and after each run.
#
#   app/bench/workbench-cpu-rss.sh [MODE] [SECONDS] [WARMUP_SECONDS] [WHAT…]
#
# MODE  live    this machine at 100 Hz, the charts following (what the user watches)
#       idle    the same session, the Compare tab shown (nothing on screen changes)
#       replay  a capture shown whole and paused (nothing on screen changes; CAPTURE=FILE, default the
#               router fixture's hour /tmp/tickbench-hour.ndjson, generated when missing): its RSS is
#               the "1 h capture open" figure
# Defaults: live, 60 s measured after 30 s of warm-up. WHAT: as app/bench/builds.sh says (worktree,
# a git revision, either with @JVM,flags); default worktree. ROUNDS=N (default 1) repeats. JAVA_OPTS
# replaces the JVM options (default: the launcher's, APP_JAVA_OPTS of jpackage/build.sh of this
# checkout); JFR=1 also keeps a Flight Recording of each measured window (its path is printed).
# The thread groups: sampler = the in-process sampler's threads (tickbench-sampler, tickbench-kmsg);
# render = QuantumRenderer (software rasterising); fx = the JavaFX application thread; jit = C1/C2;
# gc = the collector's threads; intake = decoding and the store (tickbench-intake); "window" is the
# process without the sampler, what drawing and keeping the session costs.
# Needs: Xvfb (Debian xvfb), GTK 3 (libgtk-3-0), JDK 17 (javac, jcmd, jfr), Maven for the builds.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/app/bench/machine.sh"
. "$ROOT/app/bench/builds.sh"
MODE=${1:-live}
SECONDS_MEASURED=${2:-60}
WARMUP=${3:-30}
shift 3 2>/dev/null || shift $#
WHATS=("$@")
((${#WHATS[@]})) || WHATS=(worktree)
ROUNDS=${ROUNDS:-1}
CAPTURE=${CAPTURE:-/tmp/tickbench-hour.ndjson}
[[ $MODE == live || $MODE == idle || $MODE == replay ]] || { echo "usage: $0 [live|idle|replay] [SECONDS] [WARMUP] [WHAT…]" >&2; exit 2; }
# the launcher's heap (kept in step with app/pom.xml's exec configuration and jpackage/build.sh)
DEFAULT_OPTS=$(sed -n 's/^APP_JAVA_OPTS="\(.*\)"$/\1/p' "$ROOT/jpackage/build.sh")
JAVA_OPTS=${JAVA_OPTS-$DEFAULT_OPTS}
OUT=$(mktemp -d /tmp/tickbench-bench.XXXXXX)
APP_PID=
XVFB_PID=
cleanup() {
  [[ -n $APP_PID ]] && kill "$APP_PID" 2>/dev/null || true
  [[ -n $XVFB_PID ]] && kill "$XVFB_PID" 2>/dev/null || true
  [[ ${JFR:-0} == 1 ]] || rm -rf "$OUT"
}
trap cleanup EXIT

# each WHAT: its class path, and the driver compiled against it (the driver of this checkout)
declare -A CP=()
for what in "${WHATS[@]}"; do
  [[ -n ${CP[$(bench_what "$what")]:-} ]] && continue
  cp=$(bench_prepare "$what" "$OUT") || exit 1
  key=$(bench_what "$what")
  mkdir -p "$OUT/driver-$key"
  javac -nowarn -d "$OUT/driver-$key" -cp "$cp" "$ROOT/app/src/test/java/dev/tickbench/app/bench/WorkbenchDriver.java" \
    || { echo "the driver does not compile against $what" >&2; exit 1; }
  CP[$key]="$cp:$OUT/driver-$key"
done

ARGS=()
if [[ $MODE == replay ]]; then
  if [[ ! -s $CAPTURE ]]; then
    echo "generating $CAPTURE (the router fixture's hour at 100 Hz)…"
    gen=$OUT/gen && mkdir -p "$gen"
    [[ -d $ROOT/sampler-core/target/test-classes ]] || (cd "$ROOT" && ./mvnw -B -q -pl sampler-core test-compile)
    first=$(bench_what "${WHATS[0]}")
    javac -nowarn -d "$gen" -cp "${CP[$first]}:$ROOT/sampler-core/target/test-classes" \
      "$ROOT/app/src/test/java/dev/tickbench/app/bench/HourCapture.java"
    java -cp "$gen:${CP[$first]}:$ROOT/sampler-core/target/test-classes" dev.tickbench.app.bench.HourCapture "$CAPTURE" 3600
  fi
  ARGS=("$CAPTURE")
  echo "capture: $CAPTURE ($(du -h "$CAPTURE" | cut -f1))"
fi

start_xvfb() {
  local d
  need_xvfb
  for d in $(seq 151 200); do
    [[ -e /tmp/.X11-unix/X$d || -e /tmp/.X$d-lock ]] && continue
    Xvfb ":$d" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
    XVFB_PID=$!
    DISPLAY_NO=:$d
    for _ in $(seq 100); do [[ -e /tmp/.X11-unix/X$d ]] && return 0; sleep 0.1; done
  done
  echo "no free X display for Xvfb" >&2
  exit 1
}

TCK=$(getconf CLK_TCK)
# every thread's CPU ticks, by group; "total" from the process (exited threads included)
threads() {
  local pid=$1 t comm
  echo "total $(awk '{print $14 + $15}' "/proc/$pid/stat")"
  for t in /proc/"$pid"/task/*; do
    comm=$(cat "$t/comm" 2>/dev/null) || continue
    awk -v c="$comm" '{
      g = "other"
      if (c ~ /^tickbench-(sampl|kmsg)/) g = "sampler"
      else if (c ~ /^QuantumRenderer/) g = "render"
      else if (c ~ /^JavaFX Applicat/ || c ~ /^GtkNativeMainLo/) g = "fx"
      else if (c ~ /^C[12] Compiler/) g = "jit"
      else if (c ~ /^(GC Thread|G1 |VM Thread)/) g = "gc"
      else if (c ~ /^tickbench-intak/) g = "intake"
      print g, $14 + $15 }' "$t/stat" 2>/dev/null || true
  done | awk '{ s[$1] += $2 } END { for (g in s) print g, s[g] }'
}
children_ticks() {
  local pid=$1
  awk -v p="$pid" '$4 == p { n += $14 + $15 } END { print n + 0 }' /proc/[0-9]*/stat 2>/dev/null || echo 0
}

RESULTS=$OUT/results
: >"$RESULTS"
run_once() {
  local what=$1 key flags before after
  key=$(bench_what "$what")
  flags=$(bench_flags "$what")
  start_xvfb
  rm -rf "$OUT/home" && mkdir -p "$OUT/home"
  local jfr=()
  if [[ ${JFR:-0} == 1 ]]; then
    jfr=("-XX:StartFlightRecording=delay=${WARMUP}s,duration=${SECONDS_MEASURED}s,filename=$OUT/$key-$RANDOM.jfr,settings=profile")
  fi
  # shellcheck disable=SC2086  # the options are words on purpose
  HOME=$OUT/home DISPLAY=$DISPLAY_NO java $JAVA_OPTS $flags "${jfr[@]}" -Dprism.order=sw \
    -Dtickbench.bench.tab="$MODE" -Dtickbench.bench.every=$((WARMUP > 10 ? 10 : WARMUP)) \
    -cp "${CP[$key]}" dev.tickbench.app.bench.WorkbenchDriver "${ARGS[@]}" >"$OUT/stdout" 2>"$OUT/stderr" &
  APP_PID=$!
  for _ in $(seq 1200); do
    grep -q READY "$OUT/stdout" 2>/dev/null && break
    kill -0 "$APP_PID" 2>/dev/null || break
    sleep 0.5
  done
  if ! grep -q READY "$OUT/stdout"; then
    echo "$what: the workbench did not come up:"; tail -5 "$OUT/stderr"
    kill "$APP_PID" 2>/dev/null || true; kill "$XVFB_PID" 2>/dev/null || true; APP_PID= XVFB_PID=
    return
  fi
  sleep "$WARMUP"
  before=$(loadavg | cut -d' ' -f1)
  threads "$APP_PID" >"$OUT/t0"
  c0=$(children_ticks "$APP_PID")
  t0=$(date +%s.%N)
  local peak=0 r end=$(( $(date +%s) + SECONDS_MEASURED ))
  while (( $(date +%s) < end )); do
    r=$(awk '/^VmRSS/ {print $2}' "/proc/$APP_PID/status")
    (( r > peak )) && peak=$r
    sleep 1
  done
  threads "$APP_PID" >"$OUT/t1"
  c1=$(children_ticks "$APP_PID")
  t1=$(date +%s.%N)
  after=$(loadavg | cut -d' ' -f1)
  r=$(awk '/^VmRSS/ {print $2}' "/proc/$APP_PID/status")
  hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$APP_PID/status")
  local ticks
  ticks=$(grep TICKS "$OUT/stdout" | tail -1 | sed 's/^TICKS //' || true)
  # the heap after a full GC (what the session really keeps) beside the RSS: the rest is the JVM and JavaFX
  local heap
  heap=$(jcmd "$APP_PID" GC.run >/dev/null 2>&1; jcmd "$APP_PID" GC.heap_info 2>/dev/null | awk '/(heap|generation) +total/ {
      for (i = 1; i <= NF; i++) if ($i == "used") { v = $(i + 1); sub(/K,?/, "", v); kb += v } } END { print int(kb / 1024) }')
  kill "$APP_PID" 2>/dev/null || true
  wait "$APP_PID" 2>/dev/null || true
  APP_PID=
  kill "$XVFB_PID" 2>/dev/null || true
  wait "$XVFB_PID" 2>/dev/null || true
  XVFB_PID=
  awk -v what="$what" -v tck="$TCK" -v dt="$(echo "$t1 - $t0" | bc)" -v c0="$c0" -v c1="$c1" -v rss="$r" -v peak="$peak" \
      -v hwm="$hwm" -v heap="${heap:-0}" -v lb="$before" -v la="$after" -v ticks="$ticks" '
    NR == FNR { a[$1] = $2; next }
    { d[$1] = $2 - a[$1] }
    END {
      pct = 100 / tck / dt
      printf "%-34s %6.1f %7.1f %6.1f %6.1f %5.1f %5.1f %5.1f %6.1f %5.1f %7.1f %5.0f %5.0f %5.0f %5d  %s → %s  %s\n", what,
        d["total"] * pct, (d["total"] - d["sampler"]) * pct, d["sampler"] * pct, d["render"] * pct, d["fx"] * pct, d["jit"] * pct,
        d["gc"] * pct, d["intake"] * pct, (d["other"] + 0) * pct, (c1 - c0) * pct, rss / 1024, peak / 1024, hwm / 1024, heap, lb, la, ticks
      printf "%s %.2f %.2f %.2f %.2f %.2f %.2f %.2f %.2f %.2f %.2f %.0f %.0f %.0f %d\n", what, d["total"] * pct, (d["total"] - d["sampler"]) * pct,
        d["sampler"] * pct, d["render"] * pct, d["fx"] * pct, d["jit"] * pct, d["gc"] * pct, d["intake"] * pct, (d["other"] + 0) * pct,
        (c1 - c0) * pct, rss / 1024, peak / 1024, hwm / 1024, heap > "/dev/stderr"
    }' "$OUT/t0" "$OUT/t1" 2>>"$RESULTS"
}

describe_machine
echo "load average at start: $(loadavg)"
echo "mode: $MODE; $SECONDS_MEASURED s measured after $WARMUP s of warm-up; JVM options: ${JAVA_OPTS:-(none)}"
echo "CPU in % of one core over the window (process CPU time); RSS in MB; heap = used after a full GC, MB"
printf '%-34s %6s %7s %6s %6s %5s %5s %5s %6s %5s %7s %5s %5s %5s %5s  %s\n' what cpu window sampler render fx jit gc intake other \
  child rss peak hwm heap "load before → after  (ticks delivered)"
for ((r = 1; r <= ROUNDS; r++)); do
  order=("${WHATS[@]}")
  if ((r % 2 == 0)); then # alternate the order, so neither always runs first
    order=()
    for ((i = ${#WHATS[@]} - 1; i >= 0; i--)); do order+=("${WHATS[i]}"); done
  fi
  for what in "${order[@]}"; do
    run_once "$what"
  done
done
echo "load average at end: $(loadavg)"
if ((ROUNDS > 1)); then
  echo "medians over $ROUNDS rounds:"
  for what in "${WHATS[@]}"; do
    awk -v w="$what" '$1 == w' "$RESULTS" >"$OUT/one"
    [[ -s $OUT/one ]] || continue
    printf '%-34s' "$what"
    for col in 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
      cut -d' ' -f$col "$OUT/one" | sort -n | awk '{ a[NR] = $1 } END { m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf " %6.1f", m }'
    done
    echo
  done
fi
if [[ ${JFR:-0} == 1 ]]; then
  echo "Flight Recordings: $(ls "$OUT"/*.jfr 2>/dev/null | tr '\n' ' ')"
  echo "(where the CPU went: jfr print --events jdk.ExecutionSample FILE; or perf, docs/perf.md)"
fi
