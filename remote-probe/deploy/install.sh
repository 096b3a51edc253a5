#!/usr/bin/env bash
# Installs the probe's service with its deployment options (remote-probe/deploy/README.md).
#   install.sh systemd [--floor-hz N] [--root DIR]
#       copies tickbench-probe.service to DIR/etc/systemd/system/ and writes the service's environment
#       file DIR/etc/tickbench/probe.env (EnvironmentFile= of the unit): FLOOR_HZ=N only when N > 0 —
#       with 0 an earlier FLOOR_HZ line is removed, other lines are kept. Without --root (DIR = /) it
#       then runs systemctl daemon-reload and restarts the service if it is running.
#   install.sh kubernetes [--floor-hz N]
#       prints daemonset.yaml with FLOOR_HZ=N in the probe container's env only when N > 0:
#       install.sh kubernetes --floor-hz 5 | kubectl apply -f -
# N is 0-1000 (docs/cadence.md, "FLOOR_HZ"); the default 0 keeps the per-source floors.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/floor-hz.sh"
usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[[ $# -ge 1 ]] || usage
target=$1
shift
floor=0
root=
while [[ $# -gt 0 ]]; do
  case $1 in
    --floor-hz) [[ $# -ge 2 ]] || usage; floor=$2; shift 2 ;;
    --floor-hz=*) floor=${1#*=}; shift ;;
    --root) [[ $# -ge 2 && $target == systemd ]] || usage; root=$2; shift 2 ;;
    -h|--help) usage ;;
    *) echo "install.sh: unknown argument '$1'" >&2; usage ;;
  esac
done
floor_hz_require "$floor" install.sh
assignment=$(floor_hz_assignment "$floor")

case $target in
  systemd)
    units=$root/etc/systemd/system
    conf=$root/etc/tickbench
    mkdir -p "$units" "$conf"
    install -m 0644 "$HERE/tickbench-probe.service" "$units/tickbench-probe.service"
    env=$conf/probe.env
    tmp=$(mktemp "$conf/.probe.env.XXXXXX")
    trap 'rm -f "$tmp"' EXIT
    if [[ -f $env ]]; then
      grep -v '^[[:space:]]*FLOOR_HZ=' "$env" >"$tmp" || true # keep the other settings
    else
      echo "# tickbench-probe's environment (remote-probe/deploy/install.sh): FLOOR_HZ only when > 0" >"$tmp"
    fi
    [[ -z $assignment ]] || echo "$assignment" >>"$tmp"
    chmod 0644 "$tmp"
    mv "$tmp" "$env" # a whole file or the old one, never half of it
    trap - EXIT
    echo "install.sh: $units/tickbench-probe.service, $env (${assignment:-no FLOOR_HZ: per-source floors})" >&2
    if [[ -z $root ]]; then
      systemctl daemon-reload
      systemctl try-restart tickbench-probe.service
    fi
    ;;
  kubernetes)
    if [[ -z $assignment ]]; then
      cat "$HERE/daemonset.yaml"
    else
      # one entry at the head of the probe container's env list (the only env: in the file)
      awk -v value="${assignment#FLOOR_HZ=}" '
        { print }
        /^          env:$/ && !done {
          print "            - name: FLOOR_HZ   # written by install.sh --floor-hz (docs/cadence.md, FLOOR_HZ)"
          print "              value: \"" value "\""
          done = 1
        }
        END { if (!done) { print "install.sh: no env: list in daemonset.yaml" > "/dev/stderr"; exit 1 } }
      ' "$HERE/daemonset.yaml"
    fi
    ;;
  *) echo "install.sh: unknown target '$target' (systemd, kubernetes)" >&2; usage ;;
esac
