#!/usr/bin/env bash
# The workbench over time: its RSS and the heap it keeps after a full collection, every minute, while
# it is used as in its first half hour and then left live at 100 Hz (docs/measured.md, "Soak"). The
# real workbench under Xvfb at 1600x1000 (software rendering), driven by SoakDriver (app/src/test,
# compiled against this checkout's build): 30 s live, a recording of RECORD seconds, the recording
# opened beside the live session, "what changed" ranked between its halves and closed, the capture
# shown 30 s, back to live; then live until MINUTES are over. Prints each minute, then the goals:
#   live heap flat after the first 10 minutes (within ±10 % of its mean there),
#   RSS ≤ 400 MB at any point, ≤ 300 MB from minute 10 on.
#
#   app/bench/soak.sh [MINUTES] [RECORD_SECONDS]      defaults: 60 minutes, 90 s recorded
#
# JAVA_OPTS replaces the JVM options (default: the launcher's, APP_JAVA_OPTS of jpackage/build.sh).
# NO_BUILD=1 uses app/target as it is. Needs Xvfb (Debian xvfb), GTK 3, JDK 17, Maven for the build.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/app/bench/machine.sh"
. "$ROOT/app/bench/builds.sh"
MINUTES=${1:-60}
RECORD=${2:-90}
[[ $MINUTES =~ ^[0-9]+$ && $RECORD =~ ^[0-9]+$ ]] || { echo "usage: $0 [MINUTES] [RECORD_SECONDS]" >&2; exit 2; }
DEFAULT_OPTS=$(sed -n 's/^APP_JAVA_OPTS="\(.*\)"$/\1/p' "$ROOT/jpackage/build.sh")
JAVA_OPTS=${JAVA_OPTS-$DEFAULT_OPTS}
OUT=$(mktemp -d /tmp/tickbench-soak.XXXXXX)
APP_PID=
XVFB_PID=
cleanup() {
  [[ -n $APP_PID ]] && kill "$APP_PID" 2>/dev/null || true
  [[ -n $XVFB_PID ]] && kill "$XVFB_PID" 2>/dev/null || true
  rm -rf "$OUT"
}
trap cleanup EXIT

cp=$(bench_prepare worktree "$OUT") || exit 1
mkdir -p "$OUT/driver"
javac -nowarn -d "$OUT/driver" -cp "$cp" "$ROOT/app/src/test/java/dev/tickbench/app/workbench/SoakDriver.java" \
  "$ROOT/app/src/test/java/dev/tickbench/app/bench/WorkbenchDriver.java" \
  || { echo "the driver does not compile against this checkout" >&2; exit 1; }

need_xvfb
for d in $(seq 151 200); do
  [[ -e /tmp/.X11-unix/X$d || -e /tmp/.X$d-lock ]] && continue
  Xvfb ":$d" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
  XVFB_PID=$!
  for _ in $(seq 100); do [[ -e /tmp/.X11-unix/X$d ]] && break; sleep 0.1; done
  DISPLAY_NO=:$d
  break
done
[[ -n ${DISPLAY_NO:-} ]] || { echo "no free X display for Xvfb" >&2; exit 1; }

describe_machine
echo "load average at start: $(loadavg)"
echo "soak: $MINUTES min, $RECORD s recorded; JVM options: ${JAVA_OPTS:-(none)}"
mkdir -p "$OUT/home"
# shellcheck disable=SC2086  # the options are words on purpose
HOME=$OUT/home DISPLAY=$DISPLAY_NO java $JAVA_OPTS -Dprism.order=sw -Dtickbench.soak.record="$RECORD" \
  -cp "$cp:$OUT/driver" dev.tickbench.app.workbench.SoakDriver >"$OUT/stdout" 2>"$OUT/stderr" &
APP_PID=$!
end=$(( $(date +%s) + MINUTES * 60 + 5 ))
shown=0
printf '%6s %7s %8s  %s\n' minute "RSS MB" "heap MB" "what it was doing"
while (( $(date +%s) < end )) && kill -0 "$APP_PID" 2>/dev/null; do
  sleep 5
  mapfile -t lines < <(grep -E '^(MINUTE|DRIVER FAILED|SCENARIO DONE)' "$OUT/stdout" || true)
  for ((i = shown; i < ${#lines[@]}; i++)); do
    l=${lines[i]}
    if [[ $l == MINUTE* ]]; then
      read -r _ s rss heap stepw <<<"$l"
      printf '%6d %7s %8s  %s\n' $((${s} / 60)) "${rss#rss=}" "${heap#heap=}" "${l#*step=}"
    else
      echo "$l"
    fi
  done
  shown=${#lines[@]}
done
if ! kill -0 "$APP_PID" 2>/dev/null; then
  echo "the workbench ended early:"; tail -5 "$OUT/stderr"
fi
echo "load average at the end: $(loadavg)"
grep '^MINUTE' "$OUT/stdout" | awk '
  { split($3, r, "="); split($4, h, "="); m = $2 / 60; rss[m] = r[2]; heap[m] = h[2]; if (m > last) last = m }
  END {
    if (last == 0) { print "no minute measured"; exit }
    maxrss = 0; late = 0; n = 0; sum = 0
    for (m = 1; m <= last; m++) {
      if (rss[m] > maxrss) maxrss = rss[m]
      if (m >= 10) { if (rss[m] > late) late = rss[m]; sum += heap[m]; n++ }
    }
    printf "RSS at most %d MB (goal ≤ 400): %s\n", maxrss, maxrss <= 400 ? "met" : "missed by " maxrss - 400 " MB"
    if (n == 0) { print "shorter than 10 minutes: the goals from minute 10 on are not judged"; exit }
    mean = sum / n; lo = 1e9; hi = 0
    for (m = 10; m <= last; m++) { if (heap[m] < lo) lo = heap[m]; if (heap[m] > hi) hi = heap[m] }
    printf "RSS from minute 10 at most %d MB (goal ≤ 300): %s\n", late, late <= 300 ? "met" : "missed by " late - 300 " MB"
    printf "heap after a full GC from minute 10: %d–%d MB around %.0f (goal within ±10 %%): %s\n", lo, hi, mean,
      (hi <= mean * 1.1 && lo >= mean * 0.9) ? "met" : "missed"
  }'
