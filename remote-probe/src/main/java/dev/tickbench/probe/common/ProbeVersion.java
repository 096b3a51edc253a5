package dev.tickbench.probe.common;

import dev.tickbench.core.sampler.Version;
import picocli.CommandLine;

/** The probe version: the same one the hello line carries ({@link Version}). */
public final class ProbeVersion implements CommandLine.IVersionProvider {
    public static String version() {
        return Version.get();
    }

    @Override
    public String[] getVersion() {
        return new String[] {"tickbench-probe " + version()};
    }
}
