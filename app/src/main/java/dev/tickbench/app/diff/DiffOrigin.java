package dev.tickbench.app.diff;

import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.diff.CaptureEvents;
import dev.tickbench.core.text.InertText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Where a side's typed FROM and TO count from (docs/diff.md, "A range in another capture, aligned at an
 * event"): the capture's first sample, or an event of that capture — a kernel log record, a trigger that
 * fired, a gap, a new session — so that "the 30 s after the build started" compares between two captures
 * whose builds started at different times.
 *
 * @param text the list's entry: "+12.345 s  kmsg: make: build started", the event's time since the
 *     capture's first sample, its kind and its text (escaped, cut at {@link #MAX_TEXT})
 * @param wallNs the event's wall-clock time, ns since the epoch (UTC); null for the first sample
 */
record DiffOrigin(String text, Long wallNs) {
    /** Longest event text shown in a list entry; the time and kind are always shown. */
    static final int MAX_TEXT = 90;

    static final DiffOrigin FIRST_SAMPLE = new DiffOrigin("the first sample", null);

    boolean isEvent() {
        return wallNs != null;
    }

    @Override
    public String toString() {
        return text;
    }

    /**
     * The first sample, then the marks of the charts' {@code store} (the capture or session the workbench
     * shows) by time. A mark's time is on the charts' axis, epoch seconds in a double: exact to a
     * microsecond. A gap is at its end, where the samples resume, as in another capture's events.
     */
    static List<DiffOrigin> of(SeriesStore store) {
        if (store == null) {
            return List.of(FIRST_SAMPLE);
        }
        Long first = Double.isNaN(store.firstX()) ? null : Math.round(store.firstX() * 1e9);
        return listed(store.marks().stream()
                .map(m -> event(first, m.kind().name(), Math.round(m.toX() * 1e9), m.text()))
                .toList());
    }

    /** The first sample, then the events read from another capture file, by time. */
    static List<DiffOrigin> of(CaptureEvents.Result read) {
        return listed(read.events().stream()
                .map(e -> event(read.firstSampleWallNs(), e.kind().name(), e.wallNs(), e.text()))
                .toList());
    }

    private static List<DiffOrigin> listed(List<DiffOrigin> events) {
        List<DiffOrigin> out = new ArrayList<>(events.size() + 1);
        out.add(FIRST_SAMPLE);
        out.addAll(events.stream()
                .sorted(Comparator.comparingLong(DiffOrigin::wallNs))
                .toList());
        return out;
    }

    private static DiffOrigin event(Long firstWallNs, String kind, long wallNs, String text) {
        String shown = InertText.line(text);
        if (shown.length() > MAX_TEXT) {
            shown = shown.substring(0, MAX_TEXT - 1) + "…";
        }
        String at = firstWallNs == null ? "" : String.format(Locale.ROOT, "%+.3f s  ", (wallNs - firstWallNs) / 1e9);
        return new DiffOrigin(at + kind.toLowerCase(Locale.ROOT) + ": " + shown, wallNs);
    }
}
