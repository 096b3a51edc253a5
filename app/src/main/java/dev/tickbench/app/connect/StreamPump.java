package dev.tickbench.app.connect;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tickbench.core.capture.LineSink;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Cuts a probe's stdout into lines for the sink and remembers where the stream got to (last
 * sample seq and wall clock), so that after a reconnect a {@code gap} line can say what was lost
 * before the new session's hello. One pump lives across all reconnects of a connection.
 */
final class StreamPump {
    private static final JsonFactory JSON = new JsonFactory();
    private static final byte[] SAMPLE_PREFIX = "{\"type\":\"sample\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HELLO_PREFIX = "{\"type\":\"hello\"".getBytes(StandardCharsets.US_ASCII);

    private final LineSink sink;
    private byte[] buf = new byte[64 * 1024];
    private Long lastSeq;
    private Long lastWallNs;
    private int rateHz;
    private boolean firstLineOfStream;
    private volatile long lastByteNanos = System.nanoTime();
    private volatile boolean bytesSinceBegin;
    private long lines;

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

    Long lastSeq() {
        return lastSeq;
    }

    long lines() {
        return lines;
    }

    private void line(byte[] b, int off, int len) throws SinkFailure {
        if (startsWith(b, off, len, SAMPLE_PREFIX)) {
            noteSample(b, off, len);
        } else if (startsWith(b, off, len, HELLO_PREFIX)) {
            if (firstLineOfStream && lastSeq != null) {
                writeGap(b, off, len);
            }
            Long rate = longField(b, off, len, "rate_hz");
            rateHz = rate == null ? 0 : rate.intValue();
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
        long from = lastSeq + 1;
        long to = from;
        Long startedWall = longField(helloBytes, off, len, "started_wall_ns");
        if (startedWall != null && lastWallNs != null && rateHz > 0 && startedWall > lastWallNs) {
            long missed = (startedWall - lastWallNs) * rateHz / 1_000_000_000L;
            to = Math.max(from, lastSeq + missed);
        }
        byte[] gap = ("{\"type\":\"gap\",\"from_seq\":" + from + ",\"to_seq\":" + to + ",\"reason\":\"reconnect\"}\n")
                .getBytes(StandardCharsets.US_ASCII);
        deliver(gap, 0, gap.length);
        lastSeq = null; // the new session numbers its samples from 1
        lastWallNs = null;
    }

    private void deliver(byte[] b, int off, int len) throws SinkFailure {
        try {
            sink.line(b, off, len);
            lines++;
        } catch (IOException | RuntimeException e) {
            throw new SinkFailure(e);
        }
    }

    private void noteSample(byte[] b, int off, int len) {
        try (JsonParser p = JSON.createParser(b, off, len)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return;
            }
            Long seq = null;
            Long wall = null;
            while (p.nextToken() == JsonToken.FIELD_NAME && (seq == null || wall == null)) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                if ("seq".equals(name) && t == JsonToken.VALUE_NUMBER_INT) {
                    seq = p.getLongValue();
                } else if ("wall_ns".equals(name) && t == JsonToken.VALUE_NUMBER_INT) {
                    wall = p.getLongValue();
                } else {
                    p.skipChildren();
                }
            }
            if (seq != null) {
                lastSeq = seq;
                lastWallNs = wall;
            }
        } catch (IOException e) {
            // a corrupt sample still goes to the sink, whose decoder reports it; it just gives no seq
        }
    }

    private static Long longField(byte[] b, int off, int len, String field) {
        try (JsonParser p = JSON.createParser(b, off, len)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
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
            return null;
        }
        return null;
    }

    private static boolean startsWith(byte[] b, int off, int len, byte[] prefix) {
        if (len < prefix.length) {
            return false;
        }
        return Arrays.equals(b, off, off + prefix.length, prefix, 0, prefix.length);
    }

    /** The sink (the app's own receiver) threw: not a link problem, so no reconnect. */
    static final class SinkFailure extends Exception {
        SinkFailure(Throwable cause) {
            super(cause);
        }
    }
}
