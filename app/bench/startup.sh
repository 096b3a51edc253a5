#!/usr/bin/env bash
# The workbench's start-up: launch → window shown → window with content (the Live tab's tracks with
# their titles and the sources panel filled) → first curves, cold and warm, under Xvfb at 1600x1000
# (software rendering). Each milestone is what the app itself notes with -Dtickbench.startupLog=FILE
# (StartupLog: a frame laid out with titled tracks, the sources listed, a line drawn on a track on
# screen), never guessed from pictures; the times here are from the moment this script launches the
# process (its wall clock) to the milestone's wall clock.
#
#   app/bench/startup.sh [ROUNDS] [WHAT…]
#
# WHAT is what is started, each in turn within every round, so that they share the machine's load:
#   worktree, REV, WHAT@FLAGS   as app/bench/builds.sh says (this checkout as built, a git revision
#                   built in /tmp, either with JVM flags added); a revision must write the start-up
#                   log (StartupLog, from the commit that added it on)
#   image:DIR       an app image or an installed app (jpackage/target/app/tickbench, /opt/tickbench):
#                   its own launcher bin/tickbench, the property passed in JAVA_TOOL_OPTIONS
#   floor           the toolkit's floor: a stock JavaFX window of eight LineCharts with five series each
#                   (app/src/test/…/bench/ToolkitFloor.java, on this checkout's class path and test classes),
#                   started the same way; with it, the medians end with the workbench's content time over
#                   the floor's (`startup.sh 3 worktree floor`); floor@FLAGS is the floor with JVM flags
#                   added, and WHAT@FLAGS is then also compared with it (flags given to both alike)
# Default: 3 rounds of "worktree". Each round runs every WHAT cold, then warm: cold is the first run
# after dropping the page cache (sync; echo 3 > /proc/sys/vm/drop_caches), which needs root — as
# another user the cold runs are skipped and the script says so; warm is the next run, everything
# already in the page cache. COLD=0 skips the cold runs (beside other work, whose page cache they drop).
# THREADS=1 prints, under each run, the CPU (ms) of its threads by kind at the window, content and
# first curves: the JavaFX thread, the JIT's compilers, Prism's renderer, the collector, the others. JAVA_OPTS adds JVM flags to every run (not for image:, whose launcher
# has its own, unless in JAVA_TOOL_OPTIONS). Prints the machine, the load average before and after
# each run, one line per run and the medians. Each run starts with an empty $HOME (no window size
# remembered, no recent files), so the window opens at the screen's size; the cache
# ($XDG_CACHE_HOME: the probe jar this machine's probe process runs, its class-data archive) is
# each WHAT's own and kept across its runs, as a user's is across starts, and filled by one start of
# each WHAT before the rounds, not measured, which runs until its first curves and then until the
# probe's class-data archive is made (at most WARMUP_S, 60 s; a build that makes none waits that
# long once).
# Needs: Xvfb (Debian xvfb), GTK 3 (libgtk-3-0), JDK 17, Maven for the builds.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/app/bench/machine.sh"
ROUNDS=${1:-3}
shift || true
WHATS=("$@")
((${#WHATS[@]})) || WHATS=(worktree)
DEADLINE_S=${DEADLINE_S:-180}
WARMUP_S=${WARMUP_S:-60}
OUT=$(mktemp -d /tmp/tickbench-startup-run.XXXXXX)
trap 'rm -rf "$OUT"' EXIT

cold=true
if [[ ${COLD:-1} == 0 ]]; then
  cold=false
  echo "COLD=0: cold runs skipped"
elif [[ $(id -u) != 0 ]]; then
  cold=false
  echo "not root: cold runs skipped (dropping the page cache needs root: sync; echo 3 > /proc/sys/vm/drop_caches)"
fi

. "$ROOT/app/bench/builds.sh"

# prepares WHAT; prints its launch kind and class path or launcher
prepare() {
  local what=$1 cp
  case $what in
    image:*)
      [[ -x ${what#image:}/bin/tickbench ]] || { echo "no launcher ${what#image:}/bin/tickbench" >&2; exit 1; }
      echo "image ${what#image:}/bin/tickbench" ;;
    floor | floor@*)
      [[ -f $ROOT/app/target/test-classes/dev/tickbench/app/bench/ToolkitFloor.class ]] \
        || (cd "$ROOT" && ./mvnw -B -q -pl app -am test-compile -Dapp.installers.skip=true >/dev/null) || exit 1
      cp=$(bench_prepare worktree "$OUT") || exit 1
      mkdir -p "$OUT/floor-classes"
      cp -r "$ROOT/app/target/test-classes/dev" "$OUT/floor-classes/"
      echo "floor $cp:$OUT/floor-classes" ;;
    *)
      cp=$(bench_prepare "$what" "$OUT") || exit 1
      echo "cp $cp" ;;
  esac
}

declare -A LAUNCH=()
for what in "${WHATS[@]}"; do
  LAUNCH[$what]=$(prepare "$what")
done

describe_machine
echo "load average at start: $(loadavg)"
echo "JVM options added: ${JAVA_OPTS:-(none)}"

# one X server for every run: its own start is not the workbench's
need_xvfb
Xvfb_display=
for d in $(seq 91 140); do
  [[ -e /tmp/.X11-unix/X$d || -e /tmp/.X$d-lock ]] && continue
  Xvfb ":$d" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
  XVFB_PID=$!
  Xvfb_display=:$d
  break
done
[[ -n $Xvfb_display ]] || { echo "no free X display for Xvfb" >&2; exit 1; }
APP_PID=
cleanup() {
  [[ -n $APP_PID ]] && kill "$APP_PID" 2>/dev/null || true
  kill "$XVFB_PID" 2>/dev/null || true
  rm -rf "$OUT"
}
trap cleanup EXIT
for _ in $(seq 100); do [[ -e /tmp/.X11-unix/X${Xvfb_display#:} ]] && break; sleep 0.1; done

milestone() { awk -v m="$1" -v t0="$2" '$1 == m { sub("wall_ms=", "", $2); print $2 - t0; exit }' "$3"; }
cpu_at() { awk -v m="$1" '$1 == m { sub("cpu_ms=", "", $4); print $4; exit }' "$2"; }

# each WHAT's cache directory, kept across its runs (a user's cache is kept across starts)
cache_of() { echo "$OUT/cache-$(echo "$1" | tr -c 'A-Za-z0-9\n' _)"; }

# one run: prints "window tracks content curves cpu_at_content cpu_at_curves" in ms from launch, or "fail …"
# (warmup: no figures; after the first curves it waits for the probe's class-data archive, WARMUP_S at most)
run_once() {
  local what=$1 warmup=${2:-} log=$OUT/startup.log home=$OUT/home kind rest t0 i cache
  cache=$(cache_of "$what")
  mkdir -p "$cache"
  rm -rf "$log" "$home" && mkdir -p "$home"
  kind=${LAUNCH[$what]%% *}
  rest=${LAUNCH[$what]#* }
  local flags
  flags=$(bench_flags "$what")
  t0=$(date +%s%3N)
  if [[ $kind == cp || $kind == floor ]]; then
    local main=dev.tickbench.app.Launcher
    [[ $kind == floor ]] && main=dev.tickbench.app.bench.ToolkitFloor && warmup=
    # shellcheck disable=SC2086  # JAVA_OPTS are words on purpose
    HOME=$home XDG_CACHE_HOME=$cache DISPLAY=$Xvfb_display java -Xmx1g ${JAVA_OPTS:-} $flags -Dprism.order=sw -Dtickbench.startupLog="$log" \
      -cp "$rest" "$main" >"$OUT/stdout" 2>"$OUT/stderr" &
  else
    HOME=$home XDG_CACHE_HOME=$cache DISPLAY=$Xvfb_display JAVA_TOOL_OPTIONS="${JAVA_TOOL_OPTIONS:-} -Dprism.order=sw -Dtickbench.startupLog=$log" \
      "$rest" >"$OUT/stdout" 2>"$OUT/stderr" &
  fi
  APP_PID=$!
  local snapped=" "
  : >"$OUT/threads"
  for ((i = 0; i < DEADLINE_S * 20; i++)); do
    if [[ ${THREADS:-0} == 1 && -z $warmup ]]; then
      for m in window content curves; do
        if [[ $snapped != *" $m "* ]] && grep -q "^$m " "$log" 2>/dev/null; then
          echo "$m $(thread_cpu "$APP_PID")" >>"$OUT/threads"
          snapped+="$m "
        fi
      done
    fi
    grep -q '^curves ' "$log" 2>/dev/null && break
    kill -0 "$APP_PID" 2>/dev/null || break
    sleep 0.05
  done
  if [[ -n $warmup ]]; then
    for ((i = 0; i < WARMUP_S * 10; i++)); do
      compgen -G "$cache/tickbench/probe/*.jsa.ok" >/dev/null && break
      kill -0 "$APP_PID" 2>/dev/null || break
      sleep 0.1
    done
  fi
  sleep 0.5 # the milestone is written; let the process settle before it is stopped
  kill "$APP_PID" 2>/dev/null || true
  wait "$APP_PID" 2>/dev/null || true
  APP_PID=
  if ! grep -q '^curves ' "$log" 2>/dev/null; then
    echo "fail (no first curves within ${DEADLINE_S} s; log: $(tr '\n' ' ' <"$log" 2>/dev/null); stderr: $(tail -3 "$OUT/stderr" | tr '\n' ' '))"
    return
  fi
  echo "$(milestone window "$t0" "$log") $(milestone tracks "$t0" "$log") $(milestone content "$t0" "$log")" \
       "$(milestone curves "$t0" "$log") $(cpu_at content "$log") $(cpu_at curves "$log")"
}

# CPU of the process's live threads so far (ms), by kind: fx (the JavaFX thread), c2 and c1 (the JIT's
# compilers), render (Prism's rasteriser), gc, and other; from /proc/PID/task/*/stat (exited threads are
# not counted there, so these add up to a little less than the process's own figure)
thread_cpu() {
  local t
  for t in /proc/"$1"/task/*; do
    echo "$(tr ' ' _ <"$t/comm" 2>/dev/null) $(awk '{ print $14 + $15 }' "$t/stat" 2>/dev/null)"
  done | awk -v hz="$(getconf CLK_TCK)" '
    NF == 2 {
      k = "other"
      if ($1 ~ /^JavaFX_Applicat/) k = "fx"; else if ($1 ~ /^C2_/) k = "c2"; else if ($1 ~ /^C1_/) k = "c1"
      else if ($1 ~ /^QuantumRenderer/) k = "render"; else if ($1 ~ /^(GC_|G1_|VM_Thread)/) k = "gc"
      ms[k] += $2 * 1000 / hz
    }
    END { printf "fx %d c2 %d c1 %d render %d gc %d other %d", ms["fx"], ms["c2"], ms["c1"], ms["render"], ms["gc"], ms["other"] }'
}

drop_caches() { sync; echo 3 >/proc/sys/vm/drop_caches; }

for what in "${WHATS[@]}"; do
  res=$(run_once "$what" warmup)
  echo "warm-up start of $what (not measured; fills its cache): $([[ $res == fail* ]] && echo "$res" || echo ok)," \
    "probe archive: $(compgen -G "$(cache_of "$what")/tickbench/probe/*.jsa.ok" >/dev/null && echo made || echo none)"
done

RESULTS=$OUT/results
: >"$RESULTS"
printf '%-6s %-5s %-24s %8s %8s %8s %8s %11s %10s  %s\n' round mode what window tracks content curves cpu@content cpu@curves "load before → after"
for ((r = 1; r <= ROUNDS; r++)); do
  for what in "${WHATS[@]}"; do
    for mode in cold warm; do
      [[ $mode == cold && $cold == false ]] && continue
      [[ $mode == cold ]] && drop_caches
      before=$(loadavg | cut -d' ' -f1)
      res=$(run_once "$what")
      after=$(loadavg | cut -d' ' -f1)
      if [[ $res == fail* ]]; then
        printf '%-6s %-5s %-24s %s\n' "$r" "$mode" "$what" "$res"
        continue
      fi
      read -r w t c f cpu cpu2 <<<"$res"
      printf '%-6s %-5s %-24s %5d ms %5d ms %5d ms %5d ms %8d ms %7d ms  %s → %s\n' "$r" "$mode" "$what" "$w" "$t" "$c" "$f" "$cpu" "$cpu2" \
        "$before" "$after"
      echo "$what $mode $w $t $c $f $cpu $cpu2" >>"$RESULTS"
      [[ -s $OUT/threads ]] && sed 's/^/         threads at /' "$OUT/threads"
    done
  done
done
echo "load average at end: $(loadavg)"
echo "medians (ms from launch):"
printf '%-5s %-24s %8s %8s %8s %8s %11s %10s %5s\n' mode what window tracks content curves cpu@content cpu@curves runs
for what in "${WHATS[@]}"; do
  for mode in cold warm; do
    awk -v w="$what" -v m="$mode" '$1 == w && $2 == m' "$RESULTS" >"$OUT/one"
    [[ -s $OUT/one ]] || continue
    med() { cut -d' ' -f"$1" "$OUT/one" | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : int((a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
    printf '%-5s %-24s %5d ms %5d ms %5d ms %5d ms %8d ms %7d ms %5d\n' "$mode" "$what" "$(med 3)" "$(med 4)" "$(med 5)" "$(med 6)" "$(med 7)" \
      "$(med 8)" "$(wc -l <"$OUT/one")"
  done
done
if [[ " ${WHATS[*]} " == *" floor "* ]]; then
  # the content time's median of WHAT in MODE
  content_med() {
    awk -v w="$1" -v m="$2" '$1 == w && $2 == m { print $5 }' "$RESULTS" | sort -n |
      awk '{ a[NR] = $1 } END { if (NR) print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
  }
  for mode in cold warm; do
    floor_ms=$(content_med floor "$mode")
    [[ -n $floor_ms ]] || continue
    for what in "${WHATS[@]}"; do
      [[ $what == floor* ]] && continue
      ms=$(content_med "$what" "$mode")
      [[ -n $ms ]] || continue
      awk -v m="$mode" -v w="$what" -v a="$ms" -v f="$floor_ms" \
        'BEGIN { printf "%s %s: content %d ms, the floor %d ms: %.2fx the floor\n", m, w, a, f, a / f }'
      # the floor started with the same added flags, when it ran too
      if [[ $what == *@* && " ${WHATS[*]} " == *" floor@${what#*@} "* ]]; then
        same=$(content_med "floor@${what#*@}" "$mode")
        [[ -n $same ]] && awk -v m="$mode" -v w="$what" -v a="$ms" -v f="$same" \
          'BEGIN { printf "%s %s: content %d ms, the floor with its flags %d ms: %.2fx that floor\n", m, w, a, f, a / f }'
      fi
    done
  done
fi
