package dev.tickbench.core.capture;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;

/**
 * What every reader of a capture or a stream accepts (FORMAT.md "Reader limits"), beside the 4 MiB
 * line of {@link LineInput}: fixed numbers, not derived from the heap, so one file reads the same
 * everywhere, and small enough that a file at every limit at once is read in the probe's packaged
 * heap (-Xmx32m): a CSV export of a capture with 32 000 series, the most memory any reader keeps per
 * series, runs there (measured: SECURITY.md). Real captures are far below them: a
 * 32-core server has about 1000 series and 1000 values per sample line, its hello about 500 JSON values.
 */
public final class ReaderLimits {
    /** Objects and arrays inside one another in one line (a real line nests 5 deep). */
    public static final int MAX_DEPTH = 32;
    /** Values in one line: every source, key, value and list entry of a sample, every key of a schema. */
    public static final int MAX_VALUES_PER_LINE = 1 << 15;
    /** JSON values of a line read as a tree (a hello without its key lists, kmsg, throttle, unknown types). */
    public static final int MAX_TREE_VALUES = 1 << 14;
    /** Distinct series ({@code source.key} names, sources counted too) in one capture or stream. */
    public static final int MAX_SERIES = 1 << 15;

    /** The parser every reader uses: Jackson refuses deeper nesting itself, before any of it is built. */
    static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .build();

    private ReaderLimits() {}

    /** A line past one of the limits: the reader stops there (its line number is reported), as at a corrupt line. */
    public static final class LimitException extends IOException {
        LimitException(String what) {
            super(what + " (the limit of every reader, FORMAT.md \"Reader limits\"); not a Tickbench capture, or corrupt");
        }
    }

    static LimitException tooDeep() {
        return new LimitException("nested deeper than " + MAX_DEPTH + " levels");
    }

    static LimitException tooManyValues() {
        return new LimitException("more than " + MAX_VALUES_PER_LINE + " values in one line");
    }

    static LimitException tooManyTreeValues() {
        return new LimitException("more than " + MAX_TREE_VALUES + " JSON values in one line");
    }

    static LimitException tooManySeries() {
        return new LimitException("more than " + MAX_SERIES + " distinct series");
    }
}
