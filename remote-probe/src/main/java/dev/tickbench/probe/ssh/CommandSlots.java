package dev.tickbench.probe.ssh;

import dev.tickbench.probe.budget.MemoryBudget;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * The SSH server's command slots (SECURITY.md). At most
 * {@link MemoryBudget#MAX_SSH_COMMANDS} commands run at once (each runs its own sampler); a key holds
 * at most its share of them ({@link KeyShares}); and one {@code throttle replay} runs at a time, since
 * it may read lines of up to 2 MiB from its client.
 *
 * <p>A command whose verb has ended keeps its slot until its client has taken its last output (the gap
 * line of a cut stream), however long that takes, so its output queue stays within the memory budget.
 * A new command that finds no slot closes the one that ended longest ago (of its own key when it holds
 * its share), as {@code /stream} gives the slot of a cut client to a new one: the slots go to clients
 * that read.
 */
final class CommandSlots {
    /** How long a new command waits for the slot of a command it closed to be given back. */
    static final long PUSH_OUT_WAIT_S = 10;

    private final KeyShares shares;
    private boolean replaying;
    /** Commands whose verb ended, their output still going out, oldest first (guarded by this). */
    private final Set<Held> draining = new LinkedHashSet<>();

    /** @param distinctKeys the number of distinct keys authorized now */
    CommandSlots(int total, IntSupplier distinctKeys) {
        this.shares = new KeyShares(total, distinctKeys);
    }

    /** A slot held until closed. */
    interface Lease extends AutoCloseable {
        @Override
        void close();

        /**
         * The command's verb has ended; what it wrote still goes out to its client. From now on a new command
         * that finds no slot may end this one with {@code pushOut} (which closes its channel; the command
         * then closes the lease).
         */
        default void draining(Runnable pushOut) {}
    }

    /** A slot for a command of {@code key}; null and {@code refusal[0]} set when there is none. */
    Lease acquire(String key, boolean replay, String[] refusal) {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(PUSH_OUT_WAIT_S);
        while (true) {
            Held ended;
            synchronized (this) {
                if (replay && replaying) {
                    refusal[0] = "busy: a throttle replay is running on this probe (one at a time); try again later";
                    return null;
                }
                KeyShares.Refusal no = shares.take(key);
                if (no == null) {
                    replaying |= replay;
                    return new Held(key, replay);
                }
                ended = endedLongestAgo(no.full() ? null : key);
                if (ended == null
                        || System.nanoTime() - end > 0
                        || Thread.currentThread().isInterrupted()) {
                    refusal[0] = no.full()
                            ? "busy: " + no.total() + " commands are running on this probe; try again later"
                            : "busy: this key runs " + no.held() + " commands, its share of the " + no.total()
                                    + " slots; end one or try again later";
                    return null;
                }
                draining.remove(ended);
            }
            ended.pushOut.run(); // outside the lock: the command it ends gives its slot back on its own thread
            awaitClosed(ended, end);
        }
    }

    /** The command whose verb ended longest ago, of {@code key} (any key when null); null when none has. */
    private Held endedLongestAgo(String key) {
        for (Held h : draining) {
            if (key == null || h.key.equals(key)) {
                return h;
            }
        }
        return null;
    }

    private synchronized void awaitClosed(Held h, long endNs) {
        long left;
        while (!h.closed && (left = endNs - System.nanoTime()) > 0) {
            try {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private final class Held implements Lease {
        private final String key;
        private final boolean replay;
        private boolean closed;
        private Runnable pushOut;

        Held(String key, boolean replay) {
            this.key = key;
            this.replay = replay;
        }

        @Override
        public void draining(Runnable pushOut) {
            synchronized (CommandSlots.this) {
                if (!closed) {
                    this.pushOut = pushOut;
                    draining.add(this);
                }
            }
        }

        @Override
        public void close() {
            synchronized (CommandSlots.this) {
                if (closed) {
                    return;
                }
                closed = true;
                draining.remove(this);
                shares.give(key);
                if (replay) {
                    replaying = false;
                }
                CommandSlots.this.notifyAll();
            }
        }
    }
}
