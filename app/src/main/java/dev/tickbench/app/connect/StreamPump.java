package dev.tickbench.app.connect;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.LineBytes;
import dev.tickbench.core.capture.LineSink;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Cuts a probe's stdout into lines for the sink and, when a new stream of the same connection begins
 * (a reconnect, a probe process started again), writes a {@code gap} line before its hello saying what
 * was lost. One pump lives across all reconnects of a connection.
 *
 * <p>A sample is not parsed here: the workbench decodes each line once, in its intake
 * (docs/workbench-intake.md). The pump keeps a copy of the last sample's bytes and reads its seq and
 * wall clock only when a new stream begins, which is rare.
 */
final class StreamPump {
    private static final JsonFactory JSON = new JsonFactory();

    private final LineSink sink;
    private byte[] buf = new byte[64 * 1024];
    /** The last sample line of the current stream (its first {@code lastSampleLength} bytes); none when 0. */
    private byte[] lastSample = new byte[4096];

    private int lastSampleLength;
    /** The current stream's rate (its hello's {@code rate_hz}), 0 when unknown. */
    private long rateHz;

    private boolean firstLineOfStream;
    private volatile long lastByteNanos = System.nanoTime();
    private volatile boolean bytesSinceBegin;

    StreamPump(LineSink sink) {
        this.sink = sink;
    }

    /** A new remote stream starts (first connect or reconnect): its first line should be a hello. */
    void beginStream() {
        firstLineOfStream = true;
        bytesSinceBegin = false;
        lastByteNanos = System.nanoTime();
    }

    /** Copies lines from {@code in} to the sink until end of stream; a partial last line is dropped. */
    void pump(InputStream in) throws IOException, SinkFailure {
        pump(in, null);
    }

    /** The same, running {@code firstLine} after the stream's first line reached the sink (the probe is up). */
    void pump(InputStream in, Runnable firstLine) throws IOException, SinkFailure {
        Runnable pending = firstLine;
        int filled = 0;
        while (true) {
            if (filled == buf.length) {
                buf = Arrays.copyOf(buf, buf.length * 2); // a line longer than the buffer (big hello)
            }
            int n = in.read(buf, filled, buf.length - filled);
            if (n < 0) {
                return;
            }
            lastByteNanos = System.nanoTime();
            bytesSinceBegin = true;
            int start = 0;
            int end = filled + n;
            for (int i = filled; i < end; i++) {
                if (buf[i] == '\n') {
                    line(buf, start, i + 1 - start);
                    start = i + 1;
                    if (pending != null) {
                        pending.run();
                        pending = null;
                    }
                }
            }
            System.arraycopy(buf, start, buf, 0, end - start);
            filled = end - start;
        }
    }

    long lastByteNanos() {
        return lastByteNanos;
    }

    /** Whether the current stream has sent anything yet (the probe may still be starting). */
    boolean bytesSinceBegin() {
        return bytesSinceBegin;
    }

    private void line(byte[] b, int off, int len) throws SinkFailure {
        if (LineBytes.isSample(b, off, len)) {
            if (lastSample.length < len) {
                lastSample = new byte[Math.max(len, lastSample.length * 2)];
            }
            System.arraycopy(b, off, lastSample, 0, len);
            lastSampleLength = len;
        } else if (LineBytes.isHello(b, off, len)) {
            if (firstLineOfStream && lastSampleLength > 0) {
                writeGap(b, off, len);
            }
            rateHz = Math.max(0, longField(b, off, len, "rate_hz", 0));
        }
        firstLineOfStream = false;
        deliver(b, off, len);
    }

    /**
     * The gap runs from the seq after the last one seen to where the old session would have got by
     * the new hello (elapsed wall time × rate): the new session counts seq from 1 again, so the
     * lost range can only be expressed in the old session's numbering.
     */
    private void writeGap(byte[] helloBytes, int off, int len) throws SinkFailure {
        long lastSeq = longField(lastSample, 0, lastSampleLength, "seq", -1);
        long lastWallNs = longField(lastSample, 0, lastSampleLength, "wall_ns", -1);
        lastSampleLength = 0; // the new session numbers its samples from 1
        if (lastSeq < 0) {
            return; // a sample without a seq: nothing to number the loss by
        }
        long from = lastSeq + 1;
        long to = from;
        long startedWall = longField(helloBytes, off, len, "started_wall_ns", -1);
        if (startedWall > lastWallNs && lastWallNs >= 0 && rateHz > 0) {
            long missed = (startedWall - lastWallNs) * rateHz / 1_000_000_000L;
            to = Math.max(from, lastSeq + missed);
        }
        byte[] gap = GapLine.encode(from, to, GapLine.UNKNOWN_COUNT, "reconnect");
        deliver(gap, 0, gap.length);
    }

    private void deliver(byte[] b, int off, int len) throws SinkFailure {
        try {
            sink.line(b, off, len);
        } catch (IOException | RuntimeException e) {
            throw new SinkFailure(e);
        }
    }

    /** The whole number {@code field} of a top-level object line; {@code orElse} when absent or unreadable. */
    private static long longField(byte[] b, int off, int len, String field, long orElse) {
        try (JsonParser p = JSON.createParser(b, off, len)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return orElse;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                if (field.equals(name) && t == JsonToken.VALUE_NUMBER_INT) {
                    return p.getLongValue();
                }
                p.skipChildren();
            }
        } catch (IOException e) {
            return orElse; // a corrupt line still goes to the sink, whose decoder reports it
        }
        return orElse;
    }

    /** The sink (the app's own receiver) threw: not a link problem, so no reconnect. */
    static final class SinkFailure extends Exception {
        SinkFailure(Throwable cause) {
            super(cause);
        }
    }
}
