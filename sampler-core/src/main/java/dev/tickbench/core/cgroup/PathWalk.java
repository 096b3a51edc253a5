package dev.tickbench.core.cgroup;

import dev.tickbench.core.source.SystemRoots;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The throttling path walk of docs/walk.md: read the target and every ancestor up to the root,
 * wait, read them again, and name the level whose throttled time grew: "container-level zero does
 * not rule out parent throttling".
 *
 * <p>Timing (docs/walk.md, "The window"): the levels are read one after the other, so their two reads
 * are not the sleep apart — on a busy machine the root's were further apart, and a rate over the sleep
 * alone read 2.05 CPUs on a 2-CPU machine. Each read is timed around its own files ({@link LevelReader});
 * the first pass goes from the root to the leaf and the second from the leaf to the root, so every
 * parent's two reads enclose its children's; and every level's growth is divided by the one interval
 * that encloses them all, the outermost level's. A parent's growth over its enclosing interval is at
 * least its child's (the kernel charges a child's time to its ancestors at once), so no level comes out
 * above its parent or, beyond the kernel's charging granularity, above the CPUs.
 */
public final class PathWalk {
    /** What happens between the two reads; returns the nanoseconds that really passed. */
    @FunctionalInterface
    public interface Window {
        long await(Duration window) throws InterruptedException;

        /**
         * The clock the reads are timed with. Null (a scripted window): the walk keeps a clock of its own
         * on which time passes only inside {@link #await}, by what it returns, so reads are instants.
         */
        default LongSupplier clock() {
            return null;
        }

        /** Sleeps for the window and measures it (the live walk); the reads are timed on the same clock. */
        static Window sleeping() {
            return new Window() {
                @Override
                public long await(Duration w) throws InterruptedException {
                    long start = System.nanoTime();
                    Thread.sleep(w.toMillis(), (int) (w.toNanos() % 1_000_000));
                    return System.nanoTime() - start;
                }

                @Override
                public LongSupplier clock() {
                    return System::nanoTime;
                }
            };
        }
    }

    private final SystemRoots roots;
    private final Window window;
    private final Consumer<CgroupLevel> beforeRead;

    public PathWalk(SystemRoots roots, Window window) {
        this(roots, window, level -> {});
    }

    /** @param beforeRead runs before each level's read (a test makes the reader slow between levels) */
    PathWalk(SystemRoots roots, Window window, Consumer<CgroupLevel> beforeRead) {
        this.roots = roots;
        this.window = window;
        this.beforeRead = beforeRead;
    }

    /**
     * @throws CgroupException when the target is gone before the first read
     */
    public WalkResult walk(CgroupTarget target, Duration duration) throws CgroupException, InterruptedException {
        List<CgroupLevel> levels = target.levels();
        long[] scripted = {0};
        LongSupplier clock = window.clock() != null ? window.clock() : () -> scripted[0];
        LevelReader reader = new LevelReader(target.version(), clock);
        List<LevelReading> first = new ArrayList<>(java.util.Collections.nCopies(levels.size(), (LevelReading) null));
        for (int i = levels.size() - 1; i >= 0; i--) { // root first: its reads will enclose every other
            beforeRead.accept(levels.get(i));
            first.set(i, reader.read(levels.get(i)));
        }
        if (first.get(0) == null) {
            throw new CgroupException("cgroup " + target.path() + " no longer exists under "
                    + target.mount().mountPoint());
        }
        long windowNs = window.await(duration);
        scripted[0] += windowNs;

        List<Read> pairs = new ArrayList<>();
        List<String> vanished = new ArrayList<>();
        List<WalkWarning> warnings = new ArrayList<>();
        long enclosingNs = 0;
        for (int i = 0; i < levels.size(); i++) { // leaf first: inside its parent's two reads
            LevelReading a = first.get(i);
            beforeRead.accept(levels.get(i));
            LevelReading b = reader.read(levels.get(i));
            if (a == null || b == null) {
                vanished.add(levels.get(i).path());
                warnings.add(new WalkWarning(
                        WalkWarning.Kind.VANISHED,
                        "level " + levels.get(i).path()
                                + " vanished during the window; the walk shows the remaining levels"));
                continue;
            }
            String backwards = WalkLevel.wentBackwards(a.stat(), b.stat());
            boolean recreated =
                    a.dirKey() != null && b.dirKey() != null && !a.dirKey().equals(b.dirKey());
            boolean reset = backwards != null || recreated;
            if (reset) {
                warnings.add(new WalkWarning(
                        WalkWarning.Kind.RESET,
                        "level " + levels.get(i).path()
                                + " was reset during the window ("
                                + (backwards != null ? "cpu.stat " + backwards : "a new directory at the same path")
                                + "): removed and re-created; its growth is unknown"
                                + " and shown as -"));
            }
            pairs.add(new Read(a, b, reset));
            enclosingNs = Math.max(enclosingNs, b.statReadNs() - a.statReadNs()); // the outermost level's
        }
        List<WalkLevel> walked = new ArrayList<>();
        for (Read r : pairs) {
            walked.add(new WalkLevel(r.b().limits(), r.a().stat(), r.b().stat(), r.b().psi(), enclosingNs, r.reset()));
        }
        warnings.addAll(EnvironmentChecks.check(roots, target, walked));
        String systemPsi = LevelReader.text(roots.proc("pressure/cpu"));
        return new WalkResult(
                target.version(),
                target.path(),
                walked.isEmpty() ? windowNs : enclosingNs,
                walked,
                enforcing(walked),
                K8sPath.decode(target.path()).orElse(null),
                warnings,
                vanished,
                systemPsi == null ? null : Psi.systemCpu(systemPsi));
    }

    /** A level's two reads, and whether its counters restarted between them. */
    private record Read(LevelReading a, LevelReading b, boolean reset) {}

    /**
     * The level whose throttled time grew most; by throttled count where no time is kept. On a tie the
     * level nearest the leaf wins (listed first). Null when nothing grew. A reset level has no growth
     * (its deltas are null), so its bogus numbers can never make it the enforcing one.
     */
    static String enforcing(List<WalkLevel> levels) {
        WalkLevel best = null;
        long bestUs = 0;
        long bestCount = 0;
        for (WalkLevel l : levels) {
            Long us = l.delta(CpuCounter.THROTTLED_USEC);
            Long n = l.delta(CpuCounter.NR_THROTTLED);
            long u = us == null ? 0 : us;
            long c = n == null ? 0 : n;
            if (u > bestUs || (u == bestUs && c > bestCount)) {
                best = l;
                bestUs = u;
                bestCount = c;
            }
        }
        return best == null ? null : best.path();
    }
}
