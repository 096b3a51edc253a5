package dev.tickbench.app.session;

/**
 * Something shown on the shared time axis of every chart.
 *
 * @param x start, epoch seconds
 * @param toX end for ranges (gaps, slips), equal to {@code x} for instants (kmsg, session start)
 * @param text the hover / list text
 */
public record TimeMark(Kind kind, double x, double toX, String text) {
    /**
     * GAP: lines were lost (sequence numbers missing, or a {@code gap} line: a reconnect, a hand-off that
     * dropped samples). SLIP: nothing was lost, the sampler ran late and skipped ticks (docs/workbench-charts.md,
     * "Missed samples"). Both are holes, drawn and listed alike; a reader that must tell a busy machine from
     * a loss of data asks which.
     */
    public enum Kind {
        KMSG,
        GAP,
        SLIP,
        SESSION,
        TRIGGER,
        /** A process drawn on the Who tracks started or exited: drawn on those tracks only. */
        PROCESS
    }

    /** A hole in the samples (lost lines or slipped ticks): a band on every chart, no value read inside it. */
    public boolean hole() {
        return kind == Kind.GAP || kind == Kind.SLIP;
    }

    /** Kernel log records lost at {@code x}. */
    static TimeMark kmsgGap(double x, dev.tickbench.core.capture.KmsgGapLine g) {
        return new TimeMark(Kind.KMSG, x, x, "kernel log: " + g.dropped() + " records lost here (" + g.reason() + ")");
    }

    /** A new session after {@code previous}, marked on every chart with the rate it changed from. */
    static TimeMark newSession(SessionInfo previous, SessionInfo info) {
        String text = "new session: " + info.rateText()
                + (previous.rateHz() != info.rateHz() || previous.floorHz() != info.floorHz()
                        ? " (was " + previous.rateText() + ")"
                        : "");
        return new TimeMark(Kind.SESSION, info.startX(), info.startX(), text);
    }

    /** Derived series over {@code w} from {@code x} on (docs/derived-series.md, "Windows"). */
    static TimeMark smoothing(double x, dev.tickbench.core.derived.DerivedWindow w) {
        return new TimeMark(Kind.SESSION, x, x, "smoothing: derived series over a " + w.label() + " window from here");
    }

    /** A {@code trigger} line (docs/triggers.md, "Lines"): the tick it fired on, its name, count, expression and values. */
    static TimeMark trigger(com.fasterxml.jackson.databind.JsonNode line) {
        double x = line.path("wall_ns").asLong() / 1e9; // the tick's wall time, as its sample is drawn
        return new TimeMark(
                Kind.TRIGGER,
                x,
                x,
                "trigger " + line.path("trigger").asText() + " fired (#"
                        + line.path("fired").asLong() + "): "
                        + line.path("expr").asText() + "  " + line.path("values"));
    }
}
