package dev.tickbench.core.trigger;

import java.util.regex.Pattern;

/** What a trigger waits for, as parsed (docs/triggers.md): one of four kinds. */
public sealed interface TriggerSpec {
    /** The kind as lines and {@code /triggers} name it: {@code psi}, {@code kmsg}, {@code condition}, {@code change}. */
    String kind();

    /**
     * A kernel PSI trigger: the kernel itself watches {@code <resource>} pressure and wakes a poll() when
     * {@code stall} time exceeds {@code thresholdUs} within a {@code windowUs} window.
     *
     * @param resource cpu, io, memory or irq
     * @param stall some or full
     * @param cgroup a cgroup path under the v2 mount ({@code /a/b}), or null for the system's /proc/pressure
     */
    record Psi(String resource, String stall, long thresholdUs, long windowUs, String cgroup) implements TriggerSpec {
        @Override
        public String kind() {
            return "psi";
        }

        /** What is written to the pressure file: {@code some 150000 1000000} (µs). */
        public String kernelLine() {
            return stall + " " + thresholdUs + " " + windowUs;
        }
    }

    /** A kernel log record whose text the regex finds, of priority {@code maxPrio} or more urgent (0–7). */
    record Kmsg(Pattern regex, int maxPrio) implements TriggerSpec {
        @Override
        public String kind() {
            return "kmsg";
        }
    }

    /**
     * A series compared with a number; with {@code forNs} > 0 it must hold on every sample for that long.
     */
    record Condition(SeriesRef series, Comparison op, double value, long forNs) implements TriggerSpec {
        @Override
        public String kind() {
            return "condition";
        }
    }

    /**
     * A series that rises (a level above its previous value, a counter that moved) or falls; with
     * {@code flatNs} > 0 only a rise after that long without one (a counter appearing).
     */
    record Change(SeriesRef series, boolean rising, long flatNs) implements TriggerSpec {
        @Override
        public String kind() {
            return "change";
        }
    }

    /** The comparison operators. */
    enum Comparison {
        GT(">"),
        GE(">="),
        LT("<"),
        LE("<="),
        EQ("=="),
        NE("!=");

        private final String symbol;

        Comparison(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }

        public boolean test(double a, double b) {
            return switch (this) {
                case GT -> a > b;
                case GE -> a >= b;
                case LT -> a < b;
                case LE -> a <= b;
                case EQ -> a == b;
                case NE -> a != b;
            };
        }

        static Comparison of(String symbol) {
            for (Comparison c : values()) {
                if (c.symbol.equals(symbol)) {
                    return c;
                }
            }
            return null;
        }
    }
}
