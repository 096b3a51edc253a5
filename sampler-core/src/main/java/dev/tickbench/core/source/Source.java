package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;
import java.io.Closeable;
import java.io.IOException;
import java.util.Map;

/**
 * One kernel source (usually one file; a thermal zone or the MTD partitions are one source each).
 *
 * <p>Lifecycle: {@link #open()} once (opens the files, checks them, does not throw), then
 * {@link #read()} on each due tick, whose result is in {@link #values()}. I/O is in {@code read};
 * parsing is in a package-private static {@code parse(...)} that tests feed with fixture text.
 *
 * <p>Counters put their cumulative raw values; the sampler computes deltas, wraps and resets. Levels
 * put absolute values.
 */
public interface Source extends Closeable {
    /** The cadence key: {@code stat}, {@code thermal_zone0}, {@code slabinfo}, … (no dots). */
    String name();

    SourceKind kind();

    /** Opens the files and reads once to check them; an unreadable source is absent with the reason. */
    Presence open();

    /** The cadence rule of docs/cadence.md this source follows (known after {@link #open()}). */
    CadenceRule cadenceRule();

    /** Reads fresh values into {@link #values()}; throws when the read failed (values then untouched). */
    void read() throws IOException;

    ValueTable values();

    /**
     * One step of a read that may be spread over ticks (docs/cadence.md, "Spread reads"): reads for about
     * {@code budgetNs} and returns true when the read is whole, its values then in {@link #values()} as
     * after {@link #read()}; false when it goes on at the next step. Most sources read whole at once.
     */
    default boolean readStep(long budgetNs) throws IOException {
        read();
        return true;
    }

    /**
     * For counter sources whose keys are {@code row.field} (diskstats, yaffs): a row is emitted only
     * when one of its deltas is non-zero (a router lists many idle devices).
     */
    default boolean rowFiltered() {
        return false;
    }

    /**
     * For counter sources: true when the key at {@code index} of {@link #values()} is a level carried
     * absolute, not as a delta ({@code procs_running}, {@code procs_blocked}, a disk's {@code in_flight}).
     */
    default boolean isLevelKey(int index) {
        return false;
    }

    /**
     * For counter sources: true when the key at {@code index} is a counter the kernel may step back a
     * little without resetting it ({@code /proc/stat}'s idle and iowait under NO_HZ, see the kernel's
     * proc documentation): a decrease is then carried as a negative delta, not named in {@code resets}
     * (FORMAT.md), so sums over an interval stay exact and every reader counts it the same way.
     */
    default boolean mayStepBack(int index) {
        return false;
    }

    /** {@link #baseline(int)} of a key the source has no earlier value of. */
    long NO_BASELINE = Long.MIN_VALUE;

    /**
     * For counter sources: the cumulative value the key at {@code index} had at the source's previous
     * read, when the sampler's own previous read did not carry that key, else {@link #NO_BASELINE} (the
     * first read of a key is then its baseline, and it has no delta). A source that reads more than it
     * carries (the process table reads every process, carries the top N) knows the earlier value of a
     * key it starts to carry, or that the thing it counts began since (0), so the interval in which a
     * process entered the top N is not lost.
     */
    default long baseline(int index) {
        return NO_BASELINE;
    }

    /** Static facts published in capabilities (thermal type and trip, governors, MTD names…). */
    default Map<String, Object> attributes() {
        return Map.of();
    }

    @Override
    default void close() throws IOException {}
}
