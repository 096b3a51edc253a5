package dev.tickbench.core.sampler;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/** A limit in bytes, or unlimited ("max"), written as JSON null: unlimited is not zero. */
public record LimitValue(Long bytes) {
    public static final LimitValue UNLIMITED = new LimitValue(null);

    void write(JsonGenerator g, String field) throws IOException {
        if (bytes == null) {
            g.writeNullField(field);
        } else {
            g.writeNumberField(field, bytes);
        }
    }

    void put(ObjectNode o, String field) {
        if (bytes == null) {
            o.putNull(field);
        } else {
            o.put(field, bytes);
        }
    }
}
