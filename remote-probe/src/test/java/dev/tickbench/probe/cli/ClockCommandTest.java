package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.testkit.Boards;
import dev.tickbench.testkit.ScriptedBoard;
import dev.tickbench.testkit.StoryCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tickbench-probe clock} (docs/clock.md): the scripted laptop's story (boards/x86-laptop.story)
 * recorded and judged stage by stage, text and JSON; a live window on the ARM board, whose big cluster
 * its cooling device caps; the same live verdict in both cpufreq layouts; this machine; and bad flags
 * and files.
 */
class ClockCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path tmp;

    private static Path story;
    private static List<ScriptedBoard.Stage> stages;

    @BeforeAll
    static void recordTheStory() throws IOException {
        story = tmp.resolve("laptop-story.ndjson.gz");
        stages = StoryCapture.record(Boards.LAPTOP, tmp.resolve("board"), StreamFormat.V2, story)
                .stages();
    }

    private static String[] range(ScriptedBoard.Stage st, String... more) {
        List<String> a = new ArrayList<>(List.of(
                "clock",
                "--capture",
                story.toString(),
                "--from",
                String.format(Locale.ROOT, "%.1f", StoryCapture.fromS(st)),
                "--to",
                String.format(Locale.ROOT, "%.1f", StoryCapture.toS(st))));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    @Test
    void everyStageOfTheStoryInJson() throws IOException {
        for (ScriptedBoard.Stage st : stages) {
            Fixtures.Result r = Fixtures.run(range(st, "--json"));
            assertEquals(0, r.code(), r.err());
            JsonNode j = JSON.readTree(r.out());
            assertEquals(1, j.path("version").asInt());
            assertEquals(20, j.path("samples").asInt(), st.name());
            assertEquals(2.0, j.path("window_s").asDouble(), 1e-9);
            assertEquals(StoryCapture.fromS(st), j.path("from_s").asDouble(), 1e-9);
            assertTrue(j.path("no_verdict").isNull());
            assertEquals(4, j.path("policies").size());
            for (JsonNode p : j.path("policies")) {
                assertEquals(st.expect(), p.path("limiter").asText(), st.name() + " " + p);
                assertEquals("intel_pstate", p.path("driver").asText());
                assertEquals(3_500_000, p.path("max_khz").asLong());
            }
        }
        JsonNode thermal = JSON.readTree(
                        Fixtures.run(range(stages.get(0), "--json")).out())
                .path("policies")
                .get(2);
        JsonNode cooling = thermal.path("evidence").get(0);
        assertEquals("cooling", cooling.path("kind").asText());
        assertEquals("cooling_device2", cooling.path("device").asText());
        assertEquals(2, cooling.path("state").asInt());
        assertEquals(97000, cooling.path("zone_temp_mc").asLong());
        assertEquals(95000, cooling.path("trip_temp_mc").asLong());
        assertTrue(cooling.path("above_trip").asBoolean());
        assertEquals(2_100_000, thermal.path("achieved_khz").asLong());
        JsonNode power = JSON.readTree(
                        Fixtures.run(range(stages.get(1), "--json")).out())
                .path("policies")
                .get(0)
                .path("evidence")
                .get(0);
        assertEquals("power", power.path("kind").asText());
        assertEquals(15.0, power.path("watts").asDouble(), 1e-9);
        assertEquals("long_term", power.path("constraint").asText());
        assertTrue(
                JSON.readTree(Fixtures.run(range(stages.get(2), "--json")).out())
                        .path("policies")
                        .get(0)
                        .path("evidence")
                        .get(0)
                        .path("cause")
                        .isNull(),
                "set by hand: no cause");
        assertEquals(
                90.0,
                JSON.readTree(Fixtures.run(range(stages.get(3), "--json")).out())
                        .path("policies")
                        .get(0)
                        .path("idle_pct")
                        .asDouble(),
                1e-9);
    }

    @Test
    void everyStageOfTheStoryInText() {
        String[] expected = {
            "policy0 (CPU 0, powersave, intel_pstate): THERMAL\n"
                    + "  clock 2100 MHz of 3500 MHz (60 %), peak 2100 MHz; cap 2100 MHz, at it 100 % of the window; idle 0 %\n"
                    + "  because cooling_device0 (Processor) at state 2 of 3, bound to thermal_zone0 (acpitz) at 97 C, above trip 1"
                    + " (passive, 95 C)\n"
                    + "  because scaling_max_freq is 2100 MHz of 3500 MHz, lowered by cooling_device0 (Processor)\n",
            "policy0 (CPU 0, powersave, intel_pstate): POWER\n"
                    + "  clock 2300 MHz of 3500 MHz (66 %), peak 2300 MHz; cap 3500 MHz, at it 0 % of the window; idle 0 %\n"
                    + "  because intel-rapl:0 (package-0) drew 15.0 W, 100 % of its long_term limit of 15.0 W\n",
            "policy0 (CPU 0, powersave, intel_pstate): POLICY\n"
                    + "  clock 1600 MHz of 3500 MHz (46 %), peak 1600 MHz; cap 1600 MHz, at it 100 % of the window; idle 0 %\n"
                    + "  because scaling_max_freq is 1600 MHz of 3500 MHz, set by hand or by a tool (no cooling device is above state 0)\n",
            "policy0 (CPU 0, powersave, intel_pstate): IDLE\n"
                    + "  clock 800 MHz of 3500 MHz (23 %), peak 800 MHz; cap 3500 MHz, at it 0 % of the window; idle 90 %\n"
                    + "  because the CPUs were idle 90 % of the window (/proc/stat)\n",
            "policy0 (CPU 0, powersave, intel_pstate): NONE\n"
                    + "  clock 3400 MHz of 3500 MHz (97 %), peak 3400 MHz; cap 3500 MHz, at it 100 % of the window; idle 0 %\n"
                    + "  because the clock ran at 3400 MHz of 3500 MHz: nothing holds it down\n",
        };
        for (int i = 0; i < stages.size(); i++) {
            Fixtures.Result r = Fixtures.run(range(stages.get(i)));
            assertEquals(0, r.code(), r.err());
            assertTrue(
                    r.out()
                            .startsWith(String.format(
                                    Locale.ROOT,
                                    "clock over 2.0 s: 20 samples at 10 Hz, t_s %.1f to %.1f\n",
                                    StoryCapture.fromS(stages.get(i)),
                                    StoryCapture.toS(stages.get(i)))),
                    r.out());
            assertTrue(r.out().contains(expected[i]), stages.get(i).name() + ":\n" + r.out());
            assertEquals(
                    4,
                    r.out().split(": " + stages.get(i).expect().toUpperCase(Locale.ROOT) + "\n", -1).length - 1,
                    r.out());
            assertTrue(r.out().chars().allMatch(c -> c < 128), "ASCII only:\n" + r.out());
        }
    }

    @Test
    void aLiveWindowOnTheArmBoardNamesTheCoolingDeviceThatCapsTheBigCluster() throws IOException {
        Fixtures.Result r = Fixtures.run(GoldenCapabilitiesTest.concat(
                new String[] {"clock", "--window", "300ms", "--json"}, Fixtures.roots(Boards.ARM_COOLING)));
        assertEquals(0, r.code(), r.err());
        JsonNode policies = JSON.readTree(r.out()).path("policies");
        assertEquals("policy0", policies.get(0).path("policy").asText());
        assertEquals("none", policies.get(0).path("limiter").asText(), "the little cluster runs at its 1416 MHz");
        JsonNode big = policies.get(1);
        assertEquals("policy4", big.path("policy").asText());
        assertEquals("[4,5]", big.path("cpus").toString());
        assertEquals("thermal", big.path("limiter").asText());
        assertEquals(1_200_000, big.path("cap_khz").asLong());
        assertEquals(1_800_000, big.path("max_khz").asLong());
        JsonNode c = big.path("evidence").get(0);
        assertEquals("cooling_device1", c.path("device").asText());
        assertEquals("cpufreq-cpu4", c.path("type").asText());
        assertEquals(3, c.path("state").asInt());
        assertEquals(7, c.path("max_state").asInt());
        assertEquals("cpu-thermal", c.path("zone_type").asText());
        assertEquals(1, c.path("trip").asInt(), "77.5 C is above both passive trips: the higher one is named");
        assertEquals(
                "cooling_device1 (cpufreq-cpu4)",
                big.path("evidence").get(1).path("cause").asText());

        Fixtures.Result text = Fixtures.run(GoldenCapabilitiesTest.concat(
                new String[] {"clock", "--window", "200ms"}, Fixtures.roots(Boards.ARM_COOLING)));
        assertTrue(text.out().contains("policy4 (CPU 4-5, schedutil, cpufreq-dt): THERMAL\n"), text.out());
        assertTrue(
                text.out()
                        .contains(
                                "  because cooling_device1 (cpufreq-cpu4) at state 3 of 7, bound to thermal_zone0 (cpu-thermal)"
                                        + " at 77.5 C, above trip 1 (passive, 75 C)\n"),
                text.out());
    }

    /** {@code clock --window 300ms} live on a board directory, as JSON. */
    private static JsonNode liveJson(Path board) throws IOException {
        Fixtures.Result r = Fixtures.run(
                "clock",
                "--window",
                "300ms",
                "--json",
                "--proc-root",
                board.resolve("proc").toString(),
                "--sys-root",
                board.resolve("sys").toString());
        assertEquals(0, r.code(), r.err());
        return JSON.readTree(r.out());
    }

    @Test
    void theSameLiveVerdictInBothCpufreqLayouts() throws IOException {
        // boards/router-arm-cooled.story: the router as an older kernel lays it out (cpuN/cpufreq only, two clusters by
        // related_cpus), an older kernel's cpufreq cooling device at 2 of 4 bound to cpu-thermal's passive trip (85 C),
        // the zone at 88 C and every CPU's scaling_max_freq lowered from 1400 to 1050 MHz, the clock at it
        Path router = tmp.resolve("router-cooled");
        Boards.copyTree(Boards.dir(Boards.ROUTER), router);
        ScriptedBoard.of(router, "router-arm-cooled.story", ScriptedBoard.story("router-arm-cooled"));
        Fixtures.Result text = Fixtures.run(
                "clock",
                "--window",
                "300ms",
                "--proc-root",
                router.resolve("proc").toString(),
                "--sys-root",
                router.resolve("sys").toString());
        assertEquals(0, text.code(), text.err());
        for (String cluster : new String[] {"policy0 (CPU 0-1", "policy2 (CPU 2-3"}) {
            assertTrue(
                    text.out()
                            .contains(
                                    cluster + ", userspace, cpufreq-dt): THERMAL\n"
                                            + "  clock 1050 MHz of 1400 MHz (75 %), peak 1050 MHz; cap 1050 MHz, at it 100 % of the window\n"
                                            + "  because cooling_device0 (thermal-cpufreq-0) at state 2 of 4, bound to thermal_zone0 (cpu-thermal) at 88 C,"
                                            + " above trip 0 (passive, 85 C)\n"
                                            + "  because scaling_max_freq is 1050 MHz of 1400 MHz, lowered by cooling_device0 (thermal-cpufreq-0)\n"),
                    text.out());
        }
        JsonNode perCpu = liveJson(router);
        assertEquals("[0,1]", perCpu.path("policies").get(0).path("cpus").toString());
        assertEquals(2, perCpu.path("policies").size(), "one verdict per policy, not per CPU");

        Path linked = tmp.resolve("router-cooled-4.3");
        Boards.copyTree(router, linked);
        dev.tickbench.testkit.CpufreqLayouts.toPolicyLayout(linked);
        assertTrue(Files.isSymbolicLink(linked.resolve("sys/devices/system/cpu/cpu3/cpufreq")));
        assertEquals(perCpu.path("policies"), liveJson(linked).path("policies"), "cpufreq/policyN: the same verdict");

        // and the ARM board the other way round: its policyN directories dereferenced into per-CPU copies
        Path arm = tmp.resolve("arm-per-cpu");
        Boards.copyTree(Boards.dir(Boards.ARM_COOLING), arm);
        JsonNode asIs = liveJson(arm);
        dev.tickbench.testkit.CpufreqLayouts.toCpuLayout(arm);
        assertEquals(asIs.path("policies"), liveJson(arm).path("policies"));
        assertEquals("thermal", asIs.path("policies").get(1).path("limiter").asText());
    }

    @Test
    void thisMachineIsJudgedOrSaysWhyNot() throws IOException {
        Fixtures.Result r = Fixtures.run("clock", "--window", "200ms", "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode j = JSON.readTree(r.out());
        JsonNode caps = JSON.readTree(Fixtures.run("capabilities").out());
        if (caps.path("sources").path("cpufreq").asBoolean()) {
            assertTrue(j.path("policies").size() > 0, r.out());
        } else {
            assertEquals(
                    "no CPU clock to judge: "
                            + caps.path("absent").path("cpufreq").asText(),
                    j.path("no_verdict").asText());
            assertEquals(
                    caps.path("absent").path("cpufreq").asText(),
                    j.path("absent").path("cpufreq").asText());
        }
    }

    @Test
    void badFlagsAndFilesSayWhatAndWhere() throws IOException {
        Fixtures.Result r = Fixtures.run("clock", "--from", "1");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--from and --to choose a range of --capture FILE"), r.err());
        r = Fixtures.run("clock", "--capture", story.toString(), "--window", "2s");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--window samples live"), r.err());
        r = Fixtures.run("clock", "--window", "0.1ms");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--window must be from 1ms to 10m, got '0.1ms'"), r.err());
        r = Fixtures.run("clock", "--window", "soon");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--window: 'soon' is not a duration"), r.err());
        Path missing = tmp.resolve("nothing-here.ndjson");
        r = Fixtures.run("clock", "--capture", missing.toString());
        assertEquals(2, r.code());
        assertEquals("tickbench-probe clock: cannot read " + missing + ": no such file\n", r.err());
        r = Fixtures.run("clock", "--capture", story.toString(), "--from", "3", "--to", "2");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--from 3.0 is after --to 2.0"), r.err());

        // a capture cut inside a line: judged on the lines before it, and the exit says so
        Path plain = tmp.resolve("plain.ndjson");
        StoryCapture.record(Boards.LAPTOP, tmp.resolve("board-plain"), StreamFormat.V1, plain);
        byte[] all = Files.readAllBytes(plain);
        Path cut = tmp.resolve("cut.ndjson");
        Files.write(cut, java.util.Arrays.copyOf(all, all.length / 3));
        r = Fixtures.run("clock", "--capture", cut.toString(), "--from", "0", "--to", "1.9");
        assertEquals(1, r.code());
        assertTrue(r.out().contains("policy0 (CPU 0, powersave, intel_pstate): THERMAL"), r.out());
        assertTrue(r.err().startsWith("tickbench-probe clock: " + cut + " line "), r.err());
        assertTrue(r.err().endsWith("(judged on the lines before it)\n"), r.err());
    }
}
