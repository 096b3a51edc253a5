package dev.tickbench.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assertions;

/**
 * Bounded waits for tests: poll a condition until it holds or a deadline passes, then fail with a
 * message saying what was awaited. No test waits without a deadline, and none sleeps to synchronise.
 */
public final class Waits {
    /**
     * The deadline for anything a test waits on: generous, so a busy machine is slow but not failing
     * (a replay opened in a software-rendered window took over 60 s with the load at 30 on 2 cores).
     * It only lengthens a test that fails anyway. A child JVM whose parent gives it a longer budget for
     * the whole of its run (a screenshot window) gets its own through {@value #DEADLINE_PROPERTY}.
     */
    public static final Duration DEADLINE = Duration.ofSeconds(Long.getLong(Waits.DEADLINE_PROPERTY, 120));
    /** The system property that sets {@link #DEADLINE} in seconds. */
    public static final String DEADLINE_PROPERTY = "tickbench.waits.deadline-s";

    private static final long POLL_MS = 10;
    /** A deadline not counting CPU-starved time ends at this many times its length all the same. */
    public static final int BACKSTOP_FACTOR = 5;

    private static final Path CPU_PRESSURE = Path.of("/proc/pressure/cpu");
    /**
     * The CPU time after which a child process that has also had {@link #DEADLINE} of wall time is stuck,
     * not slow: a probe's JVM starts on about 5 s of CPU and samples on a few percent of one.
     */
    public static final Duration CHILD_CPU = DEADLINE.dividedBy(4);
    /** The wall time after which a wait on a child that has not had {@link #CHILD_CPU} fails all the same. */
    public static final Duration CHILD_BACKSTOP = DEADLINE.multipliedBy(BACKSTOP_FACTOR);

    private Waits() {}

    /** Polls {@code condition} until it is true; fails with {@code what} after {@link #DEADLINE}. */
    public static void until(String what, BooleanSupplier condition) {
        until(DEADLINE, () -> what, condition);
    }

    /** Polls {@code condition} until it is true; fails with {@code what} (evaluated then) after {@code deadline}. */
    public static void until(Duration deadline, Supplier<String> what, BooleanSupplier condition) {
        poll(deadline, Duration.ofMillis(POLL_MS), what, condition);
    }

    /**
     * Polls {@code condition} every {@code every} until it is true; fails with {@code what} (evaluated then)
     * after {@link #DEADLINE}. For a condition that costs a request to a server or a read of another
     * process: asked 100 times a second it would add to the load it waits through.
     */
    public static void until(Supplier<String> what, Duration every, BooleanSupplier condition) {
        poll(DEADLINE, every, what, condition);
    }

    private static void poll(Duration deadline, Duration every, Supplier<String> what, BooleanSupplier condition) {
        long stalledAtStart = cpuStallMicros();
        poll(every, what, condition, waited -> {
            if (waited <= deadline.toNanos()) {
                return null;
            }
            long stalled = stalledAtStart < 0 ? 0 : Math.max(0, cpuStallMicros() - stalledAtStart) * 1000;
            return waited - stalled > deadline.toNanos() || waited > deadline.toNanos() * BACKSTOP_FACTOR
                    ? Duration.ofNanos(stalled).toSeconds() + " s of them with tasks waiting for a CPU"
                    : null;
        });
    }

    /** Whether a wait is stuck after {@code waitedNs}: null while it is not, else what it saw, for the message. */
    private interface Stuck {
        String after(long waitedNs);
    }

    /** The one polling loop: until {@code condition} holds, failing when {@code stuck} says so. */
    private static void poll(Duration every, Supplier<String> what, BooleanSupplier condition, Stuck stuck) {
        long start = System.nanoTime();
        while (!condition.getAsBoolean()) {
            long waited = System.nanoTime() - start;
            String seen = stuck.after(waited);
            if (seen != null) {
                Assertions.fail(
                        "waited " + Duration.ofNanos(waited).toSeconds() + " s (" + seen + ") for " + what.get());
            }
            try {
                Thread.sleep(every.toMillis()); // a polling interval, not a synchronisation
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                Assertions.fail("interrupted while waiting for " + what.get());
            }
        }
    }

    /**
     * The time this machine's tasks have waited for a CPU, in µs: {@code /proc/pressure/cpu}'s "some" total
     * (the kernel's PSI); -1 where the kernel does not say (no PSI, not Linux). A wait's deadline does not
     * count that time: on a machine whose CPUs are all taken (four busy loops and a second build on two
     * cores keep it near 100 %), the work awaited is slow, not stuck, and the deadline is then
     * {@link #BACKSTOP_FACTOR} times its length.
     */
    private static long cpuStallMicros() {
        try {
            String first = Files.readAllLines(CPU_PRESSURE).get(0);
            int at = first.indexOf("total=");
            return first.startsWith("some ") && at > 0
                    ? Long.parseLong(first.substring(at + 6).strip())
                    : -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * Polls {@code condition} until it is true while the child process {@code child} works towards it,
     * with a deadline that counts the child's CPU as well as the wall clock: it fails once {@link #DEADLINE}
     * has passed <em>and</em> the child has had {@link #CHILD_CPU} of CPU, or after {@link #CHILD_BACKSTOP}
     * whatever it had. A wall deadline alone fails a child that is slow, not stuck: a probe's JVM started
     * beside a load of 28 on two cores had 4 s of CPU in its first 112 s and was ready after 140 s.
     */
    public static void untilChild(Supplier<String> what, ProcessHandle child, BooleanSupplier condition) {
        poll(Duration.ofMillis(POLL_MS), what, condition, waited -> {
            if (waited <= DEADLINE.toNanos()) {
                return null;
            }
            Duration cpu = cpu(child);
            return waited > CHILD_BACKSTOP.toNanos() || cpu.compareTo(CHILD_CPU) >= 0
                    ? "in which the child had " + cpu.toMillis() + " ms of CPU"
                    : null;
        });
    }

    /** {@link #untilChild} for a value: polls until it returns non-null. */
    public static <T> T forChildValue(String what, ProcessHandle child, Supplier<T> value) {
        Object[] box = new Object[1];
        untilChild(() -> what, child, () -> (box[0] = value.get()) != null);
        @SuppressWarnings("unchecked")
        T t = (T) box[0];
        return t;
    }

    /** The CPU time {@code p} has had; when the system cannot say, as if it had all it is allowed. */
    private static Duration cpu(ProcessHandle p) {
        return p.info().totalCpuDuration().orElse(CHILD_CPU);
    }

    /**
     * Waits for {@code f} to complete and returns its value, with the deadline of {@link #until}; the
     * task's own failure is rethrown as an AssertionError saying {@code what}.
     */
    public static <T> T done(String what, Future<T> f) throws InterruptedException {
        until(what, f::isDone);
        return value(what, f);
    }

    /** {@link #done} for a task a child process works towards: the deadline of {@link #untilChild}. */
    public static <T> T done(String what, ProcessHandle child, Future<T> f) throws InterruptedException {
        untilChild(() -> what, child, f::isDone);
        return value(what, f);
    }

    /** The value of a task that is done; its own failure as an AssertionError saying {@code what}. */
    private static <T> T value(String what, Future<T> f) throws InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw new AssertionError(what + " failed: " + e.getCause(), e.getCause());
        }
    }

    /** Polls {@code value} until it returns non-null; fails with {@code what} after {@link #DEADLINE}. */
    public static <T> T forValue(String what, Supplier<T> value) {
        return forValue(what, Duration.ofMillis(POLL_MS), value);
    }

    /** The same, asking every {@code every} (a value that costs a request: see {@link #until(Supplier, Duration, BooleanSupplier)}). */
    public static <T> T forValue(String what, Duration every, Supplier<T> value) {
        Object[] box = new Object[1];
        poll(DEADLINE, every, () -> what, () -> (box[0] = value.get()) != null);
        @SuppressWarnings("unchecked")
        T t = (T) box[0];
        return t;
    }

    /**
     * Waits for {@code p} to end and returns its exit status; when it is stuck ({@link #untilChild}: slow
     * is waited for) kills it and fails with {@code what}.
     */
    public static int exit(String what, Process p) throws InterruptedException {
        try {
            untilChild(() -> what + " to end", p.toHandle(), () -> !p.isAlive());
        } catch (AssertionError e) {
            p.destroyForcibly();
            throw e;
        }
        return p.waitFor();
    }

    /**
     * Ends {@code p} in a clean-up: SIGTERM, so that it can stop what it started, then SIGKILL if it is
     * still there after {@link #DEADLINE}. Quiet: the test's own assertions have spoken.
     */
    public static void stop(Process p) throws InterruptedException {
        p.destroy();
        if (!p.waitFor(DEADLINE.toMillis(), TimeUnit.MILLISECONDS)) {
            kill(p);
        }
    }

    /** Ends {@code p} in a clean-up with SIGKILL (a busy loop, a sleeper) and waits for it, up to {@link #DEADLINE}. */
    public static void kill(Process p) throws InterruptedException {
        p.destroyForcibly();
        p.waitFor(DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
    }
}
