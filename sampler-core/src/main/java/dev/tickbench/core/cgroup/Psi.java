package dev.tickbench.core.cgroup;

/**
 * A CPU pressure file ({@code /proc/pressure/cpu}, {@code <cgroup>/cpu.pressure}). System-wide CPU
 * {@code full} is undefined (the kernel writes zero) and left out ({@link #systemCpu}); per cgroup it is
 * meaningful (docs/walk.md).
 *
 * @param some at least one task waited for CPU; null when the line is missing
 * @param full all non-idle tasks waited at once; null when the line is missing (kernels before 5.13)
 */
public record Psi(Line some, Line full) {
    /** {@code avgN} are percentages over 10/60/300 s; {@code totalUs} is cumulative stall time in µs. */
    public record Line(double avg10, double avg60, double avg300, long totalUs) {}

    /** Parses {@code some avg10=… avg60=… avg300=… total=…} lines; null when neither line is there. */
    public static Psi parse(String text) {
        Line some = null;
        Line full = null;
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 5 || !(f[0].equals("some") || f[0].equals("full"))) {
                continue;
            }
            try {
                Line l = new Line(
                        value(f[1], "avg10"),
                        value(f[2], "avg60"),
                        value(f[3], "avg300"),
                        Long.parseLong(field(f[4], "total")));
                if (f[0].equals("some")) {
                    some = l;
                } else {
                    full = l;
                }
            } catch (IllegalArgumentException e) {
                // a malformed line is missing, not zero
            }
        }
        return some == null && full == null ? null : new Psi(some, full);
    }

    /**
     * {@code /proc/pressure/cpu}: {@code some} only. System-wide CPU {@code full} is undefined and the
     * kernel's line is a constant 0 (docs/derived-series.md): kept, it would read as a measured 0.
     */
    public static Psi systemCpu(String text) {
        Psi p = parse(text);
        return p == null || p.some() == null ? null : new Psi(p.some(), null);
    }

    private static double value(String token, String name) {
        return Double.parseDouble(field(token, name));
    }

    private static String field(String token, String name) {
        if (!token.startsWith(name + "=")) {
            throw new IllegalArgumentException(token);
        }
        return token.substring(name.length() + 1);
    }
}
