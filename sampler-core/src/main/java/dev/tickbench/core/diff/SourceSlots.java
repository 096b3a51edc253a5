package dev.tickbench.core.diff;

import dev.tickbench.core.capture.ReadSpan;
import java.util.ArrayList;
import java.util.List;

/**
 * One stream source's keys resolved to series. A source's key list rarely changes from one tick to the
 * next, and a capture reader hands out the same key strings each time, so the last list is compared by
 * identity first and its resolution reused. Of a source whose keys are the last interval's top N (the
 * process and cgroup tables), a level the new list no longer has has ended ({@link #ended}): it is not held.
 */
final class SourceSlots {
    private final SeriesRegistry registry;
    final String source;
    private String[] lastKeys = new String[0];
    private SeriesInfo[] lastInfos = new SeriesInfo[0];
    /** The last list's {@link #spans}; null when every key's delta covers the tick's {@code dt}. */
    private int[] lastSpans;
    /** Counters of a source that leaves out idle rows, seen in this session: absent on a tick, their delta is 0. */
    final List<SeriesInfo> rows = new ArrayList<>();

    private final java.util.BitSet inRows = new java.util.BitSet();
    /** A key absent from a read has ended (ReadRule.TOP_N), rather than held its value. */
    private final boolean keysComeAndGo;
    /** The levels the last resolved list had that the one before had not, of a source whose keys come and go. */
    private final List<SeriesInfo> ended = new ArrayList<>();

    private final java.util.BitSet levelsNow = new java.util.BitSet();

    SourceSlots(SeriesRegistry registry, String source, boolean keysComeAndGo) {
        this.registry = registry;
        this.source = source;
        this.keysComeAndGo = keysComeAndGo;
    }

    /**
     * The levels that ended with the list last resolved: held on the read before, absent from this one (a
     * process that left the table, or exited). Empty unless the source's keys come and go.
     */
    List<SeriesInfo> ended() {
        return ended;
    }

    /** The series of {@code keys} (an entry is null for a series past the registry's limit). */
    SeriesInfo[] resolve(String[] keys) {
        ended.clear();
        if (sameKeys(keys)) {
            lastKeys = keys;
            return lastInfos;
        }
        SeriesInfo[] before = lastInfos;
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
        lastSpans = spansOf(keys);
        if (keysComeAndGo) {
            endLevels(before, infos);
        }
        return infos;
    }

    /** Marks a key of {@link #spans} whose delta covers the tick's {@code dt}. */
    static final int TICK = -1;
    /** Marks a key of {@link #spans} that is itself the time another key's delta covers: not a rate. */
    static final int TIME = -2;

    /**
     * Per key of the list last resolved, the place in it of the key whose delta is the time that key's
     * delta covers ({@link ReadSpan}, docs/diff.md "Counters"); {@link #TICK} where the list has none,
     * {@link #TIME} for a time key itself. Null when no key has one.
     */
    int[] spans() {
        return lastSpans;
    }

    private static int[] spansOf(String[] keys) {
        java.util.Map<String, Integer> times = null;
        for (int i = 0; i < keys.length; i++) {
            if (ReadSpan.isTime(keys[i])) {
                if (times == null) {
                    times = new java.util.HashMap<>();
                }
                times.put(keys[i], i);
            }
        }
        if (times == null) {
            return null;
        }
        int[] spans = new int[keys.length];
        for (int i = 0; i < keys.length; i++) {
            String timeKey = ReadSpan.timeKeyOf(keys[i]);
            Integer time = timeKey == null ? null : times.get(timeKey);
            spans[i] = ReadSpan.isTime(keys[i]) ? TIME : time == null ? TICK : time;
        }
        return spans;
    }

    /** The levels of {@code before} that {@code now} has not. */
    private void endLevels(SeriesInfo[] before, SeriesInfo[] now) {
        levelsNow.clear();
        for (SeriesInfo s : now) {
            if (s != null && s.level) {
                levelsNow.set(s.id);
            }
        }
        for (SeriesInfo s : before) {
            if (s != null && s.level && !levelsNow.get(s.id)) {
                ended.add(s);
            }
        }
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
        lastSpans = null;
        ended.clear();
    }
}
