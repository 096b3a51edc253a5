package dev.tickbench.core.who;

import dev.tickbench.core.text.InertText;

/**
 * A name from the kernel (a process's {@code comm}, a cgroup's directory name) as the text of a stream key:
 * its bytes decoded as UTF-8, and every byte of a control or format character ({@link InertText#escapes}),
 * of a backslash, or that is not UTF-8, written {@code \xNN}, as the kernel log's text is (FORMAT.md,
 * "kmsg"). So a key is printable, one line, and says exactly which bytes the name had: {@code a\x0ab} is
 * a newline, {@code a\x5cx0ab} the six characters {@code a\x0ab}. Anyone can name a process.
 */
public final class KeyText {
    private KeyText() {}

    /** {@code b[start, end)} escaped. */
    public static String escape(byte[] b, int start, int end) {
        StringBuilder out = new StringBuilder(end - start + 8);
        append(out, b, start, end);
        return out.toString();
    }

    /** Appends {@code b[start, end)} escaped to {@code out}. */
    public static void append(StringBuilder out, byte[] b, int start, int end) {
        int i = start;
        while (i < end) {
            int lead = b[i] & 0xff;
            int n = lead < 0x80
                    ? 1
                    : lead >= 0xc2 && lead < 0xe0
                            ? 2
                            : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xf0 && lead < 0xf5 ? 4 : 0;
            int cp = n == 0 ? -1 : decode(b, i, n, end);
            if (cp < 0) {
                hex(out, lead); // not UTF-8: this byte alone, then the next is looked at afresh
                i++;
            } else if (cp == '\\' || InertText.escapes(cp)) {
                for (int k = 0; k < n; k++) {
                    hex(out, b[i + k] & 0xff);
                }
                i += n;
            } else {
                out.appendCodePoint(cp);
                i += n;
            }
        }
    }

    /** The code point of the {@code n}-byte sequence at {@code i}, or -1 when it is cut, overlong or a surrogate. */
    private static int decode(byte[] b, int i, int n, int end) {
        if (n == 1) {
            return b[i];
        }
        if (i + n > end) {
            return -1;
        }
        int cp = b[i] & (0xff >> (n + 1));
        for (int k = 1; k < n; k++) {
            int c = b[i + k] & 0xff;
            if ((c & 0xc0) != 0x80) {
                return -1;
            }
            cp = cp << 6 | (c & 0x3f);
        }
        int min = n == 2 ? 0x80 : n == 3 ? 0x800 : 0x10000;
        if (cp < min || cp > 0x10ffff || cp >= 0xd800 && cp <= 0xdfff) {
            return -1;
        }
        return cp;
    }

    private static void hex(StringBuilder out, int v) {
        out.append("\\x").append(Character.forDigit(v >> 4, 16)).append(Character.forDigit(v & 0xf, 16));
    }
}
