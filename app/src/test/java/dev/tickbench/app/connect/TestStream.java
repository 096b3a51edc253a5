package dev.tickbench.app.connect;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.tickbench.core.capture.JsonLineWriter;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes a small but well-formed stream (hello, then samples at {@code rateHz}) with the project's
 * own line writer, for connection tests that need a remote command before the real sampler is used.
 */
final class TestStream {
    private TestStream() {}

    /** Writes hello and {@code samples} samples, {@code 1000/rateHz} ms apart; a negative count runs until the write fails. */
    static void write(OutputStream out, int rateHz, int samples) throws IOException, InterruptedException {
        JsonLineWriter w = new JsonLineWriter((b, off, len) -> {
            out.write(b, off, len);
            out.flush();
        });
        long wall0 = System.currentTimeMillis() * 1_000_000L;
        long mono0 = System.nanoTime();
        JsonGenerator g = w.begin("hello");
        g.writeNumberField("format", 1);
        g.writeObjectFieldStart("probe");
        g.writeStringField("version", "test");
        g.writeEndObject();
        g.writeObjectFieldStart("host");
        g.writeStringField("hostname", "in-process");
        g.writeNullField("board");
        g.writeStringField("kernel", "6.1.0");
        g.writeNumberField("cores", 2);
        g.writeNumberField("user_hz", 100);
        g.writeEndObject();
        g.writeNumberField("rate_hz", rateHz);
        g.writeNumberField("floor_hz", 0);
        g.writeNumberField("started_wall_ns", wall0);
        g.writeNumberField("started_mono_ns", mono0);
        g.writeObjectFieldStart("capabilities");
        g.writeNumberField("rate_hz", rateHz);
        g.writeEndObject();
        w.end();
        long periodMs = 1000L / rateHz;
        for (long seq = 1; samples < 0 || seq <= samples; seq++) {
            Thread.sleep(periodMs);
            g = w.begin("sample");
            g.writeNumberField("seq", seq);
            g.writeNumberField("mono_ns", System.nanoTime());
            g.writeNumberField("wall_ns", System.currentTimeMillis() * 1_000_000L);
            g.writeNumberField("dt_ns", periodMs * 1_000_000L);
            g.writeObjectFieldStart("stat");
            g.writeNumberField("ctxt", 100 + seq);
            g.writeEndObject();
            w.end();
        }
    }
}
