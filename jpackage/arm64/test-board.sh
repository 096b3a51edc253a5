#!/usr/bin/env bash
# The emulated arm64 board test (app's Arm64BoardTest, Maven profile arm64): builds the aarch64 probe
# runtime (jpackage/build.sh --arch=aarch64 --no-deb) and the board (board.sh), both cached under
# jpackage/target/, then boots the board in QEMU and runs the checks. Takes minutes: see
# jpackage/arm64/README.md for the times measured. Extra arguments go to Maven, e.g.
#   jpackage/arm64/test-board.sh -Dtickbench.screenshots=../assets/screenshots
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
"$ROOT/jpackage/build.sh" --arch=aarch64 --no-deb
"$ROOT/jpackage/arm64/board.sh"
cd "$ROOT"
exec "$ROOT/mvnw" -B -Parm64 -pl app -am package -Dtest=Arm64BoardTest -Dsurefire.failIfNoSpecifiedTests=false "$@"
