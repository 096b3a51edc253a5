package dev.tickbench.app.charts;

import dev.tickbench.app.session.TimeMark;
import java.util.List;

/**
 * What a track draws on its time axis as lines (kmsg records, session starts, fired triggers), read the
 * way the window tests read it: in the charts package, beside the markers it lists.
 */
public final class TrackMarks {
    private TrackMarks() {}

    /** The marks {@code view} draws now, oldest first. */
    public static List<TimeMark> of(ChartView view) {
        return view.chart().getPlugins().stream()
                .filter(KmsgMarker.class::isInstance)
                .map(p -> ((KmsgMarker) p).mark())
                .toList();
    }
}
