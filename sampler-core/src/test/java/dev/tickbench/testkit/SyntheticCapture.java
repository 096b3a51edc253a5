package dev.tickbench.testkit;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.capture.CaptureWriter;
import dev.tickbench.core.capture.JsonLineWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The test kit's one builder of small captures and streams, written line by line with the project's
 * own line writer (FORMAT.md): a hello, then samples carrying the sources and values the test chooses,
 * gap lines and skipped ticks. Two clocks: a capture file has fixed times (tick n is at
 * {@link #START_MONO_NS} + n / rate), a live stream ({@link #stream}) has this machine's clocks and
 * is paced at the rate. A realistic, busy capture of a whole board is {@link RouterCapture}.
 */
public final class SyntheticCapture implements Closeable {
    public static final long START_MONO_NS = 5_000_000_000L;
    public static final long START_WALL_NS = 1_764_446_400_000_000_000L;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Closeable target;
    private final JsonLineWriter out;
    private final int rateHz;
    private final boolean liveClock;
    /** The fixed wall clock's start (the hello's started_wall_ns): {@link #START_WALL_NS} unless another is given. */
    private final long startWallNs;

    private long kmsgSeq;
    private long seq;
    /** Slots skipped so far (time passes, seq does not): the fixed clocks run this far ahead of seq. */
    private long slipped;

    private long skippedBeforeNext;

    private SyntheticCapture(
            Closeable target,
            JsonLineWriter out,
            int rateHz,
            int floorHz,
            ObjectNode attributes,
            ObjectNode capabilities,
            boolean liveClock,
            long startWallNs)
            throws IOException {
        this.target = target;
        this.out = out;
        this.rateHz = rateHz;
        this.liveClock = liveClock;
        this.startWallNs = startWallNs;
        JsonGenerator g = out.begin("hello");
        g.writeNumberField("format", 1);
        g.writeObjectFieldStart("probe");
        g.writeStringField("version", "test");
        g.writeEndObject();
        g.writeObjectFieldStart("host");
        g.writeStringField("hostname", "synthetic-1");
        g.writeStringField("board", "Test Board");
        g.writeStringField("kernel", "6.6.0-test");
        g.writeNumberField("cores", 2);
        g.writeNumberField("user_hz", 100);
        g.writeEndObject();
        g.writeNumberField("rate_hz", rateHz);
        g.writeNumberField("floor_hz", floorHz);
        g.writeNumberField("started_wall_ns", liveClock ? System.currentTimeMillis() * 1_000_000L : startWallNs);
        g.writeNumberField("started_mono_ns", liveClock ? System.nanoTime() : START_MONO_NS);
        ObjectNode caps = MAPPER.createObjectNode();
        caps.put("rate_hz", rateHz);
        caps.put("floor_hz", floorHz);
        caps.set("attributes", attributes);
        if (capabilities != null) {
            caps.setAll(capabilities);
        }
        g.writeFieldName("capabilities");
        MAPPER.writeTree(g, caps);
        out.end();
    }

    /**
     * A capture file (gzip when the name ends in .gz) with fixed clocks.
     *
     * @param attributes capabilities {@code attributes} (e.g. thermal polling delays); may be empty
     */
    public static SyntheticCapture file(Path path, int rateHz, int floorHz, ObjectNode attributes) throws IOException {
        return file(path, rateHz, floorHz, attributes, null);
    }

    /** A capture file whose hello's capabilities also hold {@code capabilities} (cadences, heartbeat_s…). */
    public static SyntheticCapture file(
            Path path, int rateHz, int floorHz, ObjectNode attributes, ObjectNode capabilities) throws IOException {
        return file(path, rateHz, floorHz, attributes, capabilities, START_WALL_NS);
    }

    /** The same, its wall clock starting at {@code startWallNs} (a capture recorded at another time; mono unchanged). */
    public static SyntheticCapture file(
            Path path, int rateHz, int floorHz, ObjectNode attributes, ObjectNode capabilities, long startWallNs)
            throws IOException {
        CaptureWriter file = CaptureWriter.open(path);
        return new SyntheticCapture(
                file, new JsonLineWriter(file), rateHz, floorHz, attributes, capabilities, false, startWallNs);
    }

    /** A live stream on {@code out} (each line flushed) with this machine's clocks; closing it leaves {@code out} open. */
    public static SyntheticCapture live(OutputStream out, int rateHz) throws IOException {
        JsonLineWriter w = new JsonLineWriter((b, off, len) -> {
            out.write(b, off, len);
            out.flush();
        });
        return new SyntheticCapture(() -> {}, w, rateHz, 0, attributes(), null, true, 0);
    }

    /**
     * Writes a live stream, as a probe's {@code stream} would: hello, then {@code samples} samples
     * one period apart, each with a {@code stat} counter; a negative count runs until the write fails.
     */
    public static void stream(OutputStream out, int rateHz, int samples) throws IOException, InterruptedException {
        SyntheticCapture s = live(out, rateHz);
        long periodMs = 1000L / rateHz;
        for (long n = 1; samples < 0 || n <= samples; n++) {
            Thread.sleep(periodMs); // the stream's pace, as the probe's tick would be
            s.sample(Map.of("stat", values("ctxt", 100 + n)));
        }
    }

    public static ObjectNode attributes() {
        return MAPPER.createObjectNode();
    }

    /** The next tick's sample, carrying the given sources (and a {@code stat} counter, which is not a level). */
    public void sample(Map<String, Map<String, Long>> sources) throws IOException {
        JsonGenerator g = beginSample();
        if (!sources.containsKey("stat")) {
            g.writeObjectFieldStart("stat");
            g.writeNumberField("cpu.user", seq % 3);
            g.writeEndObject();
        }
        for (Map.Entry<String, Map<String, Long>> s : sources.entrySet()) {
            g.writeObjectFieldStart(s.getKey());
            for (Map.Entry<String, Long> v : s.getValue().entrySet()) {
                g.writeNumberField(v.getKey(), v.getValue());
            }
            g.writeEndObject();
        }
        out.end();
    }

    /** A sample carrying one source whose keys are written as given, repeats included (a kernel file with two entries of one name). */
    public void sampleWithRepeatedKeys(String source, Object... keyValues) throws IOException {
        JsonGenerator g = beginSample();
        g.writeObjectFieldStart(source);
        for (int i = 0; i < keyValues.length; i += 2) {
            g.writeNumberField((String) keyValues[i], ((Number) keyValues[i + 1]).longValue());
        }
        g.writeEndObject();
        out.end();
    }

    private JsonGenerator beginSample() throws IOException {
        seq++;
        long dt = 1_000_000_000L / rateHz;
        JsonGenerator g = out.begin("sample");
        g.writeNumberField("seq", seq);
        long slot = seq + slipped;
        g.writeNumberField("mono_ns", liveClock ? System.nanoTime() : START_MONO_NS + slot * dt);
        g.writeNumberField("wall_ns", liveClock ? System.currentTimeMillis() * 1_000_000L : startWallNs + slot * dt);
        g.writeNumberField("dt_ns", dt * (1 + skippedBeforeNext));
        if (skippedBeforeNext > 0) {
            g.writeNumberField("skipped", skippedBeforeNext);
            skippedBeforeNext = 0;
        }
        return g;
    }

    /** A gap line for the next tick. */
    public void gap(String reason) throws IOException {
        JsonGenerator g = out.begin("gap");
        g.writeNumberField("from_seq", seq + 1);
        g.writeNumberField("to_seq", seq + 1);
        g.writeStringField("reason", reason);
        out.end();
    }

    /**
     * A kernel log record half a period before the next tick, by the fixed clocks (written before that tick's
     * sample, as the probe writes them): on the wall clock at {@link #nextTickWallNs()} − period / 2, through
     * the hello's wall/mono pair.
     */
    public void kmsgBeforeNextTick(String msg) throws IOException {
        long dt = 1_000_000_000L / rateHz;
        long mono = START_MONO_NS + (seq + slipped + 1) * dt - dt / 2;
        JsonGenerator g = out.begin("kmsg");
        g.writeNumberField("mono_ns", mono);
        g.writeNumberField("prio", 6);
        g.writeNumberField("facility", 0);
        g.writeNumberField("seq", ++kmsgSeq);
        g.writeNumberField("us", mono / 1000);
        g.writeStringField("msg", msg);
        out.end();
    }

    /** The wall clock of the next tick's sample (fixed clocks). */
    public long nextTickWallNs() {
        return startWallNs + (seq + slipped + 1) * (1_000_000_000L / rateHz);
    }

    /** Skips {@code ticks} ticks (time passes, nothing written). */
    public void skip(int ticks) {
        seq += ticks;
    }

    /**
     * The sampler ran late and skipped {@code ticks} slots (FORMAT.md, {@code skipped}): time passes,
     * {@code seq} stays consecutive, and the next sample says how many it skipped.
     */
    public void slip(int ticks) {
        slipped += ticks;
        skippedBeforeNext += ticks;
    }

    /** An ordered map of key, value pairs: {@code values("temp", 41000, "crit", 95000)}. */
    public static Map<String, Long> values(Object... keyValues) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], ((Number) keyValues[i + 1]).longValue());
        }
        return m;
    }

    @Override
    public void close() throws IOException {
        target.close();
    }
}
