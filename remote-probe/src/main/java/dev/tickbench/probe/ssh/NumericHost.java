package dev.tickbench.probe.ssh;

/**
 * An address written as a number, read as sshd reads one: getaddrinfo with {@code AI_NUMERICHOST} on
 * glibc, which takes IPv4 in inet_aton's forms ({@code 127.0.0.1}, but also {@code 127.1},
 * {@code 0x7f.1}, {@code 0177.0.0.1}: a negation written so must deny what it names) and IPv6 as
 * inet_pton does. Never a name: nothing is resolved. A scoped IPv6 address ({@code fe80::1%eth0}) is not
 * read here (its scope names an interface of the host).
 */
final class NumericHost {
    private static final long[] LAST_PART_MAX = {0xffff_ffffL, 0xff_ffffL, 0xffffL, 0xffL};

    private NumericHost() {}

    /** The address's bytes (4 or 16), or null when {@code text} is not a numeric address. */
    static byte[] parse(String text) {
        byte[] v4 = ipv4(text);
        return v4 != null ? v4 : ipv6(text);
    }

    /**
     * glibc's inet_aton, with nothing allowed after the number (getaddrinfo's inet_aton_exact): one to four
     * parts, each decimal, octal ({@code 0…}) or hex ({@code 0x…}), the last filling the remaining bytes.
     */
    static byte[] ipv4(String s) {
        long[] parts = new long[3];
        int n = 0;
        int i = 0;
        long value;
        while (true) {
            if (i >= s.length() || !isDecimal(s.charAt(i))) {
                return null;
            }
            int radix = 10;
            if (s.charAt(i) == '0') {
                boolean hex = i + 2 < s.length() && (s.charAt(i + 1) | 0x20) == 'x' && hexValue(s.charAt(i + 2)) >= 0;
                radix = hex ? 16 : 8;
                i += hex ? 2 : 0;
            }
            value = 0;
            for (int d; i < s.length() && (d = hexValue(s.charAt(i))) >= 0 && d < radix; i++) {
                value = value * radix + d;
                if (value > 0xffff_ffffL) {
                    return null;
                }
            }
            if (i < s.length() && s.charAt(i) == '.') {
                if (n > 2 || value > 0xff) {
                    return null;
                }
                parts[n++] = value;
                i++;
            } else {
                break;
            }
        }
        if (i != s.length() || value > LAST_PART_MAX[n]) {
            return null;
        }
        byte[] out = new byte[4];
        for (int p = 0; p < n; p++) {
            out[p] = (byte) parts[p];
        }
        for (int b = 3; b >= n; b--, value >>>= 8) {
            out[b] = (byte) value;
        }
        return out;
    }

    /** glibc's inet_pton for AF_INET6: groups of one to four hex digits, one {@code ::}, a dotted IPv4 tail. */
    static byte[] ipv6(String s) {
        byte[] out = new byte[16];
        int at = 0;
        int zerosAt = -1;
        int i = 0;
        if (s.isEmpty()) {
            return null;
        }
        if (s.charAt(0) == ':') {
            if (s.length() < 2 || s.charAt(1) != ':') {
                return null;
            }
            i = 1;
        }
        int token = i;
        int digits = 0;
        int value = 0;
        while (i < s.length()) {
            char c = s.charAt(i++);
            int d = hexValue(c);
            if (d >= 0) {
                if (digits == 4) {
                    return null;
                }
                value = value << 4 | d;
                digits++;
            } else if (c == ':') {
                token = i;
                if (digits == 0) {
                    if (zerosAt >= 0) {
                        return null;
                    }
                    zerosAt = at;
                    continue;
                }
                if (i == s.length() || at + 2 > 16) {
                    return null;
                }
                out[at++] = (byte) (value >> 8);
                out[at++] = (byte) value;
                digits = 0;
                value = 0;
            } else if (c == '.' && at + 4 <= 16) {
                byte[] tail = dottedQuad(s.substring(token));
                if (tail == null) {
                    return null;
                }
                System.arraycopy(tail, 0, out, at, 4);
                at += 4;
                digits = 0;
                break;
            } else {
                return null;
            }
        }
        if (digits > 0) {
            if (at + 2 > 16) {
                return null;
            }
            out[at++] = (byte) (value >> 8);
            out[at++] = (byte) value;
        }
        if (zerosAt >= 0) {
            if (at == 16) {
                return null; // "::" must stand for at least one group
            }
            int moved = at - zerosAt;
            System.arraycopy(out, zerosAt, out, 16 - moved, moved);
            java.util.Arrays.fill(out, zerosAt, 16 - moved, (byte) 0);
            at = 16;
        }
        return at == 16 ? out : null;
    }

    /** inet_pton's IPv4: exactly four decimal parts of 0–255, no leading zero. */
    private static byte[] dottedQuad(String s) {
        String[] parts = s.split("\\.", -1);
        if (parts.length != 4) {
            return null;
        }
        byte[] out = new byte[4];
        for (int p = 0; p < 4; p++) {
            String part = parts[p];
            if (part.isEmpty()
                    || part.length() > 3
                    || part.length() > 1 && part.charAt(0) == '0'
                    || !part.chars().allMatch(c -> isDecimal((char) c))) {
                return null;
            }
            int v = Integer.parseInt(part);
            if (v > 255) {
                return null;
            }
            out[p] = (byte) v;
        }
        return out;
    }

    private static boolean isDecimal(char c) {
        return c >= '0' && c <= '9';
    }

    /** The value of an ASCII hex digit, else -1 (never another script's digits). */
    private static int hexValue(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        char lower = (char) (c | 0x20);
        return lower >= 'a' && lower <= 'f' ? lower - 'a' + 10 : -1;
    }
}
