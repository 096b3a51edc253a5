package dev.tickbench.core.cgroup;

/**
 * The values the cgroup table carries: per named cgroup the first seventeen (FORMAT.md, "cgroups"), for the
 * rest the sums of the CPU, memory and I/O ones (a stall time summed over groups means nothing, and a peak
 * is one group's), its read time (the walk's) and its own counts.
 */
enum CgroupField {
    USAGE_USEC("usage_usec", false, true),
    USER_USEC("user_usec", false, true),
    SYSTEM_USEC("system_usec", false, true),
    THROTTLED_USEC("throttled_usec", false, true),
    NR_THROTTLED("nr_throttled", false, true),
    NR_PERIODS("nr_periods", false, true),
    MEMORY_BYTES("memory_bytes", true, true),
    MEMORY_PEAK_BYTES("memory_peak_bytes", true, false),
    IO_READ_BYTES("io_read_bytes", false, true),
    IO_WRITE_BYTES("io_write_bytes", false, true),
    CPU_SOME_USEC("cpu_some_usec", false, false),
    CPU_FULL_USEC("cpu_full_usec", false, false),
    MEMORY_SOME_USEC("memory_some_usec", false, false),
    MEMORY_FULL_USEC("memory_full_usec", false, false),
    IO_SOME_USEC("io_some_usec", false, false),
    IO_FULL_USEC("io_full_usec", false, false),
    /** When the cgroup's {@code cpu.stat} was read, ns on the table's own clock: its rates divide by this time's growth. */
    READ_NS("read_ns", false, true),
    CGROUPS("cgroups", true, true),
    UNNAMED("unnamed", true, true);

    /** The fields a named cgroup has: the first ones, by ordinal. */
    static final int NAMED = READ_NS.ordinal() + 1;

    static final CgroupField[] ALL = values();

    private final String key;
    private final boolean level;
    private final boolean rest;

    CgroupField(String key, boolean level, boolean rest) {
        this.key = key;
        this.level = level;
        this.rest = rest;
    }

    String key() {
        return key;
    }

    boolean level() {
        return level;
    }

    boolean named() {
        return ordinal() < NAMED;
    }

    /** Carried for the rest. */
    boolean rest() {
        return rest;
    }

    /** The field a cpu.stat counter fills. */
    static CgroupField of(CpuCounter c) {
        return switch (c) {
            case USAGE_USEC -> USAGE_USEC;
            case USER_USEC -> USER_USEC;
            case SYSTEM_USEC -> SYSTEM_USEC;
            case THROTTLED_USEC -> THROTTLED_USEC;
            case NR_THROTTLED -> NR_THROTTLED;
            case NR_PERIODS -> NR_PERIODS;
            default -> null;
        };
    }
}
