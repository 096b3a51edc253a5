package dev.tickbench.core.capture;

import java.util.List;

/** RFC 4180 fields, for every CSV the project writes (the capture export, its cadence sidecar, floors). */
public final class Csv {
    private Csv() {}

    /**
     * Appends one field: quoted when it holds a comma, a quote or a line break (a quote doubled inside);
     * {@code null}, an absent value, is an empty field (never 0).
     */
    public static void appendField(StringBuilder b, String field) {
        if (field == null) {
            return;
        }
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0 && field.indexOf('\r') < 0) {
            b.append(field);
            return;
        }
        b.append('"').append(field.replace("\"", "\"\"")).append('"');
    }

    /** Appends the fields separated by commas, then a line feed. */
    public static void appendLine(StringBuilder b, List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            appendField(b, fields.get(i));
        }
        b.append('\n');
    }
}
