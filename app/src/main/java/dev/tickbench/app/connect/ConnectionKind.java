package dev.tickbench.app.connect;

/** The two ways to reach a remote probe. */
public enum ConnectionKind {
    /** Any SSH host with Java 17+: the app uploads its probe jar and runs it. */
    SSH_HOST("SSH host (uploads the probe)"),
    /** A probe's own SSH server ({@code tickbench-probe serve --ssh}): nothing uploaded. */
    PROBE_SERVER("Probe SSH server (serve --ssh)");

    private final String label;

    ConnectionKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
