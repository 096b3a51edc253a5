package dev.tickbench.core.capture;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.text.JsonOutput;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A capture's index read back (FORMAT.md, "Seekable captures"): its blocks, what each needs to be read
 * alone, and the summaries of every plotted series merged into at most {@code maxBins} bins of whole
 * blocks, so that a day's capture is drawn from a bounded overview. Reading stops at the first record
 * that is cut or damaged; every block before it holds. Memory: the blocks' places (about 100 bytes each),
 * the hellos and key lists, and the bins.
 */
public final class CaptureIndex {
    private static final ObjectMapper JSON = JsonOutput.newMapper();
    /** Blocks an index may name: ten years of 10 s blocks; a hostile index does not hold the heap. */
    static final int MAX_BLOCKS = 32 << 20;

    /** One block: where its bytes are in the capture, the lines, samples and times it holds. */
    public record Block(
            int number,
            long offset,
            long length,
            long firstLine,
            int lines,
            int samples,
            long firstSeq,
            long lastSeq,
            long firstWallNs,
            long lastWallNs,
            long firstMonoNs,
            long lastMonoNs,
            int hello,
            int[] lists,
            long recordOffset) {}

    /** A key list of one source. */
    record KeyList(String source, List<String> keys) {}

    private final Path file;
    private final List<Block> blocks = new ArrayList<>();
    private final Map<Integer, byte[]> hellos = new HashMap<>();
    private final Map<Integer, KeyList> lists = new HashMap<>();
    private final List<String> names = new ArrayList<>();
    /** The lines that mark a time, in order, at most {@link #MAX_MARK_LINES}; the rest counted. */
    private final List<byte[]> markLines = new ArrayList<>();

    private long marksLeftOut;
    /** Mark lines a reader keeps: the workbench's store keeps 10 000 marks. */
    static final int MAX_MARK_LINES = 10_000;

    private final Overview overview;
    private final boolean complete;

    private long recordAt;

    private CaptureIndex(Path file, int maxBins, CountingInputStream counted) throws IOException {
        this.file = file;
        this.overview = new Overview(maxBins);
        DataInputStream in = new DataInputStream(counted);
        boolean whole = true;
        while (true) {
            recordAt = counted.count();
            IndexRecords.Record r = IndexRecords.next(in);
            if (r == null) {
                break;
            }
            if (r == IndexRecords.DAMAGED || !takes(r)) {
                whole = false;
                break;
            }
        }
        this.complete = whole;
    }

    /** Reads the index {@code file}, merging its summaries into at most {@code maxBins} bins. */
    public static CaptureIndex read(Path file, int maxBins) throws IOException {
        try (InputStream raw = Files.newInputStream(file);
                CountingInputStream in = new CountingInputStream(new BufferedInputStream(raw, 1 << 16))) {
            IndexRecords.readMagic(in, file.toString());
            return new CaptureIndex(file, maxBins, in);
        }
    }

    /** False when a record was cut or damaged (a recorder killed while writing): the blocks before it hold. */
    public boolean complete() {
        return complete;
    }

    public List<Block> blocks() {
        return List.copyOf(blocks);
    }

    /** The summarised series' names, by id (an overview's series are these ids). */
    public List<String> seriesNames() {
        return List.copyOf(names);
    }

    /** The capture's lines that mark a time (kernel log records, gaps, fired triggers), in order, without newlines. */
    public List<byte[]> markLines() {
        return java.util.Collections.unmodifiableList(markLines);
    }

    /** Mark lines the index or this reader left out (past their bounds). */
    public long marksLeftOut() {
        return marksLeftOut;
    }

    public Overview overview() {
        return overview;
    }

    public Path file() {
        return file;
    }

    /** Takes a record; false for one that does not hold together (cut short inside, counts out of range). */
    private boolean takes(IndexRecords.Record r) {
        try {
            return take(r);
        } catch (IOException e) { // read from the record's bytes: only a short or malformed payload throws
            return false;
        }
    }

    private boolean take(IndexRecords.Record r) throws IOException {
        DataInputStream d = r.data();
        switch (r.kind()) {
            case IndexRecords.HELLO -> hellos.put(d.readInt(), d.readAllBytes());
            case IndexRecords.LIST -> {
                int id = d.readInt();
                String source = d.readUTF();
                int n = d.readInt();
                if (n < 0 || n > r.payload().length / 2) {
                    return false;
                }
                List<String> keys = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    keys.add(d.readUTF());
                }
                lists.put(id, new KeyList(source, keys));
            }
            case IndexRecords.NAMES -> {
                int first = d.readInt();
                int n = d.readInt();
                if (first != names.size()
                        || n < 0
                        || n > r.payload().length / 2
                        || first + n > CaptureIndexWriter.MAX_SERIES) {
                    return false;
                }
                for (int i = 0; i < n; i++) {
                    names.add(d.readUTF());
                }
            }
            case IndexRecords.MARKS -> {
                marksLeftOut += Math.max(0, d.readInt());
                int n = d.readInt();
                if (n < 0 || n > r.payload().length / 4) {
                    return false;
                }
                for (int i = 0; i < n; i++) {
                    int len = d.readInt();
                    if (len < 0 || len > r.payload().length) {
                        return false;
                    }
                    byte[] line = d.readNBytes(len);
                    if (markLines.size() < MAX_MARK_LINES) {
                        markLines.add(line);
                    } else {
                        marksLeftOut++;
                    }
                }
            }
            case IndexRecords.BLOCK -> {
                if (blocks.size() >= MAX_BLOCKS) {
                    return false;
                }
                return block(d);
            }
            default -> {
                // a record of a later version: readers pass over what they do not know
            }
        }
        return true;
    }

    private boolean block(DataInputStream d) throws IOException {
        long offset = d.readLong();
        long length = d.readLong();
        long firstLine = d.readLong();
        int lines = d.readInt();
        int samples = d.readInt();
        long firstSeq = d.readLong();
        long lastSeq = d.readLong();
        long firstWall = d.readLong();
        long lastWall = d.readLong();
        long firstMono = d.readLong();
        long lastMono = d.readLong();
        int hello = d.readInt();
        int nLists = d.readInt();
        if (nLists < 0 || nLists > 65_536) {
            return false;
        }
        int[] ids = new int[nLists];
        for (int i = 0; i < nLists; i++) {
            ids[i] = d.readInt();
        }
        Block previous = blocks.isEmpty() ? null : blocks.get(blocks.size() - 1);
        if (offset < 0 || length < 0 || (previous != null && offset != previous.offset() + previous.length())) {
            return false; // blocks follow each other: anything else is not an index of this kind
        }
        Block b = new Block(
                blocks.size(),
                offset,
                length,
                firstLine,
                lines,
                samples,
                firstSeq,
                lastSeq,
                firstWall,
                lastWall,
                firstMono,
                lastMono,
                hello,
                ids,
                recordAt);
        blocks.add(b);
        int n = d.readInt();
        if (n < 0 || n > names.size()) {
            return false;
        }
        overview.block(b);
        for (int i = 0; i < n; i++) {
            int id = d.readInt();
            int count = d.readInt();
            double min = d.readDouble();
            double max = d.readDouble();
            double sum = d.readDouble();
            double last = d.readDouble();
            if (id < 0 || id >= names.size() || count <= 0) {
                return false;
            }
            overview.summary(id, count, min, max, sum, last);
        }
        return true;
    }

    /**
     * The last value of each series in block {@code b} or, for a series without a point there, in the
     * nearest of the {@code maxBack} blocks before it that has one: what a level holds where the block
     * after {@code b} begins (a level is emitted at least once a heartbeat, FORMAT.md). Read from the
     * index file again, a few records.
     */
    public Map<String, Double> lastValues(Block b, int maxBack) throws IOException {
        Map<String, Double> out = new HashMap<>();
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file)) {
            for (int k = b.number(); k >= 0 && k >= b.number() - maxBack; k--) {
                ch.position(blocks.get(k).recordOffset());
                DataInputStream in = new DataInputStream(
                        new BufferedInputStream(java.nio.channels.Channels.newInputStream(ch), 1 << 14));
                IndexRecords.Record r = IndexRecords.next(in);
                if (r == null || r == IndexRecords.DAMAGED || r.kind() != IndexRecords.BLOCK) {
                    throw new IOException(file + ": the record of block " + k + " changed since it was read");
                }
                lasts(r.data(), out);
            }
        }
        return out;
    }

    private void lasts(DataInputStream d, Map<String, Double> out) throws IOException {
        d.skipNBytes(8L * 3 + 4 + 4 + 8L * 6 + 4);
        int nLists = d.readInt();
        d.skipNBytes(4L * nLists);
        int n = d.readInt();
        for (int i = 0; i < n; i++) {
            int id = d.readInt();
            d.skipNBytes(4 + 8 + 8 + 8);
            double last = d.readDouble();
            if (id >= 0 && id < names.size()) {
                out.putIfAbsent(names.get(id), last);
            }
        }
    }

    /**
     * The hello a reader starts {@code b} with: the stream's hello with the key lists in effect where the
     * block begins (FORMAT.md, "Joining mid-stream"), and its newline.
     */
    public byte[] joinHello(Block b) throws IOException {
        byte[] hello = hellos.get(b.hello());
        if (hello == null) {
            throw new IOException(file + ": block " + b.number() + " names a hello the index does not hold");
        }
        ObjectNode tree = (ObjectNode) JSON.readTree(hello);
        ObjectNode schema = tree.putObject("schema");
        for (int id : b.lists()) {
            KeyList l = lists.get(id);
            if (l == null) {
                throw new IOException(file + ": block " + b.number() + " names a key list the index does not hold");
            }
            ArrayNode a = schema.putArray(l.source());
            l.keys().forEach(a::add);
        }
        if (b.lists().length == 0 && tree.path("format").asInt(1) < 2) {
            tree.remove("schema");
        }
        byte[] json = JSON.writeValueAsBytes(tree);
        byte[] line = Arrays.copyOf(json, json.length + 1);
        line[json.length] = '\n';
        return line;
    }
}
