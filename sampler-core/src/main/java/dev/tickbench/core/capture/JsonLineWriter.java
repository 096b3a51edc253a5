package dev.tickbench.core.capture;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.tickbench.core.text.JsonOutput;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * Builds one NDJSON line at a time in a reusable buffer and hands it to a {@link LineSink}, text
 * escaped as every JSON output ({@link JsonOutput}). Not thread-safe: one writer per producing thread.
 */
public final class JsonLineWriter {
    private static final JsonFactory FACTORY = JsonOutput.newFactory();

    private final Buffer buffer = new Buffer();
    private final JsonGenerator gen;
    private final LineSink sink;

    public JsonLineWriter(LineSink sink) {
        this.sink = sink;
        try {
            this.gen = FACTORY.createGenerator(buffer);
            this.gen.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            this.gen.setRootValueSeparator(null); // each line is its own root value; no leading space
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Starts a line {@code {"type":type, …}}; write the fields, then call {@link #end()}. */
    public JsonGenerator begin(String type) throws IOException {
        buffer.reset();
        gen.writeStartObject();
        gen.writeStringField("type", type);
        return gen;
    }

    /** Closes the object and hands the line to the sink. */
    public void end() throws IOException {
        gen.writeEndObject();
        gen.flush();
        buffer.write('\n');
        sink.line(buffer.array(), 0, buffer.size());
    }

    private static final class Buffer extends ByteArrayOutputStream {
        Buffer() {
            super(16384);
        }

        byte[] array() {
            return buf;
        }
    }
}
