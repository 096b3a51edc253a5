package dev.tickbench.core.trigger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.ValueKind;
import dev.tickbench.core.derived.DerivedKind;
import org.junit.jupiter.api.Test;

/** The expression syntax of docs/triggers.md: every form, and errors that name their column. */
class TriggerParserTest {
    private static final SeriesCatalogue C = SeriesCatalogue.standard();

    private static TriggerSpec parse(String s) throws TriggerSyntaxException {
        return TriggerParser.parse(s, C).spec();
    }

    private static TriggerSyntaxException bad(String s) {
        return assertThrows(TriggerSyntaxException.class, () -> TriggerParser.parse(s, C), s);
    }

    @Test
    void aKernelPsiTriggerInMicroseconds() throws Exception {
        TriggerSpec.Psi p = assertInstanceOf(TriggerSpec.Psi.class, parse("psi cpu some 150ms in 1s"));
        assertEquals("cpu", p.resource());
        assertEquals("some", p.stall());
        assertEquals(150_000, p.thresholdUs());
        assertEquals(1_000_000, p.windowUs());
        assertNull(p.cgroup());
        assertEquals("some 150000 1000000", p.kernelLine());
        TriggerSpec.Psi cg = assertInstanceOf(
                TriggerSpec.Psi.class,
                parse("psi memory full 1.5s in 2s cgroup /a b.slice/c".replace("/a b.slice/c", "\"/a b.slice/c\"")));
        assertEquals("/a b.slice/c", cg.cgroup());
        assertEquals("full 1500000 2000000", cg.kernelLine());
    }

    @Test
    void aComparisonOnADerivedSeriesWithForTime() throws Exception {
        TriggerSpec.Condition c = assertInstanceOf(TriggerSpec.Condition.class, parse("cpu.iowait_pct > 40 for 2s"));
        assertEquals(DerivedKind.CPU_IOWAIT, c.series().derived());
        assertEquals(ValueKind.DERIVED, c.series().kind());
        assertEquals("stat", c.series().source());
        assertEquals(TriggerSpec.Comparison.GT, c.op());
        assertEquals(40.0, c.value());
        assertEquals(2_000_000_000L, c.forNs());
        assertEquals("%", c.series().unit());
        TriggerSpec.Condition cg = assertInstanceOf(
                TriggerSpec.Condition.class, parse("cgroup./kubepods.slice/pod-1.slice.throttled_pct>=20 for 1s"));
        assertEquals(DerivedKind.CGROUP_THROTTLED, cg.series().derived());
        assertEquals("/kubepods.slice/pod-1.slice", cg.series().subject(), "a cgroup path may hold dots");
        assertEquals("cgroup_cpu", cg.series().source());
        TriggerSpec.Condition psi = assertInstanceOf(TriggerSpec.Condition.class, parse("psi.io.some_pct != 0"));
        assertEquals("io", psi.series().subject());
    }

    @Test
    void csvColumnsAreInTheShownUnitAndStreamNamesInTheStreamsUnit() throws Exception {
        TriggerSpec.Condition shown = assertInstanceOf(TriggerSpec.Condition.class, parse("thermal_zone0_c > 80"));
        assertEquals("thermal_zone0", shown.series().source());
        assertEquals("temp", shown.series().key());
        assertEquals("°C", shown.series().unit());
        assertEquals(80.5, shown.series().shown(80_500));
        TriggerSpec.Condition raw = assertInstanceOf(TriggerSpec.Condition.class, parse("thermal_zone0.temp > 80000"));
        assertEquals("m°C", raw.series().unit());
        assertEquals(80_500, raw.series().shown(80_500));
        TriggerSpec.Condition mhz = assertInstanceOf(TriggerSpec.Condition.class, parse("cpufreq.cpu3_mhz < 600"));
        assertEquals("cpufreq", mhz.series().source());
        assertEquals("cpu3", mhz.series().key());
        assertEquals("MHz", mhz.series().unit());
        TriggerSpec.Condition rate =
                assertInstanceOf(TriggerSpec.Condition.class, parse("diskstats.nvme0n1.io_ms > 900"));
        assertEquals(ValueKind.COUNTER, rate.series().kind());
        assertEquals("ms/s", rate.series().unit(), "a counter is compared as its rate per second");
    }

    @Test
    void risingFallingAndAppearing() throws Exception {
        TriggerSpec.Change up =
                assertInstanceOf(TriggerSpec.Change.class, parse("diskstats.sdb.io_ms rising after 10s flat"));
        assertTrue(up.rising());
        assertEquals(10_000_000_000L, up.flatNs());
        assertEquals("sdb.io_ms", up.series().key());
        TriggerSpec.Change down = assertInstanceOf(TriggerSpec.Change.class, parse("cpufreq.cpu0 falling"));
        assertFalse(down.rising());
        assertEquals(0, down.flatNs());
    }

    @Test
    void aKernelLogRegexWithPriorityAndCase() throws Exception {
        TriggerSpec.Kmsg k = assertInstanceOf(TriggerSpec.Kmsg.class, parse("kmsg prio <= 3 ~ /oom-kill|a\\/b/i"));
        assertEquals(3, k.maxPrio());
        assertTrue(k.regex().matcher("x OOM-KILL y").find());
        assertTrue(k.regex().matcher("a/b").find(), "\\/ is a slash");
        assertEquals(
                7, assertInstanceOf(TriggerSpec.Kmsg.class, parse("kmsg ~ /x/")).maxPrio());
    }

    @Test
    void aLabelNamesTheTrigger() throws Exception {
        TriggerDefinition d = TriggerParser.parse("hot: thermal_zone0_c > 80", C);
        assertEquals("hot", d.label());
        assertEquals("hot: thermal_zone0_c > 80", d.text());
        assertNull(TriggerParser.parse("psi cpu some 1ms in 1s", C).label());
    }

    @Test
    void errorsNameTheirColumn() {
        assertEquals(16, bad("cpu.iowait_pct >> 40").column());
        assertTrue(bad("cpu.iowait_pct >> 40").getMessage().contains("unknown operator '>>'"));
        TriggerSyntaxException noNumber = bad("cpu.iowait_pct > forty");
        assertEquals(18, noNumber.column());
        assertEquals("at column 18: expected a number after '>', found 'forty'", noNumber.getMessage());
        assertEquals("  cpu.iowait_pct > forty\n                   ^", noNumber.pointer());
        assertEquals(1, bad("cpu.iowate_pct > 40").column(), "an unknown series");
        assertTrue(bad("cpu.iowate_pct > 40").problem().contains("not a series of the catalogue"));
        assertEquals(25, bad("cpu.iowait_pct > 40 for 2").column(), "a duration without its unit");
        assertEquals(5, bad("psi disk some 1ms in 1s").column());
        assertEquals(23, bad("psi cpu some 150ms in 11s").column(), "over the kernel's 10 s");
        assertEquals(14, bad("psi cpu some 2s in 1s").column(), "a stall longer than its window");
        assertEquals(
                11, bad("kmsg ~ /a(/").column(), "a regex that does not compile: where Java saw the unclosed group");
        assertEquals(6, bad("kmsg /x/").column(), "no ~");
        assertEquals(8, bad("kmsg ~ /abc").column(), "no closing slash");
        assertEquals(16, bad("stat.processes falling").column(), "a counter only rises");
        assertEquals(25, bad("cpu.busy_pct > 1 for 1s extra").column(), "text after the end");
        assertEquals(6, bad("kmsg > 3").column(), "kmsg is an event: compared by a regex");
        assertEquals(1, bad("").column());
        assertEquals(1025, bad("x".repeat(1025)).column());
    }

    @Test
    void aControlCharacterAnywhereIsRefusedAtItsColumnEscaped() throws Exception {
        TriggerSyntaxException nul = bad("psi cpu some 150ms in 2s cgroup \"/a\0b\"");
        assertEquals(36, nul.column());
        assertEquals("a control character (\\x00) has no place in a trigger", nul.problem());
        assertEquals(
                "  psi cpu some 150ms in 2s cgroup \"/a?b\"",
                nul.pointer().lines().findFirst().orElseThrow());
        assertEquals(10, bad("kmsg ~ /a\u0085b/").column(), "a C1 control in a regex too");
        assertEquals(1, bad("\u001b[2J cpu.busy_pct > 1").column());
        assertEquals(
                "t", TriggerParser.parse("t:\tcpu.busy_pct\t>\t1", C).label(), "a tab separates words, as a space");
    }

    @Test
    void aStatusNamesItsExpressionOnceWhetherItsLabelIsInItOrNot() {
        assertEquals(
                "km: kmsg ~ /x/",
                new TriggerStatus("km", "km: kmsg ~ /x/", "kmsg", TriggerState.ARMED, 0, null, 0).labelled());
        assertEquals(
                "t1: kmsg ~ /x/",
                new TriggerStatus("t1", "kmsg ~ /x/", "kmsg", TriggerState.ARMED, 0, null, 0).labelled());
        assertEquals(
                "t2: km: kmsg ~ /x/",
                new TriggerStatus("t2", "km: kmsg ~ /x/", "kmsg", TriggerState.ARMED, 0, null, 0).labelled(),
                "another trigger's label is not this one's name");
    }
}
