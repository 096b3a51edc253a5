package dev.tickbench.probe.cli;

import picocli.CommandLine;

/** The probe version, from the jar manifest when packaged. */
public final class ProbeVersion implements CommandLine.IVersionProvider {
    public static String version() {
        String v = ProbeVersion.class.getPackage().getImplementationVersion();
        return v == null ? "0.1.0-dev" : v;
    }

    @Override
    public String[] getVersion() {
        return new String[] {"tickbench-probe " + version()};
    }
}
