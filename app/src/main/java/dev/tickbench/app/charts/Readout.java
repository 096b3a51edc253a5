package dev.tickbench.app.charts;

import dev.tickbench.app.session.CadenceLabel;
import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SeriesQuery;
import dev.tickbench.app.session.SeriesQuery.ValueAt;
import dev.tickbench.core.text.InertText;
import dev.tickbench.core.text.Numbers;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the crosshair reads at one time: for every drawn series its value, whether that is a fresh read
 * or a held value (and since when), and the series' cadence with its reason. "no data" is said, never 0
 * (docs/crosshair.md).
 *
 * @param x the cursor's time, epoch seconds
 */
public record Readout(double x, List<Row> rows) {
    private static final ClockLabels CLOCK = new ClockLabels(() -> 0.001, ZoneId.systemDefault());

    /** One series at the cursor's time {@code x}. */
    public record Row(Series series, ValueAt at, double x) {
        /** "52.125 °C", or "no data". */
        public String valueText() {
            return at.hasValue() ? number(at.value()) + " " + series.unit() : "no data";
        }

        /**
         * "fresh read", "held since 14:02:03.120 (5.0 s, heartbeat)", or the reason there is no data
         * ("before the first value", "no value since 14:02:03.120", the gap's text).
         */
        public String stateText() {
            return switch (at.state()) {
                case FRESH -> "fresh read" + (at.heartbeat() ? " (heartbeat)" : "");
                case HELD ->
                    "held since " + clock(at.readX()) + " (" + seconds(at.readX())
                            + (at.heartbeat() ? ", heartbeat" : "") + ")";
                case NO_DATA -> Double.isNaN(at.readX()) ? at.why() : at.why() + " " + clock(at.readX());
            };
        }

        private String seconds(double since) {
            return String.format(Locale.ROOT, "%.1f s", Math.max(0, x - since));
        }

        /** "1.0 Hz · declared", or that the session published no cadence for the source. */
        public String cadenceText() {
            CadenceLabel c = series.cadence();
            return c == null ? "cadence not published" : c.text();
        }

        /**
         * The line a track's legend shows at the cursor: "thermal_zone0  52.125 °C · fresh",
         * "cpu0  600 MHz · held 2.5 s", "memory.some  no data · before the first value". Since when a
         * value is held, and the cadence, are in {@link #text()} (the line's tooltip).
         */
        public String compactText() {
            String state = switch (at.state()) {
                case FRESH -> "fresh" + (at.heartbeat() ? " (heartbeat)" : "");
                case HELD -> "held " + seconds(at.readX()) + (at.heartbeat() ? " (heartbeat)" : "");
                case NO_DATA -> at.why();
            };
            return series.displayName() + "  " + valueText() + " · " + state;
        }

        /** "thermal_zone0.temp  52.125 °C · held since … · 1.0 Hz · declared" */
        public String text() {
            return InertText.line(series.name()) + "  " + valueText() + " · " + stateText() + " · " + cadenceText();
        }
    }

    /** Reads every series of {@code drawn} at {@code x}. */
    public static Readout at(SeriesQuery query, List<Series> drawn, double x) {
        List<Row> rows = new ArrayList<>();
        for (Series s : drawn) {
            rows.add(new Row(s, query.valueAt(s, x), x));
        }
        return new Readout(x, List.copyOf(rows));
    }

    /** The row of the series called {@code name}; null when it is not drawn. */
    public Row row(String name) {
        for (Row r : rows) {
            if (r.series().name().equals(name)) {
                return r;
            }
        }
        return null;
    }

    /** "14:02:03.125" in this machine's zone, as the time axis labels read. */
    public static String clock(double epochS) {
        return CLOCK.toString(epochS);
    }

    /**
     * A value as read: the decimals its size needs (52.13 °C, 33.33 %, 3.142 %, 21 620 MiB), trailing
     * zeros dropped, thousands grouped from five digits on: never E-notation ({@link Numbers#value}).
     */
    public static String number(double v) {
        return Numbers.value(v);
    }
}
