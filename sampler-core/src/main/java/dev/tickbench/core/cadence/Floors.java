package dev.tickbench.core.cadence;

/** The named floor constants of docs/cadence.md. */
public final class Floors {
    /** How fast slabinfo's fastest cache (nf_conntrack) was measured to change, one device, one night. */
    public static final double SLABINFO_HZ = 6.0;
    /** MTD ECC counters move on a device-lifetime scale; ten seconds is a generous, arbitrary choice. */
    public static final int MTD_PERIOD_S = 10;
    /** Every store-on-change source is re-emitted at the first read due after this long (in ticks). */
    public static final int HEARTBEAT_S = 60;
    /** Allowed sampler rates. */
    public static final int MIN_RATE_HZ = 1;

    public static final int MAX_RATE_HZ = 1000;
    /** Allowed FLOOR_HZ values (0 keeps the per-source floors). */
    public static final int MIN_FLOOR_HZ = 0;

    public static final int MAX_FLOOR_HZ = 1000;

    private Floors() {}

    /**
     * The heartbeat in ticks, {@code rate × 60}: counted, not measured, so that a read landing at
     * 59.9998 s by the wake-up clock is still the one 60 s after (a late wake-up cannot push the
     * heartbeat to the next due read).
     */
    public static long heartbeatTicks(int rateHz) {
        return (long) rateHz * HEARTBEAT_S;
    }
}
