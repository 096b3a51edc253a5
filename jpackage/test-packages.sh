#!/usr/bin/env bash
# Installs the two .debs built by jpackage/build.sh into this machine, runs the probe from its own
# runtime and the GUI under Xvfb (screenshot must not be blank), then removes both packages again
# (dpkg --purge, also when a check fails). Ends with "N passed, N failed"; exits non-zero when anything failed.
# Usage: jpackage/test-packages.sh [--no-build]   (--no-build uses the .debs already in jpackage/target)
# Needs root (dpkg -i). Without root it fails under CI=true and skips otherwise.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/jpackage/target
GUI=/opt/tickbench/bin/tickbench
PROBE=/usr/bin/tickbench-probe
RESOURCES=(probe/tickbench-probe-runtime-linux-x64.tar.gz probe/tickbench-probe-runtime-linux-aarch64.tar.gz)
passed=0 failed=0
build=true
for arg in "$@"; do
  case $arg in
    --no-build) build=false ;;
    *) echo "test-packages.sh: unknown argument '$arg' (only --no-build)" >&2; exit 2 ;;
  esac
done

pass() { passed=$((passed + 1)); echo "PASS $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }
finish() {
  echo "$passed passed, $failed failed"
  exit $((failed > 0))
}

if [[ $(id -u) -ne 0 ]]; then
  if [[ ${CI:-} == true ]]; then
    fail "needs root to install the packages with dpkg -i"
  else
    echo "SKIP needs root to install the packages with dpkg -i (run as root)"
  fi
  finish
fi

# ---- tools this test drives: Xvfb, ImageMagick (import, convert), python3 for JSON, curl ------
needed=()
for p in xvfb:xvfb-run xauth:xauth imagemagick:/usr/bin/import python3:python3 curl:curl; do
  command -v "${p#*:}" >/dev/null || needed+=("${p%%:*}")
done
if ((${#needed[@]})); then
  echo "installing ${needed[*]}" >&2
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${needed[@]}" >&2 \
    || { fail "cannot install ${needed[*]}"; finish; }
fi

if $build; then
  "$ROOT/jpackage/build.sh" || { fail "jpackage/build.sh"; finish; }
fi
debs=()
for pattern in 'tickbench_*.deb' 'tickbench-probe_*_amd64.deb'; do   # this machine's; the arm64 one is for boards
  # shellcheck disable=SC2206  # the glob is the point
  found=($OUT/$pattern)
  if [[ -f ${found[0]} ]]; then debs+=("${found[0]}"); else fail "no $OUT/$pattern (run jpackage/build.sh)"; fi
done
((${#debs[@]} == 2)) || finish

# shellcheck disable=SC2317  # run by the EXIT trap
cleanup() {
  [[ -n ${gui_pid:-} ]] && kill "$gui_pid" 2>/dev/null
  [[ -n ${sshd_pid:-} ]] && kill "$sshd_pid" 2>/dev/null
  [[ -n ${serve_pid:-} ]] && kill "$serve_pid" 2>/dev/null
  $installing && dpkg --purge tickbench tickbench-probe >/dev/null 2>&1
  rm -rf "$WORK"
}
installing=false
WORK=$(mktemp -d /tmp/tickbench-pkgtest.XXXXXX)
trap cleanup EXIT

# ---- install ----------------------------------------------------------------------------------
installing=true
if ! dpkg -i "${debs[@]}" >"$WORK/dpkg.log" 2>&1; then
  # missing dependencies (GTK, xdg-utils…) leave the packages unconfigured: let apt finish the job
  echo "dpkg -i left dependencies open; apt-get -f install" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -f -y -qq --no-install-recommends >>"$WORK/dpkg.log" 2>&1
fi
for pkg in tickbench tickbench-probe; do
  if dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    pass "$pkg installed"
  else
    fail "$pkg not installed: $(tail -5 "$WORK/dpkg.log")"
  fi
done

# ---- probe: its own runtime, no JDK on PATH ------------------------------------------------------
if [[ $(readlink -f "$PROBE") == /opt/tickbench-probe/bin/tickbench-probe ]]; then
  pass "$PROBE links to /opt/tickbench-probe/bin/tickbench-probe"
else
  fail "$PROBE resolves to '$(readlink -f "$PROBE")'"
fi
if [[ -f /lib/systemd/system/tickbench-probe.service ]]; then
  pass "systemd unit installed"
else
  fail "no /lib/systemd/system/tickbench-probe.service"
fi
# An empty environment and a PATH without any java: only the packaged runtime can run it.
if env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME="$WORK" "$PROBE" capabilities --rate 50 \
    >"$WORK/caps.json" 2>"$WORK/caps.err"; then
  if python3 - "$WORK/caps.json" <<'EOF'
import json, sys
caps = json.load(open(sys.argv[1]))
assert caps.get("rate_hz") == 50, "rate_hz is %r, expected 50" % caps.get("rate_hz")
stat = caps.get("cadences", {}).get("stat")
assert stat is not None, "no cadences.stat"
assert stat.get("reason") == "rate", "cadences.stat.reason is %r" % stat.get("reason")
assert stat.get("hz") == 50, "cadences.stat.hz is %r" % stat.get("hz")
EOF
  then pass "tickbench-probe capabilities: rate_hz 50, cadences.stat {hz 50, reason rate}"
  else fail "tickbench-probe capabilities JSON: $(head -c 300 "$WORK/caps.json")"
  fi
else
  fail "tickbench-probe capabilities exited non-zero: $(head -5 "$WORK/caps.err")"
fi
# stream: stdin stays open through a FIFO (the probe ends when stdin closes, as under ssh)
mkfifo "$WORK/stdin"
exec 3<>"$WORK/stdin"
env -i PATH=/usr/bin:/bin "$PROBE" stream --rate 10 <"$WORK/stdin" >"$WORK/stream.ndjson" 2>"$WORK/stream.err" 3>&- &
probe_pid=$!
# ten samples, however long a busy machine takes (a deadline, not a sleep: 120 s)
for _ in $(seq 1 1200); do
  n=$(grep -c '"type":"sample"' "$WORK/stream.ndjson" 2>/dev/null)
  ((${n:-0} >= 10)) && break
  kill -0 "$probe_pid" 2>/dev/null || break
  sleep 0.1
done
java_used=$(readlink "/proc/$probe_pid/exe" 2>/dev/null)
exec 3>&-   # close stdin: the probe must end by itself
for _ in $(seq 1 120); do kill -0 "$probe_pid" 2>/dev/null || break; sleep 0.5; done
if kill -0 "$probe_pid" 2>/dev/null; then
  fail "probe stream still running 60 s after stdin closed"; kill "$probe_pid"
else
  pass "probe stream ended when stdin closed"
fi
wait "$probe_pid" 2>/dev/null
if [[ $java_used == /opt/tickbench-probe/runtime/bin/java ]]; then
  pass "probe runs on /opt/tickbench-probe/runtime/bin/java"
else
  fail "probe ran on '$java_used', not the packaged runtime"
fi
samples=$(grep -c '"type":"sample"' "$WORK/stream.ndjson")
if head -1 "$WORK/stream.ndjson" | grep -q '"type":"hello"' && ((samples >= 10)); then
  pass "probe stream at 10 Hz: hello line and $samples samples"
else
  fail "probe stream: $(head -c 200 "$WORK/stream.ndjson") ($samples samples) $(head -3 "$WORK/stream.err")"
fi

# serve (HTTP for Prometheus) from the packaged runtime: jdk.httpserver must be in it
if ! env -i PATH=/usr/bin:/bin "$PROBE" serve --help 2>&1 | grep -q -- '--http'; then
  echo "SKIP probe serve: this probe has no 'serve' command yet"
else
  http_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  env -i PATH=/usr/bin:/bin "$PROBE" serve --http "127.0.0.1:$http_port" </dev/null >"$WORK/serve.out" 2>"$WORK/serve.err" &
  serve_pid=$!
  health=000
  for _ in $(seq 240); do   # up to 2 minutes: a busy machine starts a JVM slowly
    health=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$http_port/healthz") && [[ $health == 200 ]] && break
    sleep 0.5
  done
  metrics=$(curl -s "http://127.0.0.1:$http_port/metrics")
  if [[ $health == 200 ]] && grep -q '^tickbench_probe_info' <<<"$metrics"; then
    pass "probe serve from the packaged runtime: /healthz 200, /metrics has tickbench_probe_info"
  else
    fail "probe serve: /healthz $health; $(head -3 "$WORK/serve.err")"
  fi
  kill "$serve_pid" 2>/dev/null
  wait "$serve_pid" 2>/dev/null
fi

# ---- GUI: desktop entry, probe runtime on the class path, a real window under Xvfb ---------------
desktop=
for f in /usr/share/applications/*tickbench*.desktop; do [[ -f $f ]] && desktop=$f; done
if [[ -n $desktop ]] && grep -qx 'Categories=Development;System;Monitor;' "$desktop" && grep -qx "Exec=$GUI %F" "$desktop"; then
  pass "desktop entry $desktop (files passed with %F)"
else
  fail "no desktop entry with Exec=$GUI %F and Categories=Development;System;Monitor; under /usr/share/applications"
fi
for resource in "${RESOURCES[@]}"; do
  if grep -q 'tickbench-probe-runtime.jar' /opt/tickbench/lib/app/tickbench.cfg \
    && python3 -c "import zipfile,sys; zipfile.ZipFile(sys.argv[1]).getinfo(sys.argv[2])" \
         /opt/tickbench/lib/app/tickbench-probe-runtime.jar "$resource" 2>/dev/null; then
    pass "app class path carries /$resource"
  else
    fail "/$resource is not on the installed app's class path"
  fi
done

cat >"$WORK/gui.sh" <<EOF
#!/bin/sh
# runs inside xvfb-run: start the GUI, wait for a drawn window, take the screenshot
"$GUI" >"$WORK/gui.log" 2>&1 &
pid=\$!
echo \$pid >"$WORK/gui.pid"
i=0
while [ \$i -lt 120 ]; do
  sleep 1
  i=\$((i + 1))
  kill -0 \$pid 2>/dev/null || { echo "GUI exited after \$i s" >"$WORK/gui.status"; exit 1; }
  import -window root "$WORK/screen.png" 2>/dev/null || continue
  # mean grey above 5 % and several grey levels: the window is mapped AND painted (a window that
  # is mapped but not yet drawn is one flat grey; under load the first paint can take seconds)
  set -- \$(convert "$WORK/screen.png" -colorspace gray -format '%[fx:mean>0.05] %k' info:)
  if [ "\$1" = 1 ] && [ "\$2" -ge 3 ]; then
    sleep 2   # let the first layout pass settle
    import -window root "$WORK/screen.png"
    echo "window after \$i s" >"$WORK/gui.status"
    kill \$pid
    exit 0
  fi
done
echo "no window in 120 s" >"$WORK/gui.status"
kill \$pid
exit 1
EOF
chmod +x "$WORK/gui.sh"
started=$(date +%s)
xvfb-run -a -s "-screen 0 1400x900x24" "$WORK/gui.sh"
gui_rc=$?
gui_pid=$(cat "$WORK/gui.pid" 2>/dev/null)
status=$(cat "$WORK/gui.status" 2>/dev/null || echo "no status")
if ((gui_rc == 0)); then
  pass "GUI $GUI drew a window under Xvfb ($status)"
else
  fail "GUI under Xvfb: $status; log: $(head -c 600 "$WORK/gui.log" 2>/dev/null)"
fi
if [[ -f $WORK/screen.png ]]; then
  read -r mean colours < <(convert "$WORK/screen.png" -colorspace gray -format '%[fx:mean] %k' info:)
  # a blank capture is one colour; a window with text has its background, text and anti-aliasing
  if python3 -c "import sys; sys.exit(0 if float('$mean') > 0.05 and int('$colours') >= 3 else 1)"; then
    pass "screenshot not blank (mean grey $mean, $colours grey levels)"
  else
    fail "screenshot blank (mean grey $mean, $colours grey levels)"
  fi
  mkdir -p "$OUT" && cp "$WORK/screen.png" "$OUT/test-packages-screen.png"
  echo "screenshot: $OUT/test-packages-screen.png ($(($(date +%s) - started)) s under Xvfb)"
else
  fail "no screenshot taken"
fi
# an uncaught exception, or JavaFX failing to find GTK or a renderer (it may still draw something)
gui_errors='Exception in thread\|Unable to load glass GTK\|Error initializing QuantumRenderer\|Graphics Device initialization failed'
if grep -q "$gui_errors" "$WORK/gui.log" 2>/dev/null; then
  fail "GUI log shows errors: $(grep -m3 "$gui_errors" "$WORK/gui.log")"
else
  pass "GUI log has no uncaught exception or toolkit error"
fi

# ---- SSH with the app's own runtime and class path against a loopback OpenSSH sshd ---------------
# jdeps cannot see crypto providers; this makes the key exchanges the app will meet for real.
app_cp="/opt/tickbench/lib/app/*"
if ! ls /opt/tickbench/lib/app/sshd-core-*.jar >/dev/null 2>&1; then
  echo "SKIP ssh: the installed app carries no Apache SSHD (sshd-core) on its class path yet"
elif [[ ! -x /usr/sbin/sshd ]] || ! command -v javac >/dev/null; then
  fail "ssh check needs /usr/sbin/sshd (openssh-server) and javac (the build JDK)"
else
  ssh_dir=$WORK/ssh
  mkdir -p "$ssh_dir" /run/sshd && chmod 700 "$ssh_dir"
  ssh-keygen -q -t ed25519 -N '' -f "$ssh_dir/host_ed25519"
  ssh-keygen -q -t ed25519 -N '' -f "$ssh_dir/id_ed25519"
  cp "$ssh_dir/id_ed25519.pub" "$ssh_dir/authorized_keys"
  ssh_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  printf '%s\n' "Port $ssh_port" "ListenAddress 127.0.0.1" "HostKey $ssh_dir/host_ed25519" \
    "AuthorizedKeysFile $ssh_dir/authorized_keys" "PidFile $ssh_dir/sshd.pid" \
    "PermitRootLogin prohibit-password" "PasswordAuthentication no" "KbdInteractiveAuthentication no" \
    "UsePAM no" "StrictModes no" >"$ssh_dir/sshd_config"
  echo "[127.0.0.1]:$ssh_port $(cut -d' ' -f1,2 "$ssh_dir/host_ed25519.pub")" >"$ssh_dir/known_hosts"
  /usr/sbin/sshd -D -e -f "$ssh_dir/sshd_config" 2>"$ssh_dir/sshd.log" &
  sshd_pid=$!
  for _ in $(seq 50); do
    python3 -c "import socket; socket.create_connection(('127.0.0.1', $ssh_port), 1)" 2>/dev/null && break
    sleep 0.1
  done
  if javac --release 17 -d "$WORK/check" -cp "$app_cp" "$ROOT/jpackage/check/SshCheck.java" 2>"$WORK/javac.log"; then
    # default: what the app negotiates with OpenSSH; then each key-exchange family on its own
    if /opt/tickbench/lib/runtime/bin/java -cp "$WORK/check:$app_cp" SshCheck 127.0.0.1 "$ssh_port" "$(id -un)" \
        "$ssh_dir/id_ed25519" "$ssh_dir/known_hosts" \
        default curve25519-sha256 ecdh-sha2-nistp256 diffie-hellman-group14-sha256 >"$WORK/ssh.out" 2>"$WORK/ssh.err"; then
      pass "SSH from the app's runtime: $(grep -c '^ok' "$WORK/ssh.out") connections ($(head -1 "$WORK/ssh.out"))"
    else
      fail "SSH from the app's runtime: $(grep -m1 '^FAIL' "$WORK/ssh.out" | head -c 400) $(grep -m2 'Exception\|Error' "$WORK/ssh.err"); sshd: $(tail -2 "$ssh_dir/sshd.log")"
    fi
  else
    fail "javac SshCheck: $(head -3 "$WORK/javac.log")"
  fi
  kill "$sshd_pid" 2>/dev/null
  wait "$sshd_pid" 2>/dev/null
fi

# ---- remove ---------------------------------------------------------------------------------------
if dpkg --purge tickbench tickbench-probe >"$WORK/remove.log" 2>&1 && [[ ! -e /opt/tickbench/bin/tickbench && ! -e $PROBE ]]; then
  pass "both packages removed"
else
  fail "dpkg --purge: $(tail -3 "$WORK/remove.log")"
fi
finish
