#!/usr/bin/env bash
# serve under everything issue 30 item 10 threw at it at once, at the deploy files' JVM flags: a
# measurement, not a test. STREAMS HTTP /stream clients that never read, SSH_STREAMS `stream --rate
# SSH_RATE` commands whose ssh client is never read, and SLOW slowloris connections (one header byte
# every 2 s, reopened whenever the probe closes one); /healthz is asked every 0.25 s and timed, the
# probe's RSS and the kernel memory of its sockets (ss -m: what they hold queued, charged to its cgroup
# too) read every second. Prints the worst /healthz, the RSS peak (VmHWM) and the sockets' peak against
# the deploy files' memory limit, the heap and what the probe cut off, refused or closed.
# Usage: remote-probe/bench/combined-load.sh [SECONDS] [RATE] [JAR]
#   defaults: 60 100 remote-probe/target/tickbench-probe.jar (mvn -B -q -pl remote-probe -am package -DskipTests)
#   STREAMS=40 SSH_STREAMS=8 SSH_RATE=1000 SLOW=600 XMX=48m; EXTRA_JAVA_OPTS (e.g. -XX:ActiveProcessorCount=16
#   for the threads a JVM starts on a 16-CPU node); MALLOC_ARENA_MAX as the deploy files set it
# Needs: java, python3, curl, ssh and ssh-keygen.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-60}
rate=${2:-100}
JAR=${3:-$ROOT/remote-probe/target/tickbench-probe.jar}
STREAMS=${STREAMS:-40}
SSH_STREAMS=${SSH_STREAMS:-8}
SSH_RATE=${SSH_RATE:-1000}
SLOW=${SLOW:-600}
XMX=${XMX:-48m}
[[ -f $JAR ]] || { echo "combined-load.sh: no $JAR (mvn -B -q -pl remote-probe -am package -DskipTests)" >&2; exit 1; }
work=$(mktemp -d /tmp/tickbench-combined.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
echo "machine: $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg); MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}"

ssh-keygen -q -t ed25519 -N '' -f "$work/key"
cp "$work/key.pub" "$work/authorized_keys"
chmod 600 "$work/authorized_keys"
# the deploy files' flags (remote-probe/deploy/tickbench-probe.service, daemonset.yaml)
# shellcheck disable=SC2086  # extra flags are words on purpose
MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2} java -Xmx"$XMX" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:-UsePerfData \
  -XX:+ExitOnOutOfMemoryError ${EXTRA_JAVA_OPTS:-} -jar "$JAR" \
  serve --rate "$rate" --http 127.0.0.1:0 --ssh 127.0.0.1:0 --authorized-keys "$work/authorized_keys" \
  --host-key "$work/host_key" --ssh-user "$(id -un)" >"$work/serve.out" 2>"$work/serve.err" &
serve=$!
pids+=("$serve")
for _ in $(seq 150); do
  grep -q 'ssh listening' "$work/serve.err" 2>/dev/null && break
  sleep 0.2
done
http_port=$(sed -n 's/.*http listening on [^ ]*:\([0-9]*\).*/\1/p' "$work/serve.err")
ssh_port=$(sed -n 's/.*ssh listening on [^ ]*:\([0-9]*\).*/\1/p' "$work/serve.err")
[[ -n $http_port && -n $ssh_port ]] || { cat "$work/serve.err" >&2; exit 1; }
sed -n 's/.*memory budget: /budget: /p' "$work/serve.err"

python3 - "$http_port" "$STREAMS" "$SLOW" "$seconds" >"$work/clients.out" 2>&1 <<'EOF' &
import socket, sys, time
port, streams, slow, seconds = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
def stalled():  # a /stream client that never reads
    s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", port)); s.sendall(b"GET /stream HTTP/1.1\r\nHost: x\r\n\r\n"); return s
held = [[stalled(), time.time()] for i in range(streams)]
conns, opened, reopened, end = [], 0, 0, time.time() + seconds + 5
while time.time() < end:
    for h in held:  # after 20 s stalled, a client takes what it was sent; one cut off and closed comes back
        if time.time() - h[1] < 20:
            continue
        try:
            h[0].setblocking(False)
            while True:
                if h[0].recv(1 << 16) == b"":
                    raise OSError("closed")
        except BlockingIOError:
            pass
        except OSError:
            h[0].close(); h[0], h[1] = stalled(), time.time(); reopened += 1
    alive = []
    for s in conns:  # one header byte every 2 s; the ones the probe closed are reopened
        try:
            s.send(b"X"); alive.append(s)
        except OSError:
            s.close()
    conns = alive
    while len(conns) < slow:
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=2); s.send(b"GET / HTTP/1.1\r\n")
            conns.append(s); opened += 1
        except OSError:
            break
    time.sleep(2)
print("slowloris connections opened:", opened, "; stalled /stream clients reopened:", reopened)
EOF
pids+=("$!")
for i in $(seq "$SSH_STREAMS"); do
  mkfifo "$work/ssh-$i"
  exec {hold}<>"$work/ssh-$i" # keeps the FIFO open (so ssh can start) without reading it
  # a stream the probe ends (cut off) is started again at once
  (while :; do ssh -F /dev/null -i "$work/key" -p "$ssh_port" -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
    -o BatchMode=yes -o LogLevel=ERROR 127.0.0.1 stream --rate "$SSH_RATE" >"$work/ssh-$i" </dev/null 2>/dev/null || true
    echo x >>"$work/ssh-restarts"; done) &
  pids+=("$!")
done

# bytes queued in the probe's TCP sockets (skmem r + w + f: received, queued to send, reserved)
socket_bytes() {
  ss -tmpnH 2>/dev/null | awk -v who="pid=$serve," '
    /users:/ { mine = index($0, who) > 0; next }
    mine && /skmem:/ { gsub(/[()]/, ",", $1); n = split($1, f, ","); for (i = 1; i <= n; i++) if (f[i] ~ /^(r|w|f)[0-9]+$/) sum += substr(f[i], 2) }
    END { print sum + 0 }'
}
worst=0
peak_rss=0
peak_sock=0
answered=0
failed=0
end=$((SECONDS + seconds))
next_rss=$SECONDS
while ((SECONDS < end)); do
  kill -0 "$serve" 2>/dev/null || { echo "serve exited: $(cat "$work/serve.out")"; tail -5 "$work/serve.err"; exit 1; }
  t=$(curl -s -o /dev/null -m 30 -w '%{http_code} %{time_total}' "http://127.0.0.1:$http_port/healthz" || echo "000 30")
  if [[ ${t%% *} == 200 ]]; then answered=$((answered + 1)); else failed=$((failed + 1)); fi
  worst=$(awk -v a="$worst" -v b="${t##* }" 'BEGIN {print (b > a ? b : a)}')
  if ((SECONDS >= next_rss)); then
    rss=$(awk '/^VmRSS/ {print $2}' "/proc/$serve/status")
    ((rss > peak_rss)) && peak_rss=$rss
    sock=$(socket_bytes)
    ((sock > peak_sock)) && peak_sock=$sock
    next_rss=$((SECONDS + 1))
  fi
  sleep 0.25
done
metrics=$(curl -s -m 30 "http://127.0.0.1:$http_port/metrics")
wait "${pids[1]}" 2>/dev/null || true # the HTTP clients' report
printf 'after %s s at %s Hz: %s stalled /stream, %s stalled SSH stream at %s Hz, %s slowloris, -Xmx%s %s\n' "$seconds" \
  "$rate" "$STREAMS" "$SSH_STREAMS" "$SSH_RATE" "$SLOW" "$XMX" "${EXTRA_JAVA_OPTS:-}"
echo "  /healthz: $answered answered 200, $failed not; worst $(awk -v w="$worst" 'BEGIN {printf "%.0f", w * 1000}') ms"
echo "  RSS peak sampled $((peak_rss / 1024)) MiB; $(awk '/^VmHWM/ {printf "VmHWM %d MiB", $2 / 1024}' "/proc/$serve/status");" \
  "sockets' kernel memory peak $((peak_sock / 1048576)) MiB"
echo "  deploy memory limit: $(sed -n 's/^MemoryMax=//p' "$ROOT/remote-probe/deploy/tickbench-probe.service")"
echo "$metrics" | grep -E '^tickbench_(probe_heap_used_bytes|http_slow_clients_cut_total|http_stream_clients|http_hub_dropped_lines_total|http_pending_connections) ' \
  | sed 's/^/  /'
echo "  threads: $(ls "/proc/$serve/task" | wc -l); SSH streams restarted: $(wc -l <"$work/ssh-restarts" 2>/dev/null || echo 0); $(cat "$work/clients.out")"
echo "  OutOfMemoryError: $(grep -c OutOfMemoryError "$work/serve.out" || true)"
