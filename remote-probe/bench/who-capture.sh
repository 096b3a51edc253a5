#!/usr/bin/env bash
# Records the real capture the process and cgroup tables are tested on (docs/who.md; WhoRealCaptureTest):
# 40 s of this machine with the probe's own `record --rate 10 --duration 40s` (gzip, format 2, the tables at
# their defaults), while three causes are made here:
#
#   hog     from 5 s to 25 s: `tail -c 200M` holding the 200 MiB `head` sends it (it keeps the last 200 MiB
#           of its input until the input ends, written as it came: resident), named `tail`
#   busy    from 5 s to 35 s: a busy loop (shell `while :`) in the cgroup /tickbench-who-capture (in the v1
#           cpu, cpuacct and memory hierarchies, else in cgroup2), weighted as 20 tasks so that the machine's
#           other load does not starve it
#   storm   at 15 s: a shell starting 300 `sleep 3` at once, each gone 3 s later
#
#   remote-probe/bench/who-capture.sh [FILE]     (as root; FILE defaults to the tests' captures/real/who.ndjson.gz)
#
# The cgroup is made for the run and removed after; the script refuses to run when it exists. Every process
# it started is ended on exit, also on Ctrl-C, by its id. NO_BUILD=1 skips the build.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${1:-$ROOT/sampler-core/src/test/resources/captures/real/who.ndjson.gz}
JAR=$ROOT/remote-probe/target/tickbench-probe.jar
CG=tickbench-who-capture
[[ $(id -u) == 0 ]] || { echo "run as root: it creates a cgroup" >&2; exit 1; }
if [[ -e /sys/fs/cgroup/cpu/cpu.shares ]]; then
  V=1; DIRS=("/sys/fs/cgroup/cpu/$CG")
  [[ -d /sys/fs/cgroup/cpuacct && ! /sys/fs/cgroup/cpuacct -ef /sys/fs/cgroup/cpu ]] && DIRS+=("/sys/fs/cgroup/cpuacct/$CG")
  [[ -d /sys/fs/cgroup/memory ]] && DIRS+=("/sys/fs/cgroup/memory/$CG")
elif grep -qw cpu /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
  V=2; DIRS=("/sys/fs/cgroup/$CG")
else
  echo "no cpu controller: neither /sys/fs/cgroup/cpu (v1) nor cpu in /sys/fs/cgroup/cgroup.controllers" >&2; exit 1
fi
for d in "${DIRS[@]}"; do
  [[ ! -e $d ]] || { echo "$d exists: another run, or one that did not clean up" >&2; exit 1; }
done
if [[ ${NO_BUILD:-0} != 1 ]]; then
  (cd "$ROOT" && ./mvnw -B -q -pl remote-probe -am -DskipTests package)
fi
PIDS=()
cleanup() {
  local p c
  for p in "${PIDS[@]}"; do
    for c in $(pgrep -P "$p" || true); do kill "$c" 2>/dev/null || true; done
    kill "$p" 2>/dev/null || true
  done
  for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
  for ((i = ${#DIRS[@]} - 1; i >= 0; i--)); do
    for _ in $(seq 100); do rmdir "${DIRS[$i]}" 2>/dev/null && break; [[ -e ${DIRS[$i]} ]] || break; sleep 0.1; done
  done
}
trap cleanup EXIT
for d in "${DIRS[@]}"; do mkdir "$d"; done
if [[ $V == 1 ]]; then echo 20480 >"${DIRS[0]}/cpu.shares"; else echo 2000 >"${DIRS[0]}/cpu.weight"; fi

java -jar "$JAR" record --rate 10 --duration 40s --out "$OUT" --force &
PIDS+=($!)
recorder=$!
sleep 5
sh -c '{ head -c 200M /dev/zero; exec sleep 20; } | tail -c 200M >/dev/null' &
PIDS+=($!)
sh -c 'while :; do :; done' &
busy=$!
PIDS+=("$busy")
for d in "${DIRS[@]}"; do echo "$busy" >"$d/cgroup.procs"; done
sleep 10
sh -c 'i=0; while [ $i -lt 300 ]; do sleep 3 & i=$((i+1)); done; wait' &
PIDS+=($!)
sleep 20
kill "$busy"
wait "$recorder"
echo "recorded $OUT: $(stat -c %s "$OUT") bytes; load average $(cut -d' ' -f1-3 /proc/loadavg)"
