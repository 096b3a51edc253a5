package dev.tickbench.probe.ssh;

import java.util.HashMap;
import java.util.Map;
import java.util.function.IntSupplier;

/**
 * A pool of slots shared by the keys of authorized_keys: at most {@code total} are taken, and a key holds
 * at most its share, the slots divided among the distinct keys authorized now (rounded up), so that one
 * key cannot hold them all while another is listed. The rest of the pool is anyone's.
 */
final class KeyShares {
    private final int total;
    private final IntSupplier distinctKeys;
    private final Map<String, Integer> byKey = new HashMap<>();
    private int used;

    /** Why a key got no slot: every slot is taken ({@code full}), or the key holds its {@code share}. */
    record Refusal(boolean full, int held, int share, int total) {}

    /** @param distinctKeys the number of distinct keys authorized now */
    KeyShares(int total, IntSupplier distinctKeys) {
        this.total = total;
        this.distinctKeys = distinctKeys;
    }

    /** The share of one key when {@code keys} distinct keys are authorized. */
    static int share(int total, int keys) {
        return Math.max(1, (total + Math.max(1, keys) - 1) / Math.max(1, keys));
    }

    /** Takes a slot for {@code key}: null when it got one (give it back with {@link #give}), else why not. */
    synchronized Refusal take(String key) {
        int share = share(total, distinctKeys.getAsInt());
        int mine = byKey.getOrDefault(key, 0);
        if (used >= total || mine >= share) {
            return new Refusal(used >= total, mine, share, total);
        }
        used++;
        byKey.merge(key, 1, Integer::sum);
        return null;
    }

    synchronized void give(String key) {
        used--;
        byKey.merge(key, -1, (a, b) -> a + b == 0 ? null : a + b);
    }
}
