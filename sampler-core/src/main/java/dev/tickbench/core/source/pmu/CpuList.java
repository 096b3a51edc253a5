package dev.tickbench.core.source.pmu;

import java.util.ArrayList;
import java.util.List;

/** The kernel's CPU list format ({@code /sys/devices/system/cpu/online}): {@code 0-3,6,8-9}. */
final class CpuList {
    private CpuList() {}

    static int[] parse(String list) {
        List<Integer> cpus = new ArrayList<>();
        if (list.isBlank()) {
            return new int[0];
        }
        for (String part : list.split(",")) {
            String p = part.trim();
            int dash = p.indexOf('-');
            int from = Integer.parseInt(dash < 0 ? p : p.substring(0, dash));
            int to = dash < 0 ? from : Integer.parseInt(p.substring(dash + 1));
            if (from < 0 || to < from) {
                throw new IllegalArgumentException("bad CPU range '" + p + "' in '" + list + "'");
            }
            for (int c = from; c <= to; c++) {
                cpus.add(c);
            }
        }
        return cpus.stream().mapToInt(Integer::intValue).toArray();
    }
}
