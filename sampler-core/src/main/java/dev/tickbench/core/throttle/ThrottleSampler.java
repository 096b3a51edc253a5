package dev.tickbench.core.throttle;

import dev.tickbench.core.source.KernelFile;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.core.source.TextScanner;
import java.io.Closeable;
import java.io.IOException;
import java.util.Optional;
import java.util.OptionalDouble;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the throttle and the peak tracker are fed once a second (docs/throttle.md): iowait % and busy % from the
 * aggregate {@code cpu} line of {@code <proc>/stat} (deltas since the previous call, over all ten
 * fields), used memory % from {@code <proc>/meminfo} and the fullest mounted filesystem. Files are kept
 * open and re-read from offset 0. Not thread-safe: one caller (the sampler thread or the runner loop).
 */
public final class ThrottleSampler implements Closeable {
    private static final Logger LOG = LoggerFactory.getLogger(ThrottleSampler.class);

    private final SystemRoots roots;
    private final TextScanner scanner = new TextScanner();
    private final MountedDisks disks;
    private KernelFile stat;
    private KernelFile meminfo;
    private long[] previous = new long[CpuTimes.FIELDS];
    private long[] current = new long[CpuTimes.FIELDS];
    private boolean haveBaseline;
    private long skippedTicks;

    public ThrottleSampler(SystemRoots roots) {
        this.roots = roots;
        this.disks = MountedDisks.open(roots.proc());
    }

    /**
     * One 1 Hz reading. Empty on the first call (it only sets the baseline for the deltas), when
     * {@code stat} cannot be read or parsed (the tick is skipped and counted, the previous baseline
     * kept), and when no CPU time passed since the last call.
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
        if (CpuTimes.parse(scanner.reset(stat), current) < 0) {
            return skip(roots.proc("stat") + " has no usable aggregate cpu line");
        }
        long[] before = previous;
        previous = current;
        current = before;
        if (!haveBaseline) {
            haveBaseline = true;
            return Optional.empty();
        }
        CpuTimes.Percentages cpu = CpuTimes.between(before, previous);
        if (cpu == null) {
            return Optional.empty(); // two reads inside one USER_HZ tick: no interval to divide by
        }
        return Optional.of(new Reading(cpu.iowait(), cpu.busy(), memUsedPct(), diskUsedPct()));
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

    private OptionalDouble memUsedPct() {
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
