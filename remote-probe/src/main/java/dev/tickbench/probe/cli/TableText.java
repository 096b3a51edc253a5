package dev.tickbench.probe.cli;

/**
 * Text from a capture on its way into a table cell on a terminal: a series name, a cgroup path, a host
 * name are the capture's, and a hostile one must not move the cursor, recolour the screen or break the
 * table's lines. Every control and format character (ESC, CR, LF, TAB, DEL, C1 controls, bidi overrides)
 * is written as a hex escape (backslash x NN, backslash u NNNN), and a backslash as two, so that an escape is never
 * ambiguous. (No project-wide helper for human-readable output exists yet; the SSH server's ClientText
 * keeps newlines and tabs, which a cell cannot.)
 */
final class TableText {
    private TableText() {}

    static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            int type = Character.getType(c);
            boolean control = type == Character.CONTROL || type == Character.FORMAT || c == '\\';
            if (control && b == null) {
                b = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (!control) {
                if (b != null) {
                    b.append(c);
                }
            } else if (c == '\\') {
                b.append("\\\\");
            } else {
                b.append(c < 0x100 ? String.format("\\x%02x", (int) c) : String.format("\\u%04x", (int) c));
            }
        }
        return b == null ? s : b.toString();
    }
}
