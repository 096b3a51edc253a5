package dev.tickbench.core.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.catalogue.ValueKind;
import dev.tickbench.testkit.RealBursts;
import dev.tickbench.testkit.RealBursts.Burst;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Captures recorded on this project's 2-CPU VM while the cause was made, with other builds running beside
 * it (captures/real/README.md; remote-probe/bench/diff-bursts.sh records them again; testkit RealBursts
 * names each comparison and its cause): in each the series the cause moves directly ranks in the top 3,
 * and no change of one unit of a level that held still ranks above a change of 100 % or more.
 */
class RealBurstsTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void copy() {
        RealBursts.copyTo(dir);
    }

    static Stream<Burst> all() {
        return RealBursts.ALL.stream();
    }

    static DiffResult rank(Burst b) throws Exception {
        return CaptureDiff.compare(b.sideA(dir), b.sideB(dir));
    }

    /** The 1-based rank of {@code series} among the rows, or -1. */
    static int rankOf(DiffResult r, String series) {
        for (int i = 0; i < r.rows().size(); i++) {
            if (r.rows().get(i).name().equals(series)) {
                return i + 1;
            }
        }
        return -1;
    }

    @ParameterizedTest
    @MethodSource("all")
    void theDirectCauseRanksInTheTopThree(Burst b) throws Exception {
        DiffResult r = rank(b);
        assertNull(r.a().stoppedAtLine());
        assertNull(r.b().stoppedAtLine());
        assertTrue(r.compared() > 500, "a real capture of this VM: " + r.compared() + " series in both");
        int rank = rankOf(r, b.cause());
        assertTrue(rank >= 1 && rank <= 3, b.cause() + " ranks " + rank + "; the top 5: " + top(r, 5));
        SeriesChange c = r.rows().get(rank - 1);
        assertTrue(c.aboveNoise() && c.effect() > 0, c.name() + " rose: " + c.effect());
    }

    @ParameterizedTest
    @MethodSource("all")
    void noOneUnitStepOfAStillLevelRanksAboveAChangeOfAHundredPercent(Burst b) throws Exception {
        DiffResult r = rank(b);
        int lastDoubling = -1;
        int firstUnitStep = Integer.MAX_VALUE;
        for (int i = 0; i < r.rows().size(); i++) {
            SeriesChange c = r.rows().get(i);
            if (c.presence() != Presence.BOTH) {
                continue;
            }
            boolean doubled = c.a().mean() == 0 ? c.b().mean() != 0 : Math.abs(c.relativeChange()) >= 1;
            if (doubled && c.aboveNoise()) {
                lastDoubling = i;
            }
            boolean still = c.a().noise() == 0 && c.b().noise() == 0;
            if (c.series().kind() == ValueKind.LEVEL
                    && still
                    && c.meanChange() != 0
                    && Math.abs(c.meanChange()) <= c.a().resolution()) {
                firstUnitStep = Math.min(firstUnitStep, i);
                assertTrue(Math.abs(c.effect()) < 0.5, c.name() + " moved by one unit: " + c.effect());
            }
        }
        assertTrue(
                lastDoubling < firstUnitStep,
                "a one-unit step at rank " + (firstUnitStep + 1) + " above a change of 100 % at rank "
                        + (lastDoubling + 1));
        assertTrue(lastDoubling >= 0, "the burst doubled something");
    }

    @Test
    void theQuotaCgroupIsHeldAtItsQuota() throws Exception {
        DiffResult r = rank(RealBursts.ALL.get(4));
        String quota = RealBursts.QUOTA_CGROUP;
        SeriesStats usage =
                KnownChangesTest.find(r, "cgroup." + quota + ".usage_cpus").b();
        assertEquals(0.1, usage.mean(), 0.005, "10 ms of CPU per 100 ms period: 0.1 CPUs");
        SeriesChange throttled = KnownChangesTest.find(r, "cgroup_cpu." + quota + "|nr_throttled");
        assertEquals(0.0, throttled.a().mean(), 0.0);
        assertTrue(
                throttled.b().mean() > 5,
                "throttled in most of its 10 periods a second: " + throttled.b().mean());
        assertNotNull(
                r.with(Presence.APPEARED).stream()
                        .filter(c -> c.name().equals("cgroup." + quota + ".throttled_pct"))
                        .findFirst()
                        .orElse(null),
                "its throttled share has no value while it is idle (no periods): it appears in B");
    }

    static String top(DiffResult r, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(n, r.rows().size()); i++) {
            SeriesChange c = r.rows().get(i);
            sb.append(String.format(Locale.ROOT, "%n  %d %s %s", i + 1, c.name(), c.effect()));
        }
        return sb.toString();
    }
}
