package dev.tickbench.archfixture.app.accessor;

/** The production side's caller of {@link Meter#read} (AppArchitectureTest). */
public final class Dial {
    private Dial() {}

    static String shown(Meter m) {
        return m.read() + " Hz";
    }
}
