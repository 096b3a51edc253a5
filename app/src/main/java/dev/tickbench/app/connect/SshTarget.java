package dev.tickbench.app.connect;

import dev.tickbench.app.dirs.UserDirs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.sshd.common.util.io.PathUtils;

/**
 * Where to connect, after {@code ~/.ssh/config} is applied: the real host name, port, user, how to
 * log in, the key files to try in order and the jump hosts to go through, first hop first (each hop
 * itself without jumps: the route is flat). {@code alias} is what the user typed (kept for the title).
 *
 * @param identitiesOnly only the agent's keys that are one of {@code keyFiles} are offered
 * @param identityAgent  the agent's socket or pipe as IdentityAgent gave it, {@code none}, or null
 *                       (then {@code SSH_AUTH_SOCK}, or Windows' OpenSSH agent pipe)
 * @param connectTimeout ConnectTimeout, or null for the workbench's default
 */
public record SshTarget(
        String alias,
        String hostName,
        int port,
        String user,
        List<Path> keyFiles,
        LoginMethod login,
        boolean identitiesOnly,
        String identityAgent,
        Duration connectTimeout,
        List<SshTarget> jumps) {
    /** Hops one route may have: a longer chain is taken for a loop of ProxyJump lines. */
    static final int MAX_JUMPS = 8;

    static {
        // Apache SSHD expands ~ and %d in IdentityFile with its own idea of home, Java's user.home (the
        // passwd entry): the same $HOME as everything else here, so ~/.ssh/id_x is the one beside the config
        PathUtils.setUserHomeFolderResolver(() -> UserDirs.current().home());
    }

    public SshTarget {
        keyFiles = List.copyOf(keyFiles);
        jumps = List.copyOf(jumps);
    }

    /** A host reached directly with these key files only (no agent, no password). */
    public SshTarget(String alias, String hostName, int port, String user, List<Path> keyFiles) {
        this(alias, hostName, port, user, keyFiles, LoginMethod.KEY_FILE, false, "none", null, List.of());
    }

    /** "pi@board-7:22" */
    public String title() {
        return user + "@" + alias + ":" + port;
    }

    /** {@code board-7:22}, or {@code board-7 (10.0.0.5:22)} when ~/.ssh/config gave another HostName. */
    String where() {
        String at = hostName + ":" + port;
        return alias.equals(hostName) ? at : alias + " (" + at + ")";
    }

    /** This target through other jump hosts (the form's Jump host field, or a test's route). */
    SshTarget via(List<SshTarget> hops) {
        return new SshTarget(
                alias, hostName, port, user, keyFiles, login, identitiesOnly, identityAgent, connectTimeout, hops);
    }

    /** The agent-and-keys login of {@link #resolve} without a jump or a typed user, port or key. */
    public static SshTarget resolve(String host, Integer port, String user, Path keyFile, Path sshConfig, Path sshDir)
            throws IOException {
        return resolve(
                host,
                port,
                user,
                keyFile,
                null,
                keyFile != null ? LoginMethod.KEY_FILE : LoginMethod.AGENT,
                sshConfig,
                sshDir);
    }

    /**
     * Applies the ssh config file to what the user typed, as {@code ssh} does with its command line:
     * values typed in the dialog win (the jump host too: {@code -J}); an absent port/user/key is
     * taken from the config, then from the defaults (22, the local user, ~/.ssh/id_ed25519, id_ecdsa,
     * id_rsa). Each jump host gets its own config ({@code ProxyJump a,b}: b is reached through a, a
     * through its own ProxyJump, as OpenSSH builds the chain).
     */
    public static SshTarget resolve(
            String host,
            Integer port,
            String user,
            Path keyFile,
            String jump,
            LoginMethod login,
            Path sshConfig,
            Path sshDir)
            throws IOException {
        SshConfig config = new SshConfig(sshDir, localUser());
        return hop(
                config, sshConfig, sshDir, host.trim(), port, blankToNull(user), keyFile, blankToNull(jump), login, 0);
    }

    private static SshTarget hop(
            SshConfig config,
            Path file,
            Path sshDir,
            String alias,
            Integer port,
            String user,
            Path keyFile,
            String jump,
            LoginMethod login,
            int depth)
            throws IOException {
        SshConfig.Host h = config.read(file, alias, user);
        String hostName = h.hostName() != null ? h.hostName() : alias.toLowerCase(Locale.ROOT); // as ssh lowers it
        int effectivePort = port != null ? port : h.port() != null ? h.port() : 22;
        String effectiveUser = user != null ? user : h.user() != null ? h.user() : localUser();
        List<Path> keys = new ArrayList<>();
        if (keyFile != null) {
            keys.add(keyFile);
        } else {
            Map<Character, String> tokens =
                    Map.of('h', hostName, 'p', Integer.toString(effectivePort), 'r', effectiveUser, 'n', alias);
            for (String id : h.identityFiles()) {
                keys.add(Path.of(expand(id, tokens, file + ": IdentityFile")));
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
        String agent = h.identityAgent() == null
                ? null
                : expand(
                        h.identityAgent(),
                        Map.of('h', hostName, 'p', Integer.toString(effectivePort), 'r', effectiveUser, 'n', alias),
                        file + ": IdentityAgent");
        SshTarget here = new SshTarget(
                alias,
                hostName,
                effectivePort,
                effectiveUser,
                keys,
                login,
                Boolean.TRUE.equals(h.identitiesOnly()),
                agent,
                h.connectTimeout(),
                List.of());
        String spec = jump != null ? jump : h.proxyJump();
        if (spec == null || spec.equalsIgnoreCase("none")) {
            return here;
        }
        List<JumpSpec> specs;
        try {
            specs = parseJumps(spec);
        } catch (IllegalArgumentException e) {
            throw new IOException(
                    (jump != null ? "Jump host" : file + ": ProxyJump of " + alias) + ": " + e.getMessage());
        }
        JumpSpec last = specs.get(specs.size() - 1);
        String before = specs.size() == 1
                ? null
                : String.join(
                        ",",
                        specs.subList(0, specs.size() - 1).stream()
                                .map(JumpSpec::text)
                                .toList());
        if (depth + specs.size() > MAX_JUMPS) {
            throw new IOException("More than " + MAX_JUMPS + " jump hosts on the way to " + alias
                    + " (ProxyJump lines in " + file + " that lead back to each other?)");
        }
        SshTarget lastHop = hop(
                config,
                file,
                sshDir,
                last.host(),
                last.port(),
                last.user(),
                null,
                before,
                LoginMethod.AGENT,
                depth + 1);
        List<SshTarget> route = new ArrayList<>(lastHop.jumps());
        route.add(lastHop.via(List.of()));
        if (route.size() > MAX_JUMPS) {
            throw new IOException("More than " + MAX_JUMPS + " jump hosts on the way to " + alias
                    + " (ProxyJump lines in " + file + " that lead back to each other?)");
        }
        return here.via(route);
    }

    /** One hop of a ProxyJump list as typed: {@code [user@]host[:port]} or {@code ssh://[user@]host[:port]}. */
    record JumpSpec(String user, String host, Integer port) {
        String text() {
            return (user == null ? "" : user + "@")
                    + (host.contains(":") ? "[" + host + "]" : host)
                    + (port == null ? "" : ":" + port);
        }
    }

    /** A comma-separated ProxyJump list; {@link IllegalArgumentException} naming what is wrong. */
    static List<JumpSpec> parseJumps(String spec) {
        List<JumpSpec> hops = new ArrayList<>();
        for (String raw : spec.split(",", -1)) {
            String s = raw.strip();
            if (s.startsWith("ssh://")) {
                s = s.substring(6);
                if (s.endsWith("/")) {
                    s = s.substring(0, s.length() - 1);
                }
            }
            if (s.isEmpty()) {
                throw new IllegalArgumentException("an empty hop in '" + spec + "'");
            }
            if (s.chars().anyMatch(c -> Character.isWhitespace(c) || Character.isISOControl(c))) {
                throw new IllegalArgumentException("no spaces allowed in a hop, got '" + s + "'");
            }
            int at = s.lastIndexOf('@');
            String user = at < 0 ? null : s.substring(0, at);
            String hostPort = s.substring(at + 1);
            String host = hostPort;
            Integer port = null;
            if (hostPort.startsWith("[")) {
                int close = hostPort.indexOf(']');
                if (close < 0) {
                    throw new IllegalArgumentException("'" + s + "': a '[' without its ']'");
                }
                host = hostPort.substring(1, close);
                String rest = hostPort.substring(close + 1);
                if (!rest.isEmpty()) {
                    port = port(rest.startsWith(":") ? rest.substring(1) : rest, s);
                }
            } else if (hostPort.indexOf(':') >= 0 && hostPort.indexOf(':') == hostPort.lastIndexOf(':')) {
                host = hostPort.substring(0, hostPort.indexOf(':'));
                port = port(hostPort.substring(hostPort.indexOf(':') + 1), s);
            }
            if (host.isEmpty() || (user != null && user.isEmpty())) {
                throw new IllegalArgumentException("'" + s + "' is not [user@]host[:port]");
            }
            hops.add(new JumpSpec(user, host, port));
        }
        return hops;
    }

    private static int port(String text, String hop) {
        try {
            int p = Integer.parseInt(text);
            if (p >= 1 && p <= 65535) {
                return p;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("'" + hop + "': the port is 1 to 65535, got '" + text + "'");
    }

    /**
     * ssh_config(5)'s TOKENS and environment: {@code %%}, {@code %d} (home), {@code %u} (local user),
     * {@code %h}, {@code %p}, {@code %r}, {@code %n}, {@code %i} (uid), {@code %l}; {@code ~/} and
     * {@code ${VAR}}. An unknown token or an unset variable is an error, as in ssh.
     */
    static String expand(String value, Map<Character, String> tokens, String what) throws IOException {
        String v =
                value.startsWith("~/") || value.equals("~") ? UserDirs.current().home() + value.substring(1) : value;
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '%' && i + 1 < v.length()) {
                char t = v.charAt(++i);
                String r = switch (t) {
                    case '%' -> "%";
                    case 'd' -> UserDirs.current().home().toString();
                    case 'u' -> localUser();
                    case 'i' -> uid();
                    case 'l' -> localHostName();
                    default -> tokens.get(t);
                };
                if (r == null) {
                    throw new IOException(what + " '" + value + "': unknown token %" + t);
                }
                out.append(r);
            } else if (c == '$' && i + 1 < v.length() && v.charAt(i + 1) == '{') {
                int close = v.indexOf('}', i);
                if (close < 0) {
                    throw new IOException(what + " '" + value + "': '${' without '}'");
                }
                String name = v.substring(i + 2, close);
                String env = System.getenv(name);
                if (env == null) {
                    throw new IOException(what + " '" + value + "': environment variable " + name + " is not set");
                }
                out.append(env);
                i = close;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** The user id, or null where /proc/self says none (then %i is refused rather than guessed). */
    private static String uid() {
        try {
            return String.valueOf(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String localHostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName().toLowerCase(Locale.ROOT);
        } catch (IOException e) {
            return "localhost";
        }
    }

    static String localUser() {
        return System.getProperty("user.name");
    }

    /** The user's ~/.ssh directory: {@code $HOME/.ssh} ({@link UserDirs}). */
    public static Path userSshDir() {
        return UserDirs.current().ssh();
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
