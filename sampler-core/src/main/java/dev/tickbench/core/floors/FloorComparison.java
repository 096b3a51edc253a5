package dev.tickbench.core.floors;

import dev.tickbench.core.catalogue.NaturalOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Several captures side by side: one column per capture (board), one row per level source or member
 * row found in any of them. A cell is the capture's {@link FloorRow} for that row, or null where that
 * board has no such source (missing, not zero).
 *
 * @param rows every row key, sources in kind order (thermal, cpufreq, slabinfo, buddyinfo, mtd), each
 *     followed by its members: cores in order, slab caches fastest first
 */
public record FloorComparison(List<FloorReport> captures, List<String> rows) {
    public FloorComparison {
        captures = List.copyOf(captures);
        rows = List.copyOf(rows);
    }

    /** Analyses every file; the first one that cannot be analysed stops it (its message names the file). */
    public static FloorComparison analyze(List<Path> files) throws FloorAnalysisException {
        List<FloorReport> reports = new ArrayList<>();
        for (Path f : files) {
            reports.add(FloorAnalysis.analyze(f));
        }
        return of(reports);
    }

    public static FloorComparison of(List<FloorReport> reports) {
        Map<String, LevelKind> sources = new TreeMap<>(NaturalOrder.NATURAL);
        for (FloorReport r : reports) {
            for (FloorRow row : r.rows()) {
                sources.put(row.source(), row.kind());
            }
        }
        List<String> names = new ArrayList<>(sources.keySet());
        names.sort(Comparator.comparing((String n) -> sources.get(n)).thenComparing(NaturalOrder.NATURAL));
        Map<String, Set<String>> membersBySource = new HashMap<>(); // once, not each source's looked up in every row
        for (FloorReport r : reports) {
            for (FloorRow x : r.rows()) {
                if (x.isMember()) {
                    membersBySource
                            .computeIfAbsent(x.source(), k -> new LinkedHashSet<>())
                            .add(x.key());
                }
            }
        }
        List<String> rows = new ArrayList<>();
        for (String source : names) {
            rows.add(source);
            Set<String> members = membersBySource.getOrDefault(source, Set.of());
            List<String> sorted = new ArrayList<>(members);
            Comparator<String> natural = NaturalOrder.NATURAL;
            sorted.sort(
                    sources.get(source) == LevelKind.SLABINFO
                            ? Comparator.comparingDouble((String k) -> -maxHz(reports, k))
                                    .thenComparing(natural)
                            : natural);
            rows.addAll(sorted);
        }
        return new FloorComparison(reports, rows);
    }

    private static double maxHz(List<FloorReport> reports, String key) {
        return reports.stream()
                .flatMap(r -> r.row(key).stream())
                .mapToDouble(FloorRow::hz)
                .max()
                .orElse(0);
    }

    /** The cell of {@code row} in capture {@code column}, or null where that board has no such row. */
    public FloorRow cell(String row, int column) {
        return captures.get(column).row(row).orElse(null);
    }

    /** Source rows, and member rows that changed in at least one capture: what people want to see first. */
    public List<String> changingRows() {
        List<String> out = new ArrayList<>();
        for (String key : rows) {
            boolean member = false;
            boolean changed = false;
            for (int c = 0; c < captures.size(); c++) {
                FloorRow cell = cell(key, c);
                if (cell != null) {
                    member |= cell.isMember();
                    changed |= cell.changes() > 0;
                }
            }
            if (!member || changed) {
                out.add(key);
            }
        }
        return out;
    }
}
