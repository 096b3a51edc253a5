package dev.tickbench.core.capture;

import java.nio.charset.StandardCharsets;

/** Samples {@code fromSeq..toSeq} were lost (reconnect, overrun). */
public record GapLine(long fromSeq, long toSeq, String reason) implements StreamLine {
    /** The count is not known (a reconnect estimates the range from the wall clock). */
    public static final long UNKNOWN_COUNT = -1;
    /** The line type of a gap. */
    public static final String TYPE = "gap";

    /**
     * The one encoder of a gap line (FORMAT.md "gap"): {@code {"type":"gap","from_seq":F,"to_seq":T,
     * "dropped":N,"reason":R}} and its newline; {@code dropped} is left out when {@link #UNKNOWN_COUNT}.
     * {@code reason} is one of our own words (ASCII, nothing to escape).
     */
    public static byte[] encode(long fromSeq, long toSeq, long dropped, String reason) {
        StringBuilder b = new StringBuilder(96)
                .append(LineBytes.typeOpening(TYPE))
                .append(",\"from_seq\":")
                .append(fromSeq)
                .append(",\"to_seq\":")
                .append(toSeq);
        if (dropped != UNKNOWN_COUNT) {
            b.append(",\"dropped\":").append(dropped);
        }
        return b.append(",\"reason\":\"")
                .append(reason)
                .append("\"}\n")
                .toString()
                .getBytes(StandardCharsets.US_ASCII);
    }
}
