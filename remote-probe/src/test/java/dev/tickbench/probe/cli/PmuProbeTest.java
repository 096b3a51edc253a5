package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe's perf event groups on this machine: capabilities say which group is present and why the
 * other is not and the groups' chosen cadence, a stream carries deltas since each read of the groups, and
 * CAP_PERFMON alone (the deploy files' grant) is
 * enough for a non-root probe.
 */
class PmuProbeTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static boolean root() throws IOException {
        return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0;
    }

    private static void needRoot(String what) throws IOException {
        Prerequisites.require(root(), "not root: " + what + " needs perf events system-wide");
    }

    private static boolean cpuPmuListed() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("/sys/bus/event_source/devices"))) {
            return s.map(p -> p.getFileName().toString())
                    .anyMatch(n -> n.equals("cpu") || n.startsWith("cpu_") || n.startsWith("arm"));
        }
    }

    @Test
    void capabilitiesListTheSoftwareGroupAndSayWhyTheHardwareOneIsAbsent() throws Exception {
        needRoot("capabilities with pmu");
        Fixtures.Result r = Fixtures.run("capabilities", "--rate", "100", "--floor-hz", "0");
        assertEquals(0, r.code(), r.err());
        JsonNode c = JSON.readTree(r.out());
        assertTrue(
                c.path("sources").path("pmu_sw").asBoolean(), c.path("absent").toString());
        JsonNode cad = c.path("cadences").path("pmu_sw");
        assertEquals(10.0, cad.path("hz").asDouble(), "the groups' chosen cadence: " + cad);
        assertEquals("policy", cad.path("reason").asText());
        assertEquals(10, cad.path("every_ticks").asInt());
        assertEquals(
                "[\"cpu_clock_ns\",\"context_switches\",\"page_faults\",\"cpu_migrations\"]",
                c.path("attributes").path("pmu_sw").path("events").toString());
        if (cpuPmuListed()) {
            assertTrue(
                    c.path("sources").path("pmu_hw").asBoolean(),
                    c.path("absent").path("pmu_hw").asText());
            assertEquals(cad, c.path("cadences").path("pmu_hw"), "both groups at one cadence");
        } else {
            assertFalse(c.path("sources").path("pmu_hw").asBoolean(true));
            String why = c.path("absent").path("pmu_hw").asText();
            assertTrue(
                    why.startsWith(
                            "perf_event_open(cycles, cpu 0) failed with ENOENT (2): no hardware PMU on this machine "
                                    + "(/sys/bus/event_source/devices lists only "),
                    why);
            assertFalse(c.path("cadences").has("pmu_hw"), "no cadence for an absent source");
        }
    }

    /** The cadence {@code capabilities ARGS} publishes for pmu_sw. */
    private static JsonNode pmuCadence(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("capabilities"));
        command.addAll(List.of(args));
        Fixtures.Result r = Fixtures.run(command.toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        return JSON.readTree(r.out()).path("cadences").path("pmu_sw");
    }

    @Test
    void pmuHzSetsTheGroupsCadenceAndFloorHzOverridesIt() throws Exception {
        needRoot("capabilities with pmu");
        JsonNode set = pmuCadence("--rate", "100", "--pmu-hz", "25", "--floor-hz", "0");
        assertEquals(25.0, set.path("hz").asDouble(), set.toString());
        assertEquals("policy", set.path("reason").asText());
        assertEquals(4, set.path("every_ticks").asInt());
        JsonNode fast = pmuCadence("--rate", "10", "--pmu-hz", "50", "--floor-hz", "0");
        assertEquals(10.0, fast.path("hz").asDouble(), "above the rate: every tick, " + fast);
        assertEquals(1, fast.path("every_ticks").asInt());
        JsonNode floor = pmuCadence("--rate", "100", "--pmu-hz", "25", "--floor-hz", "50");
        assertEquals(50.0, floor.path("hz").asDouble(), floor.toString());
        assertEquals("override", floor.path("reason").asText());
        assertEquals(2, floor.path("every_ticks").asInt());
    }

    @Test
    void aStreamCarriesSoftwareEventDeltasOnTheGroupsDueTicks() throws Exception {
        needRoot("stream with pmu");
        Process p = Fixtures.start(List.of("stream", "--rate", "50", "--floor-hz", "0"));
        try {
            // 30 samples, whatever else comes between them (a busy machine's process table starts and ends
            // processes, an achieved cadence off its plan): counted, not taken from a fixed number of lines
            List<String> lines = Fixtures.lines(p, l -> l.startsWith("{\"type\":\"sample\""), 30);
            LineDecoder d = new LineDecoder();
            Hello h = assertInstanceOf(Hello.class, d.decode(lines.get(0)));
            int cores = h.capabilities()
                    .path("attributes")
                    .path("pmu_sw")
                    .path("cpus")
                    .size();
            assertTrue(cores >= 1, h.capabilities().path("attributes").toString());
            int every = h.capabilities()
                    .path("cadences")
                    .path("pmu_sw")
                    .path("every_ticks")
                    .asInt();
            assertEquals(5, every, "10 Hz of 50");
            int samples = 0;
            int reads = 0;
            long slot = 0;
            long switches = 0;
            long enabledSum = 0;
            long firstMono = 0;
            long lastMono = 0;
            for (String l : lines.subList(1, lines.size())) {
                StreamLine s = d.decode(l);
                if (!(s instanceof SampleLine sl)) {
                    continue;
                }
                samples++;
                long before = slot;
                slot += sl.slots();
                // due when a slot of the groups' grid 1, 1 + every, … lies in this sample's slots
                boolean due = Math.floorDiv(slot - 1, every) != Math.floorDiv(before - 1, every);
                SourceValues v = sl.sources().get("pmu_sw");
                assertEquals(due, v != null, "pmu_sw in sample " + sl.seq() + " on slot " + slot);
                if (v == null) {
                    continue;
                }
                reads++;
                assertEquals(6 * cores, v.size(), "six keys per CPU in sample " + sl.seq());
                long enabled = v.get("cpu0.enabled_ns");
                assertTrue(enabled > 0, "enabled_ns " + enabled + " in sample " + sl.seq());
                if (reads == 1) {
                    firstMono = sl.monoNs(); // its delta began at the baseline read, before the first sample
                } else {
                    enabledSum += enabled;
                }
                lastMono = sl.monoNs();
                assertEquals(enabled, v.get("cpu0.running_ns"), "software events are never multiplexed");
                switches += v.get("cpu0.context_switches");
            }
            assertEquals(30, samples, "samples read");
            assertTrue(reads >= 2, "pmu_sw read " + reads + " times in 30 samples");
            // each delta covers the whole time since the group's previous read (several ticks), so together
            // they span the first read to the last, up to the reads' lag behind their ticks; per-tick
            // deltas would add up to a fifth of it
            long span = lastMono - firstMono;
            assertTrue(
                    enabledSum >= span / 2 && enabledSum <= span + 1_000_000_000L,
                    "sum of enabled_ns " + enabledSum + " over a span of " + span);
            assertTrue(switches > 0, "the probe itself switches context on cpu0 or another task does: " + switches);
        } finally {
            Waits.stop(p);
        }
    }

    /** The probe's class path, copied where an unprivileged user can read it. */
    private static String readableClassPath(Path dir) throws IOException {
        List<String> out = new ArrayList<>();
        int i = 0;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path src = Path.of(entry);
            if (!Files.exists(src)) {
                continue;
            }
            Path dst = dir.resolve((i++) + "-" + src.getFileName());
            if (Files.isDirectory(src)) {
                try (Stream<Path> s = Files.walk(src)) {
                    for (Path f : (Iterable<Path>) s::iterator) {
                        Path t = dst.resolve(src.relativize(f).toString());
                        if (Files.isDirectory(f)) {
                            Files.createDirectories(t);
                        } else {
                            Files.copy(f, t);
                        }
                    }
                }
            } else {
                Files.copy(src, dst);
            }
            out.add(dst.toString());
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path f : (Iterable<Path>) s::iterator) {
                Files.setPosixFilePermissions(
                        f, PosixFilePermissions.fromString(Files.isDirectory(f) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }
        return String.join(File.pathSeparator, out);
    }

    private static JsonNode capabilitiesAsNobody(String cp, Path home, String... setprivCaps) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"));
        cmd.addAll(List.of(setprivCaps));
        cmd.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Duser.home=" + home,
                "-cp",
                cp,
                ProbeMain.class.getName(),
                "capabilities"));
        Process p = new ProcessBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        assertEquals(0, Waits.exit("capabilities as nobody", p), new String(out));
        return JSON.readTree(out);
    }

    @Test
    void capPerfmonAloneLetsANonRootProbeCountAndItsAbsenceIsExplained(@TempDir Path tmp) throws Exception {
        needRoot("dropping to nobody with setpriv");
        Path cpDir = Files.createDirectory(tmp.resolve("cp"));
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        String cp = readableClassPath(cpDir);
        int paranoid = Integer.parseInt(Files.readString(Path.of("/proc/sys/kernel/perf_event_paranoid"))
                .trim());

        JsonNode without = capabilitiesAsNobody(cp, tmp);
        if (paranoid > 0) {
            assertEquals(
                    "perf_event_open(cpu_clock_ns, cpu 0) failed with EACCES (13): perf_event_paranoid is " + paranoid
                            + " and the probe has neither CAP_PERFMON nor CAP_SYS_ADMIN: system-wide per-CPU counting needs "
                            + "perf_event_paranoid <= 0, or CAP_PERFMON (or root)",
                    without.path("absent").path("pmu_sw").asText());
        } else {
            assertTrue(
                    without.path("sources").path("pmu_sw").asBoolean(), "paranoid <= 0 lets anyone count system-wide");
        }

        JsonNode with = capabilitiesAsNobody(cp, tmp, "--inh-caps=+perfmon", "--ambient-caps=+perfmon");
        assertTrue(
                with.path("sources").path("pmu_sw").asBoolean(),
                with.path("absent").toString());
    }

    @Test
    void theDeployFilesGrantCapPerfmonAndNothingBroader() throws IOException {
        String unit = Files.readString(Path.of("deploy", "tickbench-probe.service"));
        assertTrue(unit.lines().anyMatch(l -> l.startsWith("AmbientCapabilities=") && l.contains("CAP_PERFMON")), unit);
        assertTrue(
                unit.lines().anyMatch(l -> l.startsWith("CapabilityBoundingSet=") && l.contains("CAP_PERFMON")), unit);
        String ds = Files.readString(Path.of("deploy", "daemonset.yaml"));
        assertTrue(ds.contains("add: [PERFMON]"), ds);
        assertFalse(unit.contains("CAP_SYS_ADMIN") || ds.contains("SYS_ADMIN"), "CAP_SYS_ADMIN is not needed");
    }
}
