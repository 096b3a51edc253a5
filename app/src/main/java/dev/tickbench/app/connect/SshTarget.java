package dev.tickbench.app.connect;

import dev.tickbench.app.dirs.UserDirs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.sshd.client.config.hosts.ConfigFileHostEntryResolver;
import org.apache.sshd.client.config.hosts.HostConfigEntry;
import org.apache.sshd.common.util.io.PathUtils;

/**
 * Where to connect, after {@code ~/.ssh/config} is applied: the real host name, port, user and the
 * key files to try in order. {@code alias} is what the user typed (kept for the title and known_hosts).
 */
public record SshTarget(String alias, String hostName, int port, String user, List<Path> keyFiles) {
    static {
        // Apache SSHD expands ~ and %d in IdentityFile with its own idea of home, Java's user.home (the
        // passwd entry): the same $HOME as everything else here, so ~/.ssh/id_x is the one beside the config
        PathUtils.setUserHomeFolderResolver(() -> UserDirs.current().home());
    }

    public SshTarget {
        keyFiles = List.copyOf(keyFiles);
    }

    /** "pi@board-7:22" */
    public String title() {
        return user + "@" + alias + ":" + port;
    }

    /**
     * Applies the ssh config file (HostName, Port, User, IdentityFile of the matching Host blocks)
     * to what the user typed. Values typed in the dialog win; an absent port/user/key is taken
     * from the config, then from the defaults (22, the local user, ~/.ssh/id_ed25519|id_ecdsa|id_rsa).
     */
    public static SshTarget resolve(String host, Integer port, String user, Path keyFile, Path sshConfig, Path sshDir)
            throws IOException {
        String alias = host.trim();
        HostConfigEntry entry = null;
        if (sshConfig != null && Files.isRegularFile(sshConfig)) {
            entry = new ConfigFileHostEntryResolver(sshConfig)
                    .resolveEffectiveHost(alias, port == null ? 0 : port, null, blankToNull(user), null, null);
        }
        String hostName = entry != null && entry.getHostName() != null ? entry.getHostName() : alias;
        int effectivePort = port != null ? port : entry != null && entry.getPort() > 0 ? entry.getPort() : 22;
        String effectiveUser = blankToNull(user) != null ? user.trim()
                : entry != null && entry.getUsername() != null ? entry.getUsername() : System.getProperty("user.name");
        List<Path> keys = new ArrayList<>();
        if (keyFile != null) {
            keys.add(keyFile);
        } else {
            if (entry != null && entry.getIdentities() != null) {
                entry.getIdentities().forEach(id -> keys.add(Path.of(id)));
            }
            if (keys.isEmpty()) {
                for (String name : List.of("id_ed25519", "id_ecdsa", "id_rsa")) {
                    Path p = sshDir.resolve(name);
                    if (Files.isRegularFile(p)) {
                        keys.add(p);
                    }
                }
            }
        }
        return new SshTarget(alias, hostName, effectivePort, effectiveUser, keys);
    }

    /** The user's ~/.ssh directory: {@code $HOME/.ssh} ({@link UserDirs}). */
    public static Path userSshDir() {
        return UserDirs.current().ssh();
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
