package dev.tickbench.archfixture.probe.ssh;

import dev.tickbench.archfixture.probe.cli.Main;

/** Breaks "ssh does not use cli" on purpose (ProbeArchitectureTest). */
public final class Server {
    public String refusal() {
        return Main.usage();
    }
}
