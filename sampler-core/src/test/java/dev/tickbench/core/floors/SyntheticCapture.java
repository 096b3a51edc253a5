package dev.tickbench.core.floors;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.capture.CaptureWriter;
import dev.tickbench.core.capture.JsonLineWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Writes a capture line by line with the real writer, with level series the test chooses. */
final class SyntheticCapture implements Closeable {
    static final long START_MONO_NS = 5_000_000_000L;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final CaptureWriter file;
    private final JsonLineWriter out;
    private final int rateHz;
    private long seq;

    /**
     * @param attributes capabilities {@code attributes} (e.g. thermal polling delays); may be empty
     */
    SyntheticCapture(Path path, int rateHz, int floorHz, ObjectNode attributes) throws IOException {
        this.file = CaptureWriter.open(path);
        this.out = new JsonLineWriter(file);
        this.rateHz = rateHz;
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
        g.writeNumberField("started_wall_ns", 1_764_446_400_000_000_000L);
        g.writeNumberField("started_mono_ns", START_MONO_NS);
        ObjectNode caps = MAPPER.createObjectNode();
        caps.put("rate_hz", rateHz);
        caps.put("floor_hz", floorHz);
        caps.set("attributes", attributes);
        g.writeFieldName("capabilities");
        MAPPER.writeTree(g, caps);
        out.end();
    }

    static ObjectNode attributes() {
        return MAPPER.createObjectNode();
    }

    /** One sample line at tick {@code seq} (mono = start + seq / rate), carrying the given sources. */
    void sample(Map<String, Map<String, Long>> sources) throws IOException {
        seq++;
        long dt = 1_000_000_000L / rateHz;
        JsonGenerator g = out.begin("sample");
        g.writeNumberField("seq", seq);
        g.writeNumberField("mono_ns", START_MONO_NS + seq * dt);
        g.writeNumberField("wall_ns", 1_764_446_400_000_000_000L + seq * dt);
        g.writeNumberField("dt_ns", dt);
        g.writeObjectFieldStart("stat");
        g.writeNumberField("cpu.user", seq % 3); // a counter source: not a level, must be ignored
        g.writeEndObject();
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
    void sampleWithRepeatedKeys(String source, Object... keyValues) throws IOException {
        seq++;
        long dt = 1_000_000_000L / rateHz;
        JsonGenerator g = out.begin("sample");
        g.writeNumberField("seq", seq);
        g.writeNumberField("mono_ns", START_MONO_NS + seq * dt);
        g.writeNumberField("wall_ns", 1_764_446_400_000_000_000L + seq * dt);
        g.writeNumberField("dt_ns", dt);
        g.writeObjectFieldStart(source);
        for (int i = 0; i < keyValues.length; i += 2) {
            g.writeNumberField((String) keyValues[i], ((Number) keyValues[i + 1]).longValue());
        }
        g.writeEndObject();
        out.end();
    }

    void gap(String reason) throws IOException {
        JsonGenerator g = out.begin("gap");
        g.writeNumberField("from_seq", seq + 1);
        g.writeNumberField("to_seq", seq + 1);
        g.writeStringField("reason", reason);
        out.end();
    }

    /** Skips {@code ticks} ticks (time passes, nothing written). */
    void skip(int ticks) {
        seq += ticks;
    }

    static Map<String, Long> values(Object... keyValues) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], ((Number) keyValues[i + 1]).longValue());
        }
        return m;
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
