package dev.tickbench.core.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.catalogue.SeriesCatalogue;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every source of the clock verdict on this machine's real /sys: present where its files are (with
 * values), absent where they are not, with a reason that names the path it looked for (or, for RAPL as
 * a plain user, says it is root only). A VM usually has none but cpuidle; a laptop has most.
 */
class LiveClockSourcesTest {
    private static final Path SYS = SystemRoots.LIVE_SYS;
    /** Per source: files whose presence (one holding a number) means the source must be present. */
    private static final Map<String, List<String>> FILES = Map.ofEntries(
            // a policy's files in either layout: cpufreq/policyN, or cpuN/cpufreq alone (docs/clock.md)
            Map.entry(
                    "cpufreq_policy",
                    List.of(
                            "devices/system/cpu/cpufreq/policy*/scaling_max_freq",
                            "devices/system/cpu/cpu*/cpufreq/scaling_max_freq")),
            Map.entry("cpufreq_boost", List.of("devices/system/cpu/cpufreq/boost")),
            Map.entry("intel_pstate", List.of("devices/system/cpu/intel_pstate/no_turbo")),
            Map.entry(
                    "cpufreq_trans",
                    List.of(
                            "devices/system/cpu/cpufreq/policy*/stats/total_trans",
                            "devices/system/cpu/cpu*/cpufreq/stats/total_trans")),
            Map.entry(
                    "cpufreq_time_in_state",
                    List.of(
                            "devices/system/cpu/cpufreq/policy*/stats/time_in_state",
                            "devices/system/cpu/cpu*/cpufreq/stats/time_in_state")),
            Map.entry("cpuidle", List.of("devices/system/cpu/cpu*/cpuidle/state*/usage")),
            Map.entry("cooling", List.of("class/thermal/cooling_device*/cur_state")),
            Map.entry("cooling_time_in_state", List.of("class/thermal/cooling_device*/stats/time_in_state_ms")),
            Map.entry("thermal_throttle", List.of("devices/system/cpu/cpu*/thermal_throttle/core_throttle_count")),
            Map.entry("rapl", List.of("class/powercap/intel-rapl:*/energy_uj")),
            Map.entry("rapl_limits", List.of("class/powercap/intel-rapl:*/constraint_*_power_limit_uw")));

    @Test
    void eachSourceIsPresentWhereItsFilesAreAndAbsentWithItsReasonElsewhere() throws IOException {
        SystemRoots live = SystemRoots.live();
        List<Source> sources = new ArrayList<>(Sources.discover(live));
        StringBuilder seen = new StringBuilder();
        int checked = 0;
        for (Source s : sources) {
            List<String> files = FILES.get(s.name());
            if (files == null && !s.name().equals("hwmon")) {
                continue;
            }
            Presence p = s.open();
            seen.append(s.name())
                    .append(": ")
                    .append(p.present() ? "present, " + s.values().size() + " values" : p.reason())
                    .append('\n');
            boolean there = files == null ? cpuHwmon() : files.stream().anyMatch(LiveClockSourcesTest::holdsNumber);
            if (p.present()) {
                assertTrue(s.values().size() > 0, s.name());
                assertTrue(there, s.name() + " is present but the test finds none of " + files);
                for (int i = 0; i < s.values().size(); i++) {
                    assertTrue(
                            SeriesCatalogue.standard().stream(
                                            s.name(), s.values().key(i))
                                    .isPresent(),
                            s.values().key(i));
                }
            } else {
                boolean rootOnly =
                        s.name().equals("rapl") && p.reason().contains("readable by root only since Linux 5.10");
                assertEquals(
                        false,
                        there && !rootOnly,
                        s.name() + " is absent (" + p.reason() + ") but " + files + " are there");
                assertTrue(p.reason().startsWith("no " + SYS) || rootOnly, s.name() + ": " + p.reason());
            }
            s.close();
            checked++;
        }
        assertEquals(FILES.size() + 1, checked, seen.toString());
        System.out.print("clock sources on this machine:\n" + seen);
    }

    private static boolean cpuHwmon() {
        for (Path name : glob("class/hwmon/hwmon*/name")) {
            String chip = SysAttr.text(name);
            if (chip != null
                    && chip.matches("coretemp|k10temp|zenpower")
                    && !glob(SYS.relativize(name.getParent()) + "/temp*_input").isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private static boolean holdsNumber(String pattern) {
        return glob(pattern).stream().anyMatch(p -> pattern.endsWith("time_in_state") || SysAttr.number(p) != null);
    }

    /** The files a pattern with {@code *} in its segments names under /sys. */
    private static List<Path> glob(String pattern) {
        List<Path> at = List.of(SYS);
        for (String seg : pattern.split("/")) {
            List<Path> next = new ArrayList<>();
            for (Path dir : at) {
                if (!seg.contains("*")) {
                    if (Files.exists(dir.resolve(seg))) {
                        next.add(dir.resolve(seg));
                    }
                    continue;
                }
                try (DirectoryStream<Path> d = Files.newDirectoryStream(dir, seg)) {
                    d.forEach(next::add);
                } catch (IOException e) {
                    // not a directory here
                }
            }
            at = next;
        }
        return at;
    }
}
