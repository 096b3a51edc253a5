#!/usr/bin/env bash
# The one list of Debian packages the build and the test suite need on this machine, and the one
# place they are installed (when missing, as root; otherwise it names them):
#   xvfb xauth libgtk-3-0 libgl1 libxtst6  - a real JavaFX window for screenshots (TestFX itself runs on Monocle)
#   openssh-server openssh-client          - a real sshd on loopback, the real ssh client, ssh-agent and ssh-add
#   iproute2                               - ip netns: a jump host and a board only it reaches (JumpChainTest)
#   openssl                                - a real TLS client (s_client) lists the suites serve's HTTPS accepts
#   prometheus                             - a real Prometheus server and promtool for /metrics
#   gcc                                    - builds the C floor sampler for the benchmark
#   python3                                - the cadence goldens' generator (GoldenGeneratorTest)
#   podman runc                            - runs the probe's container image (runc: crun refuses this hybrid
#                                            cgroup host) and the throwaway container the .debs are checked in
#   debootstrap                            - the Debian root of that container (jpackage/test-packages.sh)
#   fakeroot binutils unzip libc-bin       - jpackage's deb type, strip/readelf and ldconfig (jpackage/build.sh)
#   kubernetes-client                      - kubectl decodes the DaemonSet offline; only when no kubectl is installed
#   qemu-system-arm qemu-user-static binutils-aarch64-linux-gnu cpio - the aarch64 probe runtime and the emulated
#                                            arm64 board (jpackage/build.sh, jpackage/arm64/test-board.sh)
#   gcc-mingw-w64-x86-64 zip file shellcheck - the Windows launcher and bundle, and the bundles' checks by
#                                            content (jpackage/bundles.sh, jpackage/check/bundles.sh)
# What the installed packages are checked with (ImageMagick, curl, the GTK libraries they pull in…)
# goes into the throwaway container only, never onto this machine: jpackage/test-packages.sh.
# Called by the test command (mvn verify runs it in the validate phase) and by .ci/run. Needs root to
# install; without root it only reports what is missing (the tests then fail under CI=true, and skip
# with that reason elsewhere).
set -euo pipefail
packages=(xvfb xauth libgtk-3-0 libgl1 libxtst6 openssh-server openssh-client iproute2 openssl prometheus gcc podman runc python3
  debootstrap fakeroot binutils unzip libc-bin
  qemu-system-arm qemu-user-static binutils-aarch64-linux-gnu cpio
  gcc-mingw-w64-x86-64 zip file shellcheck)
command -v kubectl >/dev/null || packages+=(kubernetes-client)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  exit 0
fi
if [[ $(id -u) -ne 0 ]]; then
  echo "test-deps: missing Debian packages: ${missing[*]} (run .ci/test-deps.sh as root, or: sudo apt-get install ${missing[*]})" >&2
  exit 0
fi
echo "test-deps: installing ${missing[*]}" >&2
# The packages' own daemons (openssh-server's sshd on port 22, prometheus on 9090) must not start:
# the tests start their own on loopback. invoke-rc.d and deb-systemd-invoke ask policy-rc.d first;
# exit 101 means "not allowed". Ours is removed again after the install; an existing one is kept.
policy=/usr/sbin/policy-rc.d
if [[ ! -e $policy ]]; then
  printf '#!/bin/sh\n# written by tickbench .ci/test-deps.sh while it installs packages; removed after\nexit 101\n' >"$policy"
  chmod 755 "$policy"
  trap 'rm -f "$policy"' EXIT
fi
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=600 update -qq
apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >&2
