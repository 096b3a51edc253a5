#!/usr/bin/env bash
# What pmu_sw's cpu_clock_ns per tick is (docs/pmu.md): records RECORD_S at 100 Hz with the groups read
# on every tick (--pmu-hz 100; their default is 10 Hz) and prints, per CPU, the distribution of the
# tick's cpu_clock_ns over the tick's dt_ns (the sampler's wake-up times) and over the group's own
# enabled_ns (the kernel's time between the two reads).
# Usage (root, or CAP_PERFMON): remote-probe/bench/pmu-clock.sh JAR [RECORD_S]
set -euo pipefail
JAR=${1:?usage: pmu-clock.sh JAR [RECORD_S]}
RECORD_S=${2:-20}
OUT=$(mktemp -d /tmp/tickbench-pmu.XXXXXX)
trap 'rm -rf "$OUT"' EXIT
java -jar "$JAR" record --rate 100 --pmu-hz 100 --floor-hz 0 --duration "${RECORD_S}s" --out "$OUT/rec.ndjson" >/dev/null 2>&1
python3 - "$OUT/rec.ndjson" <<'EOF'
import json, sys
schema, ratios = {}, {}
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o["type"] == "hello":
        schema = dict(o.get("schema") or {})
        if "pmu_sw" not in schema and "pmu_sw" not in o["capabilities"]["cadences"]:
            sys.exit("pmu_sw is absent: " + o["capabilities"]["absent"].get("pmu_sw", "?"))
    elif o["type"] == "schema":
        # a kept run [a, b] is keys a..b-1 of the list before (FORMAT.md, "Kept runs")
        schema.update({src: [k for e in keys for k in (schema[src][e[0]:e[1]] if isinstance(e, list) else [e])]
                       for src, keys in o["schema"].items()})
    elif o["type"] == "sample" and "pmu_sw" in o:
        v = o["pmu_sw"]
        if isinstance(v, list):
            v = {k: x for k, x in zip(schema["pmu_sw"], v) if x is not None}
        for k, clock in v.items():
            if not k.endswith(".cpu_clock_ns"):
                continue
            cpu = k.split(".")[0]
            enabled = v.get(cpu + ".enabled_ns")
            r = ratios.setdefault(cpu, ([], []))
            r[0].append(clock / o["dt_ns"])
            if enabled:
                r[1].append(clock / enabled)
def q(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]
for cpu, (by_dt, by_enabled) in sorted(ratios.items()):
    for name, xs in (("/ dt_ns", by_dt), ("/ enabled_ns", by_enabled)):
        print("%s cpu_clock_ns %-13s %5d ticks: min %.4f p1 %.4f p50 %.4f p99 %.4f max %.4f"
              % (cpu, name, len(xs), min(xs), q(xs, 0.01), q(xs, 0.5), q(xs, 0.99), max(xs)))
EOF
