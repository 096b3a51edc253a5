package dev.tickbench.core.floors;

import dev.tickbench.core.capture.SourceValues;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Counts, while a capture streams past, how often one level source and each of its members changed
 * from one emission to the next. Memory: one entry per member, whatever the capture's length.
 */
final class SourceTracker {
    final String name;
    final LevelKind kind;
    final Map<String, Member> members = new LinkedHashMap<>();
    long emissions;
    long changes;
    /** The next emission is a new baseline (start, or after a gap): nothing to compare it with. */
    private boolean baseline = true;
    /** Thermal only: one-step hysteresis on the single {@code temp} member. */
    private Long held;

    long stepMc = Long.MAX_VALUE;
    long curveChanges;
    private int curveDir;
    /** Keys that came twice in one emission. */
    final java.util.Set<String> duplicateKeys = new java.util.TreeSet<>();

    static final class Member {
        Long previous;
        long changes;
        long emissions;
        long lastEmission;
    }

    SourceTracker(String name, LevelKind kind) {
        this.name = name;
        this.kind = kind;
    }

    void emit(SourceValues v) {
        long line = emissions + 1;
        boolean changed = false;
        for (int i = 0; i < v.size(); i++) {
            String key = v.keys()[i];
            Member m = members.computeIfAbsent(key, k -> new Member());
            // two slab caches of one name (router-arm's nf_conntrack) come as the same key twice in one
            // line: each occurrence is its own series, or the pair would count as a change on every line
            for (int occurrence = 2; m.lastEmission == line; occurrence++) {
                duplicateKeys.add(key);
                m = members.computeIfAbsent(key + "#" + occurrence, k -> new Member());
            }
            long value = v.values()[i];
            m.emissions++;
            m.lastEmission = line;
            if (m.previous == null) {
                changed |= !baseline; // a member that appears (a new slab cache) changes the source
            } else if (m.previous != value && !baseline) {
                m.changes++;
                changed = true;
                if (kind == LevelKind.THERMAL) {
                    stepMc = Math.min(stepMc, Math.abs(value - m.previous));
                }
            }
            m.previous = value;
            if (kind == LevelKind.THERMAL) {
                curve(value);
            }
        }
        emissions = line;
        for (Member m : members.values()) {
            if (m.lastEmission != emissions && m.previous != null) {
                m.previous = null; // disappeared: its return is a new baseline for it
                changed |= !baseline;
            }
        }
        if (changed) {
            changes++;
        }
        baseline = false;
    }

    /**
     * A move counts for the curve when it goes on in the direction of the last counted move, or leaves
     * the band of one step around the last counted value. The flicker across a step boundary reverses
     * every time, so it is not counted; a clean ramp counts every step (but the first, whose direction
     * is unknown), a ramp with flicker counts each step of the underlying curve.
     */
    private void curve(long value) {
        if (held == null || baseline) {
            held = value;
            return;
        }
        if (value == held) {
            return;
        }
        int dir = Long.signum(value - held);
        if ((curveDir != 0 && dir == curveDir) || Math.abs(value - held) > stepMc) {
            curveChanges++;
            held = value;
            curveDir = dir;
        }
    }

    /** Data was lost: the next emission cannot be compared with the last one before the gap. */
    void gap() {
        baseline = true;
    }
}
