package dev.tickbench.core.clock;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.derived.CpuTime;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rules of docs/clock.md: per cpufreq policy, is the clock low, and what holds it there. The
 * thresholds are named here and explained there.
 */
final class ClockRules {
    /** Below this share of the hardware's maximum the clock is low; at or above it nothing holds it. */
    static final double LOW = 0.95;
    /** A clock within this share of its cap is at the cap (x86 reports a measured clock that wavers). */
    static final double AT_CAP = 0.95;
    /** A cap holds the clock when the CPUs ran at it for at least this share of the window (%). */
    static final double HELD_PCT = 50;
    /** Package power at or above this share of a RAPL limit is at the limit. */
    static final double AT_POWER_LIMIT = 0.95;
    /** CPUs idle more than this share of the window (%) were idle most of it. */
    static final double IDLE_MOST_PCT = 50;
    /** Drivers whose "powersave" is their own dynamic governor, not the generic one that pins scaling_min_freq. */
    private static final Set<String> DYNAMIC_POWERSAVE = Set.of("intel_pstate", "amd-pstate-epp");
    /** The sources the verdict reads, whose absence it reports. */
    private static final List<String> INPUTS = List.of(
            "cpufreq",
            "cpufreq_policy",
            "thermal",
            "cooling",
            "rapl",
            "rapl_limits",
            "thermal_throttle",
            "intel_pstate",
            "cpufreq_boost",
            "stat",
            "cpuidle");

    private ClockRules() {}

    static ClockReport judge(ClockWindow w) {
        if (w.hello() == null) {
            return empty(w, Map.of(), "the stream has no hello line: it is not a Tickbench stream");
        }
        Map<String, String> absent = absent(w.hello().capabilities());
        if (w.samples() == 0) {
            return empty(w, absent, "no samples in the window");
        }
        if (w.topology().policies().isEmpty()) {
            com.fasterxml.jackson.databind.JsonNode caps = w.hello().capabilities();
            if (absent.containsKey("cpufreq")
                    || caps == null
                    || !caps.path("sources").path("cpufreq").asBoolean()) {
                return empty(
                        w,
                        absent,
                        "no CPU clock to judge: " + absent.getOrDefault("cpufreq", "the stream carries no cpufreq"));
            }
            // the CPUs' clocks are there, their policies (maximum, limits) are not: nothing to judge them against
            return empty(
                    w,
                    absent,
                    "no CPU clock to judge: the stream has each CPU's clock but no cpufreq policy to hold it"
                            + " against ("
                            + absent.getOrDefault(
                                    "cpufreq_policy", "a capture from before the probe read cpufreq policies")
                            + ")");
        }
        List<PolicyVerdict> verdicts = new ArrayList<>();
        for (ClockTopology.Policy p : w.topology().policies()) {
            PolicyVerdict v = verdict(w, p);
            if (v != null) {
                verdicts.add(v);
            }
        }
        return new ClockReport(
                w.elapsedNs() / 1e9,
                w.samples(),
                w.hello().rateHz(),
                w.firstS(),
                w.lastS(),
                verdicts,
                absent,
                verdicts.isEmpty() ? "no CPU clock was read in the window" : null);
    }

    private static ClockReport empty(ClockWindow w, Map<String, String> absent, String why) {
        return new ClockReport(
                w.elapsedNs() / 1e9,
                w.samples(),
                w.hello() == null ? 0 : w.hello().rateHz(),
                w.firstS(),
                w.lastS(),
                List.of(),
                absent,
                why);
    }

    private static Map<String, String> absent(JsonNode caps) {
        Map<String, String> out = new LinkedHashMap<>();
        JsonNode a = caps == null ? null : caps.path("absent");
        if (a != null) {
            for (String s : INPUTS) {
                if (a.hasNonNull(s)) {
                    out.put(s, a.get(s).asText());
                }
            }
        }
        return out;
    }

    /** The facts of one policy's window, then the first limiter they show (docs/clock.md, "The verdict"). */
    private static PolicyVerdict verdict(ClockWindow w, ClockTopology.Policy p) {
        double achievedSum = 0;
        long peak = Long.MIN_VALUE;
        int clocked = 0;
        double capShare = 0;
        int capped = 0;
        for (int cpu : p.cpus()) {
            LevelStats f = w.level("cpufreq.cpu" + cpu);
            if (f != null) {
                achievedSum += f.mean();
                peak = Math.max(peak, f.max());
                clocked++;
            }
            Double at = w.atCapPct(cpu);
            if (at != null) {
                capShare += at;
                capped++;
            }
        }
        if (clocked == 0) {
            return null;
        }
        long achieved = Math.round(achievedSum / clocked);
        String pre = "cpufreq_policy." + p.name() + ".";
        LevelStats cap = w.level(pre + "scaling_max_freq");
        LevelStats hw = w.level(pre + "cpuinfo_max_freq");
        // without the hardware's maximum nothing says the clock is at it: no stand-in from the clock itself
        Long max = hw != null ? hw.max() : null;
        Double atCapPct = capped == 0 ? null : capShare / capped;
        boolean held = atCapPct != null && atCapPct >= HELD_PCT;
        boolean capLowered = cap != null && cap.min() < (max != null ? max : cap.max());
        Evidence.Idle idle = idle(w, p);

        List<Evidence.Cooling> cooling = cooling(w, p);
        List<Evidence> power = power(w, p);
        List<Evidence> turbo = turbo(w);
        Evidence governor = governor(w, p);
        // a cooling device above 0 that caps this policy is who lowered its scaling_max_freq; else a write did
        String cause = cooling.isEmpty()
                ? null
                : cooling.get(0).device()
                        + (cooling.get(0).type() == null
                                ? ""
                                : " (" + cooling.get(0).type() + ")");
        Evidence.Limit lowered = capLowered ? new Evidence.Limit("scaling_max_freq", cap.min(), max, cause) : null;
        List<Evidence> evidence = new ArrayList<>();
        List<Evidence> seen = new ArrayList<>(cooling);
        if (lowered != null) {
            seen.add(lowered);
        }
        seen.addAll(power);
        seen.addAll(turbo);
        Limiter limiter;
        if (max != null && achieved >= LOW * max) {
            limiter = Limiter.NONE;
            evidence.add(new Evidence.Clock(achieved, max, "nothing holds it down"));
        } else if (!cooling.isEmpty() && (held || cap == null)) {
            boolean above = cooling.stream().anyMatch(Evidence.Cooling::aboveTrip);
            limiter = above || lowered == null ? Limiter.THERMAL : Limiter.POLICY;
            if (limiter == Limiter.POLICY) {
                evidence.add(lowered);
            }
            cooling.stream().filter(Evidence.Cooling::aboveTrip).forEach(evidence::add);
            cooling.stream().filter(c -> !c.aboveTrip()).forEach(evidence::add);
            if (limiter == Limiter.THERMAL && lowered != null) {
                evidence.add(lowered);
            }
        } else if (lowered != null && held) {
            limiter = Limiter.POLICY;
            evidence.add(lowered);
        } else if (!power.isEmpty()) {
            limiter = Limiter.POWER;
            evidence.addAll(power);
        } else if (!turbo.isEmpty()) {
            limiter = Limiter.POLICY;
            evidence.addAll(turbo);
        } else if (governor != null) {
            limiter = Limiter.GOVERNOR;
            evidence.add(governor);
        } else if (idle != null && idle.idlePct() > IDLE_MOST_PCT) {
            limiter = Limiter.IDLE;
            evidence.add(idle);
        } else {
            limiter = Limiter.NONE;
            evidence.add(new Evidence.Clock(
                    achieved,
                    max,
                    "no limit at work: the governor" + (p.governor() == null ? "" : " (" + p.governor() + ")")
                            + " chose this clock for the work there was"));
        }
        List<Evidence> also = new ArrayList<>();
        for (Evidence e : seen) {
            if (!evidence.contains(e)) {
                also.add(e);
            }
        }
        if (idle != null && !evidence.contains(idle)) {
            also.add(idle);
        }
        return new PolicyVerdict(
                p.name(),
                p.cpus(),
                p.governor(),
                p.driver(),
                achieved,
                peak,
                max,
                cap == null ? null : cap.min(),
                atCapPct,
                idle == null ? null : idle.idlePct(),
                limiter,
                evidence,
                also);
    }

    /** The cooling devices that cap this policy and were above state 0 in the window, with the zone each is bound to. */
    private static List<Evidence.Cooling> cooling(ClockWindow w, ClockTopology.Policy p) {
        List<Evidence.Cooling> out = new ArrayList<>();
        for (ClockTopology.Cooling d : w.topology().cooling()) {
            if (!d.capsClock() || (d.cpu() >= 0 && !p.cpus().contains(d.cpu()))) {
                continue; // a Processor device whose CPU we do not know caps every policy it may belong to
            }
            LevelStats state = w.level("cooling." + d.name() + ".cur_state");
            if (state == null || state.max() <= 0) {
                continue;
            }
            LevelStats maxState = w.level("cooling." + d.name() + ".max_state");
            Evidence.Cooling best = null;
            for (ClockTopology.Zone z : w.topology().zones()) {
                for (ClockTopology.Binding b : z.bindings()) {
                    if (!b.device().equals(d.name())) {
                        continue;
                    }
                    LevelStats temp = w.level(z.name() + ".temp");
                    ClockTopology.Trip t = z.trip(b.trip());
                    Evidence.Cooling c = new Evidence.Cooling(
                            d.name(),
                            d.type(),
                            state.max(),
                            maxState == null ? null : maxState.max(),
                            z.name(),
                            z.type(),
                            temp == null ? null : temp.max(),
                            t == null ? null : t.index(),
                            t == null ? null : t.type(),
                            t == null ? null : t.tempMc());
                    if (best == null || better(c, best)) {
                        best = c;
                    }
                }
            }
            out.add(
                    best != null
                            ? best
                            : new Evidence.Cooling(
                                    d.name(),
                                    d.type(),
                                    state.max(),
                                    maxState == null ? null : maxState.max(),
                                    null,
                                    null,
                                    null,
                                    null,
                                    null,
                                    null));
        }
        return out;
    }

    /** The binding to name: one whose zone is above its trip first, and of those the highest trip. */
    private static boolean better(Evidence.Cooling c, Evidence.Cooling than) {
        if (c.aboveTrip() != than.aboveTrip()) {
            return c.aboveTrip();
        }
        return c.tripTempMc() != null && (than.tripTempMc() == null || c.tripTempMc() > than.tripTempMc());
    }

    /** The package's RAPL power at a limit, and thermal_throttle counters that rose, for this policy's CPUs. */
    private static List<Evidence> power(ClockWindow w, ClockTopology.Policy p) {
        List<Evidence> out = new ArrayList<>();
        double elapsedUs = w.elapsedNs() / 1e3;
        List<ClockTopology.RaplZone> packages = w.topology().rapl().stream()
                .filter(ClockTopology.RaplZone::isPackage)
                .toList();
        for (ClockTopology.RaplZone z : packages) {
            boolean ours = z.cpus().isEmpty()
                    ? packages.size() == 1
                    : z.cpus().stream().anyMatch(p.cpus()::contains);
            Long energy = w.sum("rapl." + z.zone() + ".energy_uj");
            if (!ours || !z.enabled() || energy == null || elapsedUs <= 0) {
                continue;
            }
            double watts = energy / elapsedUs; // µJ per µs
            Evidence.Power best = null;
            for (Map.Entry<Integer, String> c : z.constraints().entrySet()) {
                LevelStats limit = w.level("rapl_limits." + z.zone() + ".constraint" + c.getKey() + "_power_limit_uw");
                if (limit == null || limit.min() <= 0 || c.getValue().equals("peak_power")) {
                    continue; // peak_power (PL4) bounds current spikes, not a window's mean
                }
                double limitW = limit.min() / 1e6;
                if (watts >= AT_POWER_LIMIT * limitW
                        && (best == null || watts / limitW > best.watts() / best.limitWatts())) {
                    best = new Evidence.Power(z.zone(), z.name(), watts, c.getValue(), limitW);
                }
            }
            if (best != null) {
                out.add(best);
            }
        }
        long events = 0;
        long ms = 0;
        for (int cpu : p.cpus()) {
            for (String level : new String[] {"core", "package"}) {
                events += w.sums().getOrDefault("thermal_throttle.cpu" + cpu + "." + level + "_throttle_count", 0L);
                ms += w.sums().getOrDefault("thermal_throttle.cpu" + cpu + "." + level + "_throttle_total_time_ms", 0L);
            }
        }
        if (events > 0) {
            out.add(new Evidence.Throttle(p.cpus(), events, ms));
        }
        return out;
    }

    /** Turbo or boost switched off, or intel_pstate's max_perf_pct below 100, at any time in the window. */
    private static List<Evidence> turbo(ClockWindow w) {
        List<Evidence> out = new ArrayList<>();
        LevelStats noTurbo = w.level("intel_pstate.no_turbo");
        if (noTurbo != null && noTurbo.max() > 0) {
            out.add(new Evidence.Limit("no_turbo", noTurbo.max(), null, null));
        }
        LevelStats boost = w.level("cpufreq_boost.boost");
        if (boost != null && boost.min() == 0) {
            out.add(new Evidence.Limit("boost", 0, null, null));
        }
        LevelStats perf = w.level("intel_pstate.max_perf_pct");
        if (perf != null && perf.min() < 100) {
            out.add(new Evidence.Limit("max_perf_pct", perf.min(), null, null));
        }
        return out;
    }

    /** The generic powersave governor, or userspace below the maximum: the governor's own choice. */
    private static Evidence governor(ClockWindow w, ClockTopology.Policy p) {
        if ("userspace".equals(p.governor())) {
            LevelStats set = w.level("cpufreq_policy." + p.name() + ".scaling_setspeed");
            return new Evidence.Governor("userspace", set == null ? null : Math.round(set.mean()));
        }
        if ("powersave".equals(p.governor()) && (p.driver() == null || !DYNAMIC_POWERSAVE.contains(p.driver()))) {
            return new Evidence.Governor("powersave", null);
        }
        return null;
    }

    /**
     * How idle the policy's CPUs were: idle and iowait over all their time in {@code /proc/stat} (the
     * one CPU-time formula, docs/derived-series.md), or, without it, their cpuidle time over the window.
     */
    private static Evidence.Idle idle(ClockWindow w, ClockTopology.Policy p) {
        double statSum = 0;
        int statCpus = 0;
        for (int cpu : p.cpus()) {
            long total = 0;
            long idle = 0;
            for (int i = 0; i < CpuTime.FIELDS.length; i++) {
                Long d = w.sum("stat.cpu" + cpu + "." + CpuTime.FIELDS[i]);
                long v = d == null ? 0 : Math.max(0, d);
                total += v;
                if (CpuTime.FIELDS[i].equals("idle") || CpuTime.FIELDS[i].equals("iowait")) {
                    idle += v;
                }
            }
            if (total > 0) {
                statSum += 100.0 * idle / total;
                statCpus++;
            }
        }
        if (statCpus == p.cpus().size() && statCpus > 0) {
            return new Evidence.Idle(statSum / statCpus, "/proc/stat");
        }
        double elapsedUs = w.elapsedNs() / 1e3;
        double idleSum = 0;
        int idleCpus = 0;
        for (int cpu : p.cpus()) {
            String prefix = "cpuidle.cpu" + cpu + ".";
            long us = 0;
            boolean any = false;
            for (Iterator<Map.Entry<String, Long>> it = w.sums().entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<String, Long> e = it.next();
                if (e.getKey().startsWith(prefix) && e.getKey().endsWith(".time")) {
                    us += e.getValue();
                    any = true;
                }
            }
            if (any && elapsedUs > 0) {
                idleSum += Math.min(100.0, 100.0 * us / elapsedUs);
                idleCpus++;
            }
        }
        return idleCpus == p.cpus().size() && idleCpus > 0 ? new Evidence.Idle(idleSum / idleCpus, "cpuidle") : null;
    }
}
