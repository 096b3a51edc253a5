package dev.tickbench.core.floors;

import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The floors measured from one capture: the board, one row per level source and per member row
 * (sources first, each followed by its members), and what went wrong on the way.
 *
 * @param warnings for people: a truncated file (analysed up to the bad line), gaps, sources read on
 *     fewer samples than expected
 * @param truncatedAtLine the 1-based line that could not be read, null when the whole file was read
 */
public record FloorReport(
        Path file,
        BoardInfo board,
        List<FloorRow> rows,
        List<String> warnings,
        Long truncatedAtLine,
        Map<String, FloorRow> byKey) {
    public FloorReport {
        rows = List.copyOf(rows);
        warnings = List.copyOf(warnings);
    }

    /** The report; its rows by key are indexed here (a table of a capture's 16 000 rows looked each up in all). */
    public FloorReport(Path file, BoardInfo board, List<FloorRow> rows, List<String> warnings, Long truncatedAtLine) {
        this(file, board, rows, warnings, truncatedAtLine, index(rows));
    }

    private static Map<String, FloorRow> index(List<FloorRow> rows) {
        Map<String, FloorRow> byKey = new HashMap<>();
        for (FloorRow r : rows) {
            byKey.putIfAbsent(r.key(), r);
        }
        return Collections.unmodifiableMap(byKey);
    }

    public Optional<FloorRow> row(String key) {
        return Optional.ofNullable(byKey.get(key));
    }
}
