package dev.tickbench.core.floors;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The floors measured from one capture: the board, one row per level source and per member row
 * (sources first, each followed by its members), and what went wrong on the way.
 *
 * @param warnings for people: a truncated file (analysed up to the bad line), gaps, sources read on
 *     fewer samples than expected
 * @param truncatedAtLine the 1-based line that could not be read, null when the whole file was read
 */
public record FloorReport(Path file, BoardInfo board, List<FloorRow> rows, List<String> warnings, Long truncatedAtLine) {
    public FloorReport {
        rows = List.copyOf(rows);
        warnings = List.copyOf(warnings);
    }

    public Optional<FloorRow> row(String key) {
        return rows.stream().filter(r -> r.key().equals(key)).findFirst();
    }
}
