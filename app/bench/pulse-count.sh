#!/usr/bin/env bash
# Counts what JavaFX's pulse logger says the renderer did, in the window a benchmark measures: the stderr
# of a run with -Djavafx.pulseLogger=true -Djavafx.pulseLogger.threshold=0, e.g.
#   JFR=1 JAVA_OPTS="-Xmx1g -Djavafx.pulseLogger=true -Djavafx.pulseLogger.threshold=0" \
#     app/bench/workbench-cpu-rss.sh idle 20 15
# (JFR=1 keeps the run's directory, printed at the end; its stderr is the log). A painted pulse that lists
# no dirty region repainted the whole window: Prism paints everything when a pulse's changes give it no
# region to paint (docs/measurements.md, 2026-12-04).
#
#   app/bench/pulse-count.sh STDERR [FROM TO]
#
# FROM, TO: seconds after READY, from WorkbenchDriver's "BENCH N s" lines (default: 15 and 35, the
# window of the run above); every pulse logged between the two marks is counted.
set -euo pipefail
LOG=$1
FROM=${2:-15}
TO=${3:-35}
awk -v from="$FROM" -v to="$TO" '
  function flush() {
    if (!inpulse || !counting) return
    pulses++
    if (nodes > 0) {
      if (regions == 0) { whole++; wholenodes += nodes } else { partnodes += nodes; parts++ }
    }
  }
  # a mark may follow the last line the logger printed for a pulse, on the same line ("[86 16ms:0ms]BENCH 15 s")
  /BENCH [0-9]+ s$/ {
    flush(); inpulse = 0
    match($0, /BENCH [0-9]+ s$/); s = substr($0, RSTART + 6) + 0
    if (s == from) counting = 1
    if (s == to) { counting = 0; done = 1 }
    next
  }
  /^PULSE: / { flush(); inpulse = 1; nodes = 0; regions = 0; next }
  /different dirty regions to render/ { regions = $3 + 0 }
  /Nodes rendered:/ { nodes = $3 + 0 }
  END {
    flush()
    if (!done) { print "the log has no mark BENCH " to " s: count what it has, or give FROM and TO it holds" > "/dev/stderr"; exit 1 }
    secs = to - from
    printf "%d s: %.1f pulses a second; %.2f whole-window repaints a second (%.0f nodes each); %.1f partial a second (%.1f nodes each)\n",
      secs, pulses / secs, whole / secs, whole ? wholenodes / whole : 0, parts / secs, parts ? partnodes / parts : 0
  }' "$LOG"
