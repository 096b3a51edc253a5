package dev.tickbench.archfixture.core.capture;

import dev.tickbench.archfixture.core.derived.Derived;

/** Breaks "the capture codec does not use derived" on purpose (CoreArchitectureTest). */
public final class BadCodec {
    public double decode() {
        return new Derived().value(this);
    }
}
