package dev.tickbench.core.source;

/**
 * A cursor over the ASCII bytes of one kernel file: lines, whitespace-separated tokens and numbers,
 * without building Strings (the sampler parses ~20 files 100 times a second).
 */
public final class TextScanner {
    private byte[] b;
    private int end;
    private int pos;
    private int lineStart;
    private int lineEnd;
    private int tokenStart;
    private int tokenEnd;
    private int cursor;

    public TextScanner reset(byte[] bytes, int length) {
        this.b = bytes;
        this.end = length;
        this.pos = 0;
        this.lineStart = this.lineEnd = this.cursor = 0;
        return this;
    }

    public TextScanner reset(KernelFile file) {
        return reset(file.bytes(), file.length());
    }

    public byte[] bytes() {
        return b;
    }

    /** Advances to the next line; false at the end of the content. */
    public boolean nextLine() {
        if (pos >= end) {
            return false;
        }
        lineStart = pos;
        int p = pos;
        while (p < end && b[p] != '\n') {
            p++;
        }
        lineEnd = p;
        pos = p + 1;
        cursor = lineStart;
        return true;
    }

    public int lineStart() {
        return lineStart;
    }

    public int lineEnd() {
        return lineEnd;
    }

    /** Advances to the next token of the current line (separated by spaces, tabs or {@code sep}). */
    public boolean nextToken() {
        return nextToken((byte) ' ');
    }

    public boolean nextToken(byte sep) {
        int p = cursor;
        while (p < lineEnd && isSep(b[p], sep)) {
            p++;
        }
        if (p >= lineEnd) {
            cursor = lineEnd;
            return false;
        }
        tokenStart = p;
        while (p < lineEnd && !isSep(b[p], sep)) {
            p++;
        }
        tokenEnd = p;
        cursor = p;
        return true;
    }

    private static boolean isSep(byte c, byte sep) {
        return c == ' ' || c == '\t' || c == sep;
    }

    public int tokenStart() {
        return tokenStart;
    }

    public int tokenEnd() {
        return tokenEnd;
    }

    /** Moves the token cursor to {@code p} in the current line (the next token is searched from there). */
    public void moveTo(int p) {
        cursor = Math.max(lineStart, Math.min(p, lineEnd));
    }

    /** Skips the rest of the current line's tokens. */
    public void skipToLineEnd() {
        cursor = lineEnd;
    }

    /** True when the current token equals {@code ascii}. */
    public boolean tokenIs(String ascii) {
        return regionEquals(b, tokenStart, tokenEnd, ascii);
    }

    /** True when the current line starts with {@code ascii}. */
    public boolean lineStartsWith(String ascii) {
        int n = ascii.length();
        if (lineEnd - lineStart < n) {
            return false;
        }
        return regionEquals(b, lineStart, lineStart + n, ascii);
    }

    /** The current token as a number; {@link #isNumber(byte[], int, int)} tells whether it is one. */
    public long tokenLong() {
        return parseLong(b, tokenStart, tokenEnd);
    }

    public boolean tokenIsNumber() {
        return isNumber(b, tokenStart, tokenEnd);
    }

    public String tokenString() {
        return new String(b, tokenStart, tokenEnd - tokenStart, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    public String lineString() {
        return new String(b, lineStart, lineEnd - lineStart, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    public static boolean regionEquals(byte[] b, int start, int end, String ascii) {
        if (end - start != ascii.length()) {
            return false;
        }
        for (int i = 0; i < ascii.length(); i++) {
            if (b[start + i] != ascii.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Parses a decimal integer (optional leading '-'); stops at the first non-digit. */
    public static long parseLong(byte[] b, int start, int end) {
        long v = 0;
        int p = start;
        boolean neg = false;
        if (p < end && b[p] == '-') {
            neg = true;
            p++;
        }
        for (; p < end; p++) {
            int d = b[p] - '0';
            if (d < 0 || d > 9) {
                break;
            }
            v = v * 10 + d;
        }
        return neg ? -v : v;
    }

    public static boolean isNumber(byte[] b, int start, int end) {
        int p = start;
        if (p < end && b[p] == '-') {
            p++;
        }
        if (p >= end) {
            return false;
        }
        for (; p < end; p++) {
            if (b[p] < '0' || b[p] > '9') {
                return false;
            }
        }
        return true;
    }
}
