package dev.tickbench.archfixture.core.catalogue;

import dev.tickbench.archfixture.core.capture.BadCodec;

/** Breaks "the catalogue is a leaf" on purpose (CoreArchitectureTest). */
public final class Entry {
    public String name(BadCodec codec) {
        return String.valueOf(codec);
    }
}
