#!/usr/bin/env bash
# Raw bytes per sample of a live `stream` in format 1 and format 2 (sampler-core/FORMAT.md), on this
# machine's real /proc and /sys, plus what the same stream costs gzipped (a `.ndjson.gz` capture).
# Usage: remote-probe/bench/format-bytes.sh [SECONDS] [RATE]      e.g. format-bytes.sh 10 100
# Needs: java 17+, gzip. Builds the probe jar when it is missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-10}
rate=${2:-100}
jar=$root/remote-probe/target/tickbench-probe.jar
[[ -f $jar ]] || (cd "$root" && mvn -B -q -pl remote-probe -am -DskipTests package)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "machine: $(nproc) CPUs, $(uname -sr), $(java -version 2>&1 | head -1)"
echo "stream --rate $rate for $secs s to a file, per format"
for f in 1 2; do
  out=$work/stream.$f
  set +e
  # the stream ends when its stdin closes; samples are whole lines, so a clean end counts them exactly
  sleep "$secs" | timeout $((secs + 30)) java -XX:+UseSerialGC -Xmx64m -jar "$jar" stream --rate "$rate" --format "$f" >"$out"
  set -e
  samples=$(grep -c '^{"type":"sample"' "$out" || true)
  sample_bytes=$(grep '^{"type":"sample"' "$out" | wc -c)
  all=$(stat -c %s "$out")
  hello=$(head -1 "$out" | wc -c)
  schema=$(grep -c '^{"type":"schema"' "$out" || true)
  gz=$(gzip -6 -c "$out" | wc -c)
  awk -v f="$f" -v n="$samples" -v sb="$sample_bytes" -v a="$all" -v h="$hello" -v s="$schema" -v g="$gz" 'BEGIN {
    printf "format %s  samples %6d  sample lines %6.0f B/sample  whole stream %6.0f B/sample (hello %d B, %d schema lines)  gzip %5.0f B/sample\n",
      f, n, (n ? sb / n : 0), (n ? a / n : 0), h, s, (n ? g / n : 0) }'
done
