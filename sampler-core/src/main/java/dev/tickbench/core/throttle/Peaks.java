package dev.tickbench.core.throttle;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.OptionalDouble;

/**
 * Maxima since the last drain, in percent. A dimension that no sample carried is empty, never 0
 * (on a fixture root there may be no disk at all).
 */
public record Peaks(OptionalDouble cpu, OptionalDouble mem, OptionalDouble iowait, OptionalDouble disk) {

    /** The {@code peaks} object of a throttle line (FORMAT.md); a field left out is empty. */
    public static Peaks fromLine(JsonNode peaks) {
        return new Peaks(field(peaks, "cpu"), field(peaks, "mem"), field(peaks, "iowait"), field(peaks, "disk"));
    }

    private static OptionalDouble field(JsonNode peaks, String name) {
        JsonNode v = peaks == null ? null : peaks.get(name);
        return v != null && v.isNumber() ? OptionalDouble.of(v.asDouble()) : OptionalDouble.empty();
    }
}
