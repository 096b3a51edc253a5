package dev.tickbench.core.source;

import java.util.Arrays;

/** Cached key strings built from numbers ({@code cpu7}, {@code 3}) so per-tick parsing allocates none. */
final class Keys {
    private static volatile String[] cpu = new String[0];
    private static volatile String[] decimal = new String[0];

    private Keys() {}

    /** {@code "cpu" + n}. */
    static String cpu(int n) {
        String[] c = cpu;
        if (n >= c.length) {
            c = grow(c, n, "cpu");
            cpu = c;
        }
        return c[n];
    }

    /** {@code String.valueOf(n)} for small non-negative n. */
    static String decimal(int n) {
        String[] d = decimal;
        if (n >= d.length) {
            d = grow(d, n, "");
            decimal = d;
        }
        return d[n];
    }

    private static synchronized String[] grow(String[] old, int n, String prefix) {
        String[] c = Arrays.copyOf(old, Math.max(n + 1, old.length * 2));
        for (int i = old.length; i < c.length; i++) {
            c[i] = prefix + i;
        }
        return c;
    }
}
