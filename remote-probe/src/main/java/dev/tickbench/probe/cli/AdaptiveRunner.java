package dev.tickbench.probe.cli;

import dev.tickbench.core.throttle.Throttle;
import dev.tickbench.core.throttle.ThrottleSampler;
import dev.tickbench.core.throttle.Zone;
import java.io.File;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Runs shell commands with at most {@code effective} of them at once, where effective comes from the
 * iowait throttle fed by the live sampler once a second. The throttle only limits starting: a task
 * that started always runs to completion, even after effective drops or {@link #stop()}.
 *
 * <p>A ceiling of 0 is a pause (effective 0): nothing starts until the ceiling rises, which the
 * {@code --ceiling-file} can make it do while the runner waits (docs/throttle.md).
 *
 * <p>Recorded times are conservative for the "never more than effective" contract: a start is taken
 * before the process is spawned, an end when the JDK reaps it, and a slot is reused only after the
 * end was recorded.
 */
final class AdaptiveRunner {
    private static final long SECOND_NS = 1_000_000_000L;
    private static final String SHELL = "/bin/sh";

    private final Throttle throttle;
    private final ThrottleSampler sampler;
    private final LongSupplier clock;
    private final CeilingFile ceilingFile;
    private final Consumer<String> notes;
    private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private volatile boolean stopping;

    /**
     * @param clock the same monotonic nanosecond clock the throttle was built with
     * @param ceilingFile re-read once a second for a new ceiling; null when the ceiling is fixed
     * @param notes what the runner tells the user while it runs (a pause, a new ceiling): stderr
     */
    AdaptiveRunner(
            Throttle throttle,
            ThrottleSampler sampler,
            LongSupplier clock,
            CeilingFile ceilingFile,
            Consumer<String> notes) {
        this.throttle = throttle;
        this.sampler = sampler;
        this.clock = clock;
        this.ceilingFile = ceilingFile;
        this.notes = notes;
    }

    /** Stops starting new tasks; running ones finish. Safe from any thread (the Ctrl-C hook). */
    void stop() {
        stopping = true;
        events.add(Boolean.TRUE); // wake the loop now rather than at the next second
    }

    /** One task: the 1-based line number among the tasks and the shell command. */
    record Task(int index, String command) {}

    /**
     * What happened to one task; times are seconds since the run started. A task that never started
     * has no start, end, exit or effective; one that could not be spawned has {@code error}.
     */
    record Result(
            int index,
            String command,
            Double startS,
            Double endS,
            Integer exit,
            Integer effectiveAtStart,
            String error) {
        Double durationS() {
            return startS == null || endS == null ? null : endS - startS;
        }
    }

    /** One second of the throttle as the runner saw it. */
    record Second(double tS, double iowait, double smoothed, Zone zone, int effective, int ceiling) {}

    /** The ceiling in force from {@code tS} on (the first at 0 s: the one the run started with). */
    record CeilingChange(double tS, int ceiling) {}

    record Report(
            int ceiling,
            List<Result> results,
            List<Second> timeline,
            boolean interrupted,
            long skippedSeconds,
            List<CeilingChange> ceilings) {
        int peakConcurrency() {
            List<double[]> edges = new ArrayList<>();
            for (Result r : results) {
                if (r.startS() != null) {
                    edges.add(new double[] {r.startS(), 1});
                    edges.add(new double[] {r.endS(), -1});
                }
            }
            // ends sort before starts at the same instant: the slot was free again
            edges.sort((a, b) -> a[0] != b[0] ? Double.compare(a[0], b[0]) : Double.compare(a[1], b[1]));
            int now = 0;
            int peak = 0;
            for (double[] e : edges) {
                now += (int) e[1];
                peak = Math.max(peak, now);
            }
            return peak;
        }
    }

    private record Finished(int slot, long endNs, int exit) {}

    Report run(List<Task> tasks) throws InterruptedException {
        long t0 = clock.getAsLong();
        sampler.sample(); // baseline: the first second's deltas start here
        Result[] results = new Result[tasks.size()];
        long[] startNs = new long[tasks.size()];
        int[] effectiveAt = new int[tasks.size()];
        Deque<Integer> pending = new ArrayDeque<>();
        for (int i = 0; i < tasks.size(); i++) {
            pending.add(i);
        }
        List<Second> timeline = new ArrayList<>();
        List<CeilingChange> ceilings = new ArrayList<>();
        newCeiling(t0, t0, ceilings);
        int running = 0;
        int effective = throttle.effective();
        long nextSample = t0 + SECOND_NS;
        Object woke = null;
        while (true) {
            List<Object> batch = new ArrayList<>();
            if (woke != null) {
                batch.add(woke);
            }
            events.drainTo(batch);
            for (Object event : batch) {
                if (event instanceof Finished f) {
                    running--;
                    Task t = tasks.get(f.slot());
                    results[f.slot()] = new Result(
                            t.index(),
                            t.command(),
                            seconds(startNs[f.slot()] - t0),
                            seconds(f.endNs() - t0),
                            f.exit(),
                            effectiveAt[f.slot()],
                            null);
                }
            }
            long now = clock.getAsLong();
            if (now >= nextSample) {
                newCeiling(now, t0, ceilings);
                effective = throttle.effective(); // a new ceiling applies even in a second with no reading
                var reading = sampler.sample();
                if (reading.isPresent()) {
                    effective = throttle.sample(reading.get().iowaitPct());
                    Throttle.State s = throttle.state();
                    timeline.add(new Second(
                            seconds(now - t0),
                            reading.get().iowaitPct(),
                            s.smoothed().orElseThrow(),
                            s.zone().orElseThrow(),
                            effective,
                            s.ceiling()));
                }
                nextSample += SECOND_NS;
                if (nextSample <= now) {
                    nextSample = now + SECOND_NS; // late (a stalled machine): no burst of catch-up samples
                }
            }
            while (!stopping && running < effective && !pending.isEmpty()) {
                int slot = pending.poll();
                effectiveAt[slot] = effective;
                startNs[slot] = clock.getAsLong();
                try {
                    Process p = spawn(tasks.get(slot).command());
                    running++;
                    p.onExit().thenAccept(done -> events.add(new Finished(slot, clock.getAsLong(), done.exitValue())));
                } catch (IOException e) {
                    Task t = tasks.get(slot);
                    results[slot] = new Result(
                            t.index(),
                            t.command(),
                            null,
                            null,
                            null,
                            null,
                            "cannot start " + SHELL + ": " + e.getMessage());
                }
            }
            if (running == 0 && (pending.isEmpty() || stopping)) {
                break;
            }
            woke = events.poll(Math.max(1, nextSample - clock.getAsLong()), TimeUnit.NANOSECONDS);
        }
        List<Result> out = new ArrayList<>(tasks.size());
        for (int i = 0; i < tasks.size(); i++) {
            Task t = tasks.get(i);
            out.add(results[i] != null ? results[i] : new Result(t.index(), t.command(), null, null, null, null, null));
        }
        return new Report(
                throttle.state().ceiling(),
                out,
                timeline,
                stopping && !pending.isEmpty(),
                sampler.skippedTicks(),
                ceilings);
    }

    /**
     * Takes the ceiling file's value when it names a new one (the first call: the start's ceiling either
     * way) and records it; says so when it pauses or resumes the runner.
     */
    private void newCeiling(long now, long t0, List<CeilingChange> ceilings) {
        int before = throttle.state().ceiling();
        OptionalInt named = ceilingFile == null ? OptionalInt.empty() : ceilingFile.read();
        int after = named.orElse(before);
        if (!ceilings.isEmpty() && after == before) {
            return;
        }
        throttle.setCeiling(after);
        ceilings.add(new CeilingChange(seconds(now - t0), after));
        if (after == 0) {
            notes.accept("ceiling 0: paused, nothing new starts until the ceiling rises"
                    + (ceilingFile == null ? "" : " (write a number to " + ceilingFile.path() + ")"));
        } else if (ceilings.size() > 1) {
            notes.accept("ceiling " + after + (ceilingFile == null ? "" : " (from " + ceilingFile.path() + ")"));
        }
    }

    /**
     * The task's stdout and stderr go to the probe's stderr, so that stdout carries only the summary
     * (a JSON document with --json).
     */
    private static Process spawn(String command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(SHELL, "-c", command).redirectErrorStream(true);
        File stderr = new File("/dev/stderr");
        pb.redirectOutput(stderr.exists() ? ProcessBuilder.Redirect.appendTo(stderr) : ProcessBuilder.Redirect.INHERIT);
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        return pb.start();
    }

    private static double seconds(long ns) {
        return ns / 1e9;
    }
}
