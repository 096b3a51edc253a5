package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Load profile only ({@code ./mvnw -B verify -Pload}, on a quiet machine): 20 concurrent /stream
 * clients and a /metrics scrape every 100 ms, for 60 s, at 100 Hz. The sampler must not slip (≤ 0.1 %
 * of ticks), nothing may fail, and memory must stay flat. The test command runs the functional half
 * (ServeManyClientsTest).
 */
@Tag("load")
class ServeLoadTest {
    private static final int CLIENTS = 20;
    private static final long RUN_MS = 60_000;
    private static final long SCRAPE_MS = 100;
    /**
     * Memory tolerances. A leak on the stream path grows at the rate lines are fanned out: 20 clients ×
     * 100 lines/s × ~3 KB ≈ 6 MB/s, so ≈ 300 MB between 10 s and 60 s. A flat process moves far less:
     * the live heap (measured right after a full GC that the test forces with jcmd at 10 s and at 60 s;
     * young-GC minimums are no measure, the replay ring's lines are promoted and pile up in the old
     * generation until a full GC) within 8 MiB; RSS, with the whole heap pre-touched at start (so heap
     * pages becoming resident is not mistaken for growth), within 24 MiB for what may still settle
     * after 10 s: JIT code cache, metaspace, thread stacks.
     */
    private static final long HEAP_TOLERANCE = 8L << 20;

    private static final long RSS_TOLERANCE = 24L << 20;

    record Scrape(long atMs, double ticks, double slipped, double rss, double heap) {}

    @Test
    void twentyStreamsAndFastScrapesAt100Hz() throws Exception {
        // the deployment's JVM flags (deploy/daemonset.yaml). The replay ring is 5 s so that it is full
        // long before the 10 s measurement: what grows after that is not the ring filling up.
        try (ServeProcess s = ServeProcess.start(
                List.of("-Xms64m", "-Xmx64m", "-XX:+AlwaysPreTouch", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"),
                "--rate",
                "100",
                "--buffer",
                "5s")) {
            ServeHttpTest.awaitSeq(s, 1);
            List<String> errors = new CopyOnWriteArrayList<>();
            long start = System.currentTimeMillis();
            long end = start + RUN_MS;
            List<CheckingStreamReader> clients = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                CheckingStreamReader c =
                        new CheckingStreamReader(s, i, () -> System.currentTimeMillis() >= end, 50, errors);
                Thread t = new Thread(c, "load-client-" + i);
                t.start();
                clients.add(c);
                threads.add(t);
            }
            List<Scrape> scrapes = new ArrayList<>();
            double heapAt10 = -1;
            double forcedGcSlips = 0;
            while (System.currentTimeMillis() < end) {
                long t0 = System.currentTimeMillis();
                if (heapAt10 < 0 && t0 - start >= 10_000) {
                    double[] gc = liveHeapAfterFullGc(s);
                    heapAt10 = gc[0];
                    forcedGcSlips += gc[1];
                    continue;
                }
                try {
                    var r = s.get("/metrics", null);
                    if (r.statusCode() != 200) {
                        errors.add("/metrics answered " + r.statusCode());
                    } else {
                        scrapes.add(new Scrape(
                                t0 - start,
                                value(r.body(), "tickbench_sampler_ticks_total"),
                                value(r.body(), "tickbench_sampler_slipped_ticks_total"),
                                value(r.body(), "tickbench_probe_resident_memory_bytes"),
                                value(r.body(), "tickbench_probe_heap_used_bytes")));
                    }
                } catch (Exception e) {
                    errors.add("/metrics: " + e);
                }
                long sleep = SCRAPE_MS - (System.currentTimeMillis() - t0);
                if (sleep > 0) {
                    Thread.sleep(sleep);
                }
            }
            double[] gcAtEnd = liveHeapAfterFullGc(s);
            double heapAtEnd = gcAtEnd[0];
            for (Thread t : threads) {
                t.join(ServeProcess.TIMEOUT.toMillis());
                assertFalse(t.isAlive(), t.getName() + " still reading " + ServeProcess.TIMEOUT + " after the run");
            }

            Scrape first = scrapes.get(0);
            Scrape last = scrapes.get(scrapes.size() - 1);
            double ticks = last.ticks() - first.ticks();
            // the test's own forced full GC stops the probe for a moment: its slips are not the probe's
            double slipped = last.slipped() - first.slipped() - forcedGcSlips;
            double rssAt10 = max(scrapes, 9_000, 11_000, Scrape::rss);
            double rssAtEnd = max(scrapes, RUN_MS - 2_000, RUN_MS, Scrape::rss);
            long lines = 0;
            long samples = 0;
            long gaps = 0;
            long lost = 0;
            for (CheckingStreamReader c : clients) {
                lines += c.lines;
                samples += c.samples;
                gaps += c.gaps;
                lost += c.lost;
                assertTrue(c.samples > 0, "a client got no sample");
            }
            double cpu = value(s.get("/metrics", null).body(), "tickbench_probe_cpu_seconds_total");
            System.out.printf("load: probe CPU %.1f s in %d s; ", cpu, RUN_MS / 1000);
            System.out.printf(
                    "load: %d scrapes, %.0f ticks, %.0f slipped (%.3f %%); %d clients got %d lines, %d samples, "
                            + "%d gap lines (%d samples skipped for slow clients); live heap %.1f MiB at 10 s, %.1f MiB at 60 s; "
                            + "RSS %.1f MiB at 10 s, %.1f MiB at 60 s; errors %d%n",
                    scrapes.size(),
                    ticks,
                    slipped,
                    100 * slipped / ticks,
                    clients.size(),
                    lines,
                    samples,
                    gaps,
                    lost,
                    heapAt10 / (1 << 20),
                    heapAtEnd / (1 << 20),
                    rssAt10 / (1 << 20),
                    rssAtEnd / (1 << 20),
                    errors.size());

            assertEquals(List.of(), errors);
            assertTrue(scrapes.size() > RUN_MS / SCRAPE_MS / 2, "only " + scrapes.size() + " scrapes");
            assertTrue(ticks > 0.9 * 100 * (last.atMs() - first.atMs()) / 1000.0, "ticks " + ticks);
            assertTrue(slipped <= 0.001 * ticks, "slipped " + slipped + " of " + ticks + " ticks");
            assertTrue(heapAtEnd - heapAt10 <= HEAP_TOLERANCE, "heap grew from " + heapAt10 + " to " + heapAtEnd);
            assertTrue(rssAtEnd - rssAt10 <= RSS_TOLERANCE, "RSS grew from " + rssAt10 + " to " + rssAtEnd);
        }
    }

    /**
     * Forces a full GC in the probe (jcmd GC.run), then reads its heap: the live set. Returns that and
     * the ticks the pause made slip (counted over the second after it).
     */
    private static double[] liveHeapAfterFullGc(ServeProcess s) throws Exception {
        java.nio.file.Path jcmd = java.nio.file.Path.of(System.getProperty("java.home"), "bin", "jcmd");
        double slippedBefore = value(s.get("/metrics", null).body(), "tickbench_sampler_slipped_ticks_total");
        Process p = new ProcessBuilder(jcmd.toString(), String.valueOf(s.pid()), "GC.run")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        assertTrue(p.waitFor(ServeProcess.TIMEOUT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS), "jcmd hung");
        assertEquals(0, p.exitValue(), "jcmd GC.run failed");
        double heap = value(s.get("/metrics", null).body(), "tickbench_probe_heap_used_bytes");
        Thread.sleep(1000); // the measurement window for the pause's slips, not a synchronisation
        double slippedAfter = value(s.get("/metrics", null).body(), "tickbench_sampler_slipped_ticks_total");
        return new double[] {heap, slippedAfter - slippedBefore};
    }

    private static double value(String metrics, String name) {
        Matcher m = Pattern.compile("(?m)^" + name + " (\\S+)$").matcher(metrics);
        if (!m.find()) {
            throw new AssertionError(name + " missing from /metrics");
        }
        return Double.parseDouble(m.group(1));
    }

    private static double max(
            List<Scrape> scrapes, long fromMs, long toMs, java.util.function.ToDoubleFunction<Scrape> f) {
        return scrapes.stream()
                .filter(x -> x.atMs() >= fromMs && x.atMs() <= toMs)
                .mapToDouble(f)
                .max()
                .orElseThrow();
    }
}
