package dev.tickbench.core.who;

import dev.tickbench.core.source.Presence;
import dev.tickbench.core.source.Source;
import dev.tickbench.core.source.ValueTable;
import java.util.Arrays;

/**
 * One read of a top-N table (the process or the cgroup table) as the sampler takes it: the values, and by
 * position whether each is a level and the count its key had at the table's previous read
 * ({@link Source#baseline}). Arrays are kept from read to read.
 */
public final class TableValues {
    private final ValueTable values = new ValueTable();
    private long[] baselines = new long[64];
    private boolean[] levels = new boolean[64];
    private int size;

    /** Why a table cannot be read here (switched off, the libc calls not usable), or null. */
    public static Presence absence(WhoConfig config) {
        if (!config.on()) {
            return Presence.absent("switched off (top 0)");
        }
        String unavailable = RawFiles.unavailableReason();
        return unavailable == null ? null : Presence.absent(unavailable);
    }

    /** Starts a read: no values. */
    public void begin() {
        values.begin();
        size = 0;
    }

    /**
     * Adds a value.
     *
     * @param level carried absolute, not as its growth
     * @param baseline a counter's count at the table's previous read, or {@link Source#NO_BASELINE}
     */
    public void put(String key, long value, boolean level, long baseline) {
        if (size == baselines.length) {
            baselines = Arrays.copyOf(baselines, size * 2);
            levels = Arrays.copyOf(levels, size * 2);
        }
        values.put(key, value);
        levels[size] = level;
        baselines[size] = level ? Source.NO_BASELINE : baseline;
        size++;
    }

    public ValueTable values() {
        return values;
    }

    public boolean isLevel(int index) {
        return levels[index];
    }

    public long baseline(int index) {
        return baselines[index];
    }
}
