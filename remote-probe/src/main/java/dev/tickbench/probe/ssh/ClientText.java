package dev.tickbench.probe.ssh;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;

/**
 * Text an SSH client sent, on its way back to that client's terminal: control and format characters
 * (ESC, CR, DEL, C1 controls, bidi overrides) are written as hex escapes (backslash x NN, backslash u NNNN), so an
 * echoed argument cannot move the cursor, clear the screen or reorder what the user reads. Newlines
 * and tabs stay: they are the messages' own.
 */
final class ClientText extends FilterWriter {
    ClientText(Writer out) {
        super(out);
    }

    /** {@code s} with every control and format character escaped (newline and tab kept). */
    static String escape(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (needsEscape(c)) {
                if (b == null) {
                    b = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                b.append(c < 0x100 ? String.format("\\x%02x", (int) c) : String.format("\\u%04x", (int) c));
            } else if (b != null) {
                b.append(c);
            }
        }
        return b == null ? s : b.toString();
    }

    private static boolean needsEscape(char c) {
        if (c == '\n' || c == '\t') {
            return false;
        }
        int type = Character.getType(c);
        return type == Character.CONTROL || type == Character.FORMAT;
    }

    @Override
    public void write(int c) throws IOException {
        out.write(escape(String.valueOf((char) c)));
    }

    @Override
    public void write(char[] cbuf, int off, int len) throws IOException {
        out.write(escape(new String(cbuf, off, len)));
    }

    @Override
    public void write(String str, int off, int len) throws IOException {
        out.write(escape(str.substring(off, off + len)));
    }
}
