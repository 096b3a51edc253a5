package dev.tickbench.app.connect;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code ~/.ssh/config} read for one host as OpenSSH's readconf.c reads it: {@code Host} patterns
 * (with {@code !}), {@code Match} ({@code all}, {@code host}, {@code originalhost}, {@code user},
 * {@code localuser}, {@code final}), {@code Include} (relative to {@code ~/.ssh}, {@code *} and
 * {@code ?} in the file name), the first value obtained for a keyword wins, {@code IdentityFile}
 * accumulates. Only the keywords the workbench applies are kept; every other keyword is skipped
 * (so a config written for OpenSSH is never refused for what it uses). {@code Match exec} and other
 * criteria that need a program run or the network looked at are taken as not matching: the workbench
 * runs no command from a config file.
 *
 * <p>A file anyone but its owner can write, or owned by someone else than the user or root, is
 * refused as {@code ssh} refuses it: it can send the connection through any host.
 */
final class SshConfig {
    /** OpenSSH's READCONF_MAX_DEPTH. */
    static final int MAX_INCLUDE_DEPTH = 16;
    /** OpenSSH's SSH_MAX_IDENTITY_FILES. */
    static final int MAX_IDENTITY_FILES = 100;

    /** The options of one host, null where the config gave none. */
    record Host(
            String hostName,
            Integer port,
            String user,
            List<String> identityFiles,
            Boolean identitiesOnly,
            String proxyJump,
            Duration connectTimeout,
            String identityAgent) {
        static final Host NONE = new Host(null, null, null, List.of(), null, null, null, null);

        Host {
            identityFiles = List.copyOf(identityFiles);
        }
    }

    private final Path sshDir;
    private final String localUser;

    /** {@code sshDir} anchors relative {@code Include} paths; {@code localUser} is {@code %u} and {@code Match localuser}. */
    SshConfig(Path sshDir, String localUser) {
        this.sshDir = sshDir;
        this.localUser = localUser;
    }

    /** The options for {@code host} (as typed), {@code user} given on the form first (null: not given). */
    Host read(Path file, String host, String user) throws IOException {
        if (file == null || !Files.exists(file)) {
            return Host.NONE;
        }
        Options o = new Options(host, user);
        readFile(file, o, new boolean[] {true}, false, 0);
        if (o.wantFinal) {
            // ssh.c reads the file again for Match final with the host it is about to use (HostName's or the
            // typed one, lowered) and that host set as HostName: no HostName line of the second pass applies
            o.host = currentHost(o).toLowerCase(Locale.ROOT);
            o.hostName = o.host;
            o.finalPass = true;
            readFile(file, o, new boolean[] {true}, false, 0);
        }
        return new Host(
                o.hostName == null ? null : currentHost(o),
                o.port,
                o.user,
                o.identityFiles,
                o.identitiesOnly,
                o.proxyJump,
                o.connectTimeout,
                o.identityAgent);
    }

    /** What readconf.c keeps while it reads: the first value of each keyword. */
    private static final class Options {
        /** What Host patterns see: as typed (ssh compares them case for case), HostName's in the final pass. */
        String host;

        final String originalHost;
        String hostName;
        Integer port;
        String user;
        final List<String> identityFiles = new ArrayList<>();
        Boolean identitiesOnly;
        String proxyJump;
        Duration connectTimeout;
        String identityAgent;
        boolean finalPass;
        boolean wantFinal;

        Options(String host, String user) {
            this.host = host;
            this.originalHost = host;
            this.user = user;
        }
    }

    private void readFile(Path file, Options o, boolean[] active, boolean neverMatch, int depth) throws IOException {
        if (depth > MAX_INCLUDE_DEPTH) {
            throw new IOException(file + ": more than " + MAX_INCLUDE_DEPTH + " nested Include levels");
        }
        checkOwnerAndMode(file);
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String where = file + " line " + (i + 1);
            List<String> words = words(lines.get(i), where);
            if (!words.isEmpty()) {
                apply(words, o, active, neverMatch, depth, where);
            }
        }
    }

    private void apply(List<String> words, Options o, boolean[] active, boolean neverMatch, int depth, String where)
            throws IOException {
        String keyword = words.get(0).toLowerCase(Locale.ROOT);
        List<String> args = words.subList(1, words.size());
        switch (keyword) {
            case "host" -> active[0] = !neverMatch && hostBlockMatches(args, o.host, where);
            case "match" -> active[0] = !neverMatch && matchBlockMatches(args, o, where);
            case "include" -> {
                boolean outer = active[0];
                for (String pattern : required(args, where)) {
                    for (Path included : glob(pattern, where)) {
                        readFile(included, o, active, neverMatch || !outer, depth + 1);
                        active[0] = outer; // a Match inside an included file does not change the including file's state
                    }
                }
            }
            default -> {
                if (active[0]) {
                    option(keyword, args, o, where);
                }
            }
        }
    }

    private static void option(String keyword, List<String> args, Options o, String where) throws IOException {
        switch (keyword) {
            case "hostname" -> o.hostName = first(o.hostName, one(args, where));
            case "user" -> o.user = first(o.user, one(args, where));
            case "port" -> o.port = o.port != null ? o.port : port(one(args, where), where);
            case "identityfile" -> {
                if (o.identityFiles.size() >= MAX_IDENTITY_FILES) {
                    throw new IOException(where + ": more than " + MAX_IDENTITY_FILES + " IdentityFile lines");
                }
                String id = one(args, where);
                if (!o.identityFiles.contains(id)) { // readconf.c's add_identity_file ignores a duplicate
                    o.identityFiles.add(id);
                }
            }
            case "identitiesonly" ->
                o.identitiesOnly = o.identitiesOnly != null ? o.identitiesOnly : yesNo(one(args, where), where);
            case "proxyjump" ->
                o.proxyJump = first(
                        o.proxyJump, String.join(",", required(args, where)).replace(",,", ","));
            case "connecttimeout" ->
                o.connectTimeout = o.connectTimeout != null ? o.connectTimeout : time(one(args, where), where);
            case "identityagent" -> o.identityAgent = first(o.identityAgent, one(args, where));
            default -> {} // a keyword the workbench does not apply
        }
    }

    /** readconf.c's Host: any pattern matching the host activates the block, a matching {@code !pattern} vetoes it. */
    static boolean hostBlockMatches(List<String> patterns, String host, String where) throws IOException {
        boolean matched = false;
        for (String p : required(patterns, where)) {
            boolean negated = p.startsWith("!");
            if (Glob.matches(host, negated ? p.substring(1) : p)) {
                if (negated) {
                    return false;
                }
                matched = true;
            }
        }
        return matched;
    }

    private boolean matchBlockMatches(List<String> args, Options o, String where) throws IOException {
        boolean result = true;
        List<String> rest = new ArrayList<>(required(args, where));
        int criteria = 0;
        while (!rest.isEmpty()) {
            String attribute = rest.remove(0);
            boolean negate = attribute.startsWith("!");
            String name = (negate ? attribute.substring(1) : attribute).toLowerCase(Locale.ROOT);
            if (name.equals("all")) {
                if (criteria > 0 || !rest.isEmpty()) {
                    throw new IOException(where + ": Match all cannot be combined with other criteria");
                }
                return result && !negate;
            }
            criteria++;
            if (name.equals("final") || name.equals("canonical")) {
                o.wantFinal |= name.equals("final") && !negate;
                result &= o.finalPass != negate;
                continue;
            }
            String value;
            int eq = name.indexOf('=');
            if (eq > 0) { // OpenSSH 10's "host=pattern" form
                value = attribute.substring(attribute.indexOf('=') + 1);
                name = name.substring(0, eq);
            } else if (rest.isEmpty()) {
                throw new IOException(where + ": Match " + name + " needs a value");
            } else {
                value = rest.remove(0);
            }
            boolean matched = switch (name) {
                case "host" -> Glob.matchesList(currentHost(o), value, true);
                case "originalhost" -> Glob.matchesList(o.originalHost, value, true);
                case "user" -> Glob.matchesList(o.user != null ? o.user : localUser, value, false);
                case "localuser" -> Glob.matchesList(localUser, value, false);
                case "exec", "localnetwork", "tagged", "command", "version", "sessiontype" ->
                    negate; // not evaluated: never matches
                default -> throw new IOException(where + ": unknown Match criterion '" + name + "'");
            };
            result &= matched != negate;
        }
        return result;
    }

    private static String currentHost(Options o) {
        return o.hostName == null ? o.host : o.hostName.replace("%h", o.host).replace("%%", "%");
    }

    /** Include's paths: ~ and relative ones under ~/.ssh; wildcards in the last name, matches sorted as glob(3) does. */
    private List<Path> glob(String pattern, String where) throws IOException {
        String p = pattern.startsWith("~/")
                ? sshDir.getParent().resolve(pattern.substring(2)).toString()
                : pattern;
        Path path = Path.of(p).isAbsolute() ? Path.of(p) : sshDir.resolve(p);
        String name = path.getFileName().toString();
        if (!name.contains("*") && !name.contains("?") && !name.contains("[")) {
            return Files.isRegularFile(path) ? List.of(path) : List.of();
        }
        Path dir = path.getParent();
        if (dir.toString().contains("*") || dir.toString().contains("?")) {
            throw new IOException(where + ": Include '" + pattern + "': wildcards are read in the file name only");
        }
        PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + name);
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                if (m.matches(f.getFileName())
                        && !f.getFileName().toString().startsWith(".")
                        && Files.isRegularFile(f)) {
                    found.add(f);
                }
            }
        } catch (NoSuchFileException e) {
            return List.of();
        }
        found.sort(null);
        return found;
    }

    /** As ssh: the file is the user's or root's, and nobody else may write it. */
    private static void checkOwnerAndMode(Path file) throws IOException {
        Set<PosixFilePermission> mode;
        String owner;
        try {
            mode = Files.getPosixFilePermissions(file);
            owner = Files.getOwner(file).getName();
        } catch (UnsupportedOperationException notPosix) {
            return;
        }
        if (mode.contains(PosixFilePermission.GROUP_WRITE)
                || mode.contains(PosixFilePermission.OTHERS_WRITE)
                || !(owner.equals("root") || owner.equals(System.getProperty("user.name")))) {
            throw new IOException("Bad owner or permissions on " + file + ": it must be yours and writable by you only"
                    + " (chmod go-w " + file + "), as ssh requires");
        }
    }

    /** A line's words as readconf.c splits them: keyword then arguments, {@code =} allowed after the keyword, quotes, {@code #}. */
    static List<String> words(String line, String where) throws IOException {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\'
                        && i + 1 < line.length()
                        && (line.charAt(i + 1) == quote || line.charAt(i + 1) == '\\')) {
                    word.append(line.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (Character.isWhitespace(c) || (c == '=' && words.isEmpty())) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else if (c == '#' && word == null) {
                break;
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (quote != 0) {
            throw new IOException(where + ": unterminated quote");
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }

    private static String first(String current, String value) {
        return current != null ? current : value;
    }

    private static List<String> required(List<String> args, String where) throws IOException {
        if (args.isEmpty()) {
            throw new IOException(where + ": missing argument");
        }
        return args;
    }

    private static String one(List<String> args, String where) throws IOException {
        return required(args, where).get(0);
    }

    private static int port(String text, String where) throws IOException {
        try {
            int p = Integer.parseInt(text);
            if (p >= 1 && p <= 65535) {
                return p;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IOException(where + ": bad port '" + text + "' (1 to 65535)");
    }

    private static boolean yesNo(String text, String where) throws IOException {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "yes", "true" -> true;
            case "no", "false" -> false;
            default -> throw new IOException(where + ": expected yes or no, got '" + text + "'");
        };
    }

    /** OpenSSH's time format: {@code 30}, {@code 30s}, {@code 1m30s}, {@code 2h}. */
    static Duration time(String text, String where) throws IOException {
        if (!text.matches("(\\d+[sSmMhHdDwW]?)+")) {
            throw new IOException(where + ": bad time '" + text + "' (seconds, or like 1m30s)");
        }
        long seconds = 0;
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("(\\d+)([sSmMhHdDwW]?)").matcher(text);
        while (m.find()) {
            long n = Long.parseLong(m.group(1));
            seconds += switch (m.group(2).toLowerCase(Locale.ROOT)) {
                case "m" -> n * 60;
                case "h" -> n * 3600;
                case "d" -> n * 86_400;
                case "w" -> n * 604_800;
                default -> n;
            };
        }
        return Duration.ofSeconds(seconds);
    }
}
