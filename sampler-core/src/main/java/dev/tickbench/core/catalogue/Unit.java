package dev.tickbench.core.catalogue;

/**
 * The unit a value has where the stream carries it (FORMAT.md), and how {@code /metrics} turns it into
 * a Prometheus base unit (seconds, bytes, celsius, hertz, joules, watts, ratios). What a chart shows is each entry's
 * {@link Display}, which may be another unit (kHz shown as MHz).
 */
public enum Unit {
    /** A count of events or objects (interrupts, slab objects, free blocks). */
    COUNT("", Scale.ONE),
    /** USER_HZ ticks of {@code /proc/stat}: seconds are ticks ÷ the host's {@code user_hz} (hello line). */
    TICKS("USER_HZ ticks", null),
    NANOSECONDS("ns", Scale.per(1_000_000_000L)),
    MICROSECONDS("µs", Scale.per(1_000_000L)),
    MILLISECONDS("ms", Scale.per(1000)),
    SECONDS("s", Scale.ONE),
    BYTES("B", Scale.ONE),
    KILOBYTES("kB", Scale.times(1024)),
    /** diskstats sectors, always 512 bytes whatever the device's own sector size. */
    SECTORS("512-byte sectors", Scale.times(512)),
    /** Memory pages (vmstat levels, huge page counts): bytes only with the page size, so left as counts. */
    PAGES("pages", Scale.ONE),
    MILLICELSIUS("m°C", Scale.per(1000)),
    CELSIUS("°C", Scale.ONE),
    KILOHERTZ("kHz", Scale.times(1000)),
    HERTZ("Hz", Scale.ONE),
    /** Hundredths of a number the kernel prints with two decimals (a load average); Prometheus gets the number. */
    HUNDREDTHS("1/100", Scale.per(100)),
    /** A percentage; Prometheus gets the ratio. */
    PERCENT("%", Scale.per(100)),
    RATIO("ratio", Scale.ONE),
    CPUS("CPUs", Scale.ONE),
    SECONDS_PER_SECOND("s/s", Scale.ONE),
    PER_SECOND("per s", Scale.ONE),
    /** A byte rate (network and disk throughput); Prometheus gets bytes per second. */
    BYTES_PER_SECOND("B/s", Scale.ONE),
    /** Energy (RAPL {@code energy_uj}); Prometheus gets joules. */
    MICROJOULES("µJ", Scale.per(1_000_000L)),
    /** Power (a RAPL constraint's {@code power_limit_uw}); Prometheus gets watts. */
    MICROWATTS("µW", Scale.per(1_000_000L)),
    WATTS("W", Scale.ONE),
    /** Throttle concurrency: tasks allowed at once. */
    SLOTS("slots", Scale.ONE),
    /** A state the kernel writes as a letter (a process's R, S, D, Z…), carried as its character code; Prometheus gets the code. */
    LETTER("letter", Scale.ONE),
    /** Text (a governor, a zone type, a kernel log message): no number. */
    TEXT("text", null);

    private final String symbol;
    private final Scale base;

    Unit(String symbol, Scale base) {
        this.symbol = symbol;
        this.base = base;
    }

    /** How a user reads it: "m°C", "kHz", "%"; empty for a plain count. */
    public String symbol() {
        return symbol;
    }

    /**
     * The factor to the Prometheus base unit; null for {@link #TICKS} (it depends on the host,
     * {@link #toBase}) and {@link #TEXT}.
     */
    public Scale base() {
        return base;
    }

    /** The value in the base unit; {@code userHz} is the sampled host's USER_HZ (used by {@link #TICKS} only). */
    public double toBase(long value, int userHz) {
        if (this == TICKS) {
            return (double) value / userHz;
        }
        if (base == null) {
            throw new IllegalStateException(this + " has no numeric base unit");
        }
        return base.apply(value);
    }
}
