package dev.tickbench.core.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.testkit.Boards;
import dev.tickbench.testkit.ScriptedBoard;
import dev.tickbench.testkit.StoryCapture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scripted laptop's story (boards/x86-laptop.story) through the real sampler, judged stage by
 * stage from its capture and from the live lines: thermal, then power, then policy, then idle, then
 * none, each with the evidence the story put there (docs/clock.md).
 */
class ClockStoryTest {
    @TempDir
    Path tmp;

    private List<ScriptedBoard.Stage> stages;

    private ClockReport stage(Path capture, String name) throws IOException {
        ScriptedBoard.Stage st =
                stages.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
        ClockAnalysis.CaptureVerdict v = ClockAnalysis.ofCapture(capture, StoryCapture.fromS(st), StoryCapture.toS(st));
        assertNull(v.readError());
        return v.report();
    }

    @Test
    void everyStageNamesItsLimiterFromTheCaptureInBothFormats() throws IOException {
        for (StreamFormat f : StreamFormat.values()) {
            Path capture = tmp.resolve("story-" + f + ".ndjson.gz");
            stages = StoryCapture.record(Boards.LAPTOP, tmp.resolve("board-" + f), f, capture)
                    .stages();
            assertEquals(
                    List.of("thermal", "power", "policy", "idle", "none"),
                    stages.stream().map(ScriptedBoard.Stage::name).toList());
            for (ScriptedBoard.Stage st : stages) {
                ClockReport r = stage(capture, st.name());
                assertEquals(20, r.samples(), st.name());
                assertEquals(2.0, r.windowS(), 1e-9, st.name());
                assertEquals(4, r.policies().size(), st.name());
                for (PolicyVerdict p : r.policies()) {
                    assertEquals(
                            st.expect(),
                            p.limiter().label(),
                            f + " " + st.name() + " " + p.policy() + ": " + p.evidence());
                }
            }
        }
    }

    @Test
    void theEvidenceOfEachStage() throws IOException {
        Path capture = tmp.resolve("story.ndjson");
        stages = StoryCapture.record(Boards.LAPTOP, tmp.resolve("board"), StreamFormat.V2, capture)
                .stages();

        PolicyVerdict thermal = stage(capture, "thermal").policies().get(1);
        assertEquals("policy1", thermal.policy());
        assertEquals(List.of(1), thermal.cpus());
        assertEquals(2_100_000, thermal.achievedKhz());
        assertEquals(3_500_000L, thermal.maxKhz());
        assertEquals(2_100_000L, thermal.capKhz());
        assertEquals(100.0, thermal.atCapPct(), 1e-9);
        Evidence.Cooling c = (Evidence.Cooling) thermal.evidence().get(0);
        assertEquals("cooling_device1", c.device(), "the Processor device whose physical node is cpu1");
        assertEquals("Processor", c.type());
        assertEquals(2, c.state());
        assertEquals(3L, c.maxState());
        assertEquals("thermal_zone0", c.zone());
        assertEquals("acpitz", c.zoneType());
        assertEquals(97_000L, c.zoneTempMc());
        assertEquals(1, c.trip());
        assertEquals("passive", c.tripType());
        assertEquals(95_000L, c.tripTempMc());
        assertTrue(c.aboveTrip());
        assertEquals(
                "cooling_device1 (Processor) at state 2 of 3, bound to thermal_zone0 (acpitz) at 97 °C, above trip 1 (passive, 95 °C)",
                c.text());
        Evidence.Limit lowered = (Evidence.Limit) thermal.evidence().get(1);
        assertEquals(
                "scaling_max_freq is 2100 MHz of 3500 MHz, lowered by cooling_device1 (Processor)", lowered.text());
        assertEquals(0.0, thermal.idlePct(), 1e-9);

        PolicyVerdict power = stage(capture, "power").policies().get(0);
        Evidence.Power p = (Evidence.Power) power.evidence().get(0);
        // 1.5 J a tick of 100 ms, across a wrap of energy_uj at max_energy_range_uj: 15 W, PL1's 15 W
        assertEquals(15.0, p.watts(), 1e-9);
        assertEquals("long_term", p.constraint());
        assertEquals(15.0, p.limitWatts(), 1e-9);
        assertEquals("intel-rapl:0 (package-0) drew 15.0 W, 100 % of its long_term limit of 15.0 W", p.text());
        assertEquals(2_300_000, power.achievedKhz());
        assertEquals(0.0, power.atCapPct(), 1e-9, "2300 MHz is far below the 3500 MHz cap");

        PolicyVerdict policy = stage(capture, "policy").policies().get(3);
        assertEquals(List.of(new Evidence.Limit("scaling_max_freq", 1_600_000, 3_500_000L, null)), policy.evidence());
        assertEquals(
                "scaling_max_freq is 1600 MHz of 3500 MHz, set by hand or by a tool (no cooling device is above state 0)",
                policy.evidence().get(0).text());

        PolicyVerdict idle = stage(capture, "idle").policies().get(2);
        assertEquals(new Evidence.Idle(90.0, "/proc/stat"), idle.evidence().get(0));
        assertEquals(800_000, idle.achievedKhz());

        PolicyVerdict none = stage(capture, "none").policies().get(0);
        assertEquals(
                new Evidence.Clock(3_400_000, 3_500_000L, "nothing holds it down"),
                none.evidence().get(0));
        assertEquals(0.0, none.idlePct(), 1e-9);
    }

    @Test
    void aLiveRunIsJudgedFromTheSamplersOwnLines() throws IOException {
        ClockWindow live = new ClockWindow();
        // the first stage only: a live `clock --window 2s` while the laptop is hot
        ScriptedBoard b = ScriptedBoard.open(Boards.LAPTOP, tmp.resolve("live"));
        ScriptedBoard.Stage thermal = b.stages().get(0);
        try (var s = dev.tickbench.core.sampler.Sampler.create(
                new dev.tickbench.core.sampler.SamplerConfig(b.roots(), StoryCapture.RATE_HZ, 0),
                List.of(),
                List.of())) {
            var sink = live.sink();
            s.addSink(sink);
            byte[] hello = s.helloLine();
            sink.line(hello, 0, hello.length);
            long base = StoryCapture.startedMonoNs(hello);
            for (int t = thermal.firstTick(); t <= thermal.lastTick(); t++) {
                b.beforeTick(t);
                s.tick(base + t * StoryCapture.TICK_NS, StoryCapture.START_WALL_NS + t * StoryCapture.TICK_NS);
            }
        }
        ClockReport r = live.report();
        assertEquals(20, r.samples());
        assertEquals(
                List.of(Limiter.THERMAL, Limiter.THERMAL, Limiter.THERMAL, Limiter.THERMAL),
                r.policies().stream().map(PolicyVerdict::limiter).toList());
    }
}
