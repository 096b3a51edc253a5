package dev.tickbench.probe.ssh;

import dev.tickbench.probe.budget.MemoryBudget;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntSupplier;

/**
 * The SSH server's command slots (SECURITY.md). At most
 * {@link MemoryBudget#MAX_SSH_COMMANDS} commands run at once (each runs its own sampler); a key holds
 * at most its fair share of them, the slots divided among the distinct keys of authorized_keys
 * (rounded up), so one key cannot hold them all while another is listed; and one {@code throttle
 * replay} runs at a time, since it may read lines of up to 4 MiB from its client.
 */
final class CommandSlots {
    private final int total;
    private final IntSupplier distinctKeys;
    private final Map<String, Integer> byKey = new HashMap<>();
    private int used;
    private boolean replaying;

    /** @param distinctKeys the number of distinct keys authorized now */
    CommandSlots(int total, IntSupplier distinctKeys) {
        this.total = total;
        this.distinctKeys = distinctKeys;
    }

    /** A slot held until closed. */
    interface Lease extends AutoCloseable {
        @Override
        void close();
    }

    /** The fair share of one key when {@code keys} distinct keys are authorized. */
    static int share(int total, int keys) {
        return Math.max(1, (total + Math.max(1, keys) - 1) / Math.max(1, keys));
    }

    /** A slot for a command of {@code key}; null and {@code refusal[0]} set when there is none. */
    synchronized Lease acquire(String key, boolean replay, String[] refusal) {
        int share = share(total, distinctKeys.getAsInt());
        int mine = byKey.getOrDefault(key, 0);
        if (used >= total) {
            refusal[0] = "busy: " + total + " commands are running on this probe; try again later";
        } else if (mine >= share) {
            refusal[0] = "busy: this key runs " + mine + " commands, its share of the " + total + " slots; end one or "
                    + "try again later";
        } else if (replay && replaying) {
            refusal[0] = "busy: a throttle replay is running on this probe (one at a time); try again later";
        } else {
            used++;
            byKey.merge(key, 1, Integer::sum);
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
                used--;
                byKey.merge(key, -1, (a, b) -> a + b == 0 ? null : a + b);
                if (replay) {
                    replaying = false;
                }
            }
        }
    }
}
