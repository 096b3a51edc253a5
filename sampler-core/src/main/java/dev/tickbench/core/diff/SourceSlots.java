package dev.tickbench.core.diff;

import java.util.ArrayList;
import java.util.List;

/**
 * One stream source's keys resolved to series. A source's key list rarely changes from one tick to the
 * next, and a capture reader hands out the same key strings each time, so the last list is compared by
 * identity first and its resolution reused.
 */
final class SourceSlots {
    private final SeriesRegistry registry;
    final String source;
    private String[] lastKeys = new String[0];
    private SeriesInfo[] lastInfos = new SeriesInfo[0];
    /** Counters of a source that leaves out idle rows, seen in this session: absent on a tick, their delta is 0. */
    final List<SeriesInfo> rows = new ArrayList<>();
    private final java.util.BitSet inRows = new java.util.BitSet();

    SourceSlots(SeriesRegistry registry, String source) {
        this.registry = registry;
        this.source = source;
    }

    /** The series of {@code keys} (an entry is null for a series past the registry's limit). */
    SeriesInfo[] resolve(String[] keys) {
        if (sameKeys(keys)) {
            lastKeys = keys;
            return lastInfos;
        }
        SeriesInfo[] infos = new SeriesInfo[keys.length];
        for (int i = 0; i < keys.length; i++) {
            SeriesInfo s = registry.stream(source, keys[i], 1); // the registry knows it by name once met
            infos[i] = s;
            if (s != null && s.omitsIdleRows && !inRows.get(s.id)) {
                inRows.set(s.id);
                rows.add(s);
            }
        }
        lastKeys = keys;
        lastInfos = infos;
        return infos;
    }

    private boolean sameKeys(String[] keys) {
        if (keys == lastKeys) {
            return true;
        }
        if (keys.length != lastKeys.length) {
            return false;
        }
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != lastKeys[i] && !keys[i].equals(lastKeys[i])) {
                return false;
            }
        }
        return true;
    }

    void forgetRows() {
        rows.clear();
        inRows.clear();
        lastKeys = new String[0]; // the next list is resolved again, and its rows learnt again
        lastInfos = new SeriesInfo[0];
    }
}
