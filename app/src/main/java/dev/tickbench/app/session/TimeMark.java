package dev.tickbench.app.session;

/**
 * Something shown on the shared time axis of every chart.
 *
 * @param x start, epoch seconds
 * @param toX end for ranges (gaps), equal to {@code x} for instants (kmsg, session start)
 * @param text the hover / list text
 */
public record TimeMark(Kind kind, double x, double toX, String text) {
    public enum Kind { KMSG, GAP, SESSION, TRIGGER }

    /** A {@code trigger} line (docs/triggers.md, "Lines"): the tick it fired on, its name, count, expression and values. */
    static TimeMark trigger(com.fasterxml.jackson.databind.JsonNode line) {
        double x = line.path("wall_ns").asLong() / 1e9; // the tick's wall time, as its sample is drawn
        return new TimeMark(Kind.TRIGGER, x, x, "trigger " + line.path("trigger").asText() + " fired (#"
                + line.path("fired").asLong() + "): " + line.path("expr").asText() + "  " + line.path("values"));
    }
}
