package dev.tickbench.core.catalogue;

import java.util.HashSet;
import java.util.Set;

/**
 * The files a generic reader reads for a source: a path pattern under the proc or sys root, each
 * matching file one number (a sysfs attribute), its stream key formed from the path's captures.
 * E.g. {@code class/hwmon/hwmon{chip:\d+}/temp{n:\d+}_input} with key {@code hwmon{chip}.temp{n}}.
 * docs/catalogue.md, "Adding a source".
 */
public record FileSet(Root root, NamePattern path, NamePattern key) {
    /** The injected root the path is under ({@code SystemRoots}). */
    public enum Root { PROC, SYS }

    public FileSet {
        if (path.text().startsWith("/") || path.text().contains("..")) {
            throw new IllegalArgumentException("a file set's path is relative to its root, without '..': " + path);
        }
        for (String segment : path.text().split("/")) {
            if (segment.isEmpty()) {
                throw new IllegalArgumentException("empty path segment in " + path);
            }
            NamePattern.of(segment); // a capture may not span a '/'
        }
        Set<String> used = new HashSet<>(key.captures());
        if (!used.containsAll(path.captures()) || !path.captures().containsAll(used)) {
            throw new IllegalArgumentException("the key " + key + " must name every capture of the path " + path
                    + " and no other, so that each file has its own key");
        }
    }

    public static FileSet sys(String path, String key) {
        return new FileSet(Root.SYS, NamePattern.of(path), NamePattern.of(key));
    }

    public static FileSet proc(String path, String key) {
        return new FileSet(Root.PROC, NamePattern.of(path), NamePattern.of(key));
    }

    /** The path as a user reads it: {@code <sys>/class/hwmon/hwmon*}{@code /temp*_input}. */
    public String describe() {
        return "<" + root.name().toLowerCase(java.util.Locale.ROOT) + ">/" + path.glob();
    }
}
