package dev.tickbench.core.capture;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a capture's index as its lines are written (FORMAT.md, "Seekable captures"): where each block
 * starts and ends, the lines, sequence numbers and times it holds, the hello and key lists a reader needs
 * to decode it alone, and a summary of every plotted series over it (count, min, max, sum and last value,
 * in the series' shown unit). It also says where blocks end: before the first sample ten seconds after
 * the block's first, before a hello, or past {@link #MAX_BLOCK_BYTES}. One thread (the capture writer's).
 */
public final class CaptureIndexWriter implements Closeable {
    /** A block spans this much of the probe's monotonic clock, from its first sample to the first of the next. */
    public static final long BLOCK_NS = 10_000_000_000L;
    /** Lines past this many bytes end a block early (a process table at 100 Hz, a kernel log flood). */
    public static final long MAX_BLOCK_BYTES = 4L << 20;
    /** Lines of one block that mark a time, kept in its MARKS record; past it they are counted, not kept. */
    static final int MAX_MARK_LINES = 1024;
    /** Their bytes in one block at most. */
    static final int MAX_MARK_BYTES = 1 << 20;
    /**
     * Series summarised over the whole capture (a 32-core server plots a few hundred); past it new series
     * are not summarised, so that the index's writer stays within a reader's memory (FORMAT.md).
     */
    static final int MAX_SERIES = 4096;

    /**
     * What the index summarises: the points a line puts on the plotted series (the workbench's, by the
     * catalogue's rules: {@code dev.tickbench.core.derived.PlottedValues}), each series by its name.
     */
    public interface Summaries {
        void accept(StreamLine line, Point out);

        /** One point of series {@code name}: its value (the time is the line's). */
        interface Point {
            void point(String name, double value);
        }
    }

    private final OutputStream file;
    private final LineDecoder decoder;
    private final Summaries plotted;
    private final IndexRecords.Payload payload = new IndexRecords.Payload();
    private final Summaries.Point summarise = this::point;

    private long lineNo;
    private StreamLine pending;
    private int helloId = -1;
    /** The key list last written for each source, by identity (the decoder replaces a list, never edits it). */
    private final Map<String, String[]> listWritten = new HashMap<>();

    private final Map<String, Integer> listIdOf = new HashMap<>();
    private int nextListId;

    private final Map<String, Integer> seriesId = new HashMap<>();
    private final List<String> newNames = new ArrayList<>();
    private final List<byte[]> marks = new ArrayList<>();
    private int markBytes;
    private int marksLeftOut;
    private int namesWritten;

    // the block under way
    private boolean inBlock;
    private long blockOffset;
    private long blockFirstLine;
    private int blockLines;
    private int blockSamples;
    private long firstSeq;
    private long lastSeq;
    private long firstWallNs;
    private long lastWallNs;
    private long firstMonoNs;
    private long lastMonoNs;
    private int blockHello;
    private int[] blockLists = new int[0];
    // its summaries, by series id; touched lists the ids with a point in this block
    private int[] count = new int[64];
    private double[] min = new double[64];
    private double[] max = new double[64];
    private double[] sum = new double[64];
    private double[] last = new double[64];
    private int[] touched = new int[64];
    private int touchedCount;

    /** Where blocks end: the rule the capture's writer cuts by with or without an index. */
    private final BlockCut cut = new BlockCut();

    public CaptureIndexWriter(OutputStream file, Summaries summaries) throws IOException {
        this(file, summaries, new SeriesNames());
    }

    /** With the series names of the reader the capture's lines come from (a conversion): kept once. */
    CaptureIndexWriter(OutputStream file, Summaries summaries, SeriesNames names) throws IOException {
        this.decoder = new LineDecoder(false, names);
        this.file = file;
        this.plotted = summaries;
        file.write(IndexRecords.MAGIC);
    }

    /**
     * Takes the next line of the capture before it is written; true when it starts a new block, and so the
     * writer must end the block under way ({@link #blockEnded}) before {@link #take}.
     */
    boolean startsBlock(byte[] b, int off, int len) {
        lineNo++;
        try {
            pending = decoder.decode(b, off, len);
        } catch (IOException | RuntimeException e) {
            pending = null; // a bad line is the capture's to report; the index only counts it in its block
        }
        return cut.startsBlock(b, off, len);
    }

    /** The line {@link #startsBlock} took, written at {@code offset}: the capture's bytes before it. */
    void take(byte[] b, int off, int len, long offset) throws IOException {
        if (pending instanceof Hello) {
            hello(b, off, len);
        }
        if (!inBlock) {
            startBlock(offset);
        }
        blockLines++;
        if (pending instanceof SampleLine s) {
            sample(s);
        } else if (marksTime(pending)) {
            int end = off + len;
            while (end > off && (b[end - 1] == '\n' || b[end - 1] == '\r')) {
                end--;
            }
            if (marks.size() < MAX_MARK_LINES && markBytes + len <= MAX_MARK_BYTES) {
                marks.add(java.util.Arrays.copyOfRange(b, off, end));
                markBytes += len;
            } else {
                marksLeftOut++;
            }
        }
        if (pending != null) {
            plotted.accept(pending, summarise);
            pending = null;
        }
    }

    /** A line the workbench marks on the time axis: the overview draws them without reading the block. */
    private static boolean marksTime(StreamLine line) {
        return line instanceof KmsgLine
                || line instanceof KmsgGapLine
                || line instanceof GapLine
                || (line instanceof OtherLine o && o.type().equals("trigger"));
    }

    private void hello(byte[] b, int off, int len) throws IOException {
        payload.reset();
        payload.out.writeInt(++helloId);
        payload.out.write(b, off, len);
        IndexRecords.write(file, IndexRecords.HELLO, payload);
    }

    private void startBlock(long offset) throws IOException {
        inBlock = true;
        blockOffset = offset;
        blockFirstLine = lineNo;
        blockLines = 0;
        blockSamples = 0;
        firstSeq = -1;
        lastSeq = -1;
        firstWallNs = 0;
        lastWallNs = 0;
        firstMonoNs = 0;
        lastMonoNs = 0;
        blockHello = helloId;
        Map<String, String[]> lists = decoder.keyLists();
        blockLists = new int[lists.size()];
        int i = 0;
        for (Map.Entry<String, String[]> e : lists.entrySet()) {
            blockLists[i++] = listId(e.getKey(), e.getValue());
        }
        Arrays.sort(blockLists);
    }

    private int listId(String source, String[] keys) throws IOException {
        if (listWritten.get(source) != keys) {
            listWritten.put(source, keys);
            int id = nextListId++;
            listIdOf.put(source, id);
            payload.reset();
            payload.out.writeInt(id);
            payload.out.writeUTF(source);
            payload.out.writeInt(keys.length);
            for (String k : keys) {
                payload.out.writeUTF(k);
            }
            IndexRecords.write(file, IndexRecords.LIST, payload);
        }
        return listIdOf.get(source);
    }

    private void sample(SampleLine s) {
        if (blockSamples == 0) {
            firstSeq = s.seq();
            firstWallNs = s.wallNs();
            firstMonoNs = s.monoNs();
        }
        blockSamples++;
        lastSeq = s.seq();
        lastWallNs = s.wallNs();
        lastMonoNs = s.monoNs();
    }

    private void point(String series, double value) {
        Integer id = seriesId.get(series);
        if (id == null) {
            if (seriesId.size() >= MAX_SERIES) {
                return;
            }
            id = seriesId.size();
            seriesId.put(series, id);
            newNames.add(series);
            grow(id + 1);
        }
        if (Double.isNaN(value)) {
            return;
        }
        int i = id;
        if (count[i] == 0) {
            touched[touchedCount++] = i;
            min[i] = value;
            max[i] = value;
            sum[i] = 0;
        }
        count[i]++;
        min[i] = Math.min(min[i], value);
        max[i] = Math.max(max[i], value);
        sum[i] += value;
        last[i] = value;
    }

    private void grow(int n) {
        if (n > count.length) {
            int size = Math.max(n, count.length * 2);
            count = Arrays.copyOf(count, size);
            min = Arrays.copyOf(min, size);
            max = Arrays.copyOf(max, size);
            sum = Arrays.copyOf(sum, size);
            last = Arrays.copyOf(last, size);
            touched = Arrays.copyOf(touched, size);
        }
    }

    /** Ends the block under way at {@code end} (the capture's bytes when its member ended) and writes its record. */
    void blockEnded(long end) throws IOException {
        if (!newNames.isEmpty()) {
            payload.reset();
            payload.out.writeInt(namesWritten);
            payload.out.writeInt(newNames.size());
            for (String n : newNames) {
                payload.out.writeUTF(n);
            }
            IndexRecords.write(file, IndexRecords.NAMES, payload);
            namesWritten += newNames.size();
            newNames.clear();
        }
        if (!marks.isEmpty() || marksLeftOut > 0) {
            payload.reset();
            payload.out.writeInt(marksLeftOut);
            payload.out.writeInt(marks.size());
            for (byte[] m : marks) {
                payload.out.writeInt(m.length);
                payload.out.write(m);
            }
            IndexRecords.write(file, IndexRecords.MARKS, payload);
            marks.clear();
            markBytes = 0;
            marksLeftOut = 0;
        }
        payload.reset();
        var out = payload.out;
        out.writeLong(blockOffset);
        out.writeLong(end - blockOffset);
        out.writeLong(blockFirstLine);
        out.writeInt(blockLines);
        out.writeInt(blockSamples);
        out.writeLong(firstSeq);
        out.writeLong(lastSeq);
        out.writeLong(firstWallNs);
        out.writeLong(lastWallNs);
        out.writeLong(firstMonoNs);
        out.writeLong(lastMonoNs);
        out.writeInt(blockHello);
        out.writeInt(blockLists.length);
        for (int id : blockLists) {
            out.writeInt(id);
        }
        Arrays.sort(touched, 0, touchedCount);
        out.writeInt(touchedCount);
        for (int t = 0; t < touchedCount; t++) {
            int i = touched[t];
            out.writeInt(i);
            out.writeInt(count[i]);
            out.writeDouble(min[i]);
            out.writeDouble(max[i]);
            out.writeDouble(sum[i]);
            out.writeDouble(last[i]);
            count[i] = 0;
        }
        touchedCount = 0;
        IndexRecords.write(file, IndexRecords.BLOCK, payload);
        file.flush();
        inBlock = false;
    }

    /** Ends the last block at {@code end}, the capture's length once its last member is finished. */
    void finish(long end) throws IOException {
        if (inBlock) {
            blockEnded(end);
        }
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
