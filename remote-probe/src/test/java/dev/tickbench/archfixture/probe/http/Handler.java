package dev.tickbench.archfixture.probe.http;

import dev.tickbench.archfixture.probe.cli.Main;

/** Breaks "http does not use cli" on purpose (ProbeArchitectureTest). */
public final class Handler {
    public String answer() {
        return Main.usage();
    }
}
