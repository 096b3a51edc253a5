package dev.tickbench.app.charts;

import dev.tickbench.core.text.Numbers;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the charts did to draw what they show, since they were made: the figures behind "only what can
 * be seen is drawn, and a follow step reads only the columns it brings in" (docs/workbench-charts.md,
 * "Redraws"). The status row's observer figures say them in their tooltip ({@link #summary}); the window
 * tests read them per track.
 *
 * @param tracks each track's figures by its group's id, in the order the tracks appeared
 * @param overviewDraws how often the overview strip was painted
 */
public record ChartDiagnostics(Map<String, Track> tracks, long overviewDraws) {
    public ChartDiagnostics {
        tracks = Collections.unmodifiableMap(new LinkedHashMap<>(tracks));
    }

    /**
     * One track's figures.
     *
     * @param redraws how often ChartFX redrew the chart's canvas
     * @param lineDraws how often its lines were drawn ({@link ColumnRenderer})
     * @param pointsRead points read to reduce the lines in their last drawing
     * @param appended every point ever appended to the drawn lines at that drawing, summed over them
     * @param shown their stored points inside the shown time range at that drawing
     * @param columns pixel columns across the plot at that drawing
     * @param points points in the drawn lines now, as the chart has them
     * @param marksDrawn whether emission marks are drawn now (only while sparse)
     */
    public record Track(
            long redraws,
            long lineDraws,
            long pointsRead,
            long appended,
            long shown,
            long columns,
            int points,
            boolean marksDrawn) {}

    /** In words: "6 tracks redrawn 1,204 times, reading 3,518 points for their last drawings; overview painted 57 times". */
    public String summary() {
        long redraws = 0;
        long read = 0;
        for (Track t : tracks.values()) {
            redraws += t.redraws();
            read += t.pointsRead();
        }
        return tracks.size() + " tracks redrawn " + Numbers.count(redraws) + " times, reading " + Numbers.count(read)
                + " points for their last drawings; overview painted " + Numbers.count(overviewDraws) + " times";
    }
}
