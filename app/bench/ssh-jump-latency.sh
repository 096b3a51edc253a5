#!/usr/bin/env bash
# What a jump host adds to an SSH connect: the workbench's own route (SshRoute, the keys of a real
# ssh-agent) to a real OpenSSH sshd directly on loopback and to the same board inside a network
# namespace through a jump host's sshd, alternated, ROUNDS each after 3 warm-up rounds
# (JumpLatencyBench). As root (ip netns). Prints the machine and its load average before and after.
#
#   app/bench/ssh-jump-latency.sh [ROUNDS]
#
# NO_BUILD=1 skips the Maven build (app/target/bench.cp and the test classes must exist).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/app/bench/machine.sh"
ROUNDS=${1:-20}
if [[ $(id -u) -ne 0 ]]; then
  echo "ssh-jump-latency: needs root (the board sits in a network namespace: ip netns add)" >&2
  exit 1
fi
if [[ ${NO_BUILD:-0} != 1 ]]; then
  (cd "$ROOT" && ./mvnw -B -q -pl app -am -DskipTests -Dapp.installers.skip=true package \
     dependency:build-classpath -Dmdep.outputFile=target/bench.cp -Dmdep.includeScope=test)
fi
CP="$(cat "$ROOT/app/target/bench.cp"):$ROOT/app/target/classes:$ROOT/app/target/test-classes"
describe_machine
echo "load average at start: $(loadavg)"
java -cp "$CP" dev.tickbench.app.connect.JumpLatencyBench "$ROUNDS"
echo "load average at end: $(loadavg)"
