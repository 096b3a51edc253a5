package dev.tickbench.core.source;

/**
 * Which thermal cooling devices lower a cpufreq policy's {@code scaling_max_freq}, told by their
 * {@code type}: cpufreq cooling, {@code cpufreq-cpuN} on recent kernels (N: the policy's first CPU) and
 * {@code thermal-cpufreq-N} on older ones (N: the order the devices were registered in, not a CPU), and
 * ACPI processor cooling, {@code Processor}. Both cap the policy through a frequency limit as their
 * zone passes a trip (docs/clock.md, docs/cadence.md).
 */
public final class CpuFreqCooling {
    private static final String CPUFREQ = "cpufreq-cpu";
    private static final String OLD_CPUFREQ = "thermal-cpufreq-";

    private CpuFreqCooling() {}

    /** Whether a device of this type lowers a cpufreq policy's maximum. */
    public static boolean capsClock(String type) {
        return type != null
                && (type.startsWith("cpufreq-") || type.startsWith(OLD_CPUFREQ) || type.equals("Processor"));
    }

    /** The N of an older kernel's {@code thermal-cpufreq-N}: the device's place in registration order; -1 for any other type. */
    public static int registered(String type) {
        if (type == null || !type.startsWith(OLD_CPUFREQ)) {
            return -1;
        }
        String n = type.substring(OLD_CPUFREQ.length());
        return n.matches("\\d{1,6}") ? Integer.parseInt(n) : -1;
    }

    /**
     * The CPU whose policy a device of this type caps, as its type names it ({@code cpufreq-cpu4} → 4);
     * -1 when the type names no CPU ({@code thermal-cpufreq-0} numbers the device, an ACPI
     * {@code Processor} device names its CPU through its {@code device/physical_node} link instead).
     */
    public static int cpu(String type) {
        if (type == null || !type.startsWith(CPUFREQ)) {
            return -1;
        }
        String n = type.substring(CPUFREQ.length());
        return n.matches("\\d{1,6}") ? Integer.parseInt(n) : -1;
    }
}
