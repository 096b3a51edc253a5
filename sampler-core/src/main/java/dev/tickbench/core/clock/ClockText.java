package dev.tickbench.core.clock;

import java.math.BigDecimal;
import java.util.List;

/** How the verdict writes its numbers: MHz from kHz, °C from m°C, CPU lists as ranges. */
public final class ClockText {
    private ClockText() {}

    /** {@code 1800000} kHz → {@code "1800 MHz"}, {@code 2812500} → {@code "2812.5 MHz"}. */
    public static String mhz(long khz) {
        return BigDecimal.valueOf(khz).movePointLeft(3).stripTrailingZeros().toPlainString() + " MHz";
    }

    /**
     * The clock against the hardware's maximum: {@code "2100 MHz of 3500 MHz (60 %)"}, or
     * {@code "2100 MHz of an unknown maximum"} when the stream has no {@code cpuinfo_max_freq}.
     */
    public static String ofMax(long khz, Long maxKhz) {
        if (maxKhz == null || maxKhz <= 0) {
            return mhz(khz) + " of an unknown maximum";
        }
        return mhz(khz) + " of " + mhz(maxKhz) + " (" + Math.round(100.0 * khz / maxKhz) + " %)";
    }

    /** {@code 77500} m°C → {@code "77.5 °C"}. */
    public static String celsius(long mc) {
        return BigDecimal.valueOf(mc).movePointLeft(3).stripTrailingZeros().toPlainString() + " °C";
    }

    /** {@code [0, 1, 2, 3, 6]} → {@code "0-3,6"}. */
    public static String cpus(List<Integer> cpus) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < cpus.size()) {
            int j = i;
            while (j + 1 < cpus.size() && cpus.get(j + 1) == cpus.get(j) + 1) {
                j++;
            }
            b.append(b.length() == 0 ? "" : ",").append(cpus.get(i));
            if (j > i) {
                b.append('-').append(cpus.get(j));
            }
            i = j + 1;
        }
        return b.toString();
    }
}
