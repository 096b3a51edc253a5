package dev.tickbench.core.source;

/** Files of {@code name value} or {@code Name: value [kB]} lines (vmstat, meminfo): key = name without the colon. */
final class NameValueLines {
    private NameValueLines() {}

    static void parse(TextScanner s, ValueTable out) {
        byte[] b = s.bytes();
        while (s.nextLine()) {
            if (!s.nextToken()) {
                continue;
            }
            int ks = s.tokenStart();
            int ke = s.tokenEnd();
            if (b[ke - 1] == ':') {
                ke--;
            }
            if (ke > ks && s.nextToken() && s.tokenIsNumber()) {
                out.put(b, ks, ke, s.tokenLong());
            }
        }
    }
}
