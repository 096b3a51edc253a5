#!/usr/bin/env bash
# How faithfully "this machine" samples at 100 Hz on a busy machine: the real workbench under Xvfb at
# 1600x1000 (live charts, following), four busy loops running, and a probe process streaming beside it
# over the same window, for each way the workbench can sample this machine (docs/sessions.md):
#   in-process     the sampler in the workbench's own JVM (-Dtickbench.local=in-process)
#   probe-process  the bundled probe in a child process, read through a pipe, in a session of its own
#                  (setsid: its own autogroup where the kernel has them; the default)
#   probe-shared   the same in the workbench's session (-Dtickbench.local.session=shared)
#
#   app/bench/local-ticks.sh [SECONDS] [WARMUP_SECONDS] [ROUNDS] [MODES]
#   defaults: 60 30 2 in-process,probe-process        (the modes alternate, round after round)
#
# For each run: achieved Hz (samples between the first and the last delivered, per second of their
# mono_ns), missed ticks (each hole between two delivered samples in periods, rounded, less one) and the
# longest hole, for what reached the workbench (a TickTally on its store, after the hand-off) and for
# the probe beside it (its stdout, the same rule, the same CLOCK_MONOTONIC window), with the load
# average. BUSY=N changes the number of busy loops (default 4). The busy loops and the probe beside run
# each in a session of their own, as from another terminal (BUSY_SESSION=same runs the busy loops in
# the workbench's session instead: where the kernel shares CPU by session, autogroup, that starves
# whatever shares their session). The JVM options are the launcher's
# (jpackage/build.sh) unless JAVA_OPTS is set; the probe beside runs with the workbench's probe launch
# flags (SshProbeConnection.PROBE_JVM_FLAGS). Needs xvfb-run (Debian xvfb), GTK 3, JDK 17; builds with
# Maven first unless NO_BUILD=1.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/app/bench/machine.sh"
SECONDS_MEASURED=${1:-60}
WARMUP=${2:-30}
ROUNDS=${3:-2}
MODES=${4:-in-process,probe-process}
BUSY=${BUSY:-4}
DEFAULT_OPTS=$(sed -n 's/^APP_JAVA_OPTS="\(.*\)"$/\1/p' "$ROOT/jpackage/build.sh")
JAVA_OPTS=${JAVA_OPTS-$DEFAULT_OPTS}
CONN=$ROOT/app/src/main/java/dev/tickbench/app/connect/SshProbeConnection.java
PROBE_FLAGS=$(sed -n '/PROBE_JVM_FLAGS = List.of(/,/);/p' "$CONN" | grep -o '"[^"]*"' | tr -d '"' | tr '\n' ' ')
[[ -n $PROBE_FLAGS ]] || { echo "local-ticks: PROBE_JVM_FLAGS not found in $CONN" >&2; exit 2; }

if [[ ${NO_BUILD:-0} != 1 ]]; then
  (cd "$ROOT" && ./mvnw -B -q -pl app -am -DskipTests package)
fi
APP_JAR=$(ls "$ROOT"/app/target/app-*.jar | grep -v -- '-tests\|-sources' | head -1)
PROBE_JAR=$ROOT/remote-probe/target/tickbench-probe.jar
[[ -f $PROBE_JAR ]] || { echo "local-ticks: no $PROBE_JAR (build without NO_BUILD=1)" >&2; exit 2; }
CP="$APP_JAR:$ROOT/app/target/test-classes:$ROOT/app/target/dependency/*"
OUT=$(mktemp -d /tmp/tickbench-local-ticks.XXXXXX)
busy=()
xpid=
pid=
beside=
cleanup() {
  [[ -n $beside ]] && kill "$beside" 2>/dev/null
  [[ -n $pid ]] && kill "$pid" 2>/dev/null
  [[ -n $xpid ]] && kill "$xpid" 2>/dev/null
  for b in "${busy[@]}"; do kill "$b" 2>/dev/null; done
  rm -rf "$OUT"
  true
}
trap cleanup EXIT

# achieved Hz, missed ticks and the longest hole of the samples in FILE with FROM <= mono_ns <= TO
holes() {
  awk -v from="$2" -v to="$3" -v period=10000000 '
    /^\{"type":"sample"/ {
      if (!match($0, /"mono_ns":[0-9]+/)) next
      m = substr($0, RSTART + 10, RLENGTH - 10) + 0
      if (m < from || m > to) next
      if (n > 0) { h = m - last; if (h > longest) longest = h; k = int(h / period + 0.5) - 1; if (k > 0) missed += k } else first = m
      last = m; n++
    }
    END { printf "samples=%d hz=%.2f missed=%d longest_hole_ms=%.1f", n, (n > 1 ? (n - 1) * 1e9 / (last - first) : 0), missed, longest / 1e6 }' "$1"
}

describe_machine
echo "load average at start: $(loadavg)"
echo "workbench JVM options: ${JAVA_OPTS:-(none)}; probe flags: $PROBE_FLAGS"
echo "runs: ${WARMUP} s warm-up, ${SECONDS_MEASURED} s measured, $BUSY busy loops (session: ${BUSY_SESSION:-own}), modes $MODES, $ROUNDS rounds"
own_session=setsid
command -v setsid >/dev/null || own_session=
for ((i = 0; i < BUSY; i++)); do
  if [[ ${BUSY_SESSION:-own} == same ]]; then
    sh -c 'while :; do :; done' &
  else
    $own_session sh -c 'while :; do :; done' &
  fi
  busy+=($!)
done
results=$OUT/results
: >"$results"
for ((r = 1; r <= ROUNDS; r++)); do
  for mode in ${MODES//,/ }; do
    case $mode in
      in-process) props=(-Dtickbench.local=in-process) ;;
      probe-process) props=(-Dtickbench.local=probe-process) ;;
      probe-shared) props=(-Dtickbench.local=probe-process -Dtickbench.local.session=shared) ;;
      *) echo "local-ticks: unknown mode $mode (in-process, probe-process, probe-shared)" >&2; exit 2 ;;
    esac
    rm -f "$OUT/pid" "$OUT/stdout"
    # the java process writes its own pid first (exec), so the one measured is this run's, whatever else runs
    # shellcheck disable=SC2086
    xvfb-run -a -s "-screen 0 1600x1000x24" sh -c 'echo $$ >"$0/pid"; exec "$@"' "$OUT" \
      java $JAVA_OPTS -Dprism.order=sw "${props[@]}" \
      -Dtickbench.bench.warmup="$WARMUP" -Dtickbench.bench.seconds="$SECONDS_MEASURED" \
      -cp "$CP" dev.tickbench.app.bench.LocalTicksDriver >"$OUT/stdout" 2>"$OUT/stderr" &
    xpid=$!
    pid=
    for _ in $(seq 1200); do
      [[ -z $pid && -s $OUT/pid ]] && pid=$(cat "$OUT/pid")
      grep -q 'READY\|FAILED' "$OUT/stdout" 2>/dev/null && break
      sleep 0.5
    done
    grep -q READY "$OUT/stdout" || { echo "the workbench did not come up ($mode):"; cat "$OUT/stdout" "$OUT/stderr"; exit 1; }
    ready=$(grep READY "$OUT/stdout")
    # the probe beside, from the warm-up on, with the workbench's probe launch flags
    # shellcheck disable=SC2086
    $own_session java $PROBE_FLAGS -jar "$PROBE_JAR" stream --rate 100 >"$OUT/beside.ndjson" 2>"$OUT/beside.err" \
      < <(sleep $((WARMUP + SECONDS_MEASURED + 60))) &
    beside=$!
    for _ in $(seq $(((WARMUP + SECONDS_MEASURED + 300) * 2))); do
      grep -q 'DONE\|FAILED' "$OUT/stdout" && break
      sleep 0.5
    done
    line=$(grep '^TICKS' "$OUT/stdout") || { echo "no figures from the workbench ($mode):"; cat "$OUT/stdout"; exit 1; }
    load=$(cut -d' ' -f1 /proc/loadavg)
    kill "$beside" 2>/dev/null || true
    wait "$beside" 2>/dev/null || true
    beside=
    kill "$pid" 2>/dev/null || true
    wait "$xpid" 2>/dev/null || true
    pid= xpid=
    from=$(sed -n 's/.*from_mono_ns=\([0-9]*\).*/\1/p' <<<"$line")
    to=$(sed -n 's/.*to_mono_ns=\([0-9]*\).*/\1/p' <<<"$line")
    wb=$(sed 's/.* samples=/samples=/; s/ dropped=.*//' <<<"$line")
    pb=$(holes "$OUT/beside.ndjson" "$from" "$to")
    printf 'round %d %-14s (%s) load %s\n  workbench:    %s (%s)\n  probe beside: %s\n' "$r" "$mode" "$ready" "$load" \
      "$wb" "$(sed 's/.* dropped=/dropped by the hand-off=/' <<<"$line")" "$pb"
    echo "$mode $wb | $pb | load=$load" >>"$results"
  done
done
echo "load average at end: $(loadavg)"
echo "per mode (workbench, then the probe beside it in the same windows):"
for mode in ${MODES//,/ }; do
  grep "^$mode " "$results" | awk -v mode="$mode" '
    { side = 0; for (i = 1; i <= NF; i++) { split($i, kv, "="); if ($i == "|") side++; else if (kv[1] == "hz") hz[side, ++nh[side]] = kv[2];
        else if (kv[1] == "missed") mi[side] = mi[side] " " kv[2]; else if (kv[1] == "longest_hole_ms") lh[side] = lh[side] " " kv[2] }
    }
    END { for (s = 0; s <= 1; s++) { lo = 1e9; hi = 0; for (i = 1; i <= nh[s]; i++) { if (hz[s, i] < lo) lo = hz[s, i]; if (hz[s, i] > hi) hi = hz[s, i] }
            printf "  %-14s %-12s %.2f-%.2f Hz (%.1f-%.1f %% of 100 Hz), missed:%s, longest holes (ms):%s\n", (s ? "" : mode),
                   (s ? "probe beside" : "workbench"), lo, hi, lo, hi, mi[s], lh[s] } }'
done
