#!/usr/bin/env bash
# How far above what is possible the cgroup usage numbers go (issue 29, item 2): on a real cgroup v1 or
# v2 hierarchy, two busy loops in a child cgroup keep every CPU busy, and the probe
#   - walks the child's path N times (walk --pid --json): each level's usage in CPUs, against the CPU
#     count and against its parent;
#   - records 20 s at 100 Hz with the child as target and recomputes every 1 s window of each level's
#     usage from the raw deltas, uncapped: by the ticks' dt_ns (how it was done) and by the level's own
#     read interval (read_ns, when the capture has it).
# Usage (root): remote-probe/bench/usage-truth.sh JAR [WALKS] [RECORD_S]
# Prints one line per figure; run it once with the jar before a change and once after.
set -euo pipefail
JAR=${1:?usage: usage-truth.sh JAR [WALKS] [RECORD_S]}
WALKS=${2:-6}
RECORD_S=${3:-20}
[[ $(id -u) == 0 ]] || { echo "usage-truth.sh: needs root (it makes cgroups)" >&2; exit 1; }
NAME=tickbench-usage-$$
if [[ -d /sys/fs/cgroup/cpu ]]; then # v1 (hybrid): cpu and cpuacct, mounted apart or together
  DIRS=(/sys/fs/cgroup/cpu/$NAME/child)
  [[ -d /sys/fs/cgroup/cpuacct && ! /sys/fs/cgroup/cpuacct -ef /sys/fs/cgroup/cpu ]] && DIRS+=(/sys/fs/cgroup/cpuacct/$NAME/child)
else
  DIRS=(/sys/fs/cgroup/$NAME/child)
  echo +cpu >/sys/fs/cgroup/cgroup.subtree_control 2>/dev/null || true
fi
OUT=$(mktemp -d /tmp/tickbench-usage.XXXXXX)
LOOPS=()
cleanup() {
  for p in "${LOOPS[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  for d in "${DIRS[@]}"; do rmdir "$d" "$(dirname "$d")" 2>/dev/null || true; done
  rm -rf "$OUT"
}
trap cleanup EXIT
for d in "${DIRS[@]}"; do mkdir -p "$d"; done
CPUS=$(nproc)
for ((i = 0; i < CPUS; i++)); do
  sh -c 'while :; do :; done' &
  LOOPS+=($!)
  for d in "${DIRS[@]}"; do echo "$!" >"$d/cgroup.procs"; done
done
PID=${LOOPS[0]}
sleep 1
for ((w = 1; w <= WALKS; w++)); do
  java -jar "$JAR" walk --pid "$PID" --window 2s --json >"$OUT/walk-$w.json"
done
java -jar "$JAR" record --pid "$PID" --rate 100 --duration "${RECORD_S}s" --out "$OUT/rec.ndjson" >/dev/null 2>&1
python3 - "$OUT" "$WALKS" "$CPUS" <<'EOF'
import glob, json, sys
out, walks, cpus = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rootmax, above, childabove, levels, childover = 0.0, 0, 0, 0, 0.0
for f in sorted(glob.glob(out + "/walk-*.json")):
    j = json.load(open(f))
    use = []
    for l in j["levels"]:
        use.append(None if l["usage_usec"] is None else l["usage_usec"] / 1e6 / j["window_s"])
    for i, u in enumerate(use):
        if u is None:
            continue
        levels += 1
        above += u > cpus
        if i + 1 < len(use) and use[i + 1] is not None and u > use[i + 1]:
            childabove += 1
            childover = max(childover, u - use[i + 1])
    if use[-1] is not None:
        rootmax = max(rootmax, use[-1])
print("walk: %d walks, %d levels: root max %.4f CPUs of %d; %d levels above the CPUs; %d above their parent,"
      " by %.4f CPUs at most" % (walks, levels, rootmax, cpus, above, childabove, childover))
# the capture: 1 s windows (100 ticks) of each level's usage, uncapped
schema, rows = {}, []
for line in open(out + "/rec.ndjson"):
    o = json.loads(line)
    if o["type"] == "hello":
        schema = dict(o.get("schema") or {})
    elif o["type"] == "schema":
        # a kept run [a, b] is keys a..b-1 of the list before (FORMAT.md, "Kept runs")
        schema.update({src: [k for e in keys for k in (schema[src][e[0]:e[1]] if isinstance(e, list) else [e])]
                       for src, keys in o["schema"].items()})
    elif o["type"] == "sample":
        c = o.get("cgroup_cpu")
        if isinstance(c, list):
            c = {k: v for k, v in zip(schema["cgroup_cpu"], c) if v is not None}
        rows.append((o["dt_ns"], c or {}))
paths = sorted({k.split("|")[0] for _, c in rows for k in c})
for p in paths:
    for how in ("dt_ns", "read_ns"):
        vals = []
        for i in range(100, len(rows) + 1):
            win = rows[i - 100:i]
            if any(p + "|usage_usec" not in c for _, c in win):
                continue
            num = sum(c[p + "|usage_usec"] for _, c in win) * 1000.0
            if how == "read_ns" and any(p + "|read_ns" not in c for _, c in win):
                continue
            den = sum(c[p + "|read_ns"] if how == "read_ns" else dt for dt, c in win)
            vals.append(num / den)
        if vals:
            print("record: %-40s by %-7s %4d windows: max %.4f CPUs, %d above %d"
                  % (p, how, len(vals), max(vals), sum(v > cpus for v in vals), cpus))
EOF
