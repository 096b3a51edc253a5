package dev.tickbench.core.source;

import java.util.List;
import java.util.TreeSet;

/**
 * The kernel's two ways of writing a set of CPUs: cpufreq's {@code related_cpus} and
 * {@code affected_cpus} list them with spaces ({@code "0 1 2 3"}), cpumask lists use ranges and
 * commas ({@code "0-3,6"}, powercap's {@code cpus}, {@code /sys/devices/system/cpu/online}).
 */
public final class CpuList {
    /** No list names more CPUs than this: a garbled or hostile list (a capture is untrusted) cannot fill memory. */
    private static final int MOST = 65_536;

    private CpuList() {}

    /** The CPUs {@code text} names, ascending and each once; a token that is not a CPU number or range names none. */
    public static List<Integer> parse(String text) {
        TreeSet<Integer> out = new TreeSet<>();
        if (text == null) {
            return List.of();
        }
        int work = 0;
        for (String part : text.trim().split("[\\s,]+")) {
            if (part.isEmpty()) {
                continue;
            }
            int dash = part.indexOf('-');
            try {
                int from = Integer.parseInt(dash < 0 ? part : part.substring(0, dash));
                int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1));
                if (from < 0 || to < from || to - from >= MOST) {
                    continue;
                }
                work += to - from + 1;
                if (work > MOST) {
                    break; // more CPUs than any machine has: the rest is not read
                }
                for (int c = from; c <= to; c++) {
                    out.add(c);
                }
            } catch (NumberFormatException e) {
                // not a CPU number: names no CPU
            }
        }
        return List.copyOf(out);
    }
}
