package dev.tickbench.core.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NamePatternTest {
    @Test
    void aCaptureIsOneDotFreeRunUnlessItSaysOtherwise() {
        NamePattern p = NamePattern.of("stat.cpu{cpu:\\d+}.{mode}");
        assertEquals(Map.of("cpu", "3", "mode", "user"), p.match("stat.cpu3.user"));
        assertNull(p.match("stat.cpu.user"), "\\d+ needs a digit");
        assertNull(p.match("stat.cpu3.user.x"), "{mode} takes no dot");
        assertEquals(List.of("cpu", "mode"), p.captures());
        assertEquals("stat.cpu*.*", p.glob());
        assertEquals("stat.cpu", p.literalPrefix());
    }

    @Test
    void aGreedyCaptureTakesEverythingUpToTheLastSeparator() {
        // cgroup paths and device names may hold dots: the field is what follows the last one
        NamePattern p = NamePattern.of("cgroup_cpu.{cgroup:.+}|nr_periods");
        assertEquals(Map.of("cgroup", "/a.b/c.slice"), p.match("cgroup_cpu./a.b/c.slice|nr_periods"));
        assertEquals(
                Map.of("device", "dm.0"),
                NamePattern.of("diskstats.{device:.+}.writes").match("diskstats.dm.0.writes"));
        assertEquals(
                Map.of("resource", "io", "kind", "some"),
                NamePattern.of("pressure.{resource}.{kind}_total").match("pressure.io.some_total"));
    }

    @Test
    void formatsWhatItMatches() {
        NamePattern p = NamePattern.of("psi.{resource}.some_pct");
        assertEquals("psi.io.some_pct", p.format(Map.of("resource", "io", "other", "x")));
        assertThrows(IllegalArgumentException.class, () -> p.format(Map.of()));
        assertEquals("cpu.busy_pct", NamePattern.of("cpu.busy_pct").format(Map.of()));
        assertTrue(NamePattern.of("cpu.busy_pct").isLiteral());
        assertFalse(NamePattern.of("{x}").isLiteral());
    }

    @Test
    void aRegexMayHoldBraces() {
        assertEquals(Map.of("n", "42"), NamePattern.of("zone{n:\\d{2}}").match("zone42"));
        assertNull(NamePattern.of("zone{n:\\d{2}}").match("zone421"));
    }

    @Test
    void badPatternsAreRefusedWhereTheyAreDeclared() {
        assertThrows(IllegalArgumentException.class, () -> NamePattern.of("a{b"));
        assertThrows(IllegalArgumentException.class, () -> NamePattern.of("a}b"));
        assertThrows(IllegalArgumentException.class, () -> NamePattern.of("a{}"));
        assertThrows(IllegalArgumentException.class, () -> NamePattern.of("a{Cpu}"));
        assertThrows(IllegalArgumentException.class, () -> NamePattern.of("{x}.{x}"));
        assertThrows(IllegalArgumentException.class, () -> NamePattern.of("{x:}"));
    }
}
