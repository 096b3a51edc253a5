package dev.tickbench.app.recording;

import dev.tickbench.core.capture.CaptureFormatException;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.LineBytes;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.StreamLine;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * A capture decoded in parallel, handed out in file order. One thread reads the file (gunzips it) into
 * chunks of whole lines; a pool decodes several chunks at once; {@link #next()} returns them in order.
 * At most {@link #IN_FLIGHT} chunks are read ahead, so the heap holds a few MB of them, not the file.
 *
 * <p>Decoding may depend on lines before it (a hello, and in format 2 the lines that name the keys of
 * the samples after them), so every line that is not a sample, kmsg, throttle or gap line is kept by
 * the reading thread and given to each later chunk's decoder first (there are few of them; a hello
 * starts the list again). Line numbers, skipped empty lines and the messages of a bad line are those of
 * {@link CaptureReader}: a bad line is decoded again by it to say what is wrong.
 */
final class ChunkedDecode implements AutoCloseable {
    /** About 150 lines of 100 Hz samples: small enough for the first screen to come from the first few. */
    static final int CHUNK_BYTES = 1 << 20;

    static final int IN_FLIGHT = 8;
    private static final byte[][] DATA_TYPES = Stream.of("sample", "kmsg", "kmsg_gap", "throttle", "gap")
            .map(LineBytes::typePrefix)
            .toArray(byte[][]::new);

    /** Decoded lines of one chunk, in order, up to its bad line ({@code error}, else null). */
    record Chunk(List<StreamLine> lines, CaptureFormatException error, long bytesRead) {}

    private final Path file;
    private final int maxLineBytes;
    private final ExecutorService pool;
    private final ArrayBlockingQueue<CompletableFuture<Chunk>> ahead = new ArrayBlockingQueue<>(IN_FLIGHT);
    private final Thread reader;
    private volatile boolean closed;
    private boolean ended;

    ChunkedDecode(Path file, int maxLineBytes) {
        this.file = file;
        this.maxLineBytes = maxLineBytes;
        int decoders = Math.max(1, Runtime.getRuntime().availableProcessors());
        this.pool = Executors.newFixedThreadPool(decoders, r -> {
            Thread t = new Thread(r, "tickbench-open-decode");
            t.setDaemon(true);
            return t;
        });
        this.reader = new Thread(this::read, "tickbench-open-read");
        this.reader.setDaemon(true);
        this.reader.start();
    }

    /** The next chunk in file order; null after the last one (or after a chunk with an error). */
    Chunk next() throws IOException {
        if (ended) {
            return null;
        }
        try {
            Chunk c;
            while (true) {
                CompletableFuture<Chunk> f = ahead.poll(100, TimeUnit.MILLISECONDS);
                if (f != null) {
                    c = f.get();
                    break;
                }
                if (!reader.isAlive() && ahead.isEmpty()) {
                    throw new IOException(
                            "the reading thread of " + file.getFileName() + " ended without a last chunk");
                }
            }
            if (c == END) {
                ended = true;
                return null;
            }
            if (c.error() != null) {
                ended = true;
            }
            return c;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while opening " + file.getFileName(), e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof IOException io ? io : new IOException(String.valueOf(cause), cause);
        }
    }

    private static final Chunk END = new Chunk(List.of(), null, -1);

    private void read() {
        long lineNumber = 0; // lines wholly read so far
        List<byte[]> state = new ArrayList<>();
        byte[] buf = new byte[CHUNK_BYTES];
        int filled = 0;
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file)) {
            // progress is in bytes of the file (compressed, for .gz): the channel's position
            InputStream raw = java.nio.channels.Channels.newInputStream(ch);
            InputStream in = file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw, 65536) : raw;
            while (!closed) {
                int n;
                try {
                    n = in.read(buf, filled, buf.length - filled);
                } catch (EOFException | ZipException e) {
                    // the whole lines read before the damage are kept; the line it cut is the bad one
                    int end = lastNewline(buf, filled);
                    if (end >= 0) {
                        lineNumber = handChunk(buf, end + 1, lineNumber, state, ch.position());
                    }
                    hand(failed(
                            lineNumber + 1,
                            e instanceof EOFException
                                    ? "the file ends inside a compressed block (truncated gzip)"
                                    : "corrupt gzip data: " + e.getMessage(),
                            e));
                    return;
                }
                if (n < 0) {
                    if (filled > 0) { // a last line without '\n'
                        buf = Arrays.copyOf(buf, filled + 1);
                        buf[filled] = '\n';
                        handChunk(buf, filled + 1, lineNumber, state, ch.position());
                    }
                    hand(CompletableFuture.completedFuture(END));
                    return;
                }
                filled += n;
                int end = lastNewline(buf, filled);
                if (end < 0) {
                    if (filled > maxLineBytes) {
                        hand(failed(
                                lineNumber + 1,
                                "longer than " + (maxLineBytes >> 20)
                                        + " MiB, the limit for one line (FORMAT.md); not a Tickbench capture, or corrupt",
                                null));
                        return;
                    }
                    if (filled == buf.length) {
                        buf = Arrays.copyOf(buf, buf.length * 2); // one line longer than a chunk
                    }
                    continue;
                }
                if (filled < CHUNK_BYTES && n > 0 && filled < buf.length) {
                    continue; // fill the chunk first
                }
                byte[] chunk = buf;
                int chunkLen = end + 1;
                buf = new byte[Math.max(CHUNK_BYTES, filled - chunkLen)];
                System.arraycopy(chunk, chunkLen, buf, 0, filled - chunkLen);
                filled -= chunkLen;
                lineNumber = handChunk(chunk, chunkLen, lineNumber, state, ch.position());
            }
        } catch (IOException | RuntimeException e) {
            hand(CompletableFuture.failedFuture(e instanceof IOException ? e : new IOException(e.toString(), e)));
        }
    }

    /** Queues the decode of whole lines {@code b[0, len)}; returns the line number after them. */
    private long handChunk(byte[] b, int len, long firstLineMinusOne, List<byte[]> state, long bytesRead) {
        List<byte[]> before = List.copyOf(state);
        long lines = firstLineMinusOne;
        int start = 0;
        for (int i = 0; i < len; i++) {
            if (b[i] == '\n') {
                lines++;
                if (!isData(b, start, i - start)) {
                    byte[] line = Arrays.copyOfRange(b, start, i);
                    if (LineBytes.isHello(line, 0, line.length)) {
                        state.clear();
                    }
                    state.add(line);
                }
                start = i + 1;
            }
        }
        long first = firstLineMinusOne + 1;
        hand(CompletableFuture.supplyAsync(() -> decode(b, len, first, before, bytesRead), pool));
        return lines;
    }

    /** Queues {@code f} behind the chunks read before it; gives up only when closed. */
    private void hand(CompletableFuture<Chunk> f) {
        try {
            while (!closed) {
                if (ahead.offer(f, 100, TimeUnit.MILLISECONDS)) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // closed: nobody takes it
        }
    }

    private static CompletableFuture<Chunk> failed(long line, String message, Exception cause) {
        return CompletableFuture.completedFuture(
                new Chunk(List.of(), new CaptureFormatException(line, message, cause), -1));
    }

    /** Decodes whole lines {@code b[0, len)}, the first being {@code firstLine}, after the state lines before them. */
    private static Chunk decode(byte[] b, int len, long firstLine, List<byte[]> state, long bytesRead) {
        LineDecoder decoder = new LineDecoder();
        for (byte[] s : state) {
            try {
                decoder.decode(s, 0, s.length);
            } catch (IOException | RuntimeException e) {
                // a bad state line is reported by the chunk that holds it, which stops the replay there
            }
        }
        List<StreamLine> out = new ArrayList<>(256);
        long line = firstLine;
        int start = 0;
        for (int i = 0; i < len; i++) {
            if (b[i] != '\n') {
                continue;
            }
            int l = i - start;
            if (!(l == 0 || (l == 1 && b[start] == '\r'))) {
                try {
                    out.add(decoder.decode(b, start, l));
                } catch (IOException | RuntimeException e) {
                    return new Chunk(out, badLine(state, b, start, l, line), bytesRead);
                }
            }
            line++;
            start = i + 1;
        }
        return new Chunk(out, null, bytesRead);
    }

    /** What {@link CaptureReader} says of this line, at its line number in the file. */
    private static CaptureFormatException badLine(List<byte[]> state, byte[] b, int off, int len, long lineNumber) {
        ByteArrayOutputStream replay = new ByteArrayOutputStream();
        for (byte[] s : state) {
            replay.writeBytes(s);
            replay.write('\n');
        }
        replay.write(b, off, len);
        replay.write('\n');
        String message = "not a valid stream line";
        try (CaptureReader r = new CaptureReader(new ByteArrayInputStream(replay.toByteArray()))) {
            while (r.next() != null) {
                // the state lines, then the bad line throws
            }
        } catch (CaptureFormatException e) {
            message = e.getMessage().replaceFirst("^line \\d+: ", "");
        } catch (IOException e) {
            message = e.getMessage();
        }
        return new CaptureFormatException(lineNumber, message, null);
    }

    private static boolean isData(byte[] b, int off, int len) {
        for (byte[] t : DATA_TYPES) {
            if (LineBytes.isType(b, off, len, t)) {
                return true;
            }
        }
        return false;
    }

    private static int lastNewline(byte[] b, int len) {
        for (int i = len - 1; i >= 0; i--) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    @Override
    public void close() {
        closed = true;
        reader.interrupt();
        pool.shutdownNow();
    }
}
