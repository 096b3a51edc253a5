#!/usr/bin/env bash
# Records the real captures "What changed?" is tested on (docs/diff.md, "Tested on real bursts"): for each
# cause, a quiet reference and then a capture while the cause is made here, both with the probe's own
# `record --rate 10 --duration 20s` (gzip, format 2) and the same cgroup target, so that both have the same
# series; the test compares `diff NAME-quiet.ndjson.gz NAME.ndjson.gz`. Plus one capture with a burst in
# its middle, compared with itself: its first 15 s against the 15 s after.
#
#   remote-probe/bench/diff-bursts.sh [DIR]      (as root; DIR defaults to the tests' captures/real/)
#
#   files    100,000 empty files created in a new directory under /tmp before the recording, 100,000 more
#            during it (the dentry and inode caches grow throughout); removed after
#   alloc    a process holding 10 GiB of memory it wrote to, from before the start to after the end
#   busy     4 busy loops (shell `while :`) in a cgroup of their own, from before the start to after the end
#   forks    a shell running /bin/true in a loop and a process creating and joining threads in a loop
#   quota    4 busy loops in a cgroup whose quota is 10 ms per 100 ms (0.1 CPU)
#   middle   45 s; the fork storm from 15 s to 30 s
#
# Each quiet reference is recorded right before its cause, so that what else changes between the two
# (other builds starting and stopping, what the previous cause left in the caches) is as little as it can
# be. Other builds share this machine (load averages of 15 to 45 on its 2 CPUs while these were recorded),
# so the causes run at nice -20 and the recorder too: a cause that gets no CPU makes no burst, and a
# recorder that gets none misses the ticks the cause takes. The busy loops run at nice 0, as anyone's
# would: on a machine already 100 % busy they cannot raise cpu.busy_pct, and show as their cgroup's usage.
#
# The cgroups (/tickbench-diff-bursts, without a limit, and its child /tickbench-diff-bursts/quota, the
# recorder's target; in the v1 cpu and cpuacct hierarchies, else in cgroup2) are made for the run and
# removed after; their names are fixed (the paths are in the series' names), and the script refuses to
# run when they exist. Every process and file it made are removed on exit, also on Ctrl-C, and the
# negative dentries the deleted files leave are dropped (vm.drop_caches = 2). NO_BUILD=1 skips the build.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${1:-$ROOT/sampler-core/src/test/resources/captures/real}
JAR=$ROOT/remote-probe/target/tickbench-probe.jar
CG_NAME=tickbench-diff-bursts
[[ $(id -u) == 0 ]] || { echo "run as root: it creates cgroups" >&2; exit 1; }
# Two cgroups: the parent, without a limit, where the busy loops run (its usage is theirs, also on a
# machine already 100 % busy), and a child held at a quota of 10 ms per 100 ms, the recorder's target (its
# ancestors, the parent among them, are recorded with it).
if [[ -e /sys/fs/cgroup/cpu/cpu.cfs_quota_us ]]; then
  V=1; HIERARCHIES=(/sys/fs/cgroup/cpu)
  [[ -d /sys/fs/cgroup/cpuacct && ! /sys/fs/cgroup/cpuacct -ef /sys/fs/cgroup/cpu ]] && HIERARCHIES+=(/sys/fs/cgroup/cpuacct)
elif grep -qw cpu /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
  V=2; HIERARCHIES=(/sys/fs/cgroup)
else
  echo "no cpu controller: neither /sys/fs/cgroup/cpu (v1) nor cpu in /sys/fs/cgroup/cgroup.controllers" >&2; exit 1
fi
for h in "${HIERARCHIES[@]}"; do
  [[ ! -e $h/$CG_NAME ]] || { echo "$h/$CG_NAME exists: another run, or one that did not clean up" >&2; exit 1; }
done
if [[ ${NO_BUILD:-0} != 1 ]]; then
  (cd "$ROOT" && ./mvnw -B -q -pl remote-probe -am -DskipTests package)
fi
mkdir -p "$OUT"

PIDS=()
SLEEPER=
WORK=$(mktemp -d /tmp/tickbench-diff-bursts.XXXXXX)
stop() { # ends the cause's processes
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
  PIDS=()
}
cleanup() {
  stop
  [[ -z $SLEEPER ]] || { kill "$SLEEPER" 2>/dev/null; wait "$SLEEPER" 2>/dev/null; } || true
  for h in "${HIERARCHIES[@]}"; do
    [[ -d $h/$CG_NAME/quota ]] && rmdir "$h/$CG_NAME/quota" 2>/dev/null
    [[ -d $h/$CG_NAME ]] && rmdir "$h/$CG_NAME" 2>/dev/null
  done
  rm -rf "$WORK"
  # the storm's deleted files leave their negative dentries behind: without this each run starts from more
  echo 2 >/proc/sys/vm/drop_caches
}
trap cleanup EXIT

for h in "${HIERARCHIES[@]}"; do
  mkdir "$h/$CG_NAME"
  [[ $V == 1 ]] || echo +cpu >"$h/$CG_NAME/cgroup.subtree_control"
  mkdir "$h/$CG_NAME/quota"
done
if [[ $V == 1 ]]; then
  echo 100000 >"/sys/fs/cgroup/cpu/$CG_NAME/quota/cpu.cfs_period_us"
  echo 10000 >"/sys/fs/cgroup/cpu/$CG_NAME/quota/cpu.cfs_quota_us"
else
  echo "10000 100000" >"/sys/fs/cgroup/$CG_NAME/quota/cpu.max"
fi
enter() { # PID CGROUP: moves the process into the cgroup in every hierarchy
  local h
  for h in "${HIERARCHIES[@]}"; do echo "$1" >"$h/$2/cgroup.procs"; done
}
# one sleeping process keeps the child in use in every capture, so its series exist in all of them
sleep 100000 & SLEEPER=$!
enter "$SLEEPER" "$CG_NAME/quota"

record() { # NAME DURATION
  echo "$(date -u +%H:%M:%S) recording $1 (load average $(cut -d' ' -f1-3 /proc/loadavg))"
  rm -f "$OUT/$1.ndjson.gz"
  nice -n -20 java -XX:+UseSerialGC -Xmx64m -jar "$JAR" record --rate 10 --duration "$2" --cgroup "/$CG_NAME/quota" \
    --out "$OUT/$1.ndjson.gz" >/dev/null
}
started() { # NAME: waits until the recorder has written its capture's first line
  local i
  for i in $(seq 200); do [[ -s $OUT/$1.ndjson.gz ]] && return 0; sleep 0.05; done
  echo "the recording of $1 did not start" >&2; return 1
}
# processes (a shell starting /bin/true) and threads (created and joined in a loop): stat.processes
# counts both; on this VM a fork costs about 10 ms, a thread 1 ms
fork_storm() {
  nice -n -20 sh -c 'while :; do /bin/true; done' & PIDS+=($!)
  nice -n -20 python3 -c '
import threading
while True:
    t = threading.Thread(target=int); t.start(); t.join()' & PIDS+=($!)
}
busy_loops() { # N NICE CGROUP
  local _
  for _ in $(seq "$1"); do
    nice -n "$2" sh -c 'while :; do :; done' & PIDS+=($!)
    enter "$!" "$3"
  done
}

# Each cause is recorded right after its own quiet reference (NAME-quiet, then NAME), so that the
# background of the minutes between them (other builds starting and stopping, caches the previous cause
# left) is as small as it can be: the comparison is `diff NAME-quiet.ndjson.gz NAME.ndjson.gz`.

record files-quiet 20s
mkdir "$WORK/files"
cat >"$WORK/files.py" <<'PY'
import os, sys
d, first, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for i in range(first, first + n):
    open(os.path.join(d, "f%d" % i), "w").close()
PY
nice -n -20 python3 "$WORK/files.py" "$WORK/files" 0 100000
record files 20s & REC=$!
started files
nice -n -20 python3 "$WORK/files.py" "$WORK/files" 100000 100000 & PIDS+=($!)
wait $REC
stop
rm -rf "$WORK/files"

record alloc-quiet 20s
nice -n -20 python3 -c '
import time
n = 10 << 30
b = bytearray(n)                       # zeroed pages are not memory until written:
b[::4096] = b"\x01" * (n // 4096)     # one byte in every page
time.sleep(100000)' & PIDS+=($!)
until (( $(awk '/VmRSS/ {print $2}' "/proc/$!/status") >= 10 << 20 )); do sleep 0.2; done
record alloc 20s
stop

record busy-quiet 20s
busy_loops 4 0 "$CG_NAME"
sleep 1
record busy 20s
stop

record forks-quiet 20s
fork_storm
sleep 1
record forks 20s
stop

record quota-quiet 20s
busy_loops 4 -20 "$CG_NAME/quota"
sleep 1
record quota 20s
stop

record middle 45s & REC=$!
started middle; sleep 15
fork_storm
sleep 15
stop
wait $REC
ls -l "$OUT"
