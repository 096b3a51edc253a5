package dev.tickbench.core.capture;

/**
 * The two encodings of a sample line (FORMAT.md). v1 names every value ({@code "stat":{"cpu.user":3,…}});
 * v2 names each source's keys once, in the hello and in {@code schema} lines when a key set changes, and
 * carries the values by position ({@code "stat":[3,…]}). Every reader reads both; writers write v2
 * unless asked for v1 ({@code --format 1}) for a consumer that predates v2.
 */
public enum StreamFormat {
    V1(1),
    V2(2);

    /** What {@code stream}, {@code record}, {@code serve} and the workbench write. */
    public static final StreamFormat DEFAULT = V2;

    private final int number;

    StreamFormat(int number) {
        this.number = number;
    }

    /** The hello's {@code "format"} value. */
    public int number() {
        return number;
    }

    /** The format numbered {@code n}; a clear message for any other number. */
    public static StreamFormat of(int n) {
        for (StreamFormat f : values()) {
            if (f.number == n) {
                return f;
            }
        }
        throw new IllegalArgumentException("format must be 1 or 2, got " + n);
    }
}
