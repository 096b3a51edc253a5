package dev.tickbench.probe.ssh;

import dev.tickbench.probe.budget.MemoryBudget;
import java.util.function.IntSupplier;

/**
 * The SSH server's command slots (SECURITY.md). At most
 * {@link MemoryBudget#MAX_SSH_COMMANDS} commands run at once (each runs its own sampler); a key holds
 * at most its share of them ({@link KeyShares}); and one {@code throttle replay} runs at a time, since
 * it may read lines of up to 2 MiB from its client.
 */
final class CommandSlots {
    private final KeyShares shares;
    private boolean replaying;

    /** @param distinctKeys the number of distinct keys authorized now */
    CommandSlots(int total, IntSupplier distinctKeys) {
        this.shares = new KeyShares(total, distinctKeys);
    }

    /** A slot held until closed. */
    interface Lease extends AutoCloseable {
        @Override
        void close();
    }

    /** A slot for a command of {@code key}; null and {@code refusal[0]} set when there is none. */
    synchronized Lease acquire(String key, boolean replay, String[] refusal) {
        if (replay && replaying) {
            refusal[0] = "busy: a throttle replay is running on this probe (one at a time); try again later";
            return null;
        }
        KeyShares.Refusal no = shares.take(key);
        if (no != null && no.full()) {
            refusal[0] = "busy: " + no.total() + " commands are running on this probe; try again later";
        } else if (no != null) {
            refusal[0] = "busy: this key runs " + no.held() + " commands, its share of the " + no.total()
                    + " slots; end one or try again later";
        } else {
            replaying |= replay;
            return new Held(key, replay);
        }
        return null;
    }

    private final class Held implements Lease {
        private final String key;
        private final boolean replay;
        private boolean closed;

        Held(String key, boolean replay) {
            this.key = key;
            this.replay = replay;
        }

        @Override
        public void close() {
            synchronized (CommandSlots.this) {
                if (closed) {
                    return;
                }
                closed = true;
                shares.give(key);
                if (replay) {
                    replaying = false;
                }
            }
        }
    }
}
