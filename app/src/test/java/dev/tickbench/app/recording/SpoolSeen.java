package dev.tickbench.app.recording;

/** What the tests read of the spool, read in its package: no method of the spool exists for the tests alone. */
public final class SpoolSeen {
    private SpoolSeen() {}

    /** Whether a snapshot is copying segments now (it noted them, and holds them from deletion). */
    public static boolean copying(Spool spool) {
        return spool.copying();
    }
}
