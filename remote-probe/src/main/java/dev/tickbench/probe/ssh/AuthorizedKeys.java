package dev.tickbench.probe.ssh;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.PublicKey;
import java.time.Clock;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.apache.sshd.common.AttributeRepository.AttributeKey;
import org.apache.sshd.common.config.keys.AuthorizedKeyEntry;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntryResolver;
import org.apache.sshd.server.auth.pubkey.PublickeyAuthenticator;
import org.apache.sshd.server.session.ServerSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Public-key authentication against one authorized_keys file, for one user, honouring the key options
 * {@link KeyOptions} lists. The file is read again when it changes. A line that cannot be used (an
 * option we do not implement, a bad value, a key we cannot decode) is refused with one log line naming
 * the file, the line and why; the other lines still work. The options of the key that authenticated
 * are kept on the session for {@link ProbeCommand} ({@code command=}).
 *
 * <p>As OpenSSH's {@code StrictModes}: no key of the file is accepted while the file, or a directory
 * above it, can be written by anyone but its owner, or is owned by anyone but root or the user the
 * probe runs as (whoever could write it could add a key). A directory with the sticky bit owned by root
 * ({@code /tmp}) is not held against it: no one else can replace what is in it. Checked at every
 * authentication, and said in one log line whenever the verdict changes.
 */
final class AuthorizedKeys implements PublickeyAuthenticator {
    private static final Logger LOG = LoggerFactory.getLogger(AuthorizedKeys.class);
    static final AttributeKey<KeyOptions> OPTIONS = new AttributeKey<>();
    /** The SHA256 fingerprint of the key that authenticated (a key's command slots are counted by it). */
    static final AttributeKey<String> KEY = new AttributeKey<>();

    private record Entry(int line, PublicKey key, KeyOptions options) {}

    private final Path file;
    private final String user;
    private final Clock clock;
    private List<Entry> entries = List.of();
    private FileTime loadedMtime;
    private long loadedSize = -1;
    private String lastModes;

    AuthorizedKeys(Path file, String user, Clock clock) {
        this.file = file;
        this.user = user;
        this.clock = clock;
    }

    @Override
    public boolean authenticate(String username, PublicKey key, ServerSession session) {
        if (!user.equals(username)) {
            return false; // the key must be authorized *for this user*
        }
        SocketAddress remote = session.getClientAddress();
        for (Entry e : current()) {
            if (!KeyUtils.compareKeys(e.key(), key)) {
                continue;
            }
            String denial = remote instanceof InetSocketAddress a
                    ? e.options().denial(a.getAddress(), clock.instant())
                    : "the client address is unknown";
            if (denial != null) {
                LOG.warn("{} line {}: key refused for {}: {}", file, e.line(), remote, denial);
                continue; // as sshd: another line with the same key may still allow it
            }
            session.setAttribute(OPTIONS, e.options());
            session.setAttribute(KEY, KeyUtils.getFingerPrint(e.key()));
            return true;
        }
        return false;
    }

    /** How many distinct keys the file authorizes now (at least 1): they share the command slots. */
    int distinctKeys() {
        return (int) Math.max(
                1,
                current().stream()
                        .map(e -> KeyUtils.getFingerPrint(e.key()))
                        .distinct()
                        .count());
    }

    /** The entries, read again when the file's size or modification time changed; none while its modes are unsafe. */
    private synchronized List<Entry> current() {
        String modes = StrictModes.problem(file);
        if (!java.util.Objects.equals(modes, lastModes)) {
            if (modes != null) {
                LOG.warn("{}: no key is accepted from it: {}", file, ClientText.escape(modes));
            } else if (lastModes != null) {
                LOG.warn("{}: its modes are safe again; its keys are accepted", file);
            }
            lastModes = modes;
        }
        if (modes != null) {
            return List.of();
        }
        try {
            FileTime mtime = Files.getLastModifiedTime(file);
            long size = Files.size(file);
            if (!mtime.equals(loadedMtime) || size != loadedSize) {
                entries = read(file, ZoneId.systemDefault());
                loadedMtime = mtime;
                loadedSize = size;
            }
        } catch (IOException e) {
            LOG.warn(
                    "{}: cannot read the authorized keys ({}); no key is accepted until it can be read",
                    file,
                    e.getMessage());
            entries = List.of();
            loadedMtime = null;
        }
        return entries;
    }

    private static List<Entry> read(Path file, ZoneId zone) throws IOException {
        List<Entry> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                AuthorizedKeyEntry entry = AuthorizedKeyEntry.parseAuthorizedKeyEntry(line);
                KeyOptions options = KeyOptions.parse(entry.getLoginOptions(), zone);
                PublicKey key = entry.resolvePublicKey(null, PublicKeyEntryResolver.FAILING);
                out.add(new Entry(i + 1, key, options));
            } catch (IllegalArgumentException | IOException | java.security.GeneralSecurityException e) {
                LOG.warn("{} line {}: key refused: {}", file, i + 1, ClientText.escape(String.valueOf(e.getMessage())));
            }
        }
        return List.copyOf(out);
    }
}
