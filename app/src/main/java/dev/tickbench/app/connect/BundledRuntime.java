package dev.tickbench.app.connect;

import java.io.IOException;
import java.io.InputStream;

/**
 * The jlinked probe runtime for x86-64 Linux (glibc 2.34+) as a gzipped tarball, carried only by the
 * packaged app (jpackage/build.sh puts it on the class path). It is uploaded instead of the jar to a
 * host without Java; unpacked, the probe is {@code tickbench-probe/bin/tickbench-probe}.
 */
public record BundledRuntime(byte[] tarball, String sha256) {
    static final String RESOURCE = "/probe/tickbench-probe-runtime-linux-x64.tar.gz";
    /** The launcher inside the unpacked tarball (jpackage/README.md). */
    static final String LAUNCHER = "tickbench-probe/bin/tickbench-probe";
    static final String ARCH = "x86_64";
    static final int MIN_GLIBC_MAJOR = 2;
    static final int MIN_GLIBC_MINOR = 34;

    /** Finds the runtime lazily: reading tens of MB is only worth it for a host without Java. */
    @FunctionalInterface
    public interface Source {
        /** The runtime, or null when this build carries none. */
        BundledRuntime load() throws IOException;
    }

    public static BundledRuntime of(byte[] tarball) {
        return new BundledRuntime(tarball, BundledProbe.sha256Hex(tarball));
    }

    /** The runtime from the app's class path; null when this build carries none (run from Maven). */
    public static BundledRuntime fromResources() throws IOException {
        try (InputStream in = BundledRuntime.class.getResourceAsStream(RESOURCE)) {
            return in == null ? null : of(in.readAllBytes());
        }
    }

    /** Tarball name on the host; the hash prefix keeps different builds apart. */
    public String remoteName() {
        return directoryName() + ".tar.gz";
    }

    /** Directory (beside the tarball) it is unpacked into, once. */
    public String directoryName() {
        return "tickbench-probe-runtime-" + sha256.substring(0, 16);
    }
}
