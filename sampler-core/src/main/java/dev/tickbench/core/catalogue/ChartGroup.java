package dev.tickbench.core.catalogue;

import java.util.EnumSet;
import java.util.Set;

/**
 * One chart (a track of the workbench) and how it draws, as properties a chart reads instead of asking
 * which chart it is (docs/catalogue.md, "Chart groups"). The catalogue's order of groups is the display
 * order. No toolkit types: the workbench maps these onto its own.
 *
 * @param id the name series refer to ({@code thermal}, {@code slab})
 * @param title the track's title
 * @param axisUnit the y axis' unit, as shown beside the title ({@code °C}, {@code active objects})
 * @param integral counts (objects, blocks, slots): the y axis ticks whole numbers only
 * @param steps levels drawn as held steps (a value holds until the next emission) rather than lines
 * @param fromZero the y axis always includes 0 (shares, rates), else it ranges over the data
 * @param stacked series drawn stacked on each other (none yet)
 * @param picks which of its series are drawn before the user picks
 * @param overlays fixed lines drawn on the chart from the session's capabilities
 */
public record ChartGroup(
        String id,
        String title,
        String axisUnit,
        boolean integral,
        boolean steps,
        boolean fromZero,
        boolean stacked,
        Picks picks,
        Set<Overlay> overlays) {

    /** A fixed line a chart draws from the capabilities. */
    public enum Overlay {
        /** Each thermal zone's critical trip ({@code attributes.<zone>.crit_mc}, in the series' display unit). */
        CRITICAL_TRIP,
        /** The throttle's YELLOW and RED thresholds ({@code capabilities.throttle}, docs/throttle.md). */
        THROTTLE_BANDS
    }

    /** How the series drawn by default are ranked when a group has more than it shows. */
    public enum Ranking {
        /** Slab caches by memory held: active objects × {@code attributes.slabinfo.objsize}. */
        MEMORY,
        /** Buddy orders of the zone with the most free memory, by the memory each order holds. */
        ZONE_FREE_MEMORY
    }

    /** {@code top} series by {@code ranking} are drawn and a picker offers the rest; {@code top} 0 draws all. */
    public record Picks(int top, Ranking ranking) {
        public static final Picks ALL = new Picks(0, null);

        public Picks {
            if (top < 0 || (top > 0) != (ranking != null)) {
                throw new IllegalArgumentException("picks: a positive top with a ranking, or 0 without");
            }
        }

        public boolean all() {
            return top == 0;
        }
    }

    public ChartGroup {
        overlays = overlays.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(overlays));
        if (!id.matches("[a-z][a-z0-9_]*")) {
            throw new IllegalArgumentException("a chart group id is lower-case words: " + id);
        }
    }

    /** A group whose every series is drawn, lines from its data, no fixed lines. */
    public static ChartGroup lines(String id, String title, String axisUnit) {
        return new ChartGroup(id, title, axisUnit, false, false, false, false, Picks.ALL, Set.of());
    }

    public ChartGroup withIntegral() {
        return new ChartGroup(id, title, axisUnit, true, steps, fromZero, stacked, picks, overlays);
    }

    public ChartGroup withSteps() {
        return new ChartGroup(id, title, axisUnit, integral, true, fromZero, stacked, picks, overlays);
    }

    public ChartGroup withZero() {
        return new ChartGroup(id, title, axisUnit, integral, steps, true, stacked, picks, overlays);
    }

    public ChartGroup withPicks(int top, Ranking ranking) {
        return new ChartGroup(
                id, title, axisUnit, integral, steps, fromZero, stacked, new Picks(top, ranking), overlays);
    }

    public ChartGroup withOverlay(Overlay o) {
        Set<Overlay> s = EnumSet.of(o);
        s.addAll(overlays);
        return new ChartGroup(id, title, axisUnit, integral, steps, fromZero, stacked, picks, s);
    }
}
