#!/usr/bin/env bash
# Bytes a live stream costs: per sample (raw NDJSON) and on a real SSH link, with and without
# compression, through the probe's own SSH server on loopback and the real OpenSSH client.
# Usage: remote-probe/bench/wire-bytes.sh [SECONDS] [RATE]      e.g. wire-bytes.sh 20 100
# Needs: java 17+, ssh and ssh-keygen (openssh-client). Builds the probe jar when it is missing.
# Prints one line per mode: samples received, raw bytes per sample, and the bytes per sample the SSH
# transport carried (OpenSSH's own "compress incoming" counters; the raw bytes when compression is
# off), scaled to the nominal rate so that a busy machine delivering fewer samples reads the same.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-20}
rate=${2:-100}
jar=$root/remote-probe/target/tickbench-probe.jar
[[ -f $jar ]] || (cd "$root" && mvn -B -q -pl remote-probe -am -DskipTests package)
work=$(mktemp -d)
serve_pid=
cleanup() { [[ -n $serve_pid ]] && kill "$serve_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

ssh-keygen -q -t ed25519 -N '' -f "$work/client"
cp "$work/client.pub" "$work/authorized_keys"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
java -XX:+UseSerialGC -Xmx64m -jar "$jar" serve --http 127.0.0.1:0 --ssh "127.0.0.1:$port" \
  --authorized-keys "$work/authorized_keys" --host-key "$work/host_key" --ssh-user tb >"$work/serve.log" 2>&1 &
serve_pid=$!
for _ in $(seq 1 100); do [[ -f $work/host_key.pub ]] && grep -q 'ssh' "$work/serve.log" 2>/dev/null && break; sleep 0.2; done
[[ -f $work/host_key.pub ]] || { echo "wire-bytes: the probe's SSH server did not start:" >&2; cat "$work/serve.log" >&2; exit 1; }
echo "[127.0.0.1]:$port $(cat "$work/host_key.pub")" >"$work/known_hosts"

echo "machine: $(nproc) CPUs, $(uname -sr), $(java -version 2>&1 | head -1)"
echo "stream --rate $rate for $secs s over the probe's SSH server on loopback"
for mode in no yes; do
  out=$work/stream.$mode
  set +e
  # the stream ends when its stdin closes: ssh then exits cleanly and prints its compression counters
  sleep "$secs" | timeout $((secs + 30)) ssh -v -F /dev/null -i "$work/client" -p "$port" -o Compression=$mode \
    -o UserKnownHostsFile="$work/known_hosts" -o StrictHostKeyChecking=yes -o BatchMode=yes \
    -o IdentitiesOnly=yes tb@127.0.0.1 stream --rate "$rate" >"$out" 2>"$out.err"
  set -e
  samples=$(grep -c '"type":"sample"' "$out" || true)
  raw=$(stat -c %s "$out")
  wire=$(sed -n 's/.*compress incoming: raw data [0-9]*, compressed \([0-9]*\),.*/\1/p' "$out.err" | tail -1)
  [[ -n $wire ]] || wire=$raw
  awk -v m="$mode" -v n="$samples" -v r="$raw" -v w="$wire" -v s="$secs" -v hz="$rate" 'BEGIN {
    printf "compression %-3s  samples %6d  raw %6.0f B/sample  on the link %6.0f B/sample = %6.1f KB/s at %d Hz\n",
      m, n, (n ? r / n : 0), (n ? w / n : 0), (n ? w / n * hz / 1000 : 0), hz }'
done
