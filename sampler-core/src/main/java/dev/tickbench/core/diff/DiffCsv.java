package dev.tickbench.core.diff;

import dev.tickbench.core.capture.Csv;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A ranking as CSV, one line per row in ranking order (docs/diff.md, "CSV"): what the workbench's table
 * exports and {@code tickbench-probe diff --csv} prints. Numbers are plain decimals of the ranking's
 * doubles; an absent value is an empty field, never 0.
 */
public final class DiffCsv {
    public static final List<String> HEADER = List.of(
            "rank",
            "series",
            "display_name",
            "source",
            "kind",
            "unit",
            "presence",
            "a_mean",
            "b_mean",
            "mean_change",
            "relative_change",
            "a_p99",
            "b_p99",
            "p99_change",
            "spread",
            "effect",
            "above_noise",
            "a_observations",
            "b_observations",
            "a_seconds",
            "b_seconds",
            "a_noise",
            "b_noise",
            "a_noise_steps",
            "b_noise_steps",
            "resolution",
            "same_as");

    private DiffCsv() {}

    public static String render(DiffResult r) {
        return render(r, r.rows().size());
    }

    public static String render(DiffResult r, int top) {
        StringBuilder b = new StringBuilder();
        try {
            write(b, r, top);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringBuilder does not fail
        }
        return b.toString();
    }

    /**
     * The first {@code top} rows to {@code out}, a line at a time: a ranking of as many series as a reader
     * accepts is not held as one string beside itself.
     */
    public static void write(Appendable out, DiffResult r, int top) throws IOException {
        StringBuilder b = new StringBuilder();
        Csv.appendLine(b, HEADER);
        out.append(b);
        for (int i = 0; i < Math.min(top, r.rows().size()); i++) {
            b.setLength(0);
            Csv.appendLine(b, line(i + 1, r.rows().get(i)));
            out.append(b);
        }
    }

    private static List<String> line(int rank, SeriesChange c) {
        DiffSeries s = c.series();
        SeriesStats a = c.a();
        SeriesStats b = c.b();
        List<String> f = new ArrayList<>(HEADER.size());
        f.add(Integer.toString(rank));
        f.add(s.name());
        f.add(s.displayName());
        f.add(s.source());
        f.add(s.kind().name().toLowerCase(Locale.ROOT));
        f.add(s.unit());
        f.add(c.presence().name().toLowerCase(Locale.ROOT));
        f.add(a == null ? null : number(a.mean()));
        f.add(b == null ? null : number(b.mean()));
        f.add(number(c.meanChange()));
        f.add(number(c.relativeChange()));
        f.add(a == null ? null : number(a.p99()));
        f.add(b == null ? null : number(b.p99()));
        f.add(number(c.p99Change()));
        f.add(number(c.spread()));
        f.add(number(c.effect()));
        f.add(Boolean.toString(c.aboveNoise()));
        f.add(a == null ? null : Long.toString(a.observations()));
        f.add(b == null ? null : Long.toString(b.observations()));
        f.add(a == null ? null : number(a.seconds()));
        f.add(b == null ? null : number(b.seconds()));
        f.add(a == null ? null : number(a.noise()));
        f.add(b == null ? null : number(b.noise()));
        f.add(a == null ? null : Integer.toString(a.noiseSteps()));
        f.add(b == null ? null : Integer.toString(b.noiseSteps()));
        f.add(number((a != null ? a : b).resolution()));
        f.add(String.join(" ", c.sameAs()));
        return f;
    }

    /** The double's shortest exact decimal, without an exponent; null (an empty field) for NaN, which is none. */
    static String number(double v) {
        if (!Double.isFinite(v)) {
            return null;
        }
        return new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }
}
