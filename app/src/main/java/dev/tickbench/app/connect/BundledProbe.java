package dev.tickbench.app.connect;

import java.io.ByteArrayInputStream;
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
 *
 * <p>Only its hash is kept: the jar (15 MB) is read again from where it came from when it is written
 * out (into the cache for this machine's probe process, or uploaded to a host), so it does not sit in
 * the heap for the workbench's life (a heap profile found it there, read twice over).
 */
public final class BundledProbe {
    static final String RESOURCE = "tickbench-probe.jar";
    /** The jar's SHA-256 in hex, written beside it by the build. */
    static final String HASH_RESOURCE = RESOURCE + ".sha256";

    /** Where the jar's bytes are read from, each time they are needed. */
    @FunctionalInterface
    interface Source {
        InputStream open() throws IOException;
    }

    private final Source source;
    private final String sha256;

    private BundledProbe(Source source, String sha256) {
        this.source = source;
        this.sha256 = sha256;
    }

    /** A jar held in memory (tests, small jars). */
    public static BundledProbe of(byte[] jar) {
        byte[] copy = jar.clone();
        return new BundledProbe(() -> new ByteArrayInputStream(copy), sha256Hex(copy));
    }

    static String sha256Hex(byte[] bytes) {
        return HexFormat.of().formatHex(digest().digest(bytes));
    }

    /** SHA-256, which every JDK has. */
    static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** The hash of what {@code source} gives, read in blocks. */
    private static String sha256Hex(Source source) throws IOException {
        MessageDigest d = digest();
        byte[] buf = new byte[64 * 1024];
        try (InputStream in = source.open()) {
            for (int n; (n = in.read(buf)) > 0; ) {
                d.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(d.digest());
    }

    public static BundledProbe fromFile(Path jar) throws IOException {
        Source s = () -> Files.newInputStream(jar);
        return new BundledProbe(s, sha256Hex(s));
    }

    /**
     * The jar from the app's class path; null when this build carries none. Its hash is the one the build
     * wrote beside it ({@value #HASH_RESOURCE}, app/src/build/Sha256File.java): reading and hashing the 15 MB
     * took 0.2–0.4 s of the start, before this machine's probe process could run. A build without that
     * file (an IDE's) hashes the jar here, as before; whoever writes the jar out checks what it wrote
     * against the hash ({@link LocalProbeJar}).
     */
    public static BundledProbe fromResources() throws IOException {
        Source s = () -> {
            InputStream in = BundledProbe.class.getResourceAsStream(RESOURCE);
            if (in == null) {
                throw new IOException("the app's resource " + RESOURCE + " is gone");
            }
            return in;
        };
        try (InputStream in = BundledProbe.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return null;
            }
        }
        String recorded = recordedHash();
        return new BundledProbe(s, recorded != null ? recorded : sha256Hex(s));
    }

    /** The hash the build recorded for the bundled jar; null when there is none or it is no SHA-256 in hex. */
    private static String recordedHash() throws IOException {
        try (InputStream in = BundledProbe.class.getResourceAsStream(HASH_RESOURCE)) {
            if (in == null) {
                return null;
            }
            String hex = new String(in.readNBytes(200), java.nio.charset.StandardCharsets.US_ASCII).strip();
            return hex.matches("[0-9a-f]{64}") ? hex : null;
        }
    }

    /** The jar's bytes, read again from where they came from. */
    public byte[] jar() throws IOException {
        try (InputStream in = source.open()) {
            return in.readAllBytes();
        }
    }

    /** The jar as a stream, read again from where it came from (to copy it without holding it). */
    InputStream open() throws IOException {
        return source.open();
    }

    public String sha256() {
        return sha256;
    }

    /** File name on the host: the hash prefix makes different builds live side by side. */
    public String remoteName() {
        return "tickbench-probe-" + sha256.substring(0, 16) + ".jar";
    }
}
