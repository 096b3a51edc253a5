#!/usr/bin/env bash
# Sourced by probe-vs-floor.sh and probe-ab.sh: the CPU a process spends per tick over a measured window.
# The caller sets warmup, measure (seconds), build (a scratch directory), results (a file) and hz_clk
# (getconf CLK_TCK), and may read pid (the process being measured, empty when none) in its EXIT trap.

# utime+stime (clock ticks) of a process: fields 14 and 15 after the ")" that ends the command name
stat_ticks() { sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'; }
# the sum of every live thread's run time (ns)
sched_ns() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{ s += $1 } END { printf "%.0f\n", s }'; }

# measure NAME HZ CMD…: starts CMD (stdout to /dev/null, stdin an open pipe), waits for the warm-up,
# measures, stops it; appends "NAME HZ us_per_tick_stat us_per_tick_sched load1" to the results and prints it
measure() {
  local name=$1 hz=$2; shift 2
  "$@" >/dev/null 2>"$build/$name.err" < <(sleep $((warmup + measure + 30))) &
  pid=$!
  sleep "$warmup"
  kill -0 "$pid" 2>/dev/null || { echo "${0##*/}: $name ended early:" >&2; cat "$build/$name.err" >&2; exit 1; }
  local t0 s0 t1 s1 load
  t0=$(stat_ticks "$pid"); s0=$(sched_ns "$pid")
  sleep "$measure"
  t1=$(stat_ticks "$pid"); s1=$(sched_ns "$pid")
  load=$(cut -d' ' -f1 /proc/loadavg)
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
  local line
  line=$(awk -v n="$name" -v hz="$hz" -v m="$measure" -v t0="$t0" -v t1="$t1" -v s0="$s0" -v s1="$s1" -v clk="$hz_clk" -v l="$load" \
    'BEGIN { ticks = hz * m; printf "%s %d %.1f %.1f %s\n", n, hz, (t1 - t0) / clk * 1e6 / ticks, (s1 - s0) / 1e3 / ticks, l }')
  echo "$line" >>"$results"
  # shellcheck disable=SC2086 # the fields are words
  printf '%-6s %5s %16s %17s %6s\n' $line
}

