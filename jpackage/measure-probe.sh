#!/usr/bin/env bash
# Resident memory and CPU of the packaged probe while streaming: a measurement, not a test.
# Runs `tickbench-probe stream --rate R` for SECONDS at each rate with stdout to /dev/null and stdin
# held open, then reads VmRSS/VmHWM from /proc/PID/status and utime+stime from /proc/PID/stat.
# Usage: jpackage/measure-probe.sh [LAUNCHER] [SECONDS]
#   LAUNCHER defaults to jpackage/target/probe/tickbench-probe/bin/tickbench-probe (what the .deb
#   and the runtime tarball hold); /usr/bin/tickbench-probe measures an installed package.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
probe=${1:-$ROOT/jpackage/target/probe/tickbench-probe/bin/tickbench-probe}
seconds=${2:-20}
[[ -x $probe ]] || { echo "measure-probe.sh: no launcher at $probe (run jpackage/build.sh)" >&2; exit 1; }
work=$(mktemp -d /tmp/tickbench-measure.XXXXXX)
trap 'rm -rf "$work"' EXIT
ticks=$(getconf CLK_TCK)
printf '%-8s %10s %10s %12s\n' rate VmRSS VmHWM "cpu"
for rate in 10 100; do
  mkfifo "$work/in-$rate"
  exec 3<>"$work/in-$rate"
  "$probe" stream --rate "$rate" <"$work/in-$rate" >/dev/null 3>&- &
  pid=$!
  sleep "$seconds"
  rss=$(awk '/^VmRSS/ {print $2 " " $3}' "/proc/$pid/status")
  hwm=$(awk '/^VmHWM/ {print $2 " " $3}' "/proc/$pid/status")
  # fields 14 and 15 of /proc/PID/stat (after the parenthesised command name)
  cpu=$(sed 's/.*) //' "/proc/$pid/stat" | awk -v t="$ticks" -v s="$seconds" '{printf "%.1f %%", ($12 + $13) / t / s * 100}')
  exec 3>&-
  wait "$pid" || true
  printf '%-8s %10s %10s %12s\n' "$rate Hz" "$rss" "$hwm" "$cpu"
done
