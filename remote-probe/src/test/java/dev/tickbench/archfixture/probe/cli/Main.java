package dev.tickbench.archfixture.probe.cli;

import dev.tickbench.archfixture.probe.ssh.Server;

/** The CLI starts the server (allowed); {@link Server} calling back into it closes a cycle on purpose (ProbeArchitectureTest). */
public final class Main {
    public static String usage() {
        return "usage";
    }

    public Server serve() {
        return new Server();
    }
}
