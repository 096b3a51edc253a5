package dev.tickbench.core.clock;

import static dev.tickbench.testkit.ScriptedBoard.story;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.testkit.Boards;
import dev.tickbench.testkit.CpufreqLayouts;
import dev.tickbench.testkit.ScriptedBoard;
import dev.tickbench.testkit.StoryCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The clock verdict (docs/clock.md) on every fixture board and on variants of them, each judged in
 * both of cpufreq's sysfs layouts: the board as it is, and a copy turned into the other layout
 * ({@link CpufreqLayouts}: {@code cpufreq/policyN} with each {@code cpuN/cpufreq} a link, or only
 * {@code cpuN/cpufreq} directories grouped by {@code related_cpus}). A variant writes its levels
 * before the sampler opens the board and grows its counters on each of the 10 ticks of 100 ms (the
 * {@link ScriptedBoard} story grammar); the real sampler reads it and {@link ClockWindow} judges the
 * lines. Both layouts must give the same verdict, policy for policy, and it must be the one worked
 * out by hand beside each variant: {@code policyN=limiter[words of the deciding evidence]}, {@code *}
 * for every policy of the board.
 *
 * <p>Busy is {@code stat CPUS 10 0} (10 jiffies of user time a tick, USER_HZ 100: 0 % idle); the
 * window is 1 s, so a RAPL zone that gains E µJ a tick draws E / 100 000 W.
 */
class ClockLayoutsTest {
    private static final int TICKS = 10;
    private static final String ARM = Boards.ARM_COOLING;
    private static final String LAPTOP = Boards.LAPTOP;
    private static final String ROUTER = Boards.ROUTER;
    private static final String SBC = Boards.SBC;
    private static final String SERVER = Boards.X86;
    /** The policies each board has, in both layouts: the grouping is part of the verdict. */
    private static final Map<String, List<String>> POLICIES = Map.of(
            ARM, List.of("policy0", "policy4"),
            LAPTOP, List.of("policy0", "policy1", "policy2", "policy3"),
            ROUTER, List.of("policy0", "policy2"), // related_cpus "0 1" and "2 3": Armada 7040's two clusters
            SBC, List.of("policy0", "policy1", "policy2", "policy3"), // no related_cpus: each CPU alone
            SERVER, IntStream.range(0, 32).mapToObj(n -> "policy" + n).toList());

    private static final String ARM_BUSY = "stat 0-5 10 0";
    private static final String FOUR_BUSY = "stat 0-3 10 0";
    private static final String ARM_POLICY = "sys/devices/system/cpu/cpufreq/policy";
    private static final String ARM_ZONE = "sys/class/thermal/thermal_zone0/";
    private static final String LAPTOP_POLICIES = "sys/devices/system/cpu/cpufreq/policy*/";
    private static final String LAPTOP_HOT = """
            set sys/class/thermal/thermal_zone0/temp 97000
            set sys/class/thermal/cooling_device*/cur_state 2
            set sys/devices/system/cpu/cpufreq/policy*/scaling_max_freq 2100000
            set sys/devices/system/cpu/cpufreq/policy*/scaling_cur_freq 2100000
            """;
    private static final String RAPL = "add sys/class/powercap/intel-rapl:0/energy_uj ";
    private static final String CPUS = "sys/devices/system/cpu/cpu*/cpufreq/";
    /** sbc: a passive trip at 80 °C added to cpu-thermal, an older kernel's cpufreq cooling device at 2 of 4 bound to it. */
    private static final String SBC_COOLING = """
            file sys/class/thermal/thermal_zone0/trip_point_1_type passive
            file sys/class/thermal/thermal_zone0/trip_point_1_temp 80000
            file sys/class/thermal/cooling_device0/type thermal-cpufreq-0
            file sys/class/thermal/cooling_device0/max_state 4
            file sys/class/thermal/cooling_device0/cur_state 2
            link sys/class/thermal/thermal_zone0/cdev0 ../cooling_device0
            file sys/class/thermal/thermal_zone0/cdev0_trip_point 1
            set sys/devices/system/cpu/cpu*/cpufreq/scaling_max_freq 1200000
            set sys/devices/system/cpu/cpu*/cpufreq/scaling_cur_freq 1200000
            """;

    @TempDir
    Path tmp;

    static Stream<Arguments> variants() throws IOException {
        List<Arguments> v = new ArrayList<>();
        // --- every fixture board as it is ---
        // policy0 runs at its 1416 MHz maximum; policy4's cpufreq-cpu4 (cooling_device1) is at 3 of 7, bound to
        // cpu-thermal's trips 0 (70 °C) and 1 (75 °C), the zone at 77.5 °C: above both, the higher one named;
        // its cap 1200 MHz of 1800 and the clock sits at it
        v.add(of(
                "arm-cooling as it is",
                ARM,
                "",
                ARM_BUSY,
                "policy0=none[1416 MHz of 1416 MHz: nothing holds it down];"
                        + " policy4=thermal[cooling_device1 (cpufreq-cpu4) at state 3 of 7, bound to thermal_zone0 (cpu-thermal) at"
                        + " 77.5 °C, above trip 1 (passive, 75 °C)]"));
        v.add(of("x86-laptop as it is", LAPTOP, "", FOUR_BUSY, "*=none[3400 MHz of 3500 MHz]")); // 97 % of the maximum
        v.add(of("router-arm as it is", ROUTER, "", FOUR_BUSY, "*=none[1400 MHz of 1400 MHz]"));
        // CPUs 2 and 3 at 600 MHz of 1800 under schedutil, busy, nothing capping them: the governor's choice
        v.add(
                of(
                        "sbc as it is",
                        SBC,
                        "",
                        FOUR_BUSY,
                        "policy0=none[1800 MHz of 1800 MHz]; policy1=none[1800 MHz of 1800 MHz];"
                                + " policy2=none[600 MHz of 1800 MHz: no limit at work: the governor (schedutil)]; policy3=none[600 MHz of 1800 MHz]"));
        // intel_pstate's powersave is its own dynamic governor; boost on; nothing caps: none everywhere
        v.add(of("x86-server as it is", SERVER, "", "stat 0-31 10 0", "*=none"));

        // --- arm-cooling: the cooling device, the zone at, above and below each trip ---
        v.add(of(
                "zone at trip 1 exactly",
                ARM,
                "set " + ARM_ZONE + "temp 75000",
                ARM_BUSY,
                "policy0=none; policy4=thermal[at 75 °C, above trip 1 (passive, 75 °C)]")); // the kernel acts
        // at temp >= trip
        v.add(of(
                "zone 1 m°C under trip 1",
                ARM,
                "set " + ARM_ZONE + "temp 74999",
                ARM_BUSY,
                "policy0=none; policy4=thermal[above trip 0 (passive, 70 °C)]")); // still above trip 0, which
        // it is bound to too
        v.add(of(
                "zone at trip 0 exactly",
                ARM,
                "set " + ARM_ZONE + "temp 70000",
                ARM_BUSY,
                "policy0=none; policy4=thermal[above trip 0 (passive, 70 °C)]"));
        // under both trips with the device still at 3: step_wise lets go a state per poll, the cap is the device's
        v.add(
                of(
                        "zone under every trip, cooling holds",
                        ARM,
                        "set " + ARM_ZONE + "temp 69999",
                        ARM_BUSY,
                        "policy0=none; policy4=policy[scaling_max_freq is 1200 MHz of 1800 MHz, lowered by cooling_device1 (cpufreq-cpu4)]"));
        v.add(of(
                "cap left at 1200 MHz by hand",
                ARM,
                "set " + ARM_ZONE + "temp 65000\nset sys/class/thermal/cooling_device1/cur_state 0",
                ARM_BUSY,
                "policy0=none; policy4=policy[scaling_max_freq is 1200 MHz of 1800 MHz, set by hand or by a tool]"));
        // 600 MHz under the 1200 MHz cap: at the cap 0 % of the window, so the device (in force) does not hold it
        v.add(of(
                "cooling in force, clock under it",
                ARM,
                "set " + ARM_POLICY + "4/scaling_cur_freq 600000",
                ARM_BUSY,
                "policy0=none; policy4=none[600 MHz of 1800 MHz: no limit at work: the governor (schedutil)]"));
        // the same with CPUs 4-5 idle 8 jiffies of 10: 80 % > 50 %
        v.add(of(
                "cooling in force, CPUs idle",
                ARM,
                "set " + ARM_POLICY + "4/scaling_cur_freq 600000",
                "stat 0-3 10 0\nstat 4-5 2 8",
                "policy0=none; policy4=idle[the CPUs were idle 80 % of the window (/proc/stat)]"));
        // cpufreq-cpu0 (bound at trip 1, 75 °C) at 2 of 5 caps the little cluster at 1200 of 1416 MHz, the zone at 77.5
        // °C
        v.add(of(
                "both clusters cooled",
                ARM,
                "set sys/class/thermal/cooling_device0/cur_state 2\nset " + ARM_POLICY
                        + "0/scaling_max_freq 1200000\nset " + ARM_POLICY + "0/scaling_cur_freq 1200000",
                ARM_BUSY,
                "policy0=thermal[cooling_device0 (cpufreq-cpu0) at state 2 of 5, bound to thermal_zone0 (cpu-thermal) at 77.5 °C,"
                        + " above trip 1 (passive, 75 °C)]; policy4=thermal"));
        // at 72 °C: above trip 0 (70, the big cluster's), under trip 1 (75, the only one cpufreq-cpu0 is bound to)
        v.add(
                of(
                        "both cooled, zone between the trips",
                        ARM,
                        "set sys/class/thermal/cooling_device0/cur_state 2\nset " + ARM_POLICY
                                + "0/scaling_max_freq 1200000\nset " + ARM_POLICY + "0/scaling_cur_freq 1200000\nset "
                                + ARM_ZONE + "temp 72000",
                        ARM_BUSY,
                        "policy0=policy[lowered by cooling_device0 (cpufreq-cpu0)]; policy4=thermal[above trip 0 (passive, 70 °C)]"));
        // trip 0 moved to 90 °C so that only trip 1 can act; its type is then active, hot, critical
        v.add(of(
                "active trip reached",
                ARM,
                "set " + ARM_ZONE + "trip_point_0_temp 90000\nfile " + ARM_ZONE + "trip_point_1_type active\nset "
                        + ARM_ZONE + "temp 75000",
                ARM_BUSY,
                "policy0=none; policy4=thermal[above trip 1 (active, 75 °C)]"));
        v.add(of(
                "hot trip not reached",
                ARM,
                "set " + ARM_ZONE + "trip_point_0_temp 90000\nfile " + ARM_ZONE + "trip_point_1_type hot\nset "
                        + ARM_ZONE + "temp 74000",
                ARM_BUSY,
                "policy0=none; policy4=policy[lowered by cooling_device1 (cpufreq-cpu4)]"));
        v.add(of(
                "critical trip passed",
                ARM,
                "set " + ARM_ZONE + "trip_point_0_temp 90000\nfile " + ARM_ZONE + "trip_point_1_type critical\nset "
                        + ARM_ZONE + "trip_point_1_temp 76000",
                ARM_BUSY,
                "policy0=none; policy4=thermal[at 77.5 °C, above trip 1 (critical, 76 °C)]"));
        // an older kernel names its cpufreq cooling devices thermal-cpufreq-N, N in registration order; as many as
        // there are policies: one per policy, registered as they came up, so -0 is policy0's and -1 policy4's
        String oldNames = "file sys/class/thermal/cooling_device0/type thermal-cpufreq-0\n"
                + "file sys/class/thermal/cooling_device1/type thermal-cpufreq-1\n";
        v.add(of(
                "older kernel's device names",
                ARM,
                oldNames,
                ARM_BUSY,
                "policy0=none; policy4=thermal[cooling_device1 (thermal-cpufreq-1) at state 3 of 7]"));
        v.add(of(
                "older names, little cluster capped by hand",
                ARM,
                oldNames + "set " + ARM_POLICY + "0/scaling_max_freq 1200000\nset " + ARM_POLICY
                        + "0/scaling_cur_freq 1200000",
                ARM_BUSY,
                "policy0=policy[scaling_max_freq is 1200 MHz of 1416 MHz, set by hand or by a tool]; policy4=thermal"));
        // one thermal-cpufreq device for two policies: which it caps is unknown, so it may cap either; the little
        // cluster runs at its maximum all the same
        v.add(of(
                "one older-style device for two policies",
                ARM,
                "file sys/class/thermal/cooling_device0/type gpio-fan\n"
                        + "file sys/class/thermal/cooling_device1/type thermal-cpufreq-0",
                ARM_BUSY,
                "policy0=none; policy4=thermal[cooling_device1 (thermal-cpufreq-0) at state 3 of 7]"));

        // --- x86-laptop: ACPI Processor cooling (cooling_deviceN caps CPU N), RAPL, thermal_throttle, intel_pstate ---
        v.add(of(
                "laptop above its passive trip",
                LAPTOP,
                LAPTOP_HOT,
                FOUR_BUSY,
                "*=thermal[at state 2 of 3, bound to thermal_zone0 (acpitz) at 97 °C, above trip 1 (passive, 95 °C)]"));
        v.add(of(
                "laptop at its passive trip",
                LAPTOP,
                LAPTOP_HOT + "set sys/class/thermal/thermal_zone0/temp 95000",
                FOUR_BUSY,
                "*=thermal[at 95 °C, above trip 1 (passive, 95 °C)]"));
        v.add(of(
                "laptop 1 m°C under its passive trip",
                LAPTOP,
                LAPTOP_HOT + "set sys/class/thermal/thermal_zone0/temp 94999",
                FOUR_BUSY,
                "*=policy[scaling_max_freq is 2100 MHz of 3500 MHz, lowered by cooling_device]"));
        v.add(
                of(
                        "laptop, one CPU cooled",
                        LAPTOP,
                        "set sys/class/thermal/thermal_zone0/temp 97000\n"
                                + "set sys/class/thermal/cooling_device1/cur_state 2\nset "
                                + LAPTOP_POLICIES.replace("*", "1")
                                + "scaling_max_freq 2100000\nset " + LAPTOP_POLICIES.replace("*", "1")
                                + "scaling_cur_freq 2100000",
                        FOUR_BUSY,
                        "policy0=none; policy1=thermal[cooling_device1 (Processor) at state 2 of 3]; policy2=none; policy3=none"));
        // 1.5 J a tick: 15 W, PL1's 15 W
        String at2300 = "set " + LAPTOP_POLICIES + "scaling_cur_freq 2300000";
        v.add(of(
                "laptop at PL1",
                LAPTOP,
                at2300,
                FOUR_BUSY + "\n" + RAPL + "1500000",
                "*=power[intel-rapl:0 (package-0) drew 15.0 W, 100 % of its long_term limit of 15.0 W]"));
        // 14.25 W is 95 % of 15 W: at the limit
        v.add(of(
                "laptop at 95 % of PL1",
                LAPTOP, at2300, FOUR_BUSY + "\n" + RAPL + "1425000", "*=power[95 % of its long_term limit]"));
        // 14.2 W is 94.7 %: under it, and nothing else holds the clock
        v.add(of(
                "laptop under 95 % of PL1",
                LAPTOP,
                at2300,
                FOUR_BUSY + "\n" + RAPL + "1420000",
                "*=none[2300 MHz of 3500 MHz: no limit at work: the governor (powersave)]"));
        // PL1 and PL2 raised to 100 W; the 20 W drawn reaches peak_power's 20 W only, which bounds current spikes
        v.add(of(
                "laptop at its peak_power limit only",
                LAPTOP,
                at2300 + "\nset sys/class/powercap/intel-rapl:0/constraint_0_power_limit_uw"
                        + " 100000000\nset sys/class/powercap/intel-rapl:0/constraint_1_power_limit_uw 100000000\n"
                        + "set sys/class/powercap/intel-rapl:0/constraint_2_power_limit_uw 20000000",
                FOUR_BUSY + "\n" + RAPL + "2000000",
                "*=none"));
        v.add(of(
                "laptop with RAPL disabled",
                LAPTOP,
                at2300 + "\nset sys/class/powercap/intel-rapl:0/enabled 0",
                FOUR_BUSY + "\n" + RAPL + "1500000",
                "*=none"));
        // CPU 2's core throttled itself once a tick for 50 ms: 10 times, 500 ms
        v.add(of(
                "laptop, one core throttling itself",
                LAPTOP,
                "set " + LAPTOP_POLICIES + "scaling_cur_freq 2600000",
                FOUR_BUSY + "\nadd sys/devices/system/cpu/cpu2/thermal_throttle/core_throttle_count 1\n"
                        + "add sys/devices/system/cpu/cpu2/thermal_throttle/core_throttle_total_time_ms 50",
                "policy0=none; policy1=none; policy2=power[the processor throttled itself 10 times for 500 ms (thermal_throttle of"
                        + " CPU 2)]; policy3=none"));
        v.add(of(
                "laptop with turbo off",
                LAPTOP,
                "set sys/devices/system/cpu/intel_pstate/no_turbo 1\nset " + LAPTOP_POLICIES
                        + "scaling_cur_freq 2700000",
                FOUR_BUSY,
                "*=policy[turbo is switched off (intel_pstate/no_turbo = 1)]"));
        v.add(of(
                "laptop at max_perf_pct 60",
                LAPTOP,
                "set sys/devices/system/cpu/intel_pstate/max_perf_pct 60\nset " + LAPTOP_POLICIES
                        + "scaling_cur_freq 2100000",
                FOUR_BUSY,
                "*=policy[max_perf_pct is 60 (intel_pstate)]"));
        // turbo off and still at 3400 of 3500 (97 %): nothing holds it down comes first
        v.add(of(
                "laptop with turbo off at its maximum",
                LAPTOP,
                "set sys/devices/system/cpu/intel_pstate/no_turbo 1",
                FOUR_BUSY,
                "*=none[nothing holds it down]"));
        // 1 jiffy of user, 9 idle a tick: 90 % idle
        v.add(of(
                "laptop idle",
                LAPTOP,
                "set " + LAPTOP_POLICIES + "scaling_cur_freq 800000",
                "stat 0-3 1 9",
                "*=idle[the CPUs were idle 90 % of the window (/proc/stat)]"));
        // 5 and 5: idle exactly half the window, not most of it
        v.add(of(
                "laptop idle half the window",
                LAPTOP,
                "set " + LAPTOP_POLICIES + "scaling_cur_freq 800000",
                "stat 0-3 5 5",
                "*=none[800 MHz of 3500 MHz: no limit at work]"));
        // cap 2000 MHz, clock 1900: 95 % of the cap is at it
        v.add(of(
                "laptop at the edge of a hand cap",
                LAPTOP,
                "set " + LAPTOP_POLICIES + "scaling_max_freq 2000000\nset " + LAPTOP_POLICIES
                        + "scaling_cur_freq 1900000",
                FOUR_BUSY,
                "*=policy[scaling_max_freq is 2000 MHz of 3500 MHz, set by hand or by a tool]"));
        // 1 kHz lower: under 95 % of the cap, not at it; the cap is in force but does not hold the clock
        v.add(of(
                "laptop just under the edge of a hand cap",
                LAPTOP,
                "set " + LAPTOP_POLICIES + "scaling_max_freq 2000000\nset " + LAPTOP_POLICIES
                        + "scaling_cur_freq 1899999",
                FOUR_BUSY,
                "*=none[1899.999 MHz of 3500 MHz: no limit at work]"));
        // acpi-cpufreq's powersave is the generic governor: the clock is scaling_min_freq
        v.add(of(
                "laptop under generic powersave",
                LAPTOP,
                "file " + LAPTOP_POLICIES.replace("*", "0") + "scaling_driver acpi-cpufreq\n"
                        + "file " + LAPTOP_POLICIES.replace("*", "1") + "scaling_driver acpi-cpufreq\n"
                        + "file " + LAPTOP_POLICIES.replace("*", "2") + "scaling_driver acpi-cpufreq\n"
                        + "file " + LAPTOP_POLICIES.replace("*", "3") + "scaling_driver acpi-cpufreq\n"
                        + "set " + LAPTOP_POLICIES + "scaling_cur_freq 400000",
                FOUR_BUSY,
                "*=governor[the powersave governor holds the clock at scaling_min_freq]"));
        v.add(of(
                "laptop under userspace at 1600 MHz",
                LAPTOP,
                userspace(1_600_000),
                FOUR_BUSY,
                "*=governor[the userspace governor holds the clock at its setpoint of 1600 MHz]"));
        // thermal comes before power: the cap the CPUs sit at is what binds
        v.add(of(
                "laptop hot and at PL1",
                LAPTOP,
                LAPTOP_HOT,
                FOUR_BUSY + "\n" + RAPL + "1500000",
                "*=thermal[above trip 1]"));
        v.add(of(
                "laptop capped by hand and at PL1",
                LAPTOP,
                "set " + LAPTOP_POLICIES + "scaling_max_freq 1600000\nset " + LAPTOP_POLICIES
                        + "scaling_cur_freq 1600000",
                FOUR_BUSY + "\n" + RAPL + "1500000",
                "*=policy[set by hand or by a tool]"));
        v.add(of(
                "laptop with boost off",
                LAPTOP,
                acpiCpufreq("ondemand") + "file sys/devices/system/cpu/cpufreq/boost 0\nset " + LAPTOP_POLICIES
                        + "scaling_cur_freq 2700000",
                FOUR_BUSY,
                "*=policy[boost frequencies are switched off (cpufreq/boost = 0)]"));

        // --- router-arm (per-CPU directories only, two clusters): userspace, caps, an older kernel's cooling device
        // ---
        v.add(of(
                "router at a userspace setpoint",
                ROUTER,
                "set " + CPUS + "scaling_setspeed 1000000\nset " + CPUS + "scaling_cur_freq 1000000",
                FOUR_BUSY,
                "*=governor[the userspace governor holds the clock at its setpoint of 1000 MHz]"));
        v.add(of(
                "router, second cluster capped by hand",
                ROUTER,
                "set sys/devices/system/cpu/cpu[23]/cpufreq/scaling_max_freq 1000000\n"
                        + "set sys/devices/system/cpu/cpu[23]/cpufreq/scaling_cur_freq 1000000",
                FOUR_BUSY,
                "policy0=none; policy2=policy[scaling_max_freq is 1000 MHz of 1400 MHz, set by hand or by a tool]"));
        // boards/router-arm-cooled.story: one older-style device, two policies: it may cap either; both sit at 1050 of
        // 1400 MHz, the zone 3 °C above the trip
        String routerHot = story("router-arm-cooled");
        v.add(of(
                "router cooled, 3 °C above its passive trip",
                ROUTER,
                routerHot,
                FOUR_BUSY,
                "*=thermal[cooling_device0 (thermal-cpufreq-0) at state 2 of 4, bound to thermal_zone0 (cpu-thermal) at 88 °C,"
                        + " above trip 0 (passive, 85 °C)]"));
        v.add(of(
                "router cooled, 1 °C under its passive trip",
                ROUTER,
                routerHot + "set sys/class/thermal/thermal_zone0/temp 84000",
                FOUR_BUSY,
                "*=policy[scaling_max_freq is 1050 MHz of 1400 MHz, lowered by cooling_device0 (thermal-cpufreq-0)]"));
        // two thermal-cpufreq devices for two policies: -1 is the second cluster's; only it is above 0, only CPUs 2-3
        // capped
        v.add(of(
                "router, the second cluster's device",
                ROUTER,
                routerHot + "set sys/class/thermal/cooling_device0/cur_state 0\n"
                        + "set sys/devices/system/cpu/cpu[01]/cpufreq/scaling_max_freq 1400000\n"
                        + "set sys/devices/system/cpu/cpu[01]/cpufreq/scaling_cur_freq 1400000\n"
                        + "file sys/class/thermal/cooling_device1/type thermal-cpufreq-1\nfile sys/class/thermal/cooling_device1/max_state 4\n"
                        + "file sys/class/thermal/cooling_device1/cur_state 2\nlink sys/class/thermal/thermal_zone0/cdev1 ../cooling_device1\n"
                        + "file sys/class/thermal/thermal_zone0/cdev1_trip_point 0",
                FOUR_BUSY,
                "policy0=none; policy2=thermal[cooling_device1 (thermal-cpufreq-1) at state 2 of 4]"));
        // a current kernel's cpufreq-cpu0 bound to ap-thermal's active trip (70 °C), the zone at it
        v.add(
                of(
                        "router, first cluster cooled at an active trip",
                        ROUTER,
                        "file sys/class/thermal/cooling_device0/type cpufreq-cpu0\n"
                                + "file sys/class/thermal/cooling_device0/max_state 4\nfile sys/class/thermal/cooling_device0/cur_state 1\n"
                                + "link sys/class/thermal/thermal_zone1/cdev0 ../cooling_device0\nfile sys/class/thermal/thermal_zone1/cdev0_trip_point 0\n"
                                + "set sys/class/thermal/thermal_zone1/temp 70000\nset sys/devices/system/cpu/cpu[01]/cpufreq/scaling_max_freq 1050000\n"
                                + "set sys/devices/system/cpu/cpu[01]/cpufreq/scaling_cur_freq 1050000",
                        FOUR_BUSY,
                        "policy0=thermal[bound to thermal_zone1 (ap-thermal) at 70 °C, above trip 0 (active, 70 °C)]; policy2=none"));

        // --- sbc (per-CPU directories, no related_cpus: each CPU its own policy) ---
        v.add(of(
                "sbc cooled, 3 °C above a passive trip",
                SBC,
                SBC_COOLING + "set sys/class/thermal/thermal_zone0/temp 83000",
                FOUR_BUSY,
                "*=thermal[cooling_device0 (thermal-cpufreq-0) at state 2 of 4, bound to thermal_zone0 (cpu-thermal) at 83 °C, above"
                        + " trip 1 (passive, 80 °C)]"));
        v.add(of(
                "sbc cooled, under its passive trip",
                SBC,
                SBC_COOLING + "set sys/class/thermal/thermal_zone0/temp 79000",
                FOUR_BUSY,
                "*=policy[scaling_max_freq is 1200 MHz of 1800 MHz, lowered by cooling_device0 (thermal-cpufreq-0)]"));
        v.add(of(
                "sbc idle",
                SBC,
                "",
                "stat 0-3 1 9",
                "policy0=none[1800 MHz of 1800 MHz]; policy1=none;"
                        + " policy2=idle[idle 90 %]; policy3=idle[idle 90 %]"));
        v.add(of(
                "sbc capped by hand",
                SBC,
                "set " + CPUS + "scaling_max_freq 1500000\nset " + CPUS + "scaling_cur_freq 1500000",
                FOUR_BUSY,
                "*=policy[scaling_max_freq is 1500 MHz of 1800 MHz, set by hand or by a tool]"));

        // --- x86-server (32 one-CPU policies) ---
        String at2000 = "set " + CPUS + "scaling_cur_freq 2000000\n";
        v.add(of(
                "server with boost off",
                SERVER,
                at2000 + "set sys/devices/system/cpu/cpufreq/boost 0",
                "stat 0-31 10 0",
                "*=policy[boost frequencies are switched off]"));
        v.add(of(
                "server capped by hand",
                SERVER,
                at2000 + "set " + CPUS + "scaling_max_freq 2000000",
                "stat 0-31 10 0",
                "*=policy[scaling_max_freq is 2000 MHz of 3400 MHz, set by hand or by a tool]"));
        v.add(of(
                "server under generic powersave",
                SERVER,
                "set " + CPUS + "scaling_cur_freq 800000\n" + serverDriver("acpi-cpufreq"),
                "stat 0-31 10 0",
                "*=governor[the powersave governor holds the clock at scaling_min_freq]"));
        return v.stream();
    }

    private static Arguments of(String name, String board, String setup, String perTick, String expect) {
        return Arguments.of(name, board, setup, perTick, expect);
    }

    private static String acpiCpufreq(String governor) {
        StringBuilder b = new StringBuilder();
        for (int p = 0; p < 4; p++) {
            String dir = LAPTOP_POLICIES.replace("*", Integer.toString(p));
            b.append("file ").append(dir).append("scaling_driver acpi-cpufreq\n");
            b.append("file ")
                    .append(dir)
                    .append("scaling_governor ")
                    .append(governor)
                    .append('\n');
        }
        return b.toString();
    }

    private static String userspace(long khz) {
        return acpiCpufreq("userspace") + "set " + LAPTOP_POLICIES + "scaling_setspeed " + khz + "\nset "
                + LAPTOP_POLICIES + "scaling_cur_freq " + khz;
    }

    private static String serverDriver(String driver) {
        StringBuilder b = new StringBuilder();
        for (int n = 0; n < 32; n++) {
            b.append("file sys/devices/system/cpu/cpu")
                    .append(n)
                    .append("/cpufreq/scaling_driver ")
                    .append(driver)
                    .append('\n');
        }
        return b.toString();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("variants")
    void theVerdictIsTheSameInBothLayoutsAndTheOneWorkedOut(
            String name, String board, String setup, String perTick, String expect) throws IOException {
        Path asIs = tmp.resolve("as-is");
        Boards.copyTree(Boards.dir(board), asIs);
        Files.deleteIfExists(asIs.resolve("links.txt")); // made: a copy must keep the variant's links, not the board's
        ScriptedBoard.of(asIs, name, setup);
        Path other = tmp.resolve("other");
        Boards.copyTree(asIs, other);
        boolean otherIsPerCpu = CpufreqLayouts.flip(other);
        assertEquals(!otherIsPerCpu, CpufreqLayouts.hasPolicies(other));

        ClockReport mine = judge(asIs, name, perTick);
        ClockReport flipped = judge(other, name, perTick);
        assertNull(mine.noVerdict(), name + ": " + mine.noVerdict());
        assertEquals(
                POLICIES.get(board),
                mine.policies().stream().map(PolicyVerdict::policy).toList(),
                name);
        Map<String, String[]> wanted = expectations(expect, POLICIES.get(board));
        for (PolicyVerdict p : mine.policies()) {
            String[] w = wanted.get(p.policy());
            String because = p.evidence().get(0).text();
            assertEquals(w[0], p.limiter().label(), name + ", " + p.policy() + ": " + p.evidence());
            assertTrue(
                    w[1] == null || because.contains(w[1]),
                    name + ", " + p.policy() + ": '" + because + "' lacks '" + w[1] + "'");
        }
        assertEquals(
                mine.policies(),
                flipped.policies(),
                name + ": the " + (otherIsPerCpu ? "per-CPU" : "policyN") + " layout");
    }

    @org.junit.jupiter.api.Test
    void aBoardWithoutCpufreqHasNoVerdictInEitherLayout() throws IOException {
        Path asIs = tmp.resolve("dt");
        Boards.copyTree(Boards.dir(Boards.DT), asIs);
        ClockReport r = judge(asIs, "imx8mq-dt", "stat 0-3 10 0");
        assertTrue(r.policies().isEmpty());
        assertTrue(r.noVerdict().startsWith("no CPU clock to judge: no cpufreq on this board"), r.noVerdict());
        assertEquals(false, CpufreqLayouts.hasPolicies(asIs), "nothing to turn into the other layout");
    }

    /** {@code policy0=none[words]; policy4=thermal} or {@code *=thermal[words]}: policy → {limiter, words or null}. */
    private static Map<String, String[]> expectations(String expect, List<String> policies) {
        Map<String, String[]> out = new LinkedHashMap<>();
        for (String part : expect.split(";\\s*")) {
            int eq = part.indexOf('=');
            int br = part.indexOf('[');
            String limiter = br < 0 ? part.substring(eq + 1).strip() : part.substring(eq + 1, br);
            String words = br < 0 ? null : part.substring(br + 1, part.lastIndexOf(']'));
            String who = part.substring(0, eq).strip();
            for (String p : who.equals("*") ? policies : List.of(who)) {
                out.put(p, new String[] {limiter, words});
            }
        }
        assertEquals(policies, List.copyOf(out.keySet()), "the expectation names every policy of the board: " + expect);
        return out;
    }

    /** The board's story of {@link #TICKS} ticks through the real sampler, its lines judged as a live run. */
    private static ClockReport judge(Path board, String name, String perTick) throws IOException {
        ClockWindow w = new ClockWindow();
        StoryCapture.play(
                ScriptedBoard.of(board, name, "stage window " + TICKS + "\n" + perTick),
                StreamFormat.DEFAULT,
                w.sink());
        return w.report();
    }
}
