package dev.tickbench.core.source;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code /proc/PID/cgroup}: one line per hierarchy, {@code ID:CONTROLLERS:PATH}, the unified (v2)
 * hierarchy's being {@code 0::PATH}. The one reader of it: the walk's target, the picker's list and the
 * probe's own memory limit.
 *
 * <p>A path is the cgroup's name as the kernel keeps it, byte for byte: never trimmed (a name may end
 * in a space or a control character, and trimmed it names no directory), decoded as UTF-8 (names are
 * the bytes {@code mkdir} was given). The kernel writes a path as it is and ends it with a newline, so
 * a name may even hold a newline: a line that does not begin as {@code ID:CONTROLLERS:} continues the
 * path of the line before (a name holding a newline and then such a beginning reads as two lines, as
 * it does to every reader of the file).
 *
 * @param lines the hierarchies in the file's order
 */
public record PidCgroup(List<Line> lines) {
    /** One hierarchy: its id, its v1 controllers (empty for v2) and the process's path in it. */
    public record Line(String id, List<String> controllers, String path) {}

    public PidCgroup {
        lines = List.copyOf(lines);
    }

    /** Reads the file (at most {@link KernelBound#TABLE}); throws when it cannot be read. */
    public static PidCgroup read(Path file) throws IOException {
        return parse(new String(KernelFile.readAll(file, KernelBound.TABLE), StandardCharsets.UTF_8));
    }

    public static PidCgroup parse(String text) {
        String body = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        List<Line> lines = new ArrayList<>();
        for (String raw : body.split("\n", -1)) {
            int a = raw.indexOf(':');
            int b = a < 0 ? -1 : raw.indexOf(':', a + 1);
            if (b > 0 && isId(raw, a)) {
                String controllers = raw.substring(a + 1, b);
                lines.add(new Line(
                        raw.substring(0, a),
                        controllers.isEmpty() ? List.of() : List.of(controllers.split(",")),
                        raw.substring(b + 1)));
            } else if (!lines.isEmpty()) {
                Line last = lines.remove(lines.size() - 1);
                lines.add(new Line(last.id(), last.controllers(), last.path() + "\n" + raw));
            }
        }
        return new PidCgroup(lines);
    }

    private static boolean isId(String line, int end) {
        if (end == 0) {
            return false;
        }
        for (int i = 0; i < end; i++) {
            if (line.charAt(i) < '0' || line.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** The path in the unified hierarchy (the {@code 0::} line), or null when there is none. */
    public String unified() {
        for (Line l : lines) {
            if (l.id().equals("0") && l.controllers().isEmpty()) {
                return l.path();
            }
        }
        return null;
    }

    /** The path in the v1 hierarchy that carries {@code controller}, or null when none does. */
    public String v1(String controller) {
        for (Line l : lines) {
            if (l.controllers().contains(controller)) {
                return l.path();
            }
        }
        return null;
    }
}
