#!/usr/bin/env bash
# Heap and resident memory of `serve` while stream consumers stall: a measurement, not a test.
# Starts serve from the shaded jar with the deploy files' JVM flags, connects CLIENTS HTTP /stream
# clients that never read (plus SSH_CLIENTS `stream` commands over the embedded SSH server whose
# ssh client is never read), waits SECONDS while sampling VmRSS and the heap, then prints the peak
# RSS (VmHWM), the live heap after a full GC, how many clients were cut off, and /healthz.
# It then measures /healthz latency with 200 slow clients connected (half send one byte, half none).
# Usage: remote-probe/bench/measure-stalled.sh [XMX] [SECONDS] [RATE]
#   defaults: 56m 60 100; build the jar first: mvn -B -q -pl remote-probe -am package -DskipTests
# Needs: java (jcmd from the same JDK), curl, ssh and ssh-keygen (SSH part only).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
JAR=$ROOT/remote-probe/target/tickbench-probe.jar
xmx=${1:-56m}
seconds=${2:-60}
rate=${3:-100}
CLIENTS=${CLIENTS:-30}
SSH_CLIENTS=${SSH_CLIENTS:-2}
[[ -f $JAR ]] || { echo "measure-stalled.sh: no $JAR (mvn -B -q -pl remote-probe -am package -DskipTests)" >&2; exit 1; }
JAVA_HOME=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}
work=$(mktemp -d /tmp/tickbench-stalled.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

ssh-keygen -q -t ed25519 -N '' -f "$work/key"
cp "$work/key.pub" "$work/authorized_keys"
# shellcheck disable=SC2086  # extra flags are words on purpose
"$JAVA_HOME/bin/java" -Xmx"$xmx" -XX:+UseSerialGC -XX:+ExitOnOutOfMemoryError ${EXTRA_JAVA_OPTS:-} -jar "$JAR" serve --rate "$rate" \
  --http 127.0.0.1:0 --ssh 127.0.0.1:0 --authorized-keys "$work/authorized_keys" --host-key "$work/host_key" \
  --ssh-user "$(id -un)" 2>"$work/serve.err" &
serve=$!
pids+=("$serve")
for _ in $(seq 100); do
  grep -q 'ssh listening' "$work/serve.err" 2>/dev/null && break
  sleep 0.2
done
http_port=$(sed -n 's/.*http listening on [^ ]*:\([0-9]*\).*/\1/p' "$work/serve.err")
ssh_port=$(sed -n 's/.*ssh listening on [^ ]*:\([0-9]*\).*/\1/p' "$work/serve.err")
[[ -n $http_port && -n $ssh_port ]] || { cat "$work/serve.err" >&2; exit 1; }
sed -n 's/.*memory budget: /budget: /p' "$work/serve.err"

# HTTP consumers that send their request and never read a byte
for i in $(seq "$CLIENTS"); do
  exec {fd}<>"/dev/tcp/127.0.0.1/$http_port"
  printf 'GET /stream HTTP/1.1\r\nHost: x\r\n\r\n' >&"$fd"
done
# SSH consumers: the ssh client writes into a FIFO nobody reads
for i in $(seq "$SSH_CLIENTS"); do
  mkfifo "$work/ssh-$i"
  exec {hold}<>"$work/ssh-$i" # keeps the FIFO open (so ssh can start) without reading it
  ssh -F /dev/null -i "$work/key" -p "$ssh_port" -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
    -o BatchMode=yes -o LogLevel=ERROR 127.0.0.1 stream --rate "$rate" >"$work/ssh-$i" </dev/null &
  pids+=("$!")
done

peak_heap=0
for _ in $(seq $((seconds / 5))); do
  sleep 5
  kill -0 "$serve" 2>/dev/null || { echo "serve exited:"; cat "$work/serve.err"; exit 1; }
  used=$(curl -s "http://127.0.0.1:$http_port/metrics" | awk '/^tickbench_probe_heap_used_bytes /{print int($2)}')
  (( used > peak_heap )) && peak_heap=$used
done
"$JAVA_HOME/bin/jcmd" "$serve" GC.run >/dev/null
live=$("$JAVA_HOME/bin/jcmd" "$serve" GC.heap_info | awk '/generation/ {for (i = 1; i < NF; i++) if ($i == "used") {v = $(i + 1); gsub(/[^0-9]/, "", v); sum += v}} END {print sum}')
metrics=$(curl -s "http://127.0.0.1:$http_port/metrics")
printf 'after %ss at %s Hz with %s stalled HTTP + %s stalled SSH consumers, -Xmx%s:\n' "$seconds" "$rate" "$CLIENTS" \
  "$SSH_CLIENTS" "$xmx"
awk '/^VmRSS|^VmHWM/ {print "  " $1, $2, $3}' "/proc/$serve/status"
echo "  heap used peak (sampled every 5 s): $((peak_heap / 1048576)) MiB; live after full GC: ${live} KiB"
echo "$metrics" | grep -E '^tickbench_http_(slow_clients_cut_total|stream_clients) ' | sed 's/^/  /'
echo "  OutOfMemoryError lines in stderr: $(grep -c 'OutOfMemoryError' "$work/serve.err" || true)"
[[ -n ${NMT:-} ]] && "$JAVA_HOME/bin/jcmd" "$serve" VM.native_memory summary | grep -E '^-|committed=' | head -40
echo "  /healthz: $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$http_port/healthz")"

# /healthz under 200 slow clients (half send one byte, half send nothing), on top of the above
for i in $(seq 200); do
  exec {fd}<>"/dev/tcp/127.0.0.1/$http_port"
  (( i % 2 == 0 )) && printf 'G' >&"$fd"
done
times=()
for i in $(seq 20); do
  times+=("$(curl -s -o /dev/null -w '%{time_total}' --max-time 10 "http://127.0.0.1:$http_port/healthz")")
  sleep 0.25
done
printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "  /healthz with 200 slow clients: p50 %.1f ms, max %.1f ms (%d requests)\n", a[int((NR+1)/2)]*1000, a[NR]*1000, NR}'
