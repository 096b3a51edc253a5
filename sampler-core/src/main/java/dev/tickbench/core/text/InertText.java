package dev.tickbench.core.text;

/**
 * Text from outside (a process's command line, a cgroup's name, a capture's keys, a file name, a
 * client's argument) on its way to a person's terminal: every control and format character is written
 * as a hex escape (backslash x NN, backslash u NNNN), so that it cannot move the cursor, clear the
 * screen, start a line that looks like a table row or a verdict, or reorder what is read (bidi
 * overrides). The one helper for the probe's tables, warnings and errors, and for events of a capture
 * the workbench lists (core.diff.CaptureEvents); {@code --json} output escapes the same characters as
 * JSON escapes ({@link JsonOutput}). Printable characters of any script are kept. In the core, so that both read one rule.
 */
public final class InertText {
    private InertText() {}

    /** {@code s} as one line: every control and format character escaped, newlines and tabs too. */
    public static String line(String s) {
        return escape(s, false);
    }

    /** {@code s} as text of its own lines: the same, but newlines and tabs kept (a message's own). */
    public static String text(String s) {
        return escape(s, true);
    }

    /** {@code o}'s string as one line; "null" for null. */
    public static String line(Object o) {
        return line(String.valueOf(o));
    }

    private static String escape(String s, boolean keepLines) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean pair =
                    Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
            int cp = pair ? s.codePointAt(i) : c;
            if (needsEscape(cp, keepLines)) {
                if (b == null) {
                    b = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                b.append(
                        cp < 0x100
                                ? String.format("\\x%02x", cp)
                                : cp < 0x10000 ? String.format("\\u%04x", cp) : String.format("\\U%08x", cp));
            } else if (b != null) {
                b.appendCodePoint(cp);
            }
            if (pair) {
                i++;
            }
        }
        return b == null ? s : b.toString();
    }

    /**
     * Whether text output escapes {@code cp}: a control or format character (C0, DEL, C1, bidi embeddings,
     * overrides and isolates, zero-width characters), a line or paragraph separator, a surrogate, a
     * private-use or unassigned supplementary code point. JSON output escapes the same ({@link JsonOutput}).
     */
    public static boolean escapes(int cp) {
        return needsEscape(cp, false);
    }

    private static boolean needsEscape(int cp, boolean keepLines) {
        if (keepLines && (cp == '\n' || cp == '\t')) {
            return false;
        }
        int type = Character.getType(cp);
        return type == Character.CONTROL
                || type == Character.FORMAT
                || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR
                || type == Character.SURROGATE
                || type == Character.PRIVATE_USE
                || type == Character.UNASSIGNED && cp > 0xffff;
    }
}
