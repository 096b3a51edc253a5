package dev.tickbench.probe.http;

import dev.tickbench.core.capture.GapLine;

/**
 * Where a {@code /stream?since=SEQ} client joins the stream: it is sent every line written after sample
 * SEQ, once and in order, and nothing before it. The lines are looked at one by one, the replay ring's
 * first and then, when the ring has not reached SEQ yet, the hub's next ones as they come: SEQ is checked
 * against the sampler's newest sample, which the hub's thread takes in a little later (or, behind, as a
 * {@code probe_behind} gap line naming it).
 *
 * <ul>
 * <li>a sample at or below SEQ, and any other line before it, is skipped; the first sample after SEQ,
 *     and any line after sample SEQ, is where the client starts;
 * <li>a gap line that ends at or below SEQ is skipped (one ending at SEQ is where the client starts);
 *     one that names SEQ and samples after it is cut to those samples ({@code dropped} then unknown).
 * </ul>
 *
 * The hello the client is sent first is the one of the line it starts at ({@link LineRing.Entry#hello}),
 * so a {@code schema} line it skipped still reads into the key lists it decodes with. Not thread-safe:
 * used under the hub's lock.
 */
final class SinceCursor {
    private final long since;
    private boolean reached;

    SinceCursor(long since) {
        this.since = since;
    }

    /** The line to send for {@code e}: {@code e} itself, a gap line cut to what follows SEQ, or null to skip it. */
    LineRing.Entry next(LineRing.Entry e) {
        if (reached) {
            return e;
        }
        GapLine gap = e.gap();
        if (e.sample()) {
            reached = e.seq() > since;
        } else if (gap != null) {
            reached = gap.toSeq() >= since;
            if (gap.toSeq() <= since) {
                return null; // the client has these samples, or (ending at SEQ) was told of them
            }
            if (gap.fromSeq() <= since) {
                GapLine rest = new GapLine(since + 1, gap.toSeq(), gap.reason());
                return new LineRing.Entry(
                        since,
                        false,
                        e.receivedNs(),
                        GapLine.encode(rest.fromSeq(), rest.toSeq(), GapLine.UNKNOWN_COUNT, rest.reason()),
                        e.hello(),
                        rest);
            }
            return e;
        } else {
            reached = e.seq() >= since; // its seq is the sample before it: at SEQ, it comes after sample SEQ
        }
        return reached ? e : null;
    }

    /** True once the line after sample SEQ was found: every later line is sent as it is. */
    boolean reached() {
        return reached;
    }

    long since() {
        return since;
    }
}
