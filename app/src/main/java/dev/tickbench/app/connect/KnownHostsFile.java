package dev.tickbench.app.connect;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.apache.sshd.common.config.keys.PublicKeyEntry;

/**
 * Adds accepted host keys to an OpenSSH known_hosts file, the way {@code ssh} does but never leaving a
 * half-written file: the whole file is written to a temporary name beside it (its lines kept byte for
 * byte, its permissions kept) and renamed over it. A symbolic link (a dotfiles manager's) is followed,
 * so the link stays and its target is replaced.
 *
 * <p>The host is written as OpenSSH writes it: {@code host} for port 22, {@code [host]:port} otherwise,
 * the name the connection was made to (after ~/.ssh/config), no IP address (OpenSSH's CheckHostIP is
 * off by default). Plain, as OpenSSH's default {@code HashKnownHosts no} writes it, unless every
 * entry already in the file is hashed (written with {@code HashKnownHosts yes}, Debian's and Ubuntu's
 * default): then hashed the same way, {@code |1|base64(salt)|base64(HMAC-SHA1(salt, host))}, so a
 * user who chose not to list their hosts in clear does not get one listed.
 */
final class KnownHostsFile {
    /** The file's mode when there is none yet; the directory's when ~/.ssh has to be made (as ssh makes it). */
    private static final Set<PosixFilePermission> NEW_FILE = PosixFilePermissions.fromString("rw-------");

    private static final Set<PosixFilePermission> NEW_DIR = PosixFilePermissions.fromString("rwx------");
    /** One writer at a time in this JVM: two windows accepting keys at once must not lose one. */
    private static final Object WRITE = new Object();

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path file;

    KnownHostsFile(Path file) {
        this.file = file;
    }

    Path path() {
        return file;
    }

    /** {@code host} for port 22, {@code [host]:port} otherwise: how OpenSSH names a host in known_hosts. */
    static String hostPattern(String host, int port) {
        return port == 22 ? host : "[" + host + "]:" + port;
    }

    /** Adds {@code key} for {@code host:port}; returns the line written. */
    String add(String host, int port, PublicKey key) throws IOException {
        synchronized (WRITE) {
            Path target = Files.isSymbolicLink(file) ? file.toRealPath() : file;
            Path dir = target.toAbsolutePath().getParent();
            if (!Files.isDirectory(dir)) {
                createPrivateDirectories(dir);
            }
            boolean exists = Files.exists(target);
            String hostField = exists && allHashed(target) ? hashed(hostPattern(host, port)) : hostPattern(host, port);
            String line = hostField + " " + PublicKeyEntry.toString(key);
            Path tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp"); // 0600 on POSIX
            try {
                try (OutputStream out = Files.newOutputStream(tmp)) {
                    int last = '\n';
                    if (exists) {
                        last = copy(target, out);
                    }
                    if (last != '\n') {
                        out.write('\n'); // a last line without its newline is kept whole, not joined to ours
                    }
                    out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                }
                keepPermissions(exists ? target : null, tmp);
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
            return line;
        }
    }

    /** Copies {@code from} into {@code out}; returns its last byte ({@code '\n'} when it is empty). */
    private static int copy(Path from, OutputStream out) throws IOException {
        int last = '\n';
        byte[] buf = new byte[8192];
        try (InputStream in = Files.newInputStream(from)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                out.write(buf, 0, n);
                last = buf[n - 1];
            }
        }
        return last;
    }

    /** True when the file has host entries and every one is hashed ({@code |1|…}); comments and markers aside. */
    static boolean allHashed(Path file) throws IOException {
        boolean any = false;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) { // any bytes read
            for (String line; (line = r.readLine()) != null; ) {
                String s = line.strip();
                if (s.isEmpty() || s.startsWith("#")) {
                    continue;
                }
                if (s.startsWith("@")) { // @cert-authority / @revoked: the host field is the next word
                    int sp = s.indexOf(' ');
                    s = sp < 0 ? "" : s.substring(sp + 1).strip();
                }
                if (!s.startsWith("|1|")) {
                    return false;
                }
                any = true;
            }
        }
        return any;
    }

    /** OpenSSH's hashed host field: a fresh 20-byte salt and HMAC-SHA1 of the host pattern under it. */
    static String hashed(String hostPattern) {
        byte[] salt = new byte[20];
        RANDOM.nextBytes(salt);
        try {
            Mac mac = Mac.getInstance("HmacSHA1");
            mac.init(new SecretKeySpec(salt, "HmacSHA1"));
            byte[] hash = mac.doFinal(hostPattern.getBytes(StandardCharsets.UTF_8));
            Base64.Encoder b64 = Base64.getEncoder();
            return "|1|" + b64.encodeToString(salt) + "|" + b64.encodeToString(hash);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA1 is part of every Java runtime", e);
        }
    }

    private static void keepPermissions(Path from, Path to) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(to, PosixFileAttributeView.class);
        if (view == null) {
            return; // not a POSIX file system: the temp file's defaults
        }
        view.setPermissions(from == null ? NEW_FILE : Files.getPosixFilePermissions(from));
    }

    private static void createPrivateDirectories(Path dir) throws IOException {
        Path parent = dir.getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            Files.createDirectories(parent);
        }
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(NEW_DIR));
        } catch (UnsupportedOperationException notPosix) {
            Files.createDirectory(dir);
        }
    }
}
