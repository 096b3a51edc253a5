package dev.tickbench.app.connect;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The probe jar this app was built with (copied into the app's resources by the build), which is
 * what gets uploaded to SSH hosts: the app and the probe always speak the same format version.
 */
public record BundledProbe(byte[] jar, String sha256) {
    static final String RESOURCE = "tickbench-probe.jar";

    public static BundledProbe of(byte[] jar) {
        return new BundledProbe(jar, sha256Hex(jar));
    }

    static String sha256Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    public static BundledProbe fromFile(Path jar) throws IOException {
        return of(Files.readAllBytes(jar));
    }

    /** The jar from the app's class path; null when this build carries none. */
    public static BundledProbe fromResources() throws IOException {
        try (InputStream in = BundledProbe.class.getResourceAsStream(RESOURCE)) {
            return in == null ? null : of(in.readAllBytes());
        }
    }

    /** File name on the host: the hash prefix makes different builds live side by side. */
    public String remoteName() {
        return "tickbench-probe-" + sha256.substring(0, 16) + ".jar";
    }
}
