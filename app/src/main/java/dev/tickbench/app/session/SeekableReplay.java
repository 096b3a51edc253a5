package dev.tickbench.app.session;

import dev.tickbench.core.capture.CaptureIndex;
import dev.tickbench.core.capture.CaptureIndexWriter;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.Overview;
import dev.tickbench.core.capture.SeekableCapture;
import dev.tickbench.core.capture.SharedCaptures;
import dev.tickbench.core.catalogue.SeriesMatch;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * A seekable capture in a replay store (FORMAT.md, "Seekable captures"; docs/workbench-charts.md,
 * "Long captures"): the store first holds the overview, drawn from the index alone (each bin of blocks
 * as its least and greatest value, a break where a series has no point), then every point of the
 * blocks around what the window shows, read from the capture when the window spans at most
 * {@link #MAX_SHOWN_BLOCKS} blocks, in place of the overview there. The store keeps the overview and
 * one such run of blocks: its memory does not grow with the capture's length.
 */
public final class SeekableReplay {
    /** Blocks whose every point is drawn at most: two minutes at 100 Hz (about 12 000 lines to read). */
    public static final int MAX_SHOWN_BLOCKS = 12;
    /** A capture of more blocks than this opens from its index; a shorter one is read whole, as fast. */
    public static final int MIN_BLOCKS = 30;
    /** Blocks before a run looked back over for a level's held value: a level is emitted once a heartbeat. */
    private static final int HELD_BACK = 7;

    private final SeekableCapture capture;
    private final SeriesStore store;
    private final List<CaptureIndex.Block> blocks;
    /** Each summarised series' overview line, by name: what is drawn outside the run of blocks read. */
    private final Map<String, Points> overview = new HashMap<>();
    /** The run of blocks drawn in full now, [from, to); from = to = -1 for none. */
    private volatile int shownFrom = -1;

    private volatile int shownTo = -1;

    private SeekableReplay(SeekableCapture capture, SeriesStore store) {
        this.capture = capture;
        this.store = store;
        this.blocks = capture.index().blocks();
        store.who().readWithRuns();
    }

    /**
     * {@code file} with its index, into {@code store}; null when it has none or fewer than {@link #MIN_BLOCKS}
     * blocks (read it whole). An index that is not the capture's is an error naming both.
     */
    public static SeekableReplay open(Path file, SeriesStore store) throws IOException {
        return open(file, store, MIN_BLOCKS);
    }

    /** As {@link #open(Path, SeriesStore)}, from {@code minBlocks} blocks (tests: a short real capture). */
    static SeekableReplay open(Path file, SeriesStore store, int minBlocks) throws IOException {
        SeekableCapture c = SharedCaptures.open(file);
        if (c == null || c.index().blocks().size() < minBlocks) {
            return null;
        }
        return new SeekableReplay(c, store);
    }

    /**
     * As {@link #open}, but an index that cannot be used (not this capture's, unreadable) is told to
     * {@code say} in plain words and the capture is read whole: null.
     */
    public static SeekableReplay openOrSay(Path file, SeriesStore store, java.util.function.Consumer<String> say) {
        try {
            return open(file, store);
        } catch (IOException | RuntimeException e) {
            say.accept("The index beside " + file.getFileName() + " was not used (" + e.getMessage()
                    + "): the capture is read whole.");
            return null;
        }
    }

    /** The capture's lines, as its index counts them. */
    public long lines() {
        return blocks.stream().mapToLong(CaptureIndex.Block::lines).sum();
    }

    public SeekableCapture capture() {
        return capture;
    }

    /** Fills the store with the capture's session and the overview of every summarised series. Any thread, once. */
    public void overview() throws IOException {
        byte[] hello = capture.index().joinHello(blocks.get(0)); // the session, as the first block begins
        LineDecoder decoder = new LineDecoder();
        store.accept(decoder.decode(hello, 0, hello.length - 1));
        for (byte[] mark : capture.index().markLines()) { // kernel log lines, gaps, triggers: on the time axis
            try {
                store.accept(decoder.decode(mark, 0, mark.length));
            } catch (IOException bad) {
                // the capture's line, as bad there: a whole read stops at it; the overview passes it over
            }
        }
        Overview o = capture.index().overview();
        List<String> names = capture.index().seriesNames();
        synchronized (store) {
            for (int id = 0; id < names.size(); id++) {
                Overview.SeriesBins bins = o.series(id);
                var m = store.catalogue().series(names.get(id));
                if (bins == null || m.isEmpty() || m.get().group() == null) {
                    continue;
                }
                Points line = bins(o, bins);
                overview.put(names.get(id), line);
                Series s = store.series(m.get());
                s.replace(line, Points.EMPTY, Points.EMPTY);
                s.note(overviewNote());
            }
            store.extent(blocks.get(0).firstWallNs() / 1e9, lastWallNs() / 1e9);
        }
        store.flush();
    }

    private long lastWallNs() {
        for (int i = blocks.size() - 1; i >= 0; i--) {
            if (blocks.get(i).samples() > 0) {
                return blocks.get(i).lastWallNs();
            }
        }
        return blocks.get(0).firstWallNs();
    }

    /** Each bin as two points, its least value where it begins and its greatest where it ends; a break for a bin without any. */
    private static Points bins(Overview o, Overview.SeriesBins b) {
        int n = o.bins();
        double[] x = new double[2 * n];
        double[] y = new double[2 * n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            double from = o.firstWallNs(i) / 1e9;
            double to = o.lastWallNs(i) / 1e9;
            if (o.firstWallNs(i) == 0) {
                continue; // blocks without samples
            }
            if (b.count(i) == 0) {
                if (k > 0 && !Double.isNaN(y[k - 1])) {
                    x[k] = from;
                    y[k++] = Double.NaN; // missing is not zero: the line breaks
                }
                continue;
            }
            x[k] = from;
            y[k++] = b.min(i);
            x[k] = Math.max(from, to);
            y[k++] = b.max(i);
        }
        return Points.of(java.util.Arrays.copyOf(x, k), java.util.Arrays.copyOf(y, k));
    }

    private String overviewNote() {
        long spanNs = CaptureIndexWriter.BLOCK_NS * capture.index().overview().blocksPerBin();
        return Math.round(spanNs / 1e9) + " s min–max: zoom in for every sample";
    }

    /**
     * The run of blocks to draw in full for the window {@code [from, to]} (epoch seconds): the blocks it
     * overlaps, {[first, end)}; null when they are more than {@link #MAX_SHOWN_BLOCKS}.
     */
    public int[] blocksFor(double from, double to) {
        int a = 0;
        while (a + 1 < blocks.size() && blocks.get(a + 1).firstWallNs() / 1e9 <= from) {
            a++;
        }
        int b = a;
        while (b < blocks.size() && blocks.get(b).firstWallNs() / 1e9 <= to) {
            b++;
        }
        b = Math.max(b, a + 1);
        return b - a > MAX_SHOWN_BLOCKS ? null : new int[] {a, b};
    }

    /** Whether blocks {@code [from, to)} are the ones drawn in full now. */
    public boolean shows(int from, int to) {
        return shownFrom == from && shownTo == to;
    }

    /**
     * Reads blocks {@code [from, to)} (and the one before, so that the derived windows are full where
     * they begin) and draws every point of them in place of the overview there; the run drawn before goes
     * back to the overview. Throws {@link CancellationException} when {@code cancelled} says so mid-read.
     * A worker thread; one read at a time.
     */
    public void read(int from, int to, BooleanSupplier cancelled) throws IOException {
        SeriesStore detail = SeriesStore.replay(store.catalogue());
        int start = Math.max(0, from - 1);
        capture.read(start, to, (line, no) -> {
            if (cancelled.getAsBoolean()) {
                throw new CancellationException();
            }
            detail.accept(line);
        });
        detail.flush();
        double xa = from == 0 ? Double.NEGATIVE_INFINITY : blocks.get(from).firstWallNs() / 1e9;
        double xb =
                to == blocks.size() ? Double.POSITIVE_INFINITY : blocks.get(to).firstWallNs() / 1e9;
        Map<String, Double> held = from == 0 ? Map.of() : capture.index().lastValues(blocks.get(from - 1), HELD_BACK);
        Set<String> names = new LinkedHashSet<>(overview.keySet());
        detail.series().forEach(s -> names.add(s.name()));
        long spanS = Math.round(
                CaptureIndexWriter.BLOCK_NS * capture.index().overview().blocksPerBin() / 1e9);
        String note = "every sample " + Clock.hms(xa) + "–" + Clock.hms(xb) + ", " + spanS + " s min–max elsewhere";
        List<Series> noted = new java.util.ArrayList<>();
        synchronized (store) {
            for (String name : names) {
                Series d = detail.series(name);
                SeriesMatch m =
                        d != null ? d.match() : store.catalogue().series(name).orElse(null);
                if (m == null || m.group() == null) {
                    continue;
                }
                Series s = store.series(m);
                Points ov = overview.getOrDefault(name, Points.EMPTY);
                Points line = Spliced.line(
                        ov,
                        d == null ? Points.EMPTY : d.line(),
                        xa,
                        xb,
                        s.kind() == SeriesKind.LEVEL
                                ? heldAt(d == null ? Points.EMPTY : d.line(), xa, held.get(name))
                                : null);
                s.replace(
                        line,
                        d == null || d.changeMarks() == null ? Points.EMPTY : Spliced.within(d.changeMarks(), xa, xb),
                        d == null || d.heartbeatMarks() == null
                                ? Points.EMPTY
                                : Spliced.within(d.heartbeatMarks(), xa, xb));
                noted.add(s);
            }
            // who was doing it: the tables read with every sample of the run (and of the block before it)
            store.who()
                    .takeFrom(
                            detail.who(),
                            start == 0 ? Double.NaN : blocks.get(start).firstWallNs() / 1e9);
        }
        shownFrom = from;
        shownTo = to;
        store.flush();
        // the badges say "every sample" once the points are published, never before: a batch of its own
        for (Series s : noted) {
            s.note(overview.containsKey(s.name()) ? note : null);
        }
        store.flush();
    }

    /** A level's value where the run begins: its last read in the block before, else the index's last value. */
    private static Double heldAt(Points detail, double xa, Double fromIndex) {
        int i = detail.lastStoredAtOrBefore(Math.nextDown(xa));
        return i >= 0 && !Double.isNaN(detail.y(i)) ? Double.valueOf(detail.y(i)) : fromIndex;
    }

    /** Wall-clock times for the badge's note. */
    private static final class Clock {
        static String hms(double epochS) {
            if (Double.isInfinite(epochS)) {
                return epochS < 0 ? "the start" : "the end";
            }
            return java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss")
                    .withZone(java.time.ZoneId.systemDefault())
                    .format(java.time.Instant.ofEpochMilli((long) (epochS * 1000)));
        }
    }
}
