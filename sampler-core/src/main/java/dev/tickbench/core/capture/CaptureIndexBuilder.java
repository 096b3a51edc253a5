package dev.tickbench.core.capture;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * The index of a capture written without one (FORMAT.md, "Seekable captures: an index built later"), in
 * one pass over the capture, the same index its writer would have written beside it ({@link
 * CaptureWriter#indexPath}), under a temporary name and renamed. A gzip capture's blocks are its gzip
 * members, as {@link CaptureWriter} cut them; a plain capture's are cut by the writer's rule. A gzip
 * capture of one member (written before captures had blocks, or by another tool) gets an index of one
 * block, which lets nothing be read alone: `convert` rewrites it in blocks. A member the file ends inside
 * (a recording killed) is not indexed: a reader reads on past the last indexed block.
 */
public final class CaptureIndexBuilder {
    /** How far a build is: bytes of the capture read, of its size. */
    public interface Progress {
        void at(long read, long size);
    }

    /** Bytes read between two {@link Progress} calls. */
    private static final long PROGRESS_BYTES = 4L << 20;

    private CaptureIndexBuilder() {}

    /**
     * Builds the index of {@code capture} (an index already there is replaced once the new one is whole);
     * returns the number of blocks it indexes. {@code cancelled} stops it between lines ({@link
     * CancellationException}), leaving no file.
     */
    public static int build(
            Path capture, CaptureIndexWriter.Summaries summaries, Progress progress, BooleanSupplier cancelled)
            throws IOException {
        try (InputFile in = InputFile.open(capture);
                OutputFile out = OutputFile.create(CaptureWriter.indexPath(capture))) {
            int blocks;
            try (CaptureIndexWriter index = new CaptureIndexWriter(
                    new BufferedOutputStream(new BlockedGzipOutput.KeepOpen(out.stream()), 65536), summaries)) {
                long size = java.nio.file.Files.size(capture);
                Pass pass = new Pass(index, progress, cancelled, size);
                blocks = capture.getFileName().toString().endsWith(".gz")
                        ? pass.members(in.newStream(), capture)
                        : pass.plain(in.newStream());
            }
            out.commit(true, in);
            return blocks;
        }
    }

    /** One pass over the capture's lines into the index writer. */
    private static final class Pass {
        private final CaptureIndexWriter index;
        private final Progress progress;
        private final BooleanSupplier cancelled;
        private final long size;
        private byte[] line = new byte[16384];
        private long reported;

        Pass(CaptureIndexWriter index, Progress progress, BooleanSupplier cancelled, long size) {
            this.index = index;
            this.progress = progress;
            this.cancelled = cancelled;
            this.size = size;
        }

        /** A gzip capture: a block a member. Returns the blocks indexed. */
        int members(InputStream raw, Path name) throws IOException {
            int blocks = 0;
            try (GzipMembers members = new GzipMembers(raw, name.toString())) {
                while (members.next()) {
                    long start = members.start();
                    LineInput lines = new LineInput(members.member());
                    for (int n = lines.next(); n >= 0; n = lines.next()) {
                        take(lines.bytes(), n, start);
                    }
                    if (members.cut()) {
                        break; // the file ends inside it: left to the readers, as its writer left it
                    }
                    index.blockEnded(members.end());
                    blocks++;
                    report(members.end());
                }
            }
            return blocks;
        }

        /** A plain capture: blocks as the writer cuts them, at line starts. Returns the blocks indexed. */
        int plain(InputStream raw) throws IOException {
            int blocks = 0;
            long at = 0;
            try (raw) {
                LineInput lines = new LineInput(raw);
                for (int n = lines.next(); n >= 0; n = lines.next()) {
                    byte[] b = withNewline(lines.bytes(), n);
                    if (index.startsBlock(b, 0, n + 1)) {
                        index.blockEnded(at);
                        blocks++;
                        report(at);
                    }
                    index.take(b, 0, n + 1, at);
                    at += n + 1;
                    checkCancelled();
                }
            }
            if (at > 0) {
                index.finish(at);
                blocks++;
            }
            return blocks;
        }

        /** A line of a member; where a line starts a block by the writer's rule, its member started one already. */
        private void take(byte[] bytes, int n, long memberStart) throws IOException {
            byte[] b = withNewline(bytes, n);
            index.startsBlock(b, 0, n + 1);
            index.take(b, 0, n + 1, memberStart);
            checkCancelled();
        }

        /** The line as the writer was given it, its '\n' included. */
        private byte[] withNewline(byte[] bytes, int n) {
            if (line.length < n + 1) {
                line = new byte[Math.max(n + 1, line.length * 2)];
            }
            System.arraycopy(bytes, 0, line, 0, n);
            line[n] = '\n';
            return line;
        }

        private void checkCancelled() {
            if (cancelled.getAsBoolean()) {
                throw new CancellationException();
            }
        }

        private void report(long at) {
            if (at - reported >= PROGRESS_BYTES) {
                reported = at;
                progress.at(at, size);
            }
        }
    }
}
