package dev.tickbench.app.connect;

import java.io.IOException;
import java.io.InputStream;

/**
 * A jlinked probe runtime for one architecture (x86-64 or aarch64 Linux, glibc 2.34+) as a gzipped
 * tarball, carried only by the packaged app (jpackage/build.sh puts both on the class path). It is
 * uploaded instead of the jar to a host without Java; unpacked, the probe is
 * {@code tickbench-probe/bin/tickbench-probe}.
 */
public record BundledRuntime(RuntimePlatform.Arch arch, byte[] tarball, String sha256) {
    static final String RESOURCE_PREFIX = "/probe/tickbench-probe-runtime-";
    /** The launcher inside the unpacked tarball (jpackage/README.md). */
    static final String LAUNCHER = "tickbench-probe/bin/tickbench-probe";

    /** Finds a runtime lazily: reading tens of MB is only worth it for a host without Java. */
    @FunctionalInterface
    public interface Source {
        /** The runtime for {@code arch}, or null when this build carries none for it. */
        BundledRuntime load(RuntimePlatform.Arch arch) throws IOException;
    }

    public static BundledRuntime of(RuntimePlatform.Arch arch, byte[] tarball) {
        return new BundledRuntime(arch, tarball, BundledProbe.sha256Hex(tarball));
    }

    /** The class-path resource of one architecture's tarball (jpackage/build.sh names them so). */
    static String resource(RuntimePlatform.Arch arch) {
        return RESOURCE_PREFIX + arch.suffix + ".tar.gz";
    }

    /** The runtime from the app's class path; null when this build carries none for {@code arch} (run from Maven). */
    public static BundledRuntime fromResources(RuntimePlatform.Arch arch) throws IOException {
        try (InputStream in = BundledRuntime.class.getResourceAsStream(resource(arch))) {
            return in == null ? null : of(arch, in.readAllBytes());
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
