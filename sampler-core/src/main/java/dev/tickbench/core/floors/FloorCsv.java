package dev.tickbench.core.floors;

import dev.tickbench.core.capture.Csv;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Floors as CSV for tools: one line per (row, capture) cell that exists, in comparison order. */
public final class FloorCsv {
    public static final List<String> HEADER = List.of(
            "file",
            "hostname",
            "board",
            "kernel",
            "rate_hz",
            "row",
            "source",
            "member",
            "emissions",
            "changes",
            "hz",
            "need_hz",
            "shipped_hz",
            "shipped_reason",
            "verdict",
            "fastest_member",
            "fastest_hz",
            "polling_delay_ms",
            "declared_hz",
            "jitter_ratio",
            "curve_hz");

    private FloorCsv() {}

    public static String render(FloorComparison c) {
        StringBuilder sb = new StringBuilder();
        Csv.appendLine(sb, HEADER);
        for (String key : c.rows()) {
            for (int col = 0; col < c.captures().size(); col++) {
                FloorRow r = c.cell(key, col);
                if (r != null) {
                    Csv.appendLine(sb, cells(c.captures().get(col), r));
                }
            }
        }
        return sb.toString();
    }

    private static List<String> cells(FloorReport rep, FloorRow r) {
        BoardInfo b = rep.board();
        ThermalJitter j = r.jitter();
        List<String> v = new ArrayList<>();
        v.add(rep.file().toString());
        v.add(b.hostname());
        v.add(b.board());
        v.add(b.kernel());
        v.add(Integer.toString(b.rateHz()));
        v.add(r.key());
        v.add(r.source());
        v.add(r.member());
        v.add(Long.toString(r.emissions()));
        v.add(Long.toString(r.changes()));
        v.add(num(r.hz()));
        v.add(num(r.needHz()));
        v.add(num(r.shippedHz()));
        v.add(r.shippedReason().label());
        v.add(r.verdict().label());
        v.add(r.fastest() == null ? null : r.fastest().member());
        v.add(r.fastest() == null ? null : num(r.fastest().hz()));
        v.add(
                j == null || j.pollingDelayMs() == null
                        ? null
                        : j.pollingDelayMs().toString());
        v.add(j == null || j.declaredHz() == null ? null : num(j.declaredHz()));
        v.add(j == null || j.ratio() == null ? null : num(j.ratio()));
        v.add(j == null ? null : num(j.curveHz()));
        return v;
    }

    static String num(double v) {
        return String.format(Locale.ROOT, "%.4f", v);
    }
}
