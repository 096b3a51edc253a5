package dev.tickbench.app.clock;

import dev.tickbench.app.session.StoreListener;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.clock.ClockReport;
import dev.tickbench.core.clock.ClockWindow;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the clock panel keeps of a live session: its hello and its recent samples, each with only the
 * sources the verdict reads ({@link ClockWindow#reads}), as the store decoded them (no second decode).
 * Bounded by {@link #MAX_BYTES} of heap: the oldest samples go, and the levels they carried are kept as held
 * (as {@link ClockRange} keeps those before a range), so a range that starts after them is judged
 * exactly as from the whole stream. Fed on the store's receiving thread; {@link #snapshot()} from any.
 */
final class ClockLines implements StoreListener {
    /**
     * About 16 MB of heap. A bound on values alone let the kept samples' own objects grow past it: a
     * heap histogram of 10 minutes live on a 2-CPU VM (35 values a sample) held 57,000 samples in 35 MB,
     * about 330 bytes of objects a sample beside its 8 bytes a value.
     */
    static final long MAX_BYTES = 16L << 20;
    /** A kept sample's objects: the line, its map and the map's table (measured: about 230 bytes). */
    static final long SAMPLE_BYTES = 232;
    /** Each source a kept sample carries: the map's entry, its SourceValues and the array's header. */
    static final long SOURCE_BYTES = 80;

    private final long maxBytes;
    private Hello hello;
    private Long firstMonoNs;
    /** The levels of the samples that went, as held after the last of them. */
    private final Map<String, Map<String, Long>> held = new LinkedHashMap<>();

    private final ArrayDeque<SampleLine> samples = new ArrayDeque<>();
    private long bytes;
    /** The wall clock of the last sample that went (or of the session before the hello); MIN_VALUE while none did. */
    private long goneUpToWallNs = Long.MIN_VALUE;
    /** The key array last kept per source: the next sample with the same keys shares it. */
    private final Map<String, String[]> lastKeys = new HashMap<>();

    private long received;

    ClockLines() {
        this(MAX_BYTES);
    }

    ClockLines(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    @Override
    public synchronized void accepted(StreamLine line) {
        if (line instanceof Hello h) {
            // the verdict starts afresh at a hello: what came before it is the spool's to judge
            if (!samples.isEmpty()) {
                goneUpToWallNs = samples.peekLast().wallNs();
            }
            samples.clear();
            held.clear();
            bytes = 0;
            hello = h;
        } else if (line instanceof SampleLine s) {
            keep(s);
        }
    }

    private void keep(SampleLine s) {
        if (firstMonoNs == null) {
            firstMonoNs = s.monoNs();
        }
        Map<String, SourceValues> kept = new LinkedHashMap<>();
        for (Map.Entry<String, SourceValues> e : s.sources().entrySet()) {
            if (ClockWindow.reads(e.getKey())) {
                SourceValues v = e.getValue();
                kept.put(e.getKey(), new SourceValues(shared(e.getKey(), v.keys()), v.values()));
            }
        }
        SampleLine k = new SampleLine(
                s.seq(), s.monoNs(), s.wallNs(), s.dtNs(), kept, s.heartbeat(), List.of(), Map.of(), 0, s.skipped());
        samples.addLast(k);
        bytes += bytes(k);
        received++;
        while (bytes > maxBytes && samples.size() > 1) {
            SampleLine gone = samples.removeFirst();
            ClockRange.hold(held, gone);
            goneUpToWallNs = gone.wallNs();
            bytes -= bytes(gone);
        }
    }

    /** The heap a kept sample holds, estimated (its values' array is its own; its keys are shared). */
    static long bytes(SampleLine kept) {
        long b = SAMPLE_BYTES;
        for (SourceValues v : kept.sources().values()) {
            b += SOURCE_BYTES + 8L * v.size();
        }
        return b;
    }

    private String[] shared(String source, String[] keys) {
        String[] last = lastKeys.get(source);
        if (last != null && Arrays.equals(last, keys)) {
            return last;
        }
        lastKeys.put(source, keys);
        return keys;
    }

    /** Samples taken so far: the panel judges again only when this moved. */
    synchronized long received() {
        return received;
    }

    /** What is kept now, to judge on another thread while more arrives. */
    synchronized Snapshot snapshot() {
        SampleLine base = goneUpToWallNs == Long.MIN_VALUE || firstMonoNs == null
                ? null
                : ClockRange.heldSample(firstMonoNs, goneUpToWallNs, copy(held));
        return new Snapshot(
                hello,
                base,
                List.copyOf(samples),
                goneUpToWallNs == Long.MIN_VALUE ? Double.NEGATIVE_INFINITY : goneUpToWallNs / 1e9,
                samples.isEmpty() ? Double.NaN : samples.peekLast().wallNs() / 1e9,
                received);
    }

    private static Map<String, Map<String, Long>> copy(Map<String, Map<String, Long>> m) {
        Map<String, Map<String, Long>> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(k, new LinkedHashMap<>(v)));
        return out;
    }

    /**
     * The kept lines at one moment.
     *
     * @param base the levels held by the samples that went, as one sample of no duration (null: none went)
     * @param fromS the time (epoch s) from which a range is judged exactly: after the last sample that went
     * @param latestS the newest sample's time, NaN before the first
     */
    record Snapshot(
            Hello hello, SampleLine base, List<SampleLine> samples, double fromS, double latestS, long received) {
        /** Whether a range starting at {@code fromEpochS} (NaN: the stream's start) is all here. */
        boolean covers(double fromEpochS) {
            return fromS == Double.NEGATIVE_INFINITY
                    || (!Double.isNaN(fromEpochS) && fromEpochS + ClockRange.EPS_S >= fromS);
        }

        ClockReport judge(double fromEpochS, double toEpochS) {
            ClockRange r = new ClockRange(fromEpochS, toEpochS);
            if (hello != null) {
                r.accept(hello);
            }
            if (base != null) {
                r.accept(base);
            }
            for (SampleLine s : samples) {
                if (!r.accept(s)) {
                    break;
                }
            }
            return r.report();
        }
    }
}
