#!/usr/bin/env bash
# Installs the Debian packages the test suite drives for real, when they are missing:
#   xvfb xauth libgtk-3-0 libgl1 libxtst6  - a real JavaFX window for screenshots (TestFX itself runs on Monocle)
#   openssh-server openssh-client          - a real sshd on loopback and the real ssh client
#   openssl                                - a real TLS client (s_client) lists the suites serve's HTTPS accepts
#   prometheus                             - a real Prometheus server and promtool for /metrics
#   gcc                                    - builds the C floor sampler for the benchmark
#   python3                                - the cadence goldens' generator (GoldenGeneratorTest)
#   podman runc                            - runs the probe's container image (runc: crun refuses this hybrid cgroup host)
#   kubernetes-client                      - kubectl decodes the DaemonSet offline; only when no kubectl is installed
#   qemu-system-arm qemu-user-static binutils-aarch64-linux-gnu cpio - the aarch64 probe runtime and the emulated arm64 board (jpackage/arm64/test-board.sh)
# Called by the test command (mvn verify runs it in the validate phase). Needs root to install;
# without root it only reports what is missing (the tests then fail under CI=true).
set -euo pipefail
packages=(xvfb xauth libgtk-3-0 libgl1 libxtst6 openssh-server openssh-client openssl prometheus gcc podman runc python3
  qemu-system-arm qemu-user-static binutils-aarch64-linux-gnu cpio)
command -v kubectl >/dev/null || packages+=(kubernetes-client)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  exit 0
fi
if [[ $(id -u) -ne 0 ]]; then
  echo "test-deps: missing Debian packages: ${missing[*]} (run as root, or: sudo apt-get install ${missing[*]})" >&2
  exit 0
fi
echo "test-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=600 update -qq
# policy-rc.d keeps the packages' own daemons from starting: the tests start their own on loopback
apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >&2
