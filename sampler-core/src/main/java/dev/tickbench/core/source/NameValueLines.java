package dev.tickbench.core.source;

/** Files of {@code name value} or {@code Name: value [kB]} lines (vmstat, meminfo): key = name without the colon. */
final class NameValueLines {
    private NameValueLines() {}

    static void parse(TextScanner s, ValueTable out) {
        byte[] b = s.bytes();
        while (s.nextLine()) {
            if (sameKeyAsLastRead(s, b, out)) {
                continue;
            }
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

    /**
     * The fast path of a steady file (docs/perf.md): the line starts with the key the previous read had
     * at this position, so the key is checked in one pass over its bytes, without tokenizing it first.
     * Whatever else the line holds goes the general way (false, the scanner where it was).
     */
    private static boolean sameKeyAsLastRead(TextScanner s, byte[] b, ValueTable out) {
        byte[] k = out.expectedKey();
        if (k == null) {
            return false;
        }
        int le = s.lineEnd();
        int ks = s.lineStart();
        while (ks < le && (b[ks] == ' ' || b[ks] == '\t')) {
            ks++;
        }
        int q = ks + k.length;
        if (k.length == 0 || q > le) {
            return false;
        }
        for (int i = 0; i < k.length; i++) {
            if (b[ks + i] != k[i]) {
                return false;
            }
        }
        if (q < le && b[q] == ':') {
            q++;
        } else if (k[k.length - 1] == ':') {
            return false; // the key's own colon would have been taken as the one the general path strips
        }
        if (q < le && b[q] != ' ' && b[q] != '\t') {
            return false; // a longer key that starts with this one
        }
        s.moveTo(q);
        if (s.nextToken() && s.tokenIsNumber()) {
            out.putExpected(s.tokenLong());
        }
        return true;
    }
}
