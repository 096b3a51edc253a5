#!/usr/bin/env python3
"""Writes the golden cadence tables (remote-probe/src/test/resources/golden/cadences-BOARD.json).

An implementation of the cadence rules (README "Cadences"; docs/cadence.md) written apart from the
Java planner, so that GoldenCapabilitiesTest compares two readings of the rules, not one with itself.
It looks at a fixture board tree only for what the rules depend on: which sources exist, each thermal
zone's declared polling_delay, and the cpufreq governors.

    python3 remote-probe/src/test/golden/cadences.py            # rewrites the committed goldens
    python3 remote-probe/src/test/golden/cadences.py --out DIR  # writes them to DIR instead

GoldenGeneratorTest runs it and checks the committed files are exactly its output.
"""
import argparse
import glob
import json
import math
import os
import re
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
BOARDS = os.path.join(REPO, "sampler-core", "src", "test", "resources", "boards")
GOLDEN = os.path.join(REPO, "remote-probe", "src", "test", "resources", "golden")

RATES = (1, 10, 50, 100)
GOLDEN_BOARDS = ("router-arm", "sbc", "x86-server", "imx8mq-dt", "arm-cooling", "x86-laptop")
# counter files read every tick, whatever the rate or FLOOR_HZ (reason "rate")
COUNTERS = ("stat", "interrupts", "softirqs", "vmstat", "diskstats", "yaffs", "meminfo")
# a cpufreq policy's directory, in either sysfs layout (docs/clock.md): policy_dir() fills it in per board
POLICY = "{policy}/"
# the series catalogue's file sets (docs/catalogue.md): present when one of the files holds a number;
# a level set is stored on change (reason "change"), a counter set read every tick (reason "rate")
LEVEL_FILE_SETS = {
    "cpufreq_policy": [POLICY + f for f in
                       ("scaling_max_freq", "scaling_min_freq", "cpuinfo_max_freq", "cpuinfo_min_freq", "scaling_setspeed")],
    "cpufreq_boost": ["sys/devices/system/cpu/cpufreq/boost"],
    "intel_pstate": ["sys/devices/system/cpu/intel_pstate/" + f for f in
                     ("no_turbo", "max_perf_pct", "min_perf_pct", "num_pstates", "turbo_pct")],
    "cooling": ["sys/class/thermal/cooling_device[0-9]*/" + f for f in ("cur_state", "max_state")],
    "rapl_limits": ["sys/class/powercap/intel-rapl*:[0-9]*/constraint_[0-9]*_power_limit_uw"],
    "hwmon": ["sys/class/hwmon/hwmon[0-9]*/temp[0-9]*_input"],
}
COUNTER_FILE_SETS = {
    "cpufreq_trans": [POLICY + "stats/total_trans"],
    "cpuidle": ["sys/devices/system/cpu/cpu[0-9]*/cpuidle/state[0-9]*/" + f for f in ("usage", "time", "above", "below")],
    "thermal_throttle": ["sys/devices/system/cpu/cpu[0-9]*/thermal_throttle/%s_throttle_%s" % (l, w)
                         for l in ("core", "package") for w in ("count", "total_time_ms")],
    # readers of their own, counters too: the time-per-state tables and RAPL energy
    "cpufreq_time_in_state": [POLICY + "stats/time_in_state"],
    "cooling_time_in_state": ["sys/class/thermal/cooling_device[0-9]*/stats/time_in_state_ms"],
    "rapl": ["sys/class/powercap/intel-rapl*:[0-9]*/energy_uj"],
}
# hwmon reads the chips that sense the CPU package only (the others are drives, commanded on each read)
HWMON_CHIPS = ("coretemp", "k10temp", "zenpower")
SLABINFO_HZ = 6        # slabinfo's budget: about 6 reads a second
MTD_PERIOD_S = 10      # MTD ECC counters: once every 10 s
TABLE_HZ = 1           # the process and cgroup tables: a chosen cadence, 1 Hz unless set (docs/who.md)


def ticks(rate, floor_hz):
    """A slower cadence is a whole number of ticks: rate / floor rounded, a half up, at least 1."""
    return max(1, int(math.floor(rate / floor_hz + 0.5)))


def cadence(rate, every, reason):
    return {"every_ticks": every, "hz": rate / every, "reason": reason}


def read(path):
    with open(path, encoding="ascii") as f:
        return f.read().strip()


def device_tree_delay(zone_dirs, ztype):
    """polling-delay (ms, a big-endian 32-bit cell) of the thermal-zones node named ztype (or ztype@unit)."""
    for zones in zone_dirs:
        if not os.path.isdir(zones):
            continue
        for node in sorted(os.listdir(zones)):
            if node == ztype or node.startswith(ztype + "@"):
                cell = os.path.join(zones, node, "polling-delay")
                if os.path.isfile(cell):
                    with open(cell, "rb") as f:
                        b = f.read()
                    if len(b) == 4:
                        return int.from_bytes(b, "big")
    return 0


def holds_number(path):
    try:
        with open(path, encoding="ascii", errors="replace") as f:
            text = f.read().strip()
    except OSError:
        return False
    return re.fullmatch(r"-?\d+", text) is not None if text.strip() else False


def policy_dir(root):
    """cpufreq/policyN where the kernel has them; before Linux 4.3 (or in a copy without links) each cpuN/cpufreq."""
    cpu = "sys/devices/system/cpu/"
    if any(os.path.isdir(d) for d in glob.glob(os.path.join(root, cpu + "cpufreq/policy[0-9]*"))):
        return cpu + "cpufreq/policy[0-9]*"
    return cpu + "cpu[0-9]*/cpufreq"


def file_set_present(root, name, patterns):
    for pattern in patterns:
        for path in glob.glob(os.path.join(root, pattern.replace("{policy}", policy_dir(root)))):
            if name == "hwmon":
                chip = os.path.join(os.path.dirname(path), "name")
                if not os.path.isfile(chip) or read(chip) not in HWMON_CHIPS:
                    continue
            if name.endswith("time_in_state") or os.path.isfile(path) and holds_number(path):
                return True
    return False


def board_facts(root):
    """What the rules need from a board tree: present sources, thermal polling delays, governors."""
    proc, sys_ = os.path.join(root, "proc"), os.path.join(root, "sys")
    facts = {"counters": [c for c in COUNTERS if os.path.isfile(os.path.join(proc, c))]}
    facts["pressure"] = os.path.isdir(os.path.join(proc, "pressure"))
    facts["kmsg"] = True  # always listed: absent or not, its cadence is the tick
    zones = {}
    thermal = os.path.join(sys_, "class", "thermal")
    tree = [os.path.join(proc, "device-tree", "thermal-zones"),
            os.path.join(sys_, "firmware", "devicetree", "base", "thermal-zones")]
    for name in sorted(os.listdir(thermal)) if os.path.isdir(thermal) else []:
        zone = os.path.join(thermal, name)
        if re.fullmatch(r"thermal_zone\d+", name) and os.path.isfile(os.path.join(zone, "temp")):
            delay = os.path.join(zone, "polling_delay")
            if os.path.isfile(delay):
                zones[name] = int(read(delay))
            else:
                # no sysfs polling_delay: the device tree's zone node named like the zone's type says it
                ztype = read(os.path.join(zone, "type")) if os.path.isfile(os.path.join(zone, "type")) else None
                zones[name] = device_tree_delay(tree, ztype) if ztype else 0
    facts["thermal"] = zones
    cpus = os.path.join(sys_, "devices", "system", "cpu")
    governors = []
    for name in os.listdir(cpus) if os.path.isdir(cpus) else []:
        gov = os.path.join(cpus, name, "cpufreq", "scaling_governor")
        if re.fullmatch(r"cpu\d+", name) and os.path.isdir(os.path.join(cpus, name, "cpufreq")):
            governors.append(read(gov) if os.path.isfile(gov) else None)
    facts["cpufreq"] = governors
    # cpufreq's "policy" only while no limit can move: no cooling device may lower a policy's maximum
    coolers = glob.glob(os.path.join(sys_, "class", "thermal", "cooling_device[0-9]*", "type"))
    facts["clock_cooling"] = any(read(t).startswith(("cpufreq-", "thermal-cpufreq-")) or read(t) == "Processor" for t in coolers)
    facts["level_sets"] = [n for n, p in LEVEL_FILE_SETS.items() if file_set_present(root, n, p)]
    facts["counter_sets"] = [n for n, p in COUNTER_FILE_SETS.items() if file_set_present(root, n, p)]
    facts["slabinfo"] = os.path.isfile(os.path.join(proc, "slabinfo"))
    facts["buddyinfo"] = os.path.isfile(os.path.join(proc, "buddyinfo"))
    mtd = os.path.join(sys_, "class", "mtd")
    facts["mtd"] = os.path.isdir(mtd) and any(re.fullmatch(r"mtd\d+", n) for n in os.listdir(mtd))
    facts["tables"] = tables(root, proc)
    return facts


def tables(root, proc):
    """The process table where the proc root has a process directory; the cgroup table where the CPU
    hierarchy (a v1 mount with cpu, else a cgroup2 mount, from self/mountinfo) is a directory of the tree."""
    found = []
    if any(re.fullmatch(r"\d+", n) for n in os.listdir(proc)):
        found.append("procs")
    v1, v2 = None, None
    info = os.path.join(proc, "self", "mountinfo")
    for line in open(info, encoding="utf-8").read().splitlines() if os.path.isfile(info) else []:
        left, _, right = line.partition(" - ")
        point, (fstype, _, options) = left.split()[4], right.split()[:3]
        if fstype == "cgroup" and "cpu" in options.split(",") and v1 is None:
            v1 = point
        elif fstype == "cgroup2" and v2 is None:
            v2 = point
    mount = v1 or v2
    if mount and os.path.isdir(os.path.join(root, mount.lstrip("/"))):
        found.append("cgroups")
    return found


def cadences(facts, rate, floor_hz):
    """Every source's published cadence at this rate and FLOOR_HZ (0 = the per-source floors)."""
    out = {}
    for c in facts["counters"]:
        out[c] = cadence(rate, 1, "rate")
    if facts["pressure"]:
        out["pressure"] = cadence(rate, 1, "rate")
    if facts["kmsg"]:
        out["kmsg"] = cadence(rate, 1, "rate")
    for c in facts["counter_sets"]:
        out[c] = cadence(rate, 1, "rate")
    levels = list(facts["thermal"]) + (["cpufreq"] if facts["cpufreq"] else []) \
        + [n for n in ("slabinfo", "buddyinfo", "mtd") if facts[n]] + facts["level_sets"]
    for name in facts["tables"]:
        # a chosen cadence, reason policy; FLOOR_HZ overrides it as it overrides every floor
        out[name] = cadence(rate, ticks(rate, floor_hz), "override") if floor_hz > 0 \
            else cadence(rate, ticks(rate, TABLE_HZ), "policy")
    if floor_hz > 0:
        # FLOOR_HZ override: every level source publishes one cadence of FLOOR_HZ, reason override
        for name in levels:
            out[name] = cadence(rate, ticks(rate, floor_hz), "override")
        return out
    for zone, delay_ms in facts["thermal"].items():
        if delay_ms <= 0:
            out[zone] = cadence(rate, 1, "rate")  # nothing declared: every tick
        else:
            every = ticks(rate, 1000.0 / delay_ms)
            # declared whenever the sampler's period (1000 / rate ms) is shorter than the zone's delay,
            # even when every_ticks rounds to 1 (10 Hz, 110 ms); rate when it is not faster
            out[zone] = cadence(rate, every, "declared" if rate * delay_ms > 1000 else "rate")
    if facts["cpufreq"]:
        userspace = all(g == "userspace" for g in facts["cpufreq"]) and not facts["clock_cooling"]
        out["cpufreq"] = cadence(rate, 1, "policy" if userspace else "change")
    if facts["slabinfo"]:
        out["slabinfo"] = cadence(rate, ticks(rate, SLABINFO_HZ), "budget")
    if facts["buddyinfo"]:
        out["buddyinfo"] = cadence(rate, 1, "rate")
    if facts["mtd"]:
        out["mtd"] = cadence(rate, ticks(rate, 1.0 / MTD_PERIOD_S), "budget")
    for name in facts["level_sets"]:
        out[name] = cadence(rate, 1, "change")  # read every tick, stored when a value moves
    return out


def with_links(board_dir, scratch):
    """The board as the tests see it: a board with a links.txt is read from a copy with its links made."""
    links = os.path.join(board_dir, "links.txt")
    if not os.path.isfile(links):
        return board_dir
    copy = os.path.join(scratch, os.path.basename(board_dir))
    shutil.copytree(board_dir, copy, symlinks=True)
    with open(links, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            path, target = line.split(" -> ")
            link = os.path.join(copy, path)
            if os.path.isdir(link) and not os.path.islink(link):
                shutil.rmtree(link)
            elif os.path.lexists(link):
                os.remove(link)
            os.makedirs(os.path.dirname(link), exist_ok=True)
            os.symlink(target, link)
    return copy


def golden(board_dir):
    with tempfile.TemporaryDirectory(prefix="tickbench-golden-") as scratch:
        facts = board_facts(with_links(board_dir, scratch))
    table = {}
    for rate in RATES:
        for floor_hz in sorted({0, 3, rate, 1000}):
            table["rate=%d floor=%d" % (rate, floor_hz)] = cadences(facts, rate, floor_hz)
    return table


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--boards", default=BOARDS, help="fixture board trees (default: sampler-core's)")
    p.add_argument("--out", default=GOLDEN, help="where cadences-BOARD.json go (default: the committed goldens)")
    args = p.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    for board in GOLDEN_BOARDS:
        path = os.path.join(args.out, "cadences-%s.json" % board)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(golden(os.path.join(args.boards, board)), f, indent=1, sort_keys=True)
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
