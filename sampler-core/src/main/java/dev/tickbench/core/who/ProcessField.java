package dev.tickbench.core.who;

/**
 * The values the process table carries: per named process the first nine (FORMAT.md, "procs"), and for
 * the rest the same sums (but a state, which is one process's; its read time is the table's) and its own
 * counts.
 */
enum ProcessField {
    CPU_USER("cpu_user", false),
    CPU_SYSTEM("cpu_system", false),
    MAJFLT("majflt", false),
    READ_BYTES("read_bytes", false),
    WRITE_BYTES("write_bytes", false),
    RSS("rss", true),
    THREADS("threads", true),
    STATE("state", true),
    /** When the process's {@code stat} was read, ns on the table's own clock: its rates divide by this time's growth. */
    READ_NS("read_ns", false),
    PROCS("procs", true),
    STARTED("started", false),
    EXITED("exited", false),
    UNNAMED("unnamed", true),
    IO_UNREADABLE("io_unreadable", true);

    /** The fields a named process has: the first ones, by ordinal. */
    static final int NAMED = READ_NS.ordinal() + 1;

    private final String key;
    private final boolean level;

    ProcessField(String key, boolean level) {
        this.key = key;
        this.level = level;
    }

    String key() {
        return key;
    }

    /** Carried absolute (a level inside the counter source), not as its growth. */
    boolean level() {
        return level;
    }

    /** A field of each named process. */
    boolean named() {
        return ordinal() < NAMED;
    }
}
