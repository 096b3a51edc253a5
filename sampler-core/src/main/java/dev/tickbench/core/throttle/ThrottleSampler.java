package dev.tickbench.core.throttle;

import dev.tickbench.core.derived.CpuTime;
import dev.tickbench.core.source.KernelFile;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.core.source.TextScanner;
import dev.tickbench.core.source.ValueTable;
import java.io.Closeable;
import java.io.IOException;
import java.util.Optional;
import java.util.OptionalDouble;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the throttle and the peak tracker are fed once a second (docs/throttle.md): iowait % and busy % of the
 * aggregate {@code cpu} line by the one formula of {@link CpuTime} (deltas since the previous call),
 * used memory % from meminfo and the fullest mounted filesystem.
 *
 * <p>Two feeds, one formula: inside the sampler ({@link #sample(ValueTable, ValueTable)}) the values
 * are the sampler's own reads of {@code stat} and {@code meminfo}, so the throttle's iowait is the
 * stream's iowait over the same ticks; {@code throttle run} has no sampler and {@link #sample()} reads
 * {@code <proc>/stat} and {@code <proc>/meminfo} itself (kept open, re-read from offset 0). Not
 * thread-safe: one caller (the sampler thread or the runner loop).
 */
public final class ThrottleSampler implements Closeable {
    private static final Logger LOG = LoggerFactory.getLogger(ThrottleSampler.class);

    private final SystemRoots roots;
    private final TextScanner scanner = new TextScanner();
    private final MountedDisks disks;
    private KernelFile stat;
    private KernelFile meminfo;
    private long[] previous = CpuTime.newFields();
    private long[] current = CpuTime.newFields();
    private boolean haveBaseline;
    private long skippedTicks;

    public ThrottleSampler(SystemRoots roots) {
        this.roots = roots;
        this.disks = MountedDisks.open(roots.proc());
    }

    /**
     * One 1 Hz reading from the kernel files ({@code throttle run}). Empty on the first call (it only
     * sets the baseline for the deltas), when {@code stat} cannot be read or parsed (the tick is
     * skipped and counted, the previous baseline kept), and when no CPU time passed since the last call.
     */
    public Optional<Reading> sample() {
        try {
            if (stat == null) {
                stat = KernelFile.open(roots.proc("stat"));
            }
            stat.read();
        } catch (IOException e) {
            return skip("cannot read " + roots.proc("stat") + ": " + e.getMessage());
        }
        if (CpuTime.parse(scanner.reset(stat), current) < 0) {
            return skip(roots.proc("stat") + " has no usable aggregate cpu line");
        }
        return next(fileMemUsedPct());
    }

    /**
     * One 1 Hz reading from the sampler's own reads of this tick ({@code statValues} null when the
     * sampler could not read {@code stat}: skipped and counted; {@code memValues} null: no memory %).
     */
    public Optional<Reading> sample(ValueTable statValues, ValueTable memValues) {
        if (statValues == null) {
            return skip("the sampler did not read " + roots.proc("stat") + " on this tick");
        }
        if (!CpuTime.fromValues(statValues, current)) {
            return skip(roots.proc("stat") + " has no usable aggregate cpu line");
        }
        return next(memValues == null ? OptionalDouble.empty() : MemUsed.of(memValues));
    }

    private Optional<Reading> next(OptionalDouble memPct) {
        long[] before = previous;
        previous = current;
        current = before;
        if (!haveBaseline) {
            haveBaseline = true;
            return Optional.empty();
        }
        CpuTime.Shares cpu = CpuTime.between(before, previous);
        if (cpu == null) {
            return Optional.empty(); // two reads inside one USER_HZ tick: no interval to divide by
        }
        return Optional.of(new Reading(cpu.iowaitPct(), cpu.busyPct(), memPct, diskUsedPct()));
    }

    /** Ticks skipped because {@code stat} could not be read or parsed. */
    public long skippedTicks() {
        return skippedTicks;
    }

    private Optional<Reading> skip(String why) {
        if (skippedTicks++ == 0) {
            LOG.warn("throttle sampler skips a tick: {} (further skips are only counted)", why);
        }
        return Optional.empty();
    }

    private OptionalDouble fileMemUsedPct() {
        try {
            if (meminfo == null) {
                meminfo = KernelFile.open(roots.proc("meminfo"));
            }
            meminfo.read();
            return MemUsed.parse(scanner.reset(meminfo));
        } catch (IOException e) {
            return OptionalDouble.empty(); // a mem read error skips that dimension only
        }
    }

    private OptionalDouble diskUsedPct() {
        if (disks == null) {
            return OptionalDouble.empty();
        }
        try {
            return disks.maxUsedPct();
        } catch (IOException e) {
            return OptionalDouble.empty();
        }
    }

    @Override
    public void close() throws IOException {
        for (Closeable c : new Closeable[] {stat, meminfo, disks}) {
            if (c != null) {
                c.close();
            }
        }
    }

    /**
     * One second of the machine, in percent.
     *
     * @param memPct empty when meminfo could not be read
     * @param diskPct empty when no real filesystem could be measured (a fixture root, a bare container)
     */
    public record Reading(double iowaitPct, double busyPct, OptionalDouble memPct, OptionalDouble diskPct) {}
}
