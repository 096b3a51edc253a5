package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.derived.DerivedKind;
import dev.tickbench.core.derived.DerivedSeries;
import dev.tickbench.core.derived.DerivedValue;
import dev.tickbench.testkit.Waits;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Three busy loops in a real cgroup (on this hybrid host: v1 cpu and cpuacct, an empty v2 unified),
 * streamed by a real probe with {@code --cgroup}: the derived usage of every level stays within the
 * CPU count (it is taken over a 1 s window, not per tick), the loops' level shows real use, and the
 * target and each ancestor are derived, not only {@code /}.
 */
class RealCgroupUsageTest {
    private static final int RATE = 10;
    private static final int SAMPLES = 5 * RATE;
    /** Rounding of the capped value; the cap itself is the CPU count (docs/derived-series.md). */
    private static final double EPSILON_CPUS = 1e-9;

    @Test
    void cgroupUsageNeverExceedsTheCpuCountAndEveryLevelIsDerived() throws Exception {
        try (RealCgroups cg = RealCgroups.createUnlimitedWithCpuacct()) {
            streamBusyLoops(cg); // the loops end before the cgroups are removed
        }
    }

    private void streamBusyLoops(RealCgroups cg) throws Exception {
        List<Process> loops = new ArrayList<>();
        Process probe = null;
        try {
            // the probe first: a JVM starting beside three busy loops on a small machine takes tens of seconds
            probe = Fixtures.start(List.of("stream", "--rate", Integer.toString(RATE), "--cgroup", cg.childPath));
            Process p = probe;
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            List<StreamLine> before = Waits.done(
                    "the probe's first sample", p.toHandle(), CompletableFuture.supplyAsync(() -> readSamples(out, 1)));
            for (int i = 0; i < 3; i++) {
                Process loop = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
                loops.add(loop);
                cg.moveToChild(loop.pid());
            }
            List<StreamLine> lines = new ArrayList<>(before);
            lines.addAll(Waits.done(
                    SAMPLES + " samples of the busy loops",
                    p.toHandle(),
                    CompletableFuture.supplyAsync(() -> readSamples(out, SAMPLES))));

            DerivedSeries derived = new DerivedSeries();
            Map<String, List<Double>> usage = new LinkedHashMap<>();
            Map<String, Integer> throttledTime = new LinkedHashMap<>();
            for (StreamLine l : lines) {
                for (DerivedValue v : derived.accept(l)) {
                    if (v.kind() == DerivedKind.CGROUP_USAGE) {
                        usage.computeIfAbsent(v.subject(), k -> new ArrayList<>())
                                .add(v.value());
                    } else if (v.kind() == DerivedKind.CGROUP_THROTTLED_TIME) {
                        throttledTime.merge(v.subject(), 1, Integer::sum);
                    }
                }
            }
            int cpus = Runtime.getRuntime().availableProcessors();
            System.out.println("cgroup usage (CPUs, 1 s windows) on " + cpus + " CPUs: " + usage);
            for (Map.Entry<String, List<Double>> e : usage.entrySet()) {
                for (double u : e.getValue()) {
                    assertTrue(u <= cpus + EPSILON_CPUS, e.getKey() + " used " + u + " CPUs on " + cpus + " CPUs");
                    assertTrue(u >= 0, e.getKey() + ": " + u);
                }
            }
            List<Double> child = usage.get(cg.childPath);
            assertNotNull(child, "the target's usage is derived (cpuacct at the same path): " + usage.keySet());
            // real use, whatever else the machine runs: no share of the CPUs is asserted
            double max = child.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
            assertTrue(max > 0.2, "three busy loops used at most " + max + " CPUs in a second");
            for (String level : List.of(cg.childPath, cg.parentPath, "/")) {
                assertTrue(usage.containsKey(level), "usage of " + level + ": " + usage.keySet());
                assertTrue(
                        throttledTime.containsKey(level), "throttled time of " + level + ": " + throttledTime.keySet());
            }
            assertEquals(List.of(cg.childPath, cg.parentPath, "/"), List.copyOf(usage.keySet()), "leaf first");
            assertFalse(child.isEmpty());
        } finally {
            if (probe != null) {
                Waits.stop(probe);
            }
            for (Process loop : loops) {
                Waits.kill(loop);
            }
        }
    }

    /** The decoded lines up to the {@code n}-th sample. */
    private final LineDecoder decoder = new LineDecoder();

    private List<StreamLine> readSamples(BufferedReader r, int n) {
        LineDecoder d = decoder;
        List<StreamLine> out = new ArrayList<>();
        int samples = 0;
        try {
            for (String l; samples < n && (l = r.readLine()) != null; ) {
                StreamLine s = d.decode(l);
                out.add(s);
                if (s instanceof SampleLine) {
                    samples++;
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        if (samples < n) {
            throw new IllegalStateException("the probe ended after " + samples + " samples");
        }
        return out;
    }
}
