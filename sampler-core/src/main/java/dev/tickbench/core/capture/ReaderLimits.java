package dev.tickbench.core.capture;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import dev.tickbench.core.cadence.Floors;
import java.io.IOException;

/**
 * What every reader of a capture or a stream accepts (FORMAT.md "Reader limits"), beside the 4 MiB
 * line of {@link LineInput}: fixed numbers, not derived from the heap, so one file reads the same
 * everywhere. Counts alone did not bound memory (16 lines of 80 names of 49 000 characters each were
 * 1280 series and 63 MB of names), so text is bounded in bytes too: each name, the names of a line, the
 * series names of a capture and the text of a line read as a tree. FORMAT.md adds up what a reader
 * holds at every limit at once; it fits the probe's packaged heap (-Xmx32m), with a CSV export of a
 * capture at the limits, the reader that keeps the most, running there ({@code ReaderWorstCaseTest}).
 * Real captures are far below them: a 32-core server has about 1000 series, 20 KB of series names
 * (the longest 37 bytes) and 1000 values per sample line, its hello about 500 JSON values.
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
    /**
     * One name (a source, a key, any JSON field name), in UTF-8 bytes as in the file: the longest real
     * one is a cgroup level's path with its counter ({@code cgroup_cpu}), under PATH_MAX (4096 bytes).
     */
    public static final int MAX_NAME_BYTES = 8 << 10;
    /**
     * The names of one line, in characters, each occurrence counted: what the parser decodes of a line
     * beside its numbers (in characters, not bytes: counted on every line, this must cost nothing). A
     * format 1 sample line at the series limit names 32 768 keys of 32 characters.
     */
    public static final int MAX_LINE_NAME_CHARS = 1 << 20;
    /**
     * The names of a capture's distinct series, in UTF-8 bytes: each {@code source.key} as a whole (what
     * a CSV header or a diff spells out), each source's name once more. 32 bytes a series at the series limit.
     */
    public static final int MAX_SERIES_NAME_BYTES = 1 << 20;
    /**
     * A hello's {@code rate_hz}: the sampler's highest rate. Readers hold a window of a second of ticks
     * for each derived series: a hello that claimed two million ticks a second made one of 160 MB.
     */
    public static final int MAX_RATE_HZ = Floors.MAX_RATE_HZ;
    /**
     * The names, strings and numbers of a line read as a tree, in UTF-8 bytes: a real hello has 2 to 7
     * KB of them (370 JSON values on a 2-core VM), 16 bytes a value at the values' limit.
     */
    public static final int MAX_TREE_TEXT_BYTES = 256 << 10;

    /**
     * A string the reader decodes (a hello's text, a kmsg message, a key of a key list), in characters:
     * Jackson refuses a longer one while it decodes it. Strings a reader skips are not decoded.
     */
    static final int MAX_STRING_CHARS = MAX_TREE_TEXT_BYTES;

    private ReaderLimits() {}

    /**
     * The names that are not series names (fields, keys of values that are not readings, names inside
     * a tree) a reader's parsers may have decoded before their table of names is replaced with a new
     * one ({@link LineParsers}): what it keeps of them stays under this (with the last line's); a real
     * capture's sample line has about 50 characters of them.
     */
    static final int STRAY_NAME_CHARS = 64 << 10;

    /** A line past one of the limits: the reader stops there (its line number is reported), as at a corrupt line. */
    public static final class LimitException extends IOException {
        LimitException(String what) {
            super(what
                    + " (the limit of every reader, FORMAT.md \"Reader limits\"); not a Tickbench capture, or corrupt");
        }
    }

    /** One of Jackson's own limits, in the words of the others (its message quotes no content, but is its own). */
    static LimitException of(StreamConstraintsException e) {
        String m = String.valueOf(e.getMessage());
        if (m.startsWith("Name length")) {
            return tooLongName();
        }
        if (m.startsWith("String value length")) {
            return new LimitException("a string of more than " + MAX_STRING_CHARS + " characters");
        }
        if (m.startsWith("Number value length")) {
            return new LimitException("a number of more than " + StreamReadConstraints.DEFAULT_MAX_NUM_LEN + " digits");
        }
        if (m.startsWith("Document nesting depth")) {
            return new LimitException("nested deeper than " + MAX_DEPTH + " levels");
        }
        return new LimitException("past a limit of the JSON parser");
    }

    static LimitException tooLongName() {
        return new LimitException("a name longer than " + MAX_NAME_BYTES + " bytes");
    }

    static LimitException tooFast() {
        return new LimitException("a hello's rate_hz above " + MAX_RATE_HZ + " Hz");
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

    static LimitException tooMuchLineNames() {
        return new LimitException("names of more than " + MAX_LINE_NAME_CHARS + " characters in one line");
    }

    static LimitException tooMuchSeriesNames() {
        return new LimitException("series names of more than " + mib(MAX_SERIES_NAME_BYTES) + " in all");
    }

    static LimitException tooMuchTreeText() {
        return new LimitException("names and text of more than " + mib(MAX_TREE_TEXT_BYTES) + " in one line");
    }

    private static String mib(int bytes) {
        return bytes >= 1 << 20 ? (bytes >> 20) + " MiB" : (bytes >> 10) + " KiB";
    }

    /** The UTF-8 length of {@code s} (a lone surrogate counts 2). */
    static int utf8Length(String s) {
        int n = s.length();
        int bytes = n;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                bytes += c < 0x800 ? 1 : Character.isSurrogate(c) ? 1 : 2; // a pair's 4 bytes: 2 per char
            }
        }
        return bytes;
    }
}
