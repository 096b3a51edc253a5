package dev.tickbench.core.cgroup;

import dev.tickbench.core.source.SystemRoots;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The throttling path walk of docs/walk.md: read the target and every ancestor up to the root,
 * wait, read them again, and name the level whose throttled time grew: "container-level zero does
 * not rule out parent throttling".
 */
public final class PathWalk {
    /** What happens between the two reads; returns the nanoseconds that really passed. */
    @FunctionalInterface
    public interface Window {
        long await(Duration window) throws InterruptedException;

        /** Sleeps for the window and measures it (the live walk). */
        static Window sleeping() {
            return w -> {
                long start = System.nanoTime();
                Thread.sleep(w.toMillis(), (int) (w.toNanos() % 1_000_000));
                return System.nanoTime() - start;
            };
        }
    }

    private final SystemRoots roots;
    private final Window window;

    public PathWalk(SystemRoots roots, Window window) {
        this.roots = roots;
        this.window = window;
    }

    /**
     * @throws CgroupException when the target is gone before the first read
     */
    public WalkResult walk(CgroupTarget target, Duration duration) throws CgroupException, InterruptedException {
        List<CgroupLevel> levels = target.levels();
        LevelReader reader = new LevelReader(target.version());
        List<LevelReading> first = new ArrayList<>();
        for (CgroupLevel level : levels) {
            first.add(reader.read(level));
        }
        if (first.get(0) == null) {
            throw new CgroupException("cgroup " + target.path() + " no longer exists under " + target.mount().mountPoint());
        }
        long windowNs = window.await(duration);

        List<WalkLevel> walked = new ArrayList<>();
        List<String> vanished = new ArrayList<>();
        List<WalkWarning> warnings = new ArrayList<>();
        for (int i = 0; i < levels.size(); i++) {
            LevelReading a = first.get(i);
            LevelReading b = reader.read(levels.get(i));
            if (a == null || b == null) {
                vanished.add(levels.get(i).path());
                warnings.add(new WalkWarning(WalkWarning.Kind.VANISHED, "level " + levels.get(i).path()
                        + " vanished during the window; the walk shows the remaining levels"));
                continue;
            }
            String backwards = WalkLevel.wentBackwards(a.stat(), b.stat());
            boolean recreated = a.dirKey() != null && b.dirKey() != null && !a.dirKey().equals(b.dirKey());
            boolean reset = backwards != null || recreated;
            if (reset) {
                warnings.add(new WalkWarning(WalkWarning.Kind.RESET, "level " + levels.get(i).path()
                        + " was reset during the window (" + (backwards != null ? "cpu.stat " + backwards
                        : "a new directory at the same path") + "): removed and re-created; its growth is unknown"
                        + " and shown as -"));
            }
            walked.add(new WalkLevel(b.limits(), a.stat(), b.stat(), b.psi(), windowNs, reset));
        }
        warnings.addAll(EnvironmentChecks.check(roots, target, walked));
        String systemPsi = LevelReader.text(roots.proc("pressure/cpu"));
        return new WalkResult(target.version(), target.path(), windowNs, walked, enforcing(walked),
                K8sPath.decode(target.path()).orElse(null), warnings, vanished,
                systemPsi == null ? null : Psi.systemCpu(systemPsi));
    }

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
