package dev.tickbench.core.sampler;

import dev.tickbench.core.capture.JsonLineWriter;
import java.io.IOException;

/**
 * Something the sampler runs on its own thread after each tick's sample line, which may write lines
 * of its own type into the same stream: the 1 Hz throttle line, cgroup limits when they change.
 * It must not block: it runs inside the tick budget.
 */
public interface TickExtension {
    /** Called once when the sampler is built: the sampler's own reads, for extensions that derive from them. */
    default void bind(SamplerReads reads) {}

    /** Called once, after the sampler's baseline read and before the first sample. */
    default void start(TickInfo first, JsonLineWriter out) throws IOException {}

    /** Called after the sample line of every tick. */
    void afterTick(TickInfo tick, JsonLineWriter out) throws IOException;

    /** Called once when the sampler is closed, after its thread stopped: release what the extension holds. */
    default void close() {}

    /** Adds this extension's entries to the capabilities object (e.g. "throttle": {...}). */
    default void describe(com.fasterxml.jackson.databind.node.ObjectNode capabilities) {}

    /**
     * One tick as the sampler saw it. The sampler hands the same instance, updated, to every call (no
     * allocation per tick, docs/perf.md): read it during the call, do not keep it.
     */
    final class TickInfo {
        private long seq;
        private long slot;
        private int slots;
        private long monoNs;
        private long wallNs;
        private int rateHz;

        /**
         * A tick on its own slot (no tick skipped before it): {@code slot = seq}.
         *
         * @param seq the sample's sequence number (1 for the first sample)
         * @param monoNs CLOCK_MONOTONIC-like time of the tick ({@code System.nanoTime()} on a live run)
         * @param wallNs wall-clock time in ns since the epoch
         * @param rateHz the sampler rate
         */
        public TickInfo(long seq, long monoNs, long wallNs, int rateHz) {
            set(seq, seq, seq == 0 ? 0 : 1, monoNs, wallNs, rateHz);
        }

        /**
         * @param slot the tick's scheduled time in periods since the baseline (0), skipped ticks counted
         * @param slots the slots this tick's sample spans: 1 + the ticks skipped just before it
         */
        public TickInfo(long seq, long slot, int slots, long monoNs, long wallNs, int rateHz) {
            set(seq, slot, slots, monoNs, wallNs, rateHz);
        }

        TickInfo set(long seq, long slot, int slots, long monoNs, long wallNs, int rateHz) {
            this.seq = seq;
            this.slot = slot;
            this.slots = slots;
            this.monoNs = monoNs;
            this.wallNs = wallNs;
            this.rateHz = rateHz;
            return this;
        }

        /** The sample's sequence number (1 for the first sample). */
        public long seq() {
            return seq;
        }

        /**
         * The tick's slot: its scheduled time in sampler periods since the baseline read (slot 0), the
         * ticks skipped when the sampler fell behind counted, so a second is {@code rateHz} slots of wall
         * time under load too (docs/cadence.md).
         */
        public long slot() {
            return slot;
        }

        /** The slots this tick's sample spans: 1, plus the ticks skipped just before it (FORMAT.md {@code skipped}). */
        public int slots() {
            return slots;
        }

        /** CLOCK_MONOTONIC-like time of the tick ({@code System.nanoTime()} on a live run). */
        public long monoNs() {
            return monoNs;
        }

        /** Wall-clock time in ns since the epoch. */
        public long wallNs() {
            return wallNs;
        }

        /** The sampler rate. */
        public int rateHz() {
            return rateHz;
        }

        @Override
        public String toString() {
            return "TickInfo[seq=" + seq + ", slot=" + slot + ", slots=" + slots + ", monoNs=" + monoNs + ", wallNs="
                    + wallNs + ", rateHz=" + rateHz + "]";
        }
    }
}
