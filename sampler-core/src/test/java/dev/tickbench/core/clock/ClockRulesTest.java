package dev.tickbench.core.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tickbench.core.capture.LineDecoder;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The verdict's rules (docs/clock.md) on small hand-made streams: one policy of two CPUs, 10 samples of
 * 100 ms, each rule's limiter and evidence, and the windows and streams that give no verdict.
 */
class ClockRulesTest {
    private static final String POLICY =
            "\"cpufreq_policy\":{\"policy0\":{\"governor\":\"%s\",\"driver\":\"%s\",\"related_cpus\":\"0 1\"}}";

    private final LineDecoder d = new LineDecoder();

    /** A hello whose capabilities hold {@code attributes} (JSON members) and {@code absent}. */
    private ClockWindow window(String attributes, String absent, Double from, Double to) throws IOException {
        ClockWindow w = new ClockWindow(from, to);
        w.accept(d.decode("{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"t\"},\"host\":{\"hostname\":\"h\","
                + "\"board\":null,\"kernel\":\"6.8\",\"cores\":2,\"user_hz\":100},\"rate_hz\":10,\"floor_hz\":0,"
                + "\"started_wall_ns\":1,\"started_mono_ns\":0,\"capabilities\":{\"attributes\":{" + attributes + "},"
                + "\"absent\":{" + absent + "}}}"));
        return w;
    }

    /** Ten samples of 100 ms: {@code first} on the first (levels), {@code every} on each (counters, levels that move). */
    private static void samples(ClockWindow w, LineDecoder d, String first, String every) throws IOException {
        for (int i = 1; i <= 10; i++) {
            String sources = String.join(
                    ",",
                    java.util.stream.Stream.of(i == 1 ? first : "", every)
                            .filter(x -> !x.isEmpty())
                            .toList());
            w.accept(d.decode("{\"type\":\"sample\",\"seq\":" + i + ",\"mono_ns\":" + i * 100_000_000L
                    + ",\"wall_ns\":1," + "\"dt_ns\":100000000" + (sources.isEmpty() ? "" : "," + sources) + "}"));
        }
    }

    private static String clock(long khz, long cap, long max) {
        return clock(khz, cap, max, "");
    }

    /** Both CPUs at {@code khz}; the policy's cap, hardware maximum and floor, and {@code more} of its keys. */
    private static String clock(long khz, long cap, long max, String more) {
        return "\"cpufreq\":{\"cpu0\":" + khz + ",\"cpu1\":" + khz
                + "},\"cpufreq_policy\":{\"policy0.scaling_max_freq\":" + cap + ",\"policy0.cpuinfo_max_freq\":" + max
                + ",\"policy0.scaling_min_freq\":800000" + more + "}";
    }

    private static String busy(int idle) {
        return "\"stat\":{\"cpu0.user\":" + (10 - idle) + ",\"cpu0.idle\":" + idle + ",\"cpu1.user\":" + (10 - idle)
                + ",\"cpu1.idle\":" + idle + "}";
    }

    private PolicyVerdict only(ClockWindow w) {
        ClockReport r = w.report();
        assertNull(r.noVerdict(), r.toString());
        assertEquals(1, r.policies().size());
        return r.policies().get(0);
    }

    @Test
    void throttleCountersThatRiseArePower() throws IOException {
        ClockWindow w = window(POLICY.formatted("powersave", "intel_pstate"), "", null, null);
        samples(
                w,
                d,
                clock(2_000_000, 3_000_000, 3_000_000),
                busy(0)
                        + ",\"thermal_throttle\":{\"cpu0.package_throttle_count\":1,\"cpu0.package_throttle_total_time_ms\":40,"
                        + "\"cpu1.package_throttle_count\":1,\"cpu1.package_throttle_total_time_ms\":40}");
        PolicyVerdict v = only(w);
        assertEquals(Limiter.POWER, v.limiter());
        assertEquals(List.of(new Evidence.Throttle(List.of(0, 1), 20, 800)), v.evidence());
        assertEquals(
                "the processor throttled itself 20 times for 800 ms (thermal_throttle of CPU 0-1): its own control holds"
                        + " power and temperature under its limits",
                v.evidence().get(0).text());
    }

    @Test
    void theGovernorsOwnChoice() throws IOException {
        ClockWindow w = window(POLICY.formatted("userspace", "acpi-cpufreq"), "", null, null);
        samples(w, d, clock(1_200_000, 3_000_000, 3_000_000, ",\"policy0.scaling_setspeed\":1200000"), busy(0));
        PolicyVerdict v = only(w);
        assertEquals(Limiter.GOVERNOR, v.limiter());
        assertEquals(
                "the userspace governor holds the clock at its setpoint of 1200 MHz",
                v.evidence().get(0).text());

        w = window(POLICY.formatted("powersave", "acpi-cpufreq"), "", null, null);
        samples(w, d, clock(800_000, 3_000_000, 3_000_000), busy(0));
        assertEquals(
                new Evidence.Governor("powersave", null), only(w).evidence().get(0));

        w = window(POLICY.formatted("powersave", "intel_pstate"), "", null, null);
        samples(w, d, clock(800_000, 3_000_000, 3_000_000), busy(0));
        assertEquals(
                Limiter.NONE, only(w).limiter(), "intel_pstate's powersave is its own dynamic governor, not a floor");
        assertEquals(
                "the clock ran at 800 MHz of 3000 MHz: no limit at work: the governor (powersave) chose this clock for the"
                        + " work there was",
                only(w).evidence().get(0).text());
    }

    @Test
    void turboSwitchedOffIsPolicy() throws IOException {
        ClockWindow w = window(POLICY.formatted("powersave", "intel_pstate"), "", null, null);
        samples(
                w,
                d,
                clock(2_600_000, 3_500_000, 3_500_000) + ",\"intel_pstate\":{\"no_turbo\":1,\"max_perf_pct\":100}",
                busy(0));
        PolicyVerdict v = only(w);
        assertEquals(Limiter.POLICY, v.limiter());
        assertEquals(
                "turbo is switched off (intel_pstate/no_turbo = 1)",
                v.evidence().get(0).text());
    }

    @Test
    void aCoolingDeviceThatHoldsOnAfterItsZoneCooledIsPolicy() throws IOException {
        String attrs = POLICY.formatted("schedutil", "cpufreq-dt")
                + ",\"cooling\":{\"cooling_device0\":{\"type\":\"cpufreq-cpu0\"}},"
                + "\"thermal_zone0\":{\"type\":\"cpu-thermal\",\"trip0\":{\"type\":\"passive\",\"temp_mc\":75000},"
                + "\"cdev0\":{\"device\":\"cooling_device0\",\"trip\":0}}";
        ClockWindow w = window(attrs, "", null, null);
        samples(
                w,
                d,
                clock(1_200_000, 1_200_000, 1_800_000) + ",\"cooling\":{\"cooling_device0.cur_state\":1,"
                        + "\"cooling_device0.max_state\":4},\"thermal_zone0\":{\"temp\":71000}",
                busy(0));
        PolicyVerdict v = only(w);
        assertEquals(Limiter.POLICY, v.limiter());
        assertEquals(
                new Evidence.Limit("scaling_max_freq", 1_200_000, 1_800_000L, "cooling_device0 (cpufreq-cpu0)"),
                v.evidence().get(0));
        assertEquals(
                "cooling_device0 (cpufreq-cpu0) at state 1 of 4, bound to thermal_zone0 (cpu-thermal) at 71 °C, below trip 0"
                        + " (passive, 75 °C): the cooling lets go a step at a time as the zone cools",
                v.evidence().get(1).text());
    }

    @Test
    void aCapTheIdleClockIsBelowDoesNotHoldIt() throws IOException {
        ClockWindow w = window(POLICY.formatted("schedutil", "cpufreq-dt"), "", null, null);
        samples(w, d, clock(600_000, 1_200_000, 1_800_000), busy(8));
        PolicyVerdict v = only(w);
        assertEquals(Limiter.IDLE, v.limiter(), "at 600 MHz under a 1200 MHz cap: the cap is not what holds it");
        assertEquals(0.0, v.atCapPct(), 1e-9);
        assertEquals(80.0, v.idlePct(), 1e-9);
        assertEquals(List.of(new Evidence.Limit("scaling_max_freq", 1_200_000, 1_800_000L, null)), v.also());
    }

    @Test
    void idleFromCpuidleWithoutProcStat() throws IOException {
        ClockWindow w = window(POLICY.formatted("schedutil", "cpufreq-dt"), "\"stat\":\"not here\"", null, null);
        samples(
                w,
                d,
                clock(600_000, 1_800_000, 1_800_000),
                "\"cpuidle\":{\"cpu0.state0.time\":10000,\"cpu0.state1.time\":60000,\"cpu1.state1.time\":70000}");
        PolicyVerdict v = only(w);
        assertEquals(Limiter.IDLE, v.limiter());
        assertEquals(new Evidence.Idle(70.0, "cpuidle"), v.evidence().get(0));
        assertEquals("not here", w.report().absent().get("stat"));
    }

    @Test
    void withoutPoliciesEachCpuIsJudgedAlone() throws IOException {
        ClockWindow w =
                window("\"cpufreq\":{\"cpu0\":{\"governor\":\"ondemand\",\"max_khz\":2000000}}", "", null, null);
        samples(w, d, "\"cpufreq\":{\"cpu0\":2000000}", "");
        PolicyVerdict v = only(w);
        assertEquals("cpu0", v.policy());
        assertEquals(Limiter.NONE, v.limiter());
        assertNull(v.capKhz());
        assertNull(v.idlePct(), "no stat, no cpuidle: idle is unknown, not 0");
        assertNull(
                v.maxKhz(),
                "no cpuinfo_max_freq: the maximum is unknown, not the clock itself (max_khz is scaling_max_freq)");
        assertEquals(
                "the clock ran at 2000 MHz, its maximum unknown (no cpuinfo_max_freq in the stream): no limit at work: the"
                        + " governor (ondemand) chose this clock for the work there was",
                v.evidence().get(0).text());
    }

    @Test
    void withoutTheHardwaresMaximumACapTheClockSitsAtIsStillNamed() throws IOException {
        // a policy whose cpuinfo_max_freq is not in the stream: nothing says 1200 MHz is its maximum; its cap moved
        // down from 1800 to 1200 MHz in the window and the clock sat at it: the cap holds it, set by hand
        ClockWindow w = window(POLICY.formatted("schedutil", "cpufreq-dt"), "", null, null);
        for (int i = 1; i <= 10; i++) {
            long cap = i <= 2 ? 1_800_000 : 1_200_000;
            w.accept(d.decode("{\"type\":\"sample\",\"seq\":" + i + ",\"mono_ns\":" + i * 100_000_000L
                    + ",\"wall_ns\":1,"
                    + "\"dt_ns\":100000000,\"cpufreq\":{\"cpu0\":" + cap + ",\"cpu1\":" + cap + "},\"cpufreq_policy\":"
                    + "{\"policy0.scaling_max_freq\":" + cap + "}," + busy(0) + "}"));
        }
        PolicyVerdict v = only(w);
        assertNull(v.maxKhz());
        assertEquals(Limiter.POLICY, v.limiter());
        assertEquals(
                new Evidence.Limit("scaling_max_freq", 1_200_000, null, null),
                v.evidence().get(0));
        assertEquals(
                "scaling_max_freq is 1200 MHz, set by hand or by a tool (no cooling device is above state 0)",
                v.evidence().get(0).text());
    }

    @Test
    void aRangeOfTheStreamAndStreamsWithNothingToJudge() throws IOException {
        ClockWindow w = window(POLICY.formatted("schedutil", "cpufreq-dt"), "", 0.3, 0.5);
        samples(w, d, clock(600_000, 1_800_000, 1_800_000), busy(0));
        ClockReport r = w.report();
        assertEquals(3, r.samples(), "t_s 0.3, 0.4 and 0.5: the held levels of the first sample still count");
        assertEquals(0.3, r.fromS(), 1e-9);
        assertEquals(0.5, r.toS(), 1e-9);
        assertEquals(600_000, r.policies().get(0).achievedKhz());

        ClockWindow late = window(POLICY.formatted("schedutil", "cpufreq-dt"), "", 5.0, null);
        samples(late, d, clock(600_000, 1_800_000, 1_800_000), busy(0));
        assertEquals("no samples in the window", late.report().noVerdict());
        ClockWindow vm = window("", "\"cpufreq\":\"no cpufreq on this board\"", null, null);
        samples(vm, d, "", busy(5));
        assertEquals(
                "no CPU clock to judge: no cpufreq on this board", vm.report().noVerdict());
        assertEquals(
                "the stream has no hello line: it is not a Tickbench stream",
                new ClockWindow().report().noVerdict());
        assertThrows(IllegalArgumentException.class, () -> new ClockWindow(2.0, 1.0));
    }
}
