package dev.tickbench.probe.ssh;

import dev.tickbench.core.text.InertText;
import java.util.List;
import java.util.Set;

/**
 * The only things the probe's SSH server runs: the probe's own read-only commands. Anything else is
 * refused with a message saying what is offered.
 */
final class Allowlist {
    /** Commands allowed with any flags. */
    private static final Set<String> COMMANDS = Set.of("stream", "capabilities", "walk", "procs");

    static final String OFFERED = "stream, capabilities, walk, procs, throttle replay";

    private Allowlist() {}

    /** Null when allowed, else the refusal (one line, no trailing newline). */
    static String refusal(List<String> words) {
        if (words == null) {
            return "unbalanced quotes in the command";
        }
        if (words.isEmpty()) {
            return "no shell here; this server runs only the probe's commands: " + OFFERED;
        }
        String first = words.get(0);
        if (COMMANDS.contains(first)) {
            return null;
        }
        if (isReplay(words)) {
            return null;
        }
        if (first.equals("throttle")) {
            return "only 'throttle replay' is offered over SSH";
        }
        return "'" + printable(first)
                + "' is not offered: this is the tickbench probe's SSH server, not a shell; it runs only: " + OFFERED;
    }

    /** True for {@code throttle replay}: it reads its series from the client (one runs at a time). */
    static boolean isReplay(List<String> words) {
        return words != null
                && words.size() >= 2
                && words.get(0).equals("throttle")
                && words.get(1).equals("replay");
    }

    /** The word as the user may see it: control characters escaped, long words cut. */
    private static String printable(String word) {
        String w = word.length() > 60 ? word.substring(0, 60) + "…" : word;
        return InertText.line(w);
    }
}
