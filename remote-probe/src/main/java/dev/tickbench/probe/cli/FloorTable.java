package dev.tickbench.probe.cli;

import dev.tickbench.core.floors.BoardInfo;
import dev.tickbench.core.floors.FloorComparison;
import dev.tickbench.core.floors.FloorRow;
import dev.tickbench.core.floors.FloorRules;
import dev.tickbench.core.floors.ThermalJitter;
import dev.tickbench.core.text.InertText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The floors for people: one column per capture, one row per source (and slab cache, core), a verdict per cell. */
final class FloorTable {
    // ASCII only: the probe's stdout may be a POSIX-locale SSH channel where JDK 17 does not write UTF-8
    private static final String MISSING = "-";

    private FloorTable() {}

    static String render(FloorComparison c, boolean all) {
        int n = c.captures().size();
        List<String[]> rows = new ArrayList<>();
        rows.add(header(c, "", b -> b.hostname()));
        rows.add(header(c, "", b -> b.board() == null ? "(board not reported)" : b.board()));
        rows.add(header(c, "", b -> b.kernel() == null ? "(kernel not reported)" : "kernel " + b.kernel()));
        rows.add(header(
                c,
                "",
                b -> String.format(Locale.ROOT, "%d Hz, floor %d Hz, %.1f s", b.rateHz(), b.floorHz(), b.durationS())));
        List<String> keys = all ? c.rows() : c.changingRows();
        for (String key : keys) {
            String[] line = new String[n + 1];
            boolean member = false;
            for (int i = 0; i < n; i++) {
                FloorRow r = c.cell(key, i);
                line[i + 1] = r == null ? MISSING : cell(r);
                member |= r != null && r.isMember();
            }
            line[0] = member ? "  " + key : key;
            rows.add(line);
            extra(c, key, rows);
        }
        StringBuilder sb = new StringBuilder();
        sb.append(
                "Level-source floors, one column per capture. Cell: changes/s measured / floor needed / floor shipped (Hz), verdict\n");
        grid(sb, rows, 4);
        int hidden = c.rows().size() - keys.size();
        if (hidden > 0) {
            sb.append(hidden).append(" slab caches/cores that never changed are not listed (--all lists them).\n");
        }
        sb.append(String.format(
                Locale.ROOT,
                "Need: measured rate rounded up to 2 digits (thermal: the curve, flicker across one step left out; sources:"
                        + " the fastest member). TOO SLOW: need > %.2f x shipped. WASTEFUL: shipped > %.0f x need.%n",
                FloorRules.TOO_SLOW_FACTOR,
                FloorRules.WASTEFUL_FACTOR));
        return sb.toString();
    }

    private static String[] header(FloorComparison c, String first, java.util.function.Function<BoardInfo, String> f) {
        String[] h = new String[c.captures().size() + 1];
        h[0] = first;
        for (int i = 0; i < c.captures().size(); i++) {
            String v = f.apply(c.captures().get(i).board());
            h[i + 1] = v == null ? MISSING : v;
        }
        return h;
    }

    /** Under a thermal row its jitter; under a source with members its fastest member. */
    private static void extra(FloorComparison c, String key, List<String[]> rows) {
        int n = c.captures().size();
        String[] jitter = new String[n + 1];
        String[] fastest = new String[n + 1];
        boolean anyJitter = false;
        boolean anyFastest = false;
        for (int i = 0; i < n; i++) {
            FloorRow r = c.cell(key, i);
            jitter[i + 1] = "";
            fastest[i + 1] = "";
            if (r != null && r.jitter() != null) {
                jitter[i + 1] = jitter(r.jitter());
                anyJitter = true;
            }
            if (r != null && r.fastest() != null && !r.isMember()) {
                fastest[i + 1] = r.fastest().member() + " " + hz(r.fastest().hz());
                anyFastest = true;
            }
        }
        if (anyJitter) {
            jitter[0] = "  jitter vs declared";
            rows.add(jitter);
        }
        if (anyFastest) {
            fastest[0] = "  fastest member";
            rows.add(fastest);
        }
    }

    private static String jitter(ThermalJitter j) {
        if (j.declaredHz() == null) {
            return hz(j.rawHz()) + "/s, none declared";
        }
        return String.format(Locale.ROOT, "%s/s vs %s Hz (%.1fx)", hz(j.rawHz()), hz(j.declaredHz()), j.ratio());
    }

    private static String cell(FloorRow r) {
        return hz(r.hz()) + " / " + hz(r.needHz()) + " / " + hz(r.shippedHz()) + " "
                + r.verdict().name().replace('_', ' ');
    }

    static String hz(double v) {
        if (v == 0) {
            return "0";
        }
        if (v >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (v >= 0.1) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /**
     * Columns padded to their widest cell and split by " | "; a rule under the first headerRows rows. Every
     * cell escaped: host names, slab caches and cores come from a capture, which may be anyone's.
     */
    private static void grid(StringBuilder sb, List<String[]> cells, int headerRows) {
        List<String[]> rows = cells.stream()
                .map(r -> java.util.Arrays.stream(r).map(InertText::line).toArray(String[]::new))
                .toList();
        int cols = rows.get(0).length;
        int[] width = new int[cols];
        for (String[] row : rows) {
            for (int c = 0; c < cols; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        for (int i = 0; i < rows.size(); i++) {
            if (i == headerRows) {
                for (int c = 0; c < cols; c++) {
                    sb.append(c == 0 ? "" : "-+-").append("-".repeat(width[c]));
                }
                sb.append('\n');
            }
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < cols; c++) {
                line.append(c == 0 ? "" : " | ")
                        .append(rows.get(i)[c])
                        .append(" ".repeat(width[c] - rows.get(i)[c].length()));
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
    }
}
