package dev.tickbench.core.catalogue;

import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The files a source reads: a path pattern under the proc or sys root, each matching file under a key
 * formed from the path's captures. A file holds one number (a sysfs attribute: {@link Content#NUMBER},
 * the key is its value's), or text its source's parse reads ({@link Content#TEXT}: the parse's keys go
 * under the file's key, {@code io.some_total} for {@code pressure/io}, or stand alone when it is empty).
 * E.g. {@code class/hwmon/hwmon{chip:\d+}/temp{n:\d+}_input} with key {@code hwmon{chip}.temp{n}}.
 * docs/catalogue.md, "Adding a source".
 *
 * @param key the file's key; its captures and those of a family's source name are the path's
 * @param where only the files whose sibling text file matches, or null for every file the path matches
 */
public record FileSet(Root root, NamePattern path, NamePattern key, Where where, Content content) {
    /** The injected root the path is under ({@code SystemRoots}). */
    public enum Root {
        PROC,
        SYS,
        /**
         * Each cpufreq policy's directory, in whichever of the kernel's layouts it has:
         * {@code <sys>/devices/system/cpu/cpufreq/policyN}, or, without those, the {@code cpuN/cpufreq} of
         * the policy's first CPU (docs/clock.md, "Both layouts"). The policy's number is the capture
         * {@value #POLICY}, which the key names and the path does not.
         */
        CPUFREQ_POLICY
    }

    /** What a file holds. */
    public enum Content {
        /** One number (trailing newline, space or NUL ignored), read by the generic reader. */
        NUMBER,
        /** Text in a layout of its own, read by the parse its source names. */
        TEXT
    }

    /** The capture a {@link Root#CPUFREQ_POLICY} file set's key gets the policy's number from. */
    public static final String POLICY = "policy";

    /**
     * Keeps a file only when the text of another file (a path pattern with some of the file's captures,
     * e.g. the hwmon chip's {@code class/hwmon/hwmon{chip}/name}) matches {@code text} whole: a family of
     * files where only some members are cheap or meaningful to read every tick.
     */
    public record Where(NamePattern path, Pattern text) {
        @Override
        public String toString() {
            return path.glob() + " is " + text.pattern();
        }
    }

    public FileSet {
        checkRelative(path);
        Set<String> used = new HashSet<>(key.captures());
        Set<String> captured = new HashSet<>(path.captures());
        if (root == Root.CPUFREQ_POLICY && (!captured.add(POLICY) || where != null)) {
            throw new IllegalArgumentException("a file set under each cpufreq policy gets {" + POLICY
                    + "} from the policy," + " not from its path " + path + ", and has no condition");
        }
        if (!captured.containsAll(used)) {
            throw new IllegalArgumentException(
                    "the key " + key + " names a capture the path " + path + " does not have");
        }
        if (where != null) {
            checkRelative(where.path());
            if (!path.captures().containsAll(where.path().captures())) {
                throw new IllegalArgumentException(
                        "the condition " + where.path() + " of " + path + " may only use the path's captures");
            }
        }
    }

    private static void checkRelative(NamePattern path) {
        if (path.text().startsWith("/") || path.text().contains("..")) {
            throw new IllegalArgumentException("a file set's path is relative to its root, without '..': " + path);
        }
        for (String segment : path.text().split("/")) {
            if (segment.isEmpty()) {
                throw new IllegalArgumentException("empty path segment in " + path);
            }
            NamePattern.of(segment); // a capture may not span a '/'
        }
    }

    /** One-number files under the sys root. */
    public static FileSet sys(String path, String key) {
        return new FileSet(Root.SYS, NamePattern.of(path), NamePattern.of(key), null, Content.NUMBER);
    }

    /** One-number files under the proc root. */
    public static FileSet proc(String path, String key) {
        return new FileSet(Root.PROC, NamePattern.of(path), NamePattern.of(key), null, Content.NUMBER);
    }

    /** One text file under the proc root ({@code stat}), its parse's keys standing alone. */
    public static FileSet proc(String path) {
        return new FileSet(Root.PROC, NamePattern.of(path), NamePattern.of(""), null, Content.TEXT);
    }

    /** The files {@code path} names in each cpufreq policy's directory, whichever the layout ({@link Root#CPUFREQ_POLICY}). */
    public static FileSet cpufreqPolicy(String path, String key) {
        return new FileSet(Root.CPUFREQ_POLICY, NamePattern.of(path), NamePattern.of(key), null, Content.NUMBER);
    }

    /** These files, kept only where the text of {@code path} (same root, the file's captures) matches {@code regex}. */
    public FileSet where(String path, String regex) {
        return new FileSet(root, this.path, key, new Where(NamePattern.of(path), Pattern.compile(regex)), content);
    }

    /** These files as text, read by their source's parse (its keys under each file's key). */
    public FileSet text() {
        return new FileSet(root, path, key, where, Content.TEXT);
    }

    /** Whether each file has a key of its own: the key names every capture of the path. */
    public boolean keysEachFile() {
        return new HashSet<>(key.captures()).containsAll(captures());
    }

    /** The captures a file's path gives: the path's, and for a set under each policy {@value #POLICY}. */
    public Set<String> captures() {
        Set<String> c = new HashSet<>(path.captures());
        if (root == Root.CPUFREQ_POLICY) {
            c.add(POLICY);
        }
        return c;
    }

    /** The path as a user reads it: {@code <sys>/class/hwmon/hwmon*}{@code /temp*_input}. */
    public String describe() {
        if (root == Root.CPUFREQ_POLICY) {
            return "<sys>/devices/system/cpu/cpufreq/policy*/" + path.glob() + " (or cpu*/cpufreq/" + path.glob() + ")";
        }
        String files = "<" + root.name().toLowerCase(java.util.Locale.ROOT) + ">/" + path.glob();
        return where == null ? files : files + " where " + where;
    }
}
