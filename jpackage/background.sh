#!/usr/bin/env bash
# Runs jpackage/build.sh in the background while the app's tests run, for the test command
# (app/pom.xml): `start` right after the app is compiled, `wait` before jpackage/test-packages.sh.
# The packages take about two minutes of jlink, jpackage and dpkg-deb, mostly on one core; side by
# side with the tests the quiet test command went from 11 min 3 s to 8 min 35 s (2026-12-01, 2 cores).
# Usage: jpackage/background.sh start [build.sh arguments…]
#        jpackage/background.sh wait       build.sh's output, and its exit status as this one's
# The build stops when the process that started it (Maven) ends first: a failed test, Ctrl-C.
# `wait` gives up after TICKBENCH_BUILD_DEADLINE seconds (default 1800).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/jpackage/target
LOG=$OUT/background-build.log
RC=$OUT/background-build.rc
PID=$OUT/background-build.pid

die() { echo "background.sh: $*" >&2; exit 1; }

case ${1:-} in
  start)
    shift
    mkdir -p "$OUT"
    rm -f "$LOG" "$RC" "$PID"
    owner=$PPID
    # Only for a Maven run that reaches verify, where `wait` and the package tests are: `mvn test`
    # (a single test, the screenshots) would build for nothing and stop it at its end.
    if [[ -r /proc/$owner/cmdline ]] \
      && ! tr '\0' '\n' <"/proc/$owner/cmdline" | grep -qxE 'verify|install|deploy'; then
      echo "jpackage/build.sh not started: this Maven run ends before verify"
      exit 0
    fi
    # A session of its own, so that the watchdog can stop build.sh with everything it started;
    # every descriptor away from Maven's pipes, which Maven reads until the last writer closes.
    setsid bash -c '"$0" "${@:3}" >"$1" 2>&1; echo $? >"$2.part"; mv -f "$2.part" "$2"' \
      "$ROOT/jpackage/build.sh" "$LOG" "$RC" "$@" </dev/null >/dev/null 2>&1 &
    build=$!
    echo "$build" >"$PID"
    (
      while kill -0 "$owner" 2>/dev/null; do
        [[ -f $RC ]] && exit 0
        sleep 2
      done
      [[ -f $RC ]] || kill -TERM -- "-$build" 2>/dev/null
    ) </dev/null >/dev/null 2>&1 &
    echo "jpackage/build.sh $* started in the background (pid $build, output in $LOG)"
    ;;
  wait)
    [[ -f $PID ]] || die "no background build was started (jpackage/background.sh start)"
    build=$(<"$PID")
    deadline=$((SECONDS + ${TICKBENCH_BUILD_DEADLINE:-1800}))
    echo "waiting for jpackage/build.sh (pid $build, output in $LOG)"
    while [[ ! -f $RC ]]; do
      if ! kill -0 "$build" 2>/dev/null && [[ ! -f $RC ]]; then
        cat "$LOG" >&2 || true
        die "jpackage/build.sh (pid $build) ended without an exit status (killed?)"
      fi
      if ((SECONDS >= deadline)); then
        cat "$LOG" >&2 || true
        kill -TERM -- "-$build" 2>/dev/null || true
        die "jpackage/build.sh did not finish within ${TICKBENCH_BUILD_DEADLINE:-1800} s; stopped it"
      fi
      sleep 1
    done
    cat "$LOG"
    rc=$(<"$RC")
    ((rc == 0)) || die "jpackage/build.sh failed with exit status $rc (its output is above, and in $LOG)"
    echo "jpackage/build.sh finished in the background"
    ;;
  *)
    echo "usage: jpackage/background.sh start [build.sh arguments…] | wait" >&2
    exit 2
    ;;
esac
