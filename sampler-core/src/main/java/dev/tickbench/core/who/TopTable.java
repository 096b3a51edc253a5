package dev.tickbench.core.who;

import dev.tickbench.core.cadence.CadenceRule;
import dev.tickbench.core.source.Presence;
import dev.tickbench.core.source.Source;
import dev.tickbench.core.source.SourceKind;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.core.source.ValueTable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the two top-N tables (the process table, {@link ProcessSource}, and the cgroup table) share
 * (docs/who.md): a counter source read at the table's own cadence; absent when switched off or when the
 * libc calls cannot be made; one read's values as {@link TableValues} puts them; the ranks that name the
 * first N, the key budget, the rest's keys and the read count; and the clock each entry's {@code read_ns}
 * is measured on. A table adds how it finds and reads its entries: {@link #openTable} and
 * {@link Source#read}.
 */
public abstract class TopTable implements Source {
    protected final SystemRoots roots;
    protected final WhoConfig config;
    protected final RawFiles raw = new RawFiles();
    protected final TopRanks ranks;
    protected final KeyBudget budget;
    protected final TableValues table = new TableValues();
    /** {@code rest|<field>} by the field's position in the list the table gave. */
    protected final String[] restKeys;
    /** Reads made so far: the current one's number while it runs. */
    protected long reads;
    /** The clock's origin for {@code read_ns}: the values stay positive and small. */
    private final long originNs = System.nanoTime();

    /** A table with {@code fieldKeys} (each field's key, in the order of its ordinals) and the rest under {@code rest}. */
    protected TopTable(SystemRoots roots, WhoConfig config, KeyBudget budget, String rest, List<String> fieldKeys) {
        this.roots = roots;
        this.config = config;
        this.ranks = new TopRanks(Math.max(1, config.top()), config.hz());
        this.budget = budget;
        this.restKeys = fieldKeys.stream().map(k -> rest + "|" + k).toArray(String[]::new);
    }

    @Override
    public final SourceKind kind() {
        return SourceKind.COUNTER;
    }

    @Override
    public final CadenceRule cadenceRule() {
        return new CadenceRule.Chosen(config.hz());
    }

    @Override
    public final Presence open() {
        Presence absent = TableValues.absence(config);
        return absent != null ? absent : openTable();
    }

    /** Finds what the table reads (a hierarchy, the proc root); switched on and able to call libc. */
    protected abstract Presence openTable();

    /**
     * What {@code read_ns} is kept to: 100 µs. A finer clock is noise beside a read's own length (tens of µs
     * a process, under load more), a rate over a second is exact to 10⁻⁴ with it, and its last five digits
     * are then zeros a capture compresses: at the nanosecond, 200 entries' read times a second were a
     * fifth of what the tables added to a gzipped capture (FORMAT.md, "procs and cgroups").
     */
    static final long READ_NS_STEP = 100_000;

    /** The midpoint of a reading begun at {@code startNanos} (System.nanoTime) and ended now, on the read_ns clock. */
    protected final long midpointSince(long startNanos) {
        long ns = startNanos + (System.nanoTime() - startNanos) / 2 - originNs;
        return Math.round((double) ns / READ_NS_STEP) * READ_NS_STEP;
    }

    /** How many reads have been made: a drain can tell whether this tick read. */
    public final long reads() {
        return reads;
    }

    @Override
    public final ValueTable values() {
        return table.values();
    }

    @Override
    public final boolean isLevelKey(int index) {
        return table.isLevel(index);
    }

    @Override
    public final long baseline(int index) {
        return table.baseline(index);
    }

    @Override
    public final Map<String, Object> attributes() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("top", config.top());
        attributes(a);
        a.put("budget_series", budget.maxSeries());
        a.put("budget_bytes", budget.maxBytes());
        return a;
    }

    /** Adds what the table found at open to its attributes (between {@code top} and the budget). */
    protected abstract void attributes(Map<String, Object> a);
}
