package dev.tickbench.core.catalogue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A name with named parts, as the catalogue writes series, sources, file paths and labels
 * (docs/catalogue.md, "Patterns"): literal text and captures, {@code {name}} for one dot-free run of
 * characters or {@code {name:REGEX}} for what REGEX matches, e.g. {@code stat.cpu{cpu:\d+}.{mode}}. The
 * same text matches a name (giving the captured parts) and formats one from the parts.
 */
public final class NamePattern {
    private static final Pattern CAPTURE_NAME = Pattern.compile("[a-z][a-z0-9_]*");
    private static final String DEFAULT_REGEX = "[^.]+";

    private final String text;
    private final List<Object> parts; // String literal or Capture
    private final List<String> captures;
    private final Pattern regex;

    private record Capture(String name, String regex) {}

    private NamePattern(String text, List<Object> parts) {
        this.text = text;
        this.parts = List.copyOf(parts);
        List<String> names = new ArrayList<>();
        StringBuilder re = new StringBuilder();
        for (Object p : parts) {
            if (p instanceof Capture c) {
                if (names.contains(c.name())) {
                    throw new IllegalArgumentException("capture {" + c.name() + "} twice in " + text);
                }
                re.append("(?<c")
                        .append(names.size())
                        .append('>')
                        .append(c.regex())
                        .append(')');
                names.add(c.name());
            } else {
                re.append(Pattern.quote((String) p));
            }
        }
        this.captures = Collections.unmodifiableList(names);
        this.regex = Pattern.compile(re.toString());
    }

    /** Parses a pattern; a brace that does not close, an empty or upper-case capture name is an error. */
    public static NamePattern of(String text) {
        Objects.requireNonNull(text, "pattern");
        List<Object> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '}') {
                throw new IllegalArgumentException("'}' without '{' at " + i + " in " + text);
            }
            if (c != '{') {
                literal.append(c);
                i++;
                continue;
            }
            int depth = 1;
            int j = i + 1;
            while (j < text.length() && depth > 0) {
                char d = text.charAt(j);
                depth += d == '{' ? 1 : d == '}' ? -1 : 0;
                j++;
            }
            if (depth > 0) {
                throw new IllegalArgumentException("'{' at " + i + " does not close in " + text);
            }
            String inside = text.substring(i + 1, j - 1);
            int colon = inside.indexOf(':');
            String name = colon < 0 ? inside : inside.substring(0, colon);
            String re = colon < 0 ? DEFAULT_REGEX : inside.substring(colon + 1);
            if (!CAPTURE_NAME.matcher(name).matches() || re.isEmpty()) {
                throw new IllegalArgumentException(
                        "bad capture {" + inside + "} in " + text + " (a lower-case name, then optionally :REGEX)");
            }
            if (literal.length() > 0) {
                parts.add(literal.toString());
                literal.setLength(0);
            }
            parts.add(new Capture(name, re));
            i = j;
        }
        if (literal.length() > 0) {
            parts.add(literal.toString());
        }
        return new NamePattern(text, parts);
    }

    /** The pattern as written. */
    public String text() {
        return text;
    }

    /** The capture names, in order. */
    public List<String> captures() {
        return captures;
    }

    public boolean isLiteral() {
        return captures.isEmpty();
    }

    /** The text before the first capture (all of it for a literal). */
    public String literalPrefix() {
        return parts.isEmpty() || !(parts.get(0) instanceof String s) ? "" : s;
    }

    /** The text after the last capture (all of it for a literal). */
    public String literalSuffix() {
        return parts.isEmpty() || !(parts.get(parts.size() - 1) instanceof String s) ? "" : s;
    }

    /** This pattern without its {@link #literalSuffix()}: the part of a key that names its subject. */
    public NamePattern withoutSuffix() {
        String suffix = literalSuffix();
        return suffix.isEmpty()
                ? this
                : new NamePattern(
                        text.substring(0, text.length() - suffix.length()), parts.subList(0, parts.size() - 1));
    }

    /**
     * This pattern with each capture written without a regex taking {@code declaring}'s regex of the same
     * name: a derived series' input ({@code cgroup_cpu.{cgroup}|usage_usec}) matches what its name's
     * capture does ({@code {cgroup:.+}}).
     */
    public NamePattern boundTo(NamePattern declaring) {
        List<Object> bound = new ArrayList<>();
        StringBuilder t = new StringBuilder();
        for (Object p : parts) {
            if (p instanceof Capture c) {
                String re = c.regex();
                if (re.equals(DEFAULT_REGEX)) {
                    re = declaring.regexOf(c.name(), re);
                }
                bound.add(new Capture(c.name(), re));
                t.append('{')
                        .append(c.name())
                        .append(re.equals(DEFAULT_REGEX) ? "" : ":" + re)
                        .append('}');
            } else {
                bound.add(p);
                t.append((String) p);
            }
        }
        return new NamePattern(t.toString(), bound);
    }

    private String regexOf(String capture, String otherwise) {
        for (Object p : parts) {
            if (p instanceof Capture c && c.name().equals(capture)) {
                return c.regex();
            }
        }
        return otherwise;
    }

    public boolean matches(String name) {
        return regex.matcher(name).matches();
    }

    /** The captured parts of {@code name} by capture name, or null when the whole name does not match. */
    public Map<String, String> match(String name) {
        Matcher m = regex.matcher(name);
        if (!m.matches()) {
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < captures.size(); i++) {
            out.put(captures.get(i), m.group("c" + i));
        }
        return out;
    }

    /** The name with each capture replaced by {@code values.get(capture)}; a missing value is an error. */
    public String format(Map<String, String> values) {
        if (captures.isEmpty()) {
            return text;
        }
        StringBuilder b = new StringBuilder();
        for (Object p : parts) {
            if (p instanceof Capture c) {
                String v = values.get(c.name());
                if (v == null) {
                    throw new IllegalArgumentException("no value for {" + c.name() + "} of " + text);
                }
                b.append(v);
            } else {
                b.append((String) p);
            }
        }
        return b.toString();
    }

    /** The pattern with every capture as {@code *}, as a glob or a path shown to a user reads it. */
    public String glob() {
        StringBuilder b = new StringBuilder();
        for (Object p : parts) {
            b.append(p instanceof Capture ? "*" : (String) p);
        }
        return b.toString();
    }

    /**
     * The pattern as a user reads a path: a capture that is a choice of words ({@code {f:usage|time}}) as
     * {@code {usage,time}}, any other as {@code *}: {@code policy*}{@code /{scaling_max_freq,scaling_min_freq}}.
     */
    public String braceGlob() {
        StringBuilder b = new StringBuilder();
        for (Object p : parts) {
            if (p instanceof Capture c) {
                b.append(
                        c.regex().matches("[A-Za-z0-9_-]+(\\|[A-Za-z0-9_-]+)+")
                                ? "{" + c.regex().replace('|', ',') + "}"
                                : "*");
            } else {
                b.append((String) p);
            }
        }
        return b.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NamePattern p && p.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
