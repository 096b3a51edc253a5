package dev.tickbench.core.diff;

import java.util.List;

/**
 * The ranking of every series between range A and range B (docs/diff.md): rows in both ranges by the
 * magnitude of their effect (largest first), ties by name; then the series that appeared in B, then those
 * that disappeared, each by name.
 *
 * @param a range A's summary, without its series (each row has its statistics in A and B)
 * @param b range B's
 * @param levelShare the share of a series' level below which a change is never above noise
 *     ({@link SeriesDiff#LEVEL_SHARE})
 */
public record DiffResult(RangeSummary a, RangeSummary b, List<SeriesChange> rows, double levelShare) {
    public DiffResult {
        rows = List.copyOf(rows);
    }

    /** How many series are in both ranges. */
    public long compared() {
        return rows.stream().filter(r -> r.presence() == Presence.BOTH).count();
    }

    /** How many of them changed by at least their spread. */
    public long aboveNoise() {
        return rows.stream().filter(SeriesChange::aboveNoise).count();
    }

    public List<SeriesChange> with(Presence p) {
        return rows.stream().filter(r -> r.presence() == p).toList();
    }
}
