#!/usr/bin/env bash
# Raw bytes per sample of a live stream on this machine (no SSH, no compression; wire-bytes.sh
# measures the SSH link): runs `stream --rate RATE` for SECONDS into a file and divides.
# Usage: remote-probe/bench/bytes-per-sample.sh [SECONDS] [RATE] [STREAM ARGS…]
#        e.g. bytes-per-sample.sh 10 100            (the defaults); extra args go to `stream`
# Needs java 17+; python3 for the per-field breakdown (skipped without it). Builds the probe jar
# when it is missing (PROBE_JAR overrides it). Run as root, as the probe runs (slabinfo, kmsg).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-10}
rate=${2:-100}
shift $(($# < 2 ? $# : 2))
jar=${PROBE_JAR:-$root/remote-probe/target/tickbench-probe.jar}
[[ -f $jar ]] || (cd "$root" && mvn -B -q -pl remote-probe -am -DskipTests package)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) CPUs, $(uname -sr)"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
# stdin stays open for SECONDS: the stream ends when it closes
sleep "$secs" | java -Xmx64m -XX:+UseSerialGC -jar "$jar" stream --rate "$rate" "$@" >"$out"
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
samples=$(grep -c '"type":"sample"' "$out" || true)
sample_bytes=$(grep '"type":"sample"' "$out" | wc -c)
total=$(stat -c %s "$out")
[[ $samples -gt 0 ]] || { echo "bytes-per-sample: no sample line in ${secs} s" >&2; exit 1; }
awk -v n="$samples" -v s="$sample_bytes" -v t="$total" -v hz="$rate" -v secs="$secs" 'BEGIN {
  printf "stream --rate %d for %d s: %d samples; %.0f B per sample line; %.0f B per sample with every other line (hello, kmsg, throttle); %.1f KB/s at %d Hz\n",
    hz, secs, n, s / n, t / n, t / n * hz / 1000, hz }'
command -v python3 >/dev/null || exit 0
python3 - "$out" <<'PY'
import json, sys
fields, n = {}, 0
for line in open(sys.argv[1], encoding="utf-8"):
    if '"type":"sample"' not in line:
        continue
    o = json.loads(line)
    n += 1
    for k, v in o.items():
        fields[k] = fields.get(k, 0) + len(json.dumps({k: v}, separators=(",", ":"))) - 2
print("bytes per sample by field (name and value as written, compact JSON):")
for k, b in sorted(fields.items(), key=lambda kv: -kv[1]):
    print(f"  {k:<14} {b / n:8.0f}")
PY
