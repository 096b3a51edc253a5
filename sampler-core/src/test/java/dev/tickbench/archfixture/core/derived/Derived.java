package dev.tickbench.archfixture.core.derived;

import dev.tickbench.archfixture.core.capture.BadCodec;

/** With {@link BadCodec}, a package cycle on purpose (CoreArchitectureTest). */
public final class Derived {
    public double value(BadCodec from) {
        return from == null ? 0 : 1;
    }
}
