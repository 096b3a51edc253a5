package dev.tickbench.app.charts;

import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SeriesQuery;
import dev.tickbench.app.session.SeriesQuery.ValueAt;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Two pinned times and, per drawn series, its values there, the change and the rate of change between
 * them. When either end has no data the change is not a number: it is said, never made 0.
 *
 * @param from the earlier pin, epoch seconds
 * @param to the later pin
 */
public record PinDelta(double from, double to, List<Row> rows) {
    /** One series between the pins; {@code change} and {@code ratePerS} are NaN when an end has no data. */
    public record Row(Series series, ValueAt atFrom, ValueAt atTo, double change, double ratePerS) {
        public boolean hasChange() {
            return !Double.isNaN(change);
        }

        /** "+2.5 °C" or "no data at A" / "no data at B". */
        public String changeText() {
            if (!atFrom.hasValue()) {
                return "no data at A";
            }
            if (!atTo.hasValue()) {
                return "no data at B";
            }
            return (change > 0 ? "+" : "") + Readout.number(change) + " " + series.unit();
        }

        /** "+0.5 °C/s", empty when there is no change to divide. */
        public String rateText() {
            return hasChange() ? (ratePerS > 0 ? "+" : "") + Readout.number(ratePerS) + " " + series.unit() + "/s" : "";
        }
    }

    /** The pins in either order; the rows follow {@code drawn}. */
    public static PinDelta between(SeriesQuery query, List<Series> drawn, double a, double b) {
        double from = Math.min(a, b);
        double to = Math.max(a, b);
        List<Row> rows = new ArrayList<>();
        for (Series s : drawn) {
            ValueAt x = query.valueAt(s, from);
            ValueAt y = query.valueAt(s, to);
            double change = x.hasValue() && y.hasValue() ? y.value() - x.value() : Double.NaN;
            double rate = to > from ? change / (to - from) : Double.NaN;
            rows.add(new Row(s, x, y, change, rate));
        }
        return new PinDelta(from, to, List.copyOf(rows));
    }

    public double deltaS() {
        return to - from;
    }

    /** "Δt 5.000 s" */
    public String deltaText() {
        return String.format(Locale.ROOT, "Δt %.3f s", deltaS());
    }

    public Row row(String name) {
        for (Row r : rows) {
            if (r.series().name().equals(name)) {
                return r;
            }
        }
        return null;
    }
}
