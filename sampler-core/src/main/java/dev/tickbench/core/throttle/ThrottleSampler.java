package dev.tickbench.core.throttle;

import dev.tickbench.core.derived.CpuTime;
import dev.tickbench.core.derived.CpuWindow;
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
 * <p>Two feeds, one formula: inside the sampler every tick's own {@code stat} read goes into the same
 * {@link CpuWindow} the derived series take over the stream's deltas ({@link #tick}), and once a second
 * {@link #second} reads the window, so the throttle's iowait is the stream's {@code cpu.iowait_pct} on
 * that tick, whatever ticks were skipped; {@code throttle run} has no sampler and {@link #sample()}
 * reads {@code <proc>/stat} and {@code <proc>/meminfo} itself (kept open, re-read from offset 0). Not
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
    /** Inside the sampler: the last second's per-tick deltas ({@link #tick}). */
    private CpuWindow window;

    private final long[] tickDeltas = CpuTime.newFields();

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
     * One sampler tick: the sampler's own {@code stat} read of it (cumulative; null when it was not read)
     * over {@code slots} periods goes into the window of the last {@code slotsPerWindow} periods, as the
     * stream's deltas go into {@code cpu.iowait_pct}'s: a tick without a usable read, or whose aggregate
     * user, nice, system went back (the stream's reset), empties it; idle and iowait may step back
     * (FORMAT.md). The first call is the baseline.
     */
    public void tick(ValueTable statValues, int slots, int slotsPerWindow) {
        if (window == null || window.slots() != slotsPerWindow) {
            window = new CpuWindow(slotsPerWindow);
        }
        if (statValues == null || !CpuTime.fromValues(statValues, current)) {
            window.clear(); // the stream has no stat delta on this tick: derived empties its window too
            return;
        }
        long[] before = previous;
        previous = current;
        current = before;
        if (!haveBaseline) {
            haveBaseline = true;
            return;
        }
        for (int i = 0; i < tickDeltas.length; i++) {
            long d = previous[i] - before[i];
            if (d < 0 && !CpuTime.mayStepBack(i)) {
                if (i < CpuTime.MIN_FIELDS) {
                    window.clear(); // a reset: the stream leaves the field out, and derived needs it
                    return;
                }
                d = 0; // a reset of irq, softirq, steal: left out of the stream, taken as 0 by derived
            }
            tickDeltas[i] = d;
        }
        window.add(tickDeltas, slots);
    }

    /**
     * The reading of the second that ends on this tick (after its {@link #tick}): busy and iowait over the
     * window, used memory from the sampler's {@code meminfo} read ({@code memValues} null: no memory %).
     * Skipped and counted when the window does not cover a second of usable reads (a {@code stat} read
     * failed in it) or holds no CPU time: the stream has no {@code cpu.iowait_pct} there either.
     */
    public Optional<Reading> second(ValueTable memValues) {
        CpuTime.Shares cpu = window == null ? null : window.shares();
        if (cpu == null) {
            return skip("no second of usable " + roots.proc("stat") + " reads by the sampler");
        }
        return Optional.of(new Reading(
                cpu.iowaitPct(),
                cpu.busyPct(),
                memValues == null ? OptionalDouble.empty() : MemUsed.of(memValues),
                diskUsedPct()));
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
