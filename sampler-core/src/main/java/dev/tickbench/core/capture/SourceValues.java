package dev.tickbench.core.capture;

/**
 * The values one source carried on one sample line, in the order they were written. Read only: the keys
 * array may be shared with other lines of the stream (a v2 decoder hands its schema's key list to every
 * line that carries all of its values).
 */
public record SourceValues(String[] keys, long[] values) {
    public int size() {
        return keys.length;
    }

    /** The value of {@code key}, or null when the line did not carry it (missing is not zero). */
    public Long get(String key) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i].equals(key)) {
                return values[i];
            }
        }
        return null;
    }
}
