#!/usr/bin/env bash
# Installs the two .debs built by jpackage/build.sh into a throwaway Debian container and checks
# them there: the probe from its own runtime, the GUI under Xvfb (the screenshot must not be
# blank), real SSH connections from the app's own runtime, then removes both packages again
# (dpkg --purge). This machine is not changed: the container (podman, its own store under /tmp)
# runs on a copy-on-write overlay of a Debian root file system that debootstrap makes once and
# keeps in the cache (~/.cache/tickbench/package-check/, TICKBENCH_CACHE moves it); everything the
# install writes, the packages' dependencies and the tools the checks use (ImageMagick, curl, sshd…)
# included, is thrown away with the container. Ends with "N passed, N failed"; exits non-zero when
# anything failed.
# Usage: jpackage/test-packages.sh [--no-build]   (--no-build uses the .debs already in jpackage/target)
# Needs root (podman with the host's /proc and loopback). Without root it fails under CI=true and
# skips otherwise.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/jpackage/target
GUI=/opt/tickbench/bin/tickbench
PROBE=/usr/bin/tickbench-probe
RESOURCES=(probe/tickbench-probe-runtime-linux-x64.tar.gz probe/tickbench-probe-runtime-linux-aarch64.tar.gz)
CACHE=${TICKBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tickbench}/package-check
# What the checks drive inside the container (not the packages' own dependencies: apt resolves
# those from the .debs' Depends, which is part of what is checked): Xvfb, ImageMagick (import,
# convert), python3 for JSON, curl, an OpenSSH sshd and client.
CONTAINER_PACKAGES=(xvfb xauth imagemagick python3 curl openssh-server openssh-client procps)
passed=0 failed=0
build=true
inside=false
for arg in "$@"; do
  case $arg in
    --no-build) build=false ;;
    --inside) inside=true ;;   # the container's half (below); not for people
    *) echo "test-packages.sh: unknown argument '$arg' (only --no-build)" >&2; exit 2 ;;
  esac
done

pass() { passed=$((passed + 1)); echo "PASS $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }
finish() {
  echo "$passed passed, $failed failed"
  exit $((failed > 0))
}

# =================================================================================================
# Inside the container (root there; / is the overlay): install, check, remove. The .debs are
# mounted at /debs, this script's directory at /jpackage, the host's work directory at /work.
# =================================================================================================
in_container() {
  local WORK=/work
  export DEBIAN_FRONTEND=noninteractive
  # ---- install ----------------------------------------------------------------------------------
  # apt resolves the packages' Depends from the archive: a dependency the .deb forgot, or one that
  # does not exist in this Debian release, fails here
  apt-get -o DPkg::Lock::Timeout=600 update -qq >"$WORK/apt.log" 2>&1
  if ! apt-get install -y -q --no-install-recommends /debs/tickbench_*.deb /debs/tickbench-probe_*_amd64.deb \
      >>"$WORK/apt.log" 2>&1; then
    echo "apt-get install of the .debs failed: $(tail -5 "$WORK/apt.log")" >&2
  fi
  for pkg in tickbench tickbench-probe; do
    if dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      pass "$pkg installed (with its dependencies, by apt)"
    else
      fail "$pkg not installed: $(tail -5 "$WORK/apt.log")"
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

  # the class-data archive the postinst made (jpackage/README.md, "Class-data archive"): there, and
  # mapped by the installed launcher's JVM (-Xshare:on refuses to start when it cannot use it)
  if [[ -s /opt/tickbench/lib/app/tickbench.jsa ]] \
    && JAVA_TOOL_OPTIONS=-Xshare:on "$GUI" --help >"$WORK/cds.log" 2>&1 && grep -q '^usage: tickbench' "$WORK/cds.log"; then
    pass "class-data archive made at install and used by $GUI ($(du -h /opt/tickbench/lib/app/tickbench.jsa | cut -f1))"
  else
    fail "class-data archive: $(ls -l /opt/tickbench/lib/app/tickbench.jsa 2>&1); $GUI with -Xshare:on: $(tail -3 "$WORK/cds.log" 2>/dev/null)"
  fi

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
  [[ -n $gui_pid ]] && kill "$gui_pid" 2>/dev/null
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
    echo "$(($(date +%s) - started)) s under Xvfb"
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
  elif [[ ! -x /usr/sbin/sshd ]] || [[ ! -f $WORK/check/SshCheck.class ]]; then
    fail "ssh check needs /usr/sbin/sshd (openssh-server, in the container) and SshCheck compiled on the host"
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
    # default: what the app negotiates with OpenSSH; then each key-exchange family on its own
    if /opt/tickbench/lib/runtime/bin/java -cp "$WORK/check:$app_cp" SshCheck 127.0.0.1 "$ssh_port" "$(id -un)" \
        "$ssh_dir/id_ed25519" "$ssh_dir/known_hosts" \
        default curve25519-sha256 ecdh-sha2-nistp256 diffie-hellman-group14-sha256 >"$WORK/ssh.out" 2>"$WORK/ssh.err"; then
      pass "SSH from the app's runtime: $(grep -c '^ok' "$WORK/ssh.out") connections ($(head -1 "$WORK/ssh.out"))"
    else
      fail "SSH from the app's runtime: $(grep -m1 '^FAIL' "$WORK/ssh.out" | head -c 400) $(grep -m2 'Exception\|Error' "$WORK/ssh.err"); sshd: $(tail -2 "$ssh_dir/sshd.log")"
    fi
    kill "$sshd_pid" 2>/dev/null
    wait "$sshd_pid" 2>/dev/null
  fi

  # ---- remove ---------------------------------------------------------------------------------------
  if dpkg --purge tickbench tickbench-probe >"$WORK/remove.log" 2>&1 && [[ ! -e /opt/tickbench/bin/tickbench && ! -e $PROBE \
    && ! -e /opt/tickbench/lib/app/tickbench.jsa ]]; then
    pass "both packages removed"
  else
    fail "dpkg --purge: $(tail -3 "$WORK/remove.log")"
  fi
  echo "$passed $failed" >"$WORK/counts"
}

if $inside; then
  in_container
  exit 0
fi

# =================================================================================================
# On this machine: the tools, the .debs, the container's root, then the container.
# =================================================================================================
if [[ $(id -u) -ne 0 ]]; then
  if [[ ${CI:-} == true ]]; then
    fail "needs root to run the package check's container (podman with the host's /proc and network)"
  else
    echo "SKIP needs root to run the package check's container (podman with the host's /proc and network; run as root)"
  fi
  finish
fi

missing=()
for p in podman:podman runc:runc debootstrap:debootstrap javac:openjdk-17-jdk; do
  PATH=$PATH:/usr/sbin:/sbin command -v "${p%%:*}" >/dev/null || missing+=("${p#*:}")
done
if ((${#missing[@]})); then
  fail "missing Debian packages: ${missing[*]} (as root: .ci/test-deps.sh)"
  finish
fi
DEBOOTSTRAP=$(PATH=$PATH:/usr/sbin:/sbin command -v debootstrap)

if $build; then
  "$ROOT/jpackage/build.sh" || { fail "jpackage/build.sh"; finish; }
fi
for pattern in 'tickbench_*.deb' 'tickbench-probe_*_amd64.deb'; do   # this machine's; the arm64 one is for boards
  # shellcheck disable=SC2206  # the glob is the point
  found=($OUT/$pattern)
  if [[ -f ${found[0]} ]]; then :; else fail "no $OUT/$pattern (run jpackage/build.sh)"; fi
done
((failed == 0)) || finish
[[ -d $OUT/app/tickbench/lib/app ]] || { fail "no app image in $OUT/app/tickbench (run jpackage/build.sh)"; finish; }

# ---- one check at a time on this machine ----------------------------------------------------------
# Every check on this machine shares the cache: the Debian root made once, and apt's archive cache,
# which apt in the container locks. A second build's check beside this one waits for it, up to 30 min.
mkdir -p "$CACHE"
exec {cache_lock}>"$CACHE/.lock" # held by this script alone: podman's monitor, which may outlive it, does not inherit it
if ! flock -w 1800 "$cache_lock"; then
  fail "another package check held $CACHE/.lock for 30 minutes"
  finish
fi

# ---- the container's root: this machine's Debian release, made once ----------------------------
# shellcheck source=/dev/null
suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
[[ -n $suite ]] || { fail "cannot tell this machine's Debian release (VERSION_CODENAME in /etc/os-release)"; finish; }
key=$(printf '%s\n' "$suite" "${CONTAINER_PACKAGES[@]}" | sha256sum | cut -c1-12)
rootfs=$CACHE/$suite-$key
if [[ ! -f $rootfs/.complete ]]; then
  # the archive this machine's apt uses for that release (a mirror or a proxy), else debootstrap's default
  mirror=$(apt-cache policy 2>/dev/null | awk -v s="$suite/main" '$3 == s && $2 ~ /^https?:/ {print $2; exit}')
  echo "making the package check's Debian root ($suite, ${CONTAINER_PACKAGES[*]}) in $rootfs (once; about a minute)" >&2
  rm -rf "$rootfs.part" && mkdir -p "$CACHE"
  if ! "$DEBOOTSTRAP" --variant=minbase --include="$(IFS=,; echo "${CONTAINER_PACKAGES[*]}")" \
      "$suite" "$rootfs.part" ${mirror:+"$mirror"} >"$CACHE/debootstrap.log" 2>&1; then
    fail "debootstrap $suite failed: $(tail -3 "$CACHE/debootstrap.log") (log: $CACHE/debootstrap.log)"
    rm -rf "$rootfs.part"
    finish
  fi
  # the same archives as this machine (security and point-release updates too): the .debs' Depends
  # were named from this machine's packages
  cp /etc/apt/sources.list "$rootfs.part/etc/apt/" 2>/dev/null || rm -f "$rootfs.part/etc/apt/sources.list"
  cp -a /etc/apt/sources.list.d/. "$rootfs.part/etc/apt/sources.list.d/" 2>/dev/null || true
  rm -rf "$rootfs.part/var/cache/apt/archives"/*.deb
  touch "$rootfs.part/.complete"
  rm -rf "$rootfs" && mv "$rootfs.part" "$rootfs"
fi
mkdir -p "$CACHE/archives/partial"   # the dependencies' .debs, kept: the next run downloads nothing

# ---- the container -------------------------------------------------------------------------------
# podman's store and run directories are ours, under /tmp (podman refuses a run root longer than 50
# characters), and deleted at the end: this machine's container store is not touched either.
WORK=$(mktemp -d /tmp/tickbench-pkgtest.XXXXXX)
name=tickbench-pkgtest-$$
podman=(podman --root "$WORK/store" --runroot "$WORK/run" --tmpdir "$WORK/tmp" --storage-driver overlay
  --runtime runc --cgroup-manager cgroupfs --events-backend file)
# shellcheck disable=SC2317  # run by the EXIT trap
cleanup() {
  "${podman[@]}" rm -f -t 5 "$name" >/dev/null 2>&1
  rm -rf "$WORK"
}
trap cleanup EXIT
mkdir -p "$WORK/share"

# SshCheck is compiled here (the container has no JDK) against the app image's class path, the
# same jars the .deb installs, and run there on the installed app's own runtime
if ! javac --release 17 -d "$WORK/share/check" -cp "$OUT/app/tickbench/lib/app/*" "$ROOT/jpackage/check/SshCheck.java" \
    2>"$WORK/javac.log"; then
  fail "javac SshCheck: $(head -3 "$WORK/javac.log")"
  finish
fi

echo "checking the packages in a throwaway $suite container (root: $rootfs, overlay)" >&2
"${podman[@]}" run --rm --name "$name" --network host --ulimit nofile=4096:4096 --ulimit nproc=4096:4096 \
  -v "$OUT:/debs:ro" -v "$ROOT/jpackage:/jpackage:ro" -v "$WORK/share:/work" \
  -v "$CACHE/archives:/var/cache/apt/archives" \
  --rootfs "$rootfs:O" bash /jpackage/test-packages.sh --inside </dev/null {cache_lock}>&-
rc=$?
if [[ -f $WORK/share/counts ]]; then
  read -r p f <"$WORK/share/counts"
  passed=$((passed + p)) failed=$((failed + f))
else
  fail "the container ended without its results (podman exit status $rc)"
fi
if [[ -f $WORK/share/screen.png ]]; then
  cp "$WORK/share/screen.png" "$OUT/test-packages-screen.png"
  echo "screenshot: $OUT/test-packages-screen.png"
fi
finish
