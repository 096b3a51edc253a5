package dev.tickbench.core.capture;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.GZIPInputStream;

/**
 * A capture with its index (FORMAT.md, "Seekable captures"): any run of its blocks is read alone,
 * from the block's first byte, with the hello and key lists the index holds for where it begins. What
 * the capture holds past its last indexed block (a recording still going, or one killed before it
 * indexed its last block) is read with the last block.
 */
public final class SeekableCapture {
    /** Where each line read goes, with its line number in the capture. */
    public interface Lines {
        void line(StreamLine line, long lineNumber) throws IOException;
    }

    private final Path capture;
    private final CaptureIndex index;
    private final boolean gzip;

    private SeekableCapture(Path capture, CaptureIndex index) {
        this.capture = capture;
        this.index = index;
        this.gzip = capture.getFileName().toString().endsWith(".gz");
    }

    /**
     * The capture and its index ({@link CaptureWriter#indexPath}), or null when it has none. An index
     * whose blocks end past the capture's end is not this capture's and is refused.
     */
    public static SeekableCapture open(Path capture, int maxBins) throws IOException {
        Path idx = CaptureWriter.indexPath(capture);
        if (!Files.isRegularFile(idx)) {
            return null;
        }
        CaptureIndex index = CaptureIndex.read(idx, maxBins);
        long size = Files.size(capture);
        var blocks = index.blocks();
        if (!blocks.isEmpty()) {
            CaptureIndex.Block last = blocks.get(blocks.size() - 1);
            if (last.offset() + last.length() > size) {
                throw new IOException(idx + " indexes " + (last.offset() + last.length()) + " bytes but " + capture
                        + " has " + size + ": the index is not this capture's");
            }
        }
        return new SeekableCapture(capture, index);
    }

    public CaptureIndex index() {
        return index;
    }

    public Path capture() {
        return capture;
    }

    /**
     * Reads blocks {@code from} to {@code to − 1} in order: the hello for where block {@code from}
     * begins (line number 0: it is the index's, not a line of the file) unless the block begins with a
     * hello of its own, then each of their lines.
     * {@code to} equal to the number of blocks reads on to the end of the file. A corrupt line raises a
     * {@link CaptureFormatException} with its line number in the capture, after every line before it.
     */
    public void read(int from, int to, Lines out) throws IOException {
        var blocks = index.blocks();
        if (from < 0 || to > blocks.size() || from >= to) {
            throw new IllegalArgumentException("blocks " + from + " to " + to + " of " + blocks.size());
        }
        CaptureIndex.Block first = blocks.get(from);
        long end = to == blocks.size() ? Long.MAX_VALUE : blocks.get(to).offset();
        LineDecoder decoder = new LineDecoder(false);
        byte[] hello = index.joinHello(first);
        StreamLine joined = decoder.decode(hello, 0, hello.length - 1);
        try (FileChannel ch = FileChannel.open(capture, StandardOpenOption.READ)) {
            ch.position(first.offset());
            InputStream raw = Channels.newInputStream(ch);
            InputStream bounded = end == Long.MAX_VALUE
                    ? raw
                    : new java.io.FilterInputStream(raw) {
                        private long left = end - first.offset();

                        @Override
                        public int read() throws IOException {
                            if (left <= 0) {
                                return -1;
                            }
                            int c = super.read();
                            left -= c >= 0 ? 1 : 0;
                            return c;
                        }

                        @Override
                        public int read(byte[] b, int off, int len) throws IOException {
                            if (left <= 0) {
                                return -1;
                            }
                            int n = super.read(b, off, (int) Math.min(len, left));
                            left -= Math.max(n, 0);
                            return n;
                        }

                        @Override
                        public int available() throws IOException {
                            return (int) Math.min(super.available(), left);
                        }
                    };
            InputStream in = gzip ? new GZIPInputStream(bounded, 1 << 16) : bounded;
            lines(in, decoder, joined, first, out);
        } catch (java.util.zip.ZipException e) {
            throw new IOException(
                    capture + ": block " + from + " does not start a gzip member at byte " + first.offset() + " ("
                            + e.getMessage() + "): the index is not this capture's",
                    e);
        }
    }

    /** The lines of {@code in}, after {@code joined} unless the first is a hello of its own. */
    private void lines(InputStream in, LineDecoder decoder, StreamLine joined, CaptureIndex.Block first, Lines out)
            throws IOException {
        CaptureReader reader = CaptureReader.block(in, decoder, first.firstLine() - 1);
        StreamLine hello = joined;
        boolean checked = false;
        for (StreamLine line; (line = reader.next()) != null; ) {
            if (!checked && line instanceof SampleLine s) {
                checked = true;
                if (s.seq() != first.firstSeq()) {
                    throw new IOException(capture + ": block " + first.number() + " starts at sample " + s.seq()
                            + " where the index says " + first.firstSeq() + ": the index is not this capture's");
                }
            }
            if (hello != null && !(line instanceof Hello)) {
                out.line(hello, 0);
            }
            hello = null;
            out.line(line, reader.lineNumber());
        }
        if (hello != null) {
            out.line(hello, 0);
        }
    }
}
