package dev.tickbench.app.connect;

import java.util.Locale;

/** OpenSSH's match.c patterns: {@code *} any run of characters, {@code ?} one; nothing else is special. */
final class Glob {
    private Glob() {}

    /** match_pattern(): {@code text} against one pattern, case as given. */
    static boolean matches(String text, String pattern) {
        return matches(text, 0, pattern, 0);
    }

    private static boolean matches(String s, int si, String p, int pi) {
        while (pi < p.length()) {
            char c = p.charAt(pi);
            if (c == '*') {
                while (pi < p.length() && p.charAt(pi) == '*') {
                    pi++;
                }
                if (pi == p.length()) {
                    return true;
                }
                for (int k = si; k <= s.length(); k++) {
                    if (matches(s, k, p, pi)) {
                        return true;
                    }
                }
                return false;
            }
            if (si == s.length() || (c != '?' && c != s.charAt(si))) {
                return false;
            }
            si++;
            pi++;
        }
        return si == s.length();
    }

    /**
     * match_pattern_list(): a comma-separated list where {@code !pattern} vetoes; true when some
     * pattern matches and no negated one does. {@code lower}: both sides compared in lower case
     * (host names).
     */
    static boolean matchesList(String text, String list, boolean lower) {
        String t = lower ? text.toLowerCase(Locale.ROOT) : text;
        boolean matched = false;
        for (String raw : list.split(",", -1)) {
            String p = lower ? raw.toLowerCase(Locale.ROOT) : raw;
            boolean negated = p.startsWith("!");
            if (matches(t, negated ? p.substring(1) : p)) {
                if (negated) {
                    return false;
                }
                matched = true;
            }
        }
        return matched;
    }
}
