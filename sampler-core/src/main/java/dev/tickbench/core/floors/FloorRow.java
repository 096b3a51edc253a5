package dev.tickbench.core.floors;

import dev.tickbench.core.cadence.Reason;

/**
 * One level source, or one member of it (a slab cache, a core), on one board.
 *
 * @param key the row name: the source ({@code slabinfo}, {@code thermal_zone0}) or source.member
 *     ({@code slabinfo.nf_conntrack}, {@code cpufreq.cpu0})
 * @param member null for a source row
 * @param emissions sample lines that carried it
 * @param changes emissions whose value differs from the previous emission (for a source: any member
 *     differs, appears or disappears)
 * @param hz changes per second over the capture
 * @param fastest the fastest-changing member, for a source with members (null otherwise, and when no member changed)
 * @param jitter for a thermal zone, its jitter against the declared polling_delay (null otherwise)
 * @param needHz the floor this board would need ({@link FloorRules#needHz})
 * @param shippedHz the cadence Tickbench ships for this source at the capture's rate, no override
 * @param shippedReason the reason that cadence publishes
 */
public record FloorRow(
        String key,
        String source,
        String member,
        LevelKind kind,
        long emissions,
        long changes,
        double hz,
        Fastest fastest,
        ThermalJitter jitter,
        double needHz,
        double shippedHz,
        Reason shippedReason,
        Verdict verdict) {

    public boolean isMember() {
        return member != null;
    }
}
