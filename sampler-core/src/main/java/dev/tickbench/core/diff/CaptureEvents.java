package dev.tickbench.core.diff;

import dev.tickbench.core.capture.CaptureFormatException;
import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.KmsgGapLine;
import dev.tickbench.core.capture.KmsgLine;
import dev.tickbench.core.capture.OtherLine;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.text.InertText;
import dev.tickbench.core.trigger.TriggerLine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The events of a capture file that a range can be aligned at (docs/diff.md, "A range in another
 * capture, aligned at an event"), each with its wall-clock time, read in one streaming pass: a kernel log
 * record (and a place where records were lost), a trigger that fired, a gap, a new session. The times are
 * those the workbench's charts put the same lines at (app.session.SeriesStore): a kmsg record at its
 * kernel time moved onto the wall clock by its hello's {@code started_wall_ns − started_mono_ns}, a
 * trigger at its tick's {@code wall_ns}, a gap at the first sample after it (where the samples resume), a
 * later hello at its {@code started_wall_ns}.
 */
public final class CaptureEvents {
    /** Events kept at most; the rest are counted in {@link Result#leftOut()}. */
    public static final int MAX_EVENTS = 10_000;
    /** Characters of an event's text kept at most (a kernel log record is rarely longer). */
    static final int MAX_TEXT = 240;

    public enum Kind {
        KMSG,
        TRIGGER,
        GAP,
        SESSION
    }

    /** One event: what it is, when (wall clock, ns since the epoch, UTC) and its text, control characters escaped (InertText). */
    public record Event(Kind kind, long wallNs, String text) {}

    /**
     * What a pass found.
     *
     * @param firstSampleWallNs the first sample's {@code wall_ns}; null when the capture holds no sample
     * @param events the first {@link #MAX_EVENTS} events, in the capture's order
     * @param leftOut the events after them, counted, not kept
     * @param stoppedAtLine the corrupt or truncated line the pass stopped at (everything before it was read);
     *     null when the capture was read to its end
     * @param warnings what people should know (the events left out, the line it stopped at), file named
     */
    public record Result(
            Path file,
            Long firstSampleWallNs,
            List<Event> events,
            long leftOut,
            Long stoppedAtLine,
            List<String> warnings) {
        public Result {
            events = List.copyOf(events);
            warnings = List.copyOf(warnings);
        }
    }

    private final List<Event> events = new ArrayList<>();
    private long leftOut;
    private long wallMinusMonoNs;
    private boolean hello;
    private long lastSeq = -1;
    private Long firstWall;
    private long lastWall = Long.MIN_VALUE;
    /** A gap line's words, until the sample after it says where the samples resume. */
    private String pendingGap;

    private CaptureEvents() {}

    /**
     * Reads {@code file}'s events.
     *
     * @throws IOException the file cannot be opened or read, or does not start with a hello line (the message
     *     names the file); a corrupt or truncated line does not throw: the events before it are returned,
     *     and {@link Result#stoppedAtLine()} says where
     */
    public static Result read(Path file) throws IOException {
        return CaptureDiff.read(file, feed -> new CaptureEvents().pass(file, feed));
    }

    private Result pass(Path file, LineFeed feed) throws IOException {
        Long stoppedAt = null;
        List<String> warnings = new ArrayList<>();
        while (true) {
            StreamLine line;
            try {
                line = feed.next();
            } catch (CaptureFormatException e) {
                stoppedAt = e.lineNumber();
                warnings.add(file + " " + e.getMessage() + "; listed the events before it");
                break;
            }
            if (line == null) {
                break;
            }
            accept(line);
        }
        if (pendingGap != null && lastWall != Long.MIN_VALUE) { // no sample after it: at the last one before
            add(Kind.GAP, lastWall, "gap: " + pendingGap + ", at the end of the samples");
        }
        if (leftOut > 0) {
            warnings.add(file + ": " + leftOut + " more events after the first " + MAX_EVENTS + " were left out");
        }
        return new Result(file, firstWall, events, leftOut, stoppedAt, warnings);
    }

    private void accept(StreamLine line) {
        if (line instanceof SampleLine s) {
            sample(s);
        } else if (line instanceof KmsgLine k) {
            add(Kind.KMSG, k.monoNs() + wallMinusMonoNs, k.msg());
        } else if (line instanceof KmsgGapLine g) {
            add(
                    Kind.KMSG,
                    g.monoNs() + wallMinusMonoNs,
                    "kernel log: " + g.dropped() + " records lost here (" + g.reason() + ")");
        } else if (line instanceof OtherLine o && TriggerLine.TYPE.equals(o.type())) {
            trigger(o);
        } else if (line instanceof GapLine g) {
            pendingGap = g.reason() + " (seq " + g.fromSeq() + "–" + g.toSeq() + ")";
        } else if (line instanceof Hello h) {
            if (hello) { // the first hello starts the capture: its first sample is the default origin
                add(
                        Kind.SESSION,
                        h.startedWallNs(),
                        "new session: " + h.rateHz() + " Hz · FLOOR_HZ "
                                + (h.floorHz() > 0 ? h.floorHz() + " Hz" : "off")
                                + (h.hostname() == null ? "" : " (" + h.hostname() + ")"));
            }
            hello = true;
            wallMinusMonoNs = h.startedWallNs() - h.startedMonoNs();
            lastSeq = -1; // a session counts its seq from 1
        }
    }

    private void sample(SampleLine s) {
        if (firstWall == null) {
            firstWall = s.wallNs();
        }
        String why = pendingGap != null
                ? pendingGap
                : lastSeq >= 0 && s.seq() != lastSeq + 1 ? "missing seq " + (lastSeq + 1) + "–" + (s.seq() - 1) : null;
        if (why != null) {
            long from = lastWall == Long.MIN_VALUE ? s.wallNs() : lastWall;
            add(Kind.GAP, s.wallNs(), String.format(Locale.ROOT, "gap %.1f s: %s", (s.wallNs() - from) / 1e9, why));
            pendingGap = null;
        }
        lastSeq = s.seq();
        lastWall = s.wallNs();
    }

    private void trigger(OtherLine o) {
        TriggerLine t;
        try {
            t = TriggerLine.of(o.raw());
        } catch (IOException e) {
            return; // a line of type trigger without its name is not a firing (readers skip what they do not know)
        }
        add(Kind.TRIGGER, t.wallNs(), "trigger " + t.trigger() + " fired (#" + t.fired() + "): " + t.expression());
    }

    private void add(Kind kind, long wallNs, String text) {
        if (events.size() >= MAX_EVENTS) {
            leftOut++;
            return;
        }
        String shown = InertText.line(text); // a capture's text: no control character reaches a list
        if (shown.length() > MAX_TEXT) {
            shown = shown.substring(0, MAX_TEXT - 1) + "…";
        }
        events.add(new Event(kind, wallNs, shown));
    }
}
