package dev.tickbench.core.cgroup;

/** Something that limits what a walk can say; shown beside the result, never dropped. */
public record WalkWarning(Kind kind, String message) {
    public enum Kind {
        /** Only the leaf (or a subtree) is visible: parent throttling cannot be seen from here. */
        NAMESPACE_VIEW,
        /** sched_ext is active: cpu.max and the throttling counters cover fair-class tasks only. */
        SCHED_EXT,
        /** v1 units were normalised (ns → µs) and shares are shown with the weight they map to. */
        V1_UNITS,
        /** A level disappeared between the two reads. */
        VANISHED,
        /** A level's counters restarted during the window (removed and re-created): its deltas are unknown. */
        RESET,
        /** The hierarchy has no cpu controller: no limits, no throttling counters. */
        NO_CPU_CONTROLLER
    }
}
