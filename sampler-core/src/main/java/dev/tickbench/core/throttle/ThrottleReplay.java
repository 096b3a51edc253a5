package dev.tickbench.core.throttle;

import java.util.ArrayList;
import java.util.List;

/**
 * "What concurrency would this board have allowed during that capture?": feeds a recorded iowait
 * series through a fresh controller, created at t = 0, each point at {@link IowaitPoint#atNs()}: like
 * the live controller, which is created when the stream starts and gets its first value a second
 * later, the i-th value (counting from 1) arrives at i s, and a capture's own throttle lines at their
 * own times, so replaying them with the same ceiling gives the same decisions line for line
 * (docs/throttle-replay.md).
 */
public final class ThrottleReplay {
    private ThrottleReplay() {}

    /** One step per point, in order; the controller's clock is the point's {@code atNs}. */
    public static List<Step> run(int ceiling, List<IowaitPoint> series) {
        Replayer r = new Replayer(ceiling);
        List<Step> steps = new ArrayList<>(series.size());
        for (IowaitPoint p : series) {
            steps.add(r.step(p));
        }
        return steps;
    }

    /** The same one point at a time, for a series streamed as it is read (nothing kept but the controller). */
    public static final class Replayer {
        private final long[] now = {0};
        private final Throttle throttle;

        public Replayer(int ceiling) {
            this.throttle = new Throttle(ceiling, () -> now[0]);
        }

        public Step step(IowaitPoint p) {
            now[0] = p.atNs();
            int effective = throttle.sample(p.iowaitPct());
            Throttle.State s = throttle.state();
            return new Step(
                    p.t(), p.iowaitPct(), s.smoothed().orElseThrow(), s.zone().orElseThrow(), effective);
        }
    }

    /** What the controller did with the iowait of second {@code t}. */
    public record Step(long t, double iowait, double smoothed, Zone zone, int effective) {}
}
