package dev.tickbench.probe.ssh;

import dev.tickbench.core.text.InertText;
import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;

/**
 * Text an SSH client sent, on its way back to that client's terminal: control and format characters
 * (ESC, CR, DEL, C1 controls, bidi overrides) are written as hex escapes ({@link InertText}), so an
 * echoed argument cannot move the cursor, clear the screen or reorder what the user reads. Newlines
 * and tabs stay: they are the messages' own.
 */
final class ClientText extends FilterWriter {
    ClientText(Writer out) {
        super(out);
    }

    /** {@code s} with every control and format character escaped (newline and tab kept): {@link InertText#text}. */
    static String escape(String s) {
        return InertText.text(s);
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
