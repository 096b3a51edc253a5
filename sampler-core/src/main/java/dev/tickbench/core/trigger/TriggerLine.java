package dev.tickbench.core.trigger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.core.capture.LineBytes;
import java.io.IOException;

/**
 * A {@code trigger} line (FORMAT.md "trigger"): a trigger fired on the tick of {@code seq}. Readers that
 * do not know the type skip it; the flight recorder cuts a capture around it, in the probe or from a
 * stream it receives.
 *
 * @param monoNs the tick's monotonic time; {@code wallNs} its wall clock
 * @param trigger the trigger's name; {@code expression} as armed; {@code kind} psi, kmsg, condition, change
 * @param values the values that made it fire
 */
public record TriggerLine(
        long seq,
        long monoNs,
        long wallNs,
        String trigger,
        String expression,
        String kind,
        long fired,
        JsonNode values) {
    /** The line type of a firing. */
    public static final String TYPE = "trigger";
    /** The line type of the armed set, written when it changes. */
    public static final String SET_TYPE = "triggers";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final byte[] PREFIX = LineBytes.typePrefix(TYPE);

    /** Whether the line is a {@code trigger} line, as writers write it (type first). */
    public static boolean is(byte[] b, int off, int len) {
        return LineBytes.isType(b, off, len, PREFIX);
    }

    /** Parses a line {@link #is} accepted. */
    public static TriggerLine parse(byte[] b, int off, int len) throws IOException {
        return of(JSON.readTree(b, off, len));
    }

    /** From a decoded line's tree (an OtherLine of type trigger). */
    public static TriggerLine of(JsonNode n) throws IOException {
        if (!TYPE.equals(n.path("type").asText()) || !n.path("trigger").isTextual()) {
            throw new IOException("not a trigger line");
        }
        return new TriggerLine(
                n.path("seq").asLong(),
                n.path("mono_ns").asLong(),
                n.path("wall_ns").asLong(),
                n.path("trigger").asText(),
                n.path("expr").asText(""),
                n.path("kind").asText(""),
                n.path("fired").asLong(),
                n.path("values"));
    }
}
