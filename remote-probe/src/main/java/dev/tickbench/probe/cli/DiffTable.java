package dev.tickbench.probe.cli;

import dev.tickbench.core.diff.DiffResult;
import dev.tickbench.core.diff.Presence;
import dev.tickbench.core.diff.RangeSummary;
import dev.tickbench.core.diff.SeriesChange;
import dev.tickbench.core.diff.WhoChanges;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The ranking for people: both ranges, the top rows with a line where noise begins, then what appeared or disappeared. */
final class DiffTable {
    private static final String[] HEADER = {
        "rank", "series", "unit", "A mean", "B mean", "change", "relative", "A p99", "B p99", "effect"
    };
    /** Right-aligned columns: the numbers. */
    private static final boolean[] RIGHT = {true, false, false, true, true, true, true, true, true, true};

    private static final int NAMES_LISTED = 10;
    /** Processes or cgroups named per quantity in "who changed". */
    private static final int WHO_LISTED = 3;

    private DiffTable() {}

    static String render(DiffResult r, int top) {
        StringBuilder sb = new StringBuilder();
        side(sb, "A", r.a());
        side(sb, "B", r.b());
        List<SeriesChange> appeared = r.with(Presence.APPEARED);
        List<SeriesChange> disappeared = r.with(Presence.DISAPPEARED);
        sb.append(String.format(
                Locale.ROOT,
                "%d series in both ranges, %d above noise; %d appeared in B, %d disappeared.%n",
                r.compared(),
                r.aboveNoise(),
                appeared.size(),
                disappeared.size()));
        sb.append(
                        "effect: the change of the mean over its spread (both ranges' second-to-second noise, the series' resolution"
                                + " and ")
                .append(BigDecimal.valueOf(100 * r.levelShare())
                        .stripTrailingZeros()
                        .toPlainString())
                .append(" % of its level); 1 or more is above noise (docs/diff.md).\n");
        who(sb, WhoChanges.of(r, WHO_LISTED));
        int shown = Math.min(top, r.rows().size());
        List<String[]> rows = new ArrayList<>();
        List<String> before = new ArrayList<>(); // a separator line before each row, or null
        rows.add(HEADER);
        before.add(null);
        boolean noise = false;
        boolean single = false;
        for (int i = 0; i < shown; i++) {
            SeriesChange c = r.rows().get(i);
            String separator = null;
            if (c.presence() == Presence.BOTH && !c.aboveNoise() && !noise) {
                noise = true;
                separator = i == 0 ? "  (nothing is above noise)" : "  ---- below noise ----";
            } else if (c.presence() != Presence.BOTH && !single) {
                single = true;
                separator = "  ---- in one range only ----";
            }
            rows.add(row(i + 1, c));
            before.add(separator);
        }
        if (shown > 0) {
            sb.append('\n');
            grid(sb, rows, before);
        }
        if (shown < r.rows().size()) {
            sb.append(r.rows().size() - shown)
                    .append(" more rows (--top N shows more; --json and --csv list them all).\n");
        }
        sameCounters(sb, r.rows().subList(0, shown));
        names(sb, "appeared in B", appeared);
        names(sb, "disappeared in B", disappeared);
        return sb.toString();
    }

    /** The processes and cgroups whose CPU, memory and storage I/O changed most, each quantity on a line. */
    private static void who(StringBuilder sb, WhoChanges w) {
        if (w.quantities().isEmpty()) {
            return;
        }
        sb.append("who changed most (the process and cgroup tables, by how much; A or B only: named in that range's"
                + " table only):\n");
        int width =
                w.quantities().stream().mapToInt(q -> q.label().length()).max().orElse(0);
        for (WhoChanges.Quantity q : w.quantities()) {
            sb.append("  ")
                    .append(q.label())
                    .append(" ".repeat(width - q.label().length()))
                    .append("  ");
            for (int i = 0; i < q.top().size(); i++) {
                WhoChanges.Entry e = q.top().get(i);
                sb.append(i == 0 ? "" : ", ")
                        .append(TableText.escape(e.shown()))
                        .append(' ')
                        .append(number(e.change(), true))
                        .append(' ')
                        .append(TableText.escape(q.unit()));
                if (e.presence() != Presence.BOTH) {
                    sb.append(e.presence() == Presence.APPEARED ? " (B only)" : " (A only)");
                }
            }
            sb.append('\n');
        }
    }

    private static void side(StringBuilder sb, String which, RangeSummary s) {
        sb.append(which)
                .append(": ")
                .append(TableText.escape(s.label()))
                .append(String.format(Locale.ROOT, ", %d samples over %.1f s", s.samples(), s.seconds()));
        if (s.hostname() != null) {
            sb.append(", host ").append(TableText.escape(s.hostname()));
        }
        sb.append('\n');
    }

    private static String[] row(int rank, SeriesChange c) {
        String[] r = new String[HEADER.length];
        r[0] = Integer.toString(rank);
        r[1] = TableText.escape(c.name())
                + (c.sameAs().isEmpty() ? "" : " (+" + c.sameAs().size() + ")");
        r[2] = TableText.escape(c.series().unit());
        r[3] = c.a() == null ? "-" : number(c.a().mean(), false);
        r[4] = c.b() == null ? "-" : number(c.b().mean(), false);
        r[5] = c.presence() == Presence.BOTH
                ? number(c.meanChange(), true)
                : c.presence().name().toLowerCase(Locale.ROOT);
        r[6] = Double.isNaN(c.relativeChange()) ? "-" : String.format(Locale.ROOT, "%+.1f%%", 100 * c.relativeChange());
        r[7] = c.a() == null ? "-" : number(c.a().p99(), false);
        r[8] = c.b() == null ? "-" : number(c.b().p99(), false);
        r[9] = Double.isNaN(c.effect())
                ? "-"
                : String.format(Locale.ROOT, Math.abs(c.effect()) >= 10 ? "%+.1f" : "%+.2f", c.effect());
        return r;
    }

    /** Four significant digits, whole numbers from 10,000 up; no exponent. */
    static String number(double v, boolean signed) {
        if (!Double.isFinite(v)) {
            return "-";
        }
        String s = Math.abs(v) >= 10_000
                ? BigDecimal.valueOf(Math.round(v)).toPlainString()
                : new BigDecimal(v)
                        .round(new MathContext(4))
                        .stripTrailingZeros()
                        .toPlainString();
        if (s.equals("-0")) {
            s = "0";
        }
        return signed && v > 0 ? "+" + s : s;
    }

    private static void grid(StringBuilder sb, List<String[]> rows, List<String> before) {
        int[] width = new int[HEADER.length];
        for (String[] r : rows) {
            for (int c = 0; c < r.length; c++) {
                width[c] = Math.max(width[c], r[c].codePointCount(0, r[c].length()));
            }
        }
        for (int i = 0; i < rows.size(); i++) {
            if (before.get(i) != null) {
                sb.append(before.get(i)).append('\n');
            }
            String[] r = rows.get(i);
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < r.length; c++) {
                String pad = " ".repeat(width[c] - r[c].codePointCount(0, r[c].length()));
                line.append(c == 0 ? "" : "  ").append(RIGHT[c] ? pad + r[c] : r[c] + pad);
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
    }

    /** The rows shown that are one kernel counter under several names: each is ranked once. */
    private static void sameCounters(StringBuilder sb, List<SeriesChange> rows) {
        List<String> same = new ArrayList<>();
        for (SeriesChange c : rows) {
            if (!c.sameAs().isEmpty()) {
                same.add(TableText.escape(c.name()) + " = "
                        + String.join(
                                " = ",
                                c.sameAs().stream().map(TableText::escape).toList()));
            }
        }
        if (!same.isEmpty()) {
            sb.append("(+N): the same kernel counter under N more names, ranked once: ")
                    .append(String.join("; ", same))
                    .append('\n');
        }
    }

    private static void names(StringBuilder sb, String what, List<SeriesChange> rows) {
        if (rows.isEmpty()) {
            return;
        }
        sb.append(what).append(" (").append(rows.size()).append("): ");
        for (int i = 0; i < Math.min(NAMES_LISTED, rows.size()); i++) {
            sb.append(i == 0 ? "" : ", ").append(TableText.escape(rows.get(i).name()));
        }
        if (rows.size() > NAMES_LISTED) {
            sb.append(", and ").append(rows.size() - NAMES_LISTED).append(" more");
        }
        sb.append('\n');
    }
}
