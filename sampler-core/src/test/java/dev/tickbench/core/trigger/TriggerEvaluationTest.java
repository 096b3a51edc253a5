package dev.tickbench.core.trigger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.source.SystemRoots;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each kind of trigger on a stream written tick by tick (Lines: the test's clock): when it fires, with
 * which values, how often, and what it says while it cannot know (docs/triggers.md, "States").
 */
class TriggerEvaluationTest {
    private final TriggerSet set = new TriggerSet(SeriesCatalogue.standard(), SystemRoots.live());

    @Test
    void aConditionForTwoSecondsFiresOnceAfterItHeldThemAndAgainAfterItStopped() throws Exception {
        TriggerStatus armed = set.arm("cpu.iowait_pct > 40 for 2s");
        assertEquals("t1", armed.name());
        Lines s = new Lines(set, 10);
        for (int t = 1; t <= 9; t++) {
            s.tick(Map.of("stat", Lines.stat(50)));
            assertEquals(
                    TriggerState.NO_DATA, set.list().get(0).state(), "the 1 s window is not full yet: missing, not 0");
        }
        for (int t = 10; t <= 28; t++) {
            s.tick(Map.of("stat", Lines.stat(50)));
            assertEquals(TriggerState.HOLDING, set.list().get(0).state(), "tick " + t);
        }
        assertTrue(s.fires().isEmpty(), "1.9 s of holding is not 2 s");
        s.tick(Map.of("stat", Lines.stat(50))); // tick 29: the window of tick 10 began at 0.9 s; 2.9 − 0.9 = 2 s
        assertEquals(1, s.fires().size());
        JsonNode f = s.fires().get(0);
        assertEquals(29, f.get("seq").asLong());
        assertEquals("t1", f.get("trigger").asText());
        assertEquals("condition", f.get("kind").asText());
        assertEquals("cpu.iowait_pct > 40 for 2s", f.get("expr").asText());
        assertEquals(50.0, f.get("values").get("cpu.iowait_pct").asDouble(), 1e-9);
        assertEquals("%", f.get("values").get("unit").asText());
        assertEquals(s.mono(9), f.get("since_mono_ns").asLong(), "it held from the start of tick 10's window");
        assertEquals(1, f.get("fired").asLong());
        for (int t = 30; t <= 40; t++) {
            s.tick(Map.of("stat", Lines.stat(50)));
        }
        assertEquals(1, s.fires().size(), "once per stretch");
        assertEquals(TriggerState.FIRED, set.list().get(0).state());
        for (int t = 41; t <= 50; t++) {
            s.tick(Map.of("stat", Lines.stat(0)));
        }
        assertEquals(TriggerState.ARMED, set.list().get(0).state());
        for (int t = 51; t <= 80; t++) {
            s.tick(Map.of("stat", Lines.stat(90)));
        }
        assertEquals(2, s.fires().size(), "again after it stopped holding");
        assertEquals(2, set.list().get(0).fired());
    }

    @Test
    void aLevelIsHeldBetweenItsEmissionsAndComparedInTheUnitOfItsName() throws Exception {
        set.arm("hot: thermal_zone0_c > 80");
        Lines s = new Lines(set, 10);
        s.tick(Map.of("thermal_zone0", Map.of("temp", 75_000L)));
        s.tick(Map.of());
        assertEquals(TriggerState.ARMED, set.list().get(0).state(), "75 °C held");
        s.tick(Map.of("thermal_zone0", Map.of("temp", 80_500L)));
        assertEquals(1, s.fires().size());
        assertEquals(80.5, s.fires().get(0).get("values").get("thermal_zone0_c").asDouble());
        assertEquals("°C", s.fires().get(0).get("values").get("unit").asText());
        assertEquals("hot", s.fires().get(0).get("trigger").asText());
        s.tick(Map.of());
        s.tick(Map.of());
        assertEquals(1, s.fires().size(), "80.5 °C held: still the same stretch");
        assertEquals(TriggerState.FIRED, set.list().get(0).state());
        s.line("{\"type\":\"gap\",\"from_seq\":6,\"to_seq\":9,\"reason\":\"reconnect\"}");
        s.tick(Map.of());
        assertEquals(TriggerState.NO_DATA, set.list().get(0).state(), "a gap forgets the held value");
        s.tick(Map.of("thermal_zone0", Map.of("temp", 90_000L)));
        assertEquals(2, s.fires().size());
    }

    @Test
    void aCounterAppearingAfterBeingFlat() throws Exception {
        set.arm("diskstats.sdb.io_ms rising after 1s flat");
        set.arm("diskstats.sdb.io_ms rising");
        Lines s = new Lines(set, 10);
        for (int t = 1; t <= 15; t++) {
            s.tick(Map.of("diskstats", Map.of("sda.io_ms", 3L))); // sdb idle: its row is left out (FORMAT.md)
        }
        assertTrue(s.fires().isEmpty());
        s.tick(Map.of("diskstats", Map.of("sdb.io_ms", 4L)));
        assertEquals(2, s.fires().size());
        JsonNode appeared = s.fires().get(0);
        assertEquals("t1", appeared.get("trigger").asText());
        assertEquals(
                40.0, appeared.get("values").get("diskstats.sdb.io_ms").asDouble(), 1e-9, "4 ms in 100 ms: 40 ms/s");
        assertEquals(4, appeared.get("values").get("delta").asLong());
        assertEquals(1.5, appeared.get("values").get("flat_s").asDouble(), 1e-9);
        s.tick(Map.of("diskstats", Map.of("sdb.io_ms", 2L)));
        assertEquals(3, s.fires().size(), "only the plain rising fires again: the other was not flat");
        assertEquals("t2", s.fires().get(2).get("trigger").asText());
        s.tick(Map.of("diskstats", Map.of()));
        s.tick(Map.of("diskstats", Map.of("sdb.io_ms", 1L)));
        assertEquals(4, s.fires().size());
    }

    @Test
    void aCounterReadAtItsOwnCadenceIsItsRateOverItsReadHeldUntilTheNextRead() throws Exception {
        set.arm("pmu_sw.cpu0.context_switches > 20000 for 1s");
        Lines s = new Lines(set, 100);
        for (int t = 1; t <= 150; t++) {
            // the perf group on every 10th tick: 3000 switches in its 100 ms of enabled_ns, 30 000/s
            s.tick(
                    t % 10 == 0
                            ? Map.of("pmu_sw", Map.of("cpu0.context_switches", 3000L, "cpu0.enabled_ns", 100_000_000L))
                            : Map.of());
            if (t == 15) {
                assertEquals(
                        TriggerState.HOLDING,
                        set.list().get(0).state(),
                        "between two reads the rate of the last holds: not missing, and not 300 000/s");
            }
        }
        assertEquals(1, s.fires().size());
        JsonNode f = s.fires().get(0);
        assertEquals(
                30_000.0, f.get("values").get("pmu_sw.cpu0.context_switches").asDouble(), 1e-9);
        assertEquals(109, f.get("seq").asLong(), "held from tick 10's start (0.09 s) for 1 s");
    }

    @Test
    void aLevelRisingAndFallingComparesEachEmissionWithTheOneBefore() throws Exception {
        set.arm("cpufreq.cpu0 falling");
        Lines s = new Lines(set, 10);
        s.tick(Map.of("cpufreq", Map.of("cpu0", 1_800_000L)));
        s.tick(Map.of());
        s.tick(Map.of("cpufreq", Map.of("cpu0", 2_000_000L)));
        assertTrue(s.fires().isEmpty());
        s.tick(Map.of("cpufreq", Map.of("cpu0", 600_000L)));
        assertEquals(1, s.fires().size());
        assertEquals(600_000, s.fires().get(0).get("values").get("cpufreq.cpu0").asLong());
        assertEquals(2_000_000, s.fires().get(0).get("values").get("previous").asLong());
    }

    @Test
    void aKernelLogRegexFiresOncePerTickWithTheFirstRecordAndTheCount() throws Exception {
        set.arm("kmsg prio <= 4 ~ /oom-kill|Out of memory/");
        Lines s = new Lines(set, 10);
        s.kmsg(6, "Out of memory: info level, not urgent enough");
        s.tick(Map.of());
        assertTrue(s.fires().isEmpty(), "prio 6 is above 4");
        s.kmsg(3, "oom-kill:constraint=CONSTRAINT_NONE,task=java");
        s.kmsg(3, "Out of memory: Killed process 4242 (java)");
        s.kmsg(3, "unrelated");
        s.tick(Map.of());
        assertEquals(1, s.fires().size());
        JsonNode v = s.fires().get(0).get("values");
        assertEquals(
                "oom-kill:constraint=CONSTRAINT_NONE,task=java", v.get("msg").asText());
        assertEquals(2, v.get("matches").asInt());
        assertEquals(3, v.get("prio").asInt());
        s.tick(Map.of());
        assertEquals(1, s.fires().size(), "records are read once");
    }

    @Test
    void aRegexThatBacktracksWithoutEndGivesUpOnTheRecordInsteadOfStallingTheTick() throws Exception {
        set.arm("kmsg ~ /(a+)+$/");
        Lines s = new Lines(set, 10);
        s.kmsg(6, "a".repeat(40) + "!");
        s.tick(Map.of()); // (a+)+$ on 40 a's and a '!' would take 2^40 steps
        assertTrue(s.fires().isEmpty());
        s.kmsg(6, "aaa");
        s.tick(Map.of());
        assertEquals(1, s.fires().size(), "the next record is read as usual");
    }

    @Test
    void aTriggerWhoseSourceIsAbsentSaysWhyAndACgroupNotSampledSaysHowToSampleIt() throws Exception {
        ObjectNode caps = Lines.JSON.createObjectNode();
        caps.putObject("sources").put("stat", true).put("kmsg", false).put("thermal_zone0", false);
        caps.putObject("absent")
                .put("kmsg", "permission denied reading /dev/kmsg (needs root)")
                .put("thermal_zone0", "no temp");
        set.capabilities(() -> caps);
        TriggerStatus kmsg = set.arm("kmsg ~ /x/");
        assertEquals(TriggerState.ABSENT, kmsg.state());
        assertEquals("kmsg is absent: permission denied reading /dev/kmsg (needs root)", kmsg.absent());
        assertEquals(
                "this machine has no source thermal_zone1",
                set.arm("thermal_zone1_c > 1").absent());
        TriggerStatus cg = set.arm("cgroup./a/b.throttled_pct > 20 for 1s");
        assertEquals(TriggerState.ABSENT, cg.state());
        assertTrue(cg.absent().startsWith("the session samples no cgroup: start it with --cgroup /a/b"), cg.absent());
        caps.putObject("cgroup")
                .put("target", "/a/b/c")
                .putArray("levels")
                .add("/a/b/c")
                .add("/a/b")
                .add("/a")
                .add("/");
        caps.with("sources").put("cgroup_cpu", true);
        assertNull(set.arm("cgroup./a/b.throttled_pct > 20 for 1s").absent(), "an ancestor of the target is sampled");
        assertTrue(set.arm("cgroup./x.usage_cpus > 1")
                .absent()
                .contains("samples the cgroup /a/b/c and its ancestors, not /x"));
        assertNull(set.arm("cpu.busy_pct > 90").absent());
    }

    @Test
    void namesLabelsTheBoundAndDisarm() throws Exception {
        assertEquals("t1", set.arm("cpu.busy_pct > 90").name());
        assertEquals("t2", set.arm("kmsg ~ /x/").name());
        assertEquals("t3", set.arm("t3: cpu.busy_pct > 1").name());
        assertEquals("t4", set.arm("cpu.busy_pct > 2").name(), "a label takes its name from the numbering");
        TriggerSyntaxException dup = assertThrows(TriggerSyntaxException.class, () -> set.arm("t3: cpu.busy_pct > 1"));
        assertEquals(1, dup.column());
        assertTrue(set.disarm("t2"));
        assertFalse(set.disarm("t2"));
        assertEquals(
                List.of("t1", "t3", "t4"),
                set.list().stream().map(TriggerStatus::name).toList());
        while (set.list().size() < TriggerSet.MAX_TRIGGERS) {
            set.arm("cpu.busy_pct > 3");
        }
        assertTrue(assertThrows(TriggerSyntaxException.class, () -> set.arm("cpu.busy_pct > 4"))
                .getMessage()
                .contains("at most 32 triggers"));
    }

    @Test
    void liveRequestsAreAnsweredInTheNextTriggersLine() throws Exception {
        Lines s = new Lines(set, 10);
        TriggerControl.apply(set, "arm kmsg ~ /panic/");
        TriggerControl.apply(set, "arm cpu.busy_pct >> 3");
        TriggerControl.apply(set, "rm -rf /");
        s.tick(Map.of());
        JsonNode line = s.lastSet();
        assertEquals("t1", line.get("armed").get(0).get("trigger").asText());
        assertEquals("armed", line.get("armed").get(0).get("state").asText());
        JsonNode r = line.get("replies");
        assertTrue(r.get(0).get("ok").asBoolean());
        assertEquals("t1", r.get(0).get("trigger").asText());
        assertFalse(r.get(1).get("ok").asBoolean());
        assertEquals(14, r.get(1).get("column").asInt());
        assertTrue(r.get(1).get("error").asText().contains("unknown operator '>>'"));
        assertFalse(r.get(2).get("ok").asBoolean());
        assertTrue(r.get(2).get("error").asText().startsWith("unknown request"));
        int lines = s.written.size();
        s.tick(Map.of());
        assertEquals(lines, s.written.size(), "no set line without a change");
        TriggerControl.apply(set, "disarm t1");
        s.tick(Map.of());
        assertEquals(0, s.lastSet().get("armed").size());
        assertTrue(s.lastSet().get("replies").get(0).get("ok").asBoolean());
    }

    @Test
    void aConditionThatReadsItsSeriesButNeverHoldsLongEnoughSaysWhatItSawInItsStatusLines() throws Exception {
        set.arm("psi.cpu.some_pct > 98 for 1s");
        Lines s = new Lines(set, 10);
        // CPU pressure of 99.9 % for 1.5 s, then a tick without: its 1 s window holds above 98 % for 0.6 s at a
        // time (from the tick its window is all 99.9 %), and drops for the next second
        for (int cycle = 0; cycle < 6; cycle++) {
            for (int t = 0; t < 15; t++) {
                s.tick(Map.of("pressure", Map.of("cpu.some_total", 99_900L)));
            }
            s.tick(Map.of("pressure", Map.of("cpu.some_total", 0L)));
        }
        assertTrue(s.fires().isEmpty(), "it never held for 1 s");
        TriggerStatus st = set.list().get(0);
        assertEquals(TriggerState.ARMED, st.state(), "it reads its series: not no_data");
        TriggerStatus.Seen seen = st.seen();
        assertEquals(99.9, seen.max(), 1e-9);
        assertEquals(89.91, seen.last(), 1e-9, "the window with one tick of 0 in ten");
        assertEquals("%", seen.unit());
        assertEquals(600_000_000L, seen.longestHoldNs(), "from tick 10's window start (0.9 s) to tick 15 (1.5 s)");
        assertEquals(1_000_000_000L, seen.forNs());
        assertEquals(Lines.WALL0 + s.mono(s.seq), seen.lastWallNs());
        assertEquals(
                Lines.WALL0 + s.mono(s.seq),
                st.stateSinceWallNs(),
                "armed since the last tick, the one without pressure");
        // a reader of the stream (a probe's client) sees the same: a triggers line within a second says it
        JsonNode line = s.lastSet();
        assertTrue(
                line.get("mono_ns").asLong() >= s.mono(s.seq) - 1_000_000_000L,
                "a status at least once a second: " + line);
        JsonNode listed = line.get("armed").get(0);
        assertFalse(listed.get("state").asText().equals("no_data"), line.toString());
        assertEquals(99.9, listed.get("seen").get("max").asDouble(), 1e-9);
        assertEquals(600_000_000L, listed.get("seen").get("longest_hold_ns").asLong());
        TriggerStatus read = TriggerStatus.of(listed);
        assertEquals(read, TriggerStatus.of(read.json()), "read back as written");
        assertEquals(st, TriggerStatus.of(st.json()));
        assertEquals(
                "does not hold since " + (Lines.WALL0 + s.mono(s.seq))
                        + ": last 89.91 %; seen 89.91 to 99.9 %, held at most" + " 0.6 s of 1 s",
                st.outlook(
                        v -> new java.math.BigDecimal(v)
                                .round(new java.math.MathContext(4))
                                .stripTrailingZeros()
                                .toPlainString(),
                        Long::toString));
        long lines = s.written.stream()
                .filter(n -> n.path("type").asText().equals("triggers"))
                .count();
        assertTrue(lines >= 9 && lines <= 11, "about one a second for 9.6 s of stream, not one a tick: " + lines);
    }

    @Test
    void aTriggerWithoutAValueSaysSinceWhenAndTheValueItLastRead() throws Exception {
        set.arm("hot: thermal_zone0_c > 80");
        Lines s = new Lines(set, 10);
        assertEquals("no value read yet", set.list().get(0).outlook(Double::toString, Long::toString));
        s.tick(Map.of());
        assertEquals(
                "no value read yet since " + (Lines.WALL0 + s.mono(1)),
                set.list().get(0).outlook(Double::toString, Long::toString));
        s.tick(Map.of("thermal_zone0", Map.of("temp", 75_500L)));
        s.line("{\"type\":\"gap\",\"from_seq\":3,\"to_seq\":4,\"reason\":\"reconnect\"}");
        s.tick(Map.of());
        TriggerStatus st = set.list().get(0);
        assertEquals(TriggerState.NO_DATA, st.state());
        assertEquals(
                "no value since " + (Lines.WALL0 + s.mono(2)) + " (last 75.5 °C); seen 75.5 °C",
                st.outlook(Double::toString, Long::toString));
        assertEquals(-1, st.seen().longestHoldNs(), "no for: no hold to tell");
    }

    @Test
    void aRequestWithAControlCharacterIsRefusedWithTheCharacterEscapedAndTheNextIsAnswered() throws Exception {
        Lines s = new Lines(set, 10);
        TriggerControl.apply(set, "arm psi cpu some 150ms in 2s cgroup \"/a\0b\"");
        TriggerControl.apply(set, "arm psi cpu some 150ms in 2s cgroup /a\u001b[2Jb");
        TriggerControl.apply(set, "disarm \u001b[31mx");
        TriggerControl.apply(set, "arm kmsg ~ /after/");
        s.tick(Map.of());
        JsonNode r = s.lastSet().get("replies");
        assertEquals(4, r.size(), r.toString());
        assertFalse(r.get(0).get("ok").asBoolean());
        assertEquals(
                "at column 36: a control character (\\x00) has no place in a trigger",
                r.get(0).get("error").asText());
        assertEquals(36, r.get(0).get("column").asInt());
        assertEquals(
                "at column 35: a control character (\\x1b) has no place in a trigger",
                r.get(1).get("error").asText());
        assertEquals(
                "no trigger named '\\x1b[31mx' is armed", r.get(2).get("error").asText());
        assertTrue(r.get(3).get("ok").asBoolean(), "the requests after it are read and answered: " + r);
        assertEquals(List.of("t1"), set.list().stream().map(TriggerStatus::name).toList());
    }

    @Test
    void moreRequestsInATickThanItsLineAnswersAreRefusedAndCountedNeverDroppedSilently() throws Exception {
        Lines s = new Lines(set, 10);
        for (int i = 0; i < 100; i++) {
            TriggerControl.apply(set, "list");
        }
        TriggerControl.tooLong(set);
        s.tick(Map.of());
        JsonNode r = s.lastSet().get("replies");
        assertEquals(TriggerSet.MAX_REPLIES + 1, r.size());
        for (int i = 0; i < TriggerSet.MAX_REPLIES; i++) {
            assertTrue(r.get(i).get("ok").asBoolean(), "the first 64 are answered, in order: " + i);
            assertFalse(r.get(i).has("requests"));
        }
        JsonNode refused = r.get(TriggerSet.MAX_REPLIES);
        assertFalse(refused.get("ok").asBoolean());
        assertEquals(37, refused.get("requests").asLong(), "36 lists and the line that was too long");
        assertEquals(
                "37 request(s) refused unread: at most 64 are answered per tick; send them again",
                refused.get("error").asText());
        TriggerControl.apply(set, "arm kmsg ~ /x/");
        s.tick(Map.of());
        assertEquals(1, s.lastSet().get("replies").size(), "the next tick answers again");
        assertTrue(s.lastSet().get("replies").get(0).get("ok").asBoolean());
    }
}
