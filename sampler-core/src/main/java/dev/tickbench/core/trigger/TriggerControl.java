package dev.tickbench.core.trigger;

import dev.tickbench.core.text.InertText;

/**
 * The control requests a client of a stream sends to arm and disarm triggers live (docs/triggers.md,
 * "Live"): one request per line, answered in the next {@code triggers} line of the stream.
 * <pre>
 * arm EXPRESSION      e.g. arm hot: thermal_zone0_c &gt; 80
 * disarm NAME
 * list
 * </pre>
 * Lines are bounded by {@link #MAX_LINE} and other text is answered with an error, never run.
 */
public final class TriggerControl {
    /** The longest request: an expression of {@link TriggerParser#MAX_LENGTH} and its verb. */
    public static final int MAX_LINE = TriggerParser.MAX_LENGTH + 16;

    private TriggerControl() {}

    /**
     * Applies one request line (without its newline) to {@code set}; the answer goes into the stream.
     * Never throws: the line is a client's text, and whatever it holds is answered, never raised into
     * the thread that reads the requests. Beyond {@link TriggerSet#MAX_REPLIES} waiting for the next
     * {@code triggers} line, a request is refused unread (and counted in that line).
     */
    public static void apply(TriggerSet set, String line) {
        String l = line.strip();
        if (l.isEmpty() || !set.admit()) {
            return;
        }
        try {
            run(set, l);
        } catch (RuntimeException e) {
            set.reply(new TriggerSet.Reply(false, null, "refused: " + InertText.line(e.getMessage()), 0));
        }
    }

    private static void run(TriggerSet set, String l) {
        int sp = l.indexOf(' ');
        String verb = sp < 0 ? l : l.substring(0, sp);
        String rest = sp < 0 ? "" : l.substring(sp + 1).strip();
        switch (verb) {
            case "arm" -> {
                try {
                    TriggerStatus s = set.arm(rest);
                    set.reply(new TriggerSet.Reply(true, s.name(), null, 0));
                } catch (TriggerSyntaxException e) {
                    set.reply(new TriggerSet.Reply(false, null, e.getMessage(), e.column()));
                } catch (IllegalStateException e) {
                    set.reply(new TriggerSet.Reply(false, null, e.getMessage(), 0));
                }
            }
            case "disarm" -> set.reply(set.disarm(rest) ? new TriggerSet.Reply(true, rest, null, 0)
                    : new TriggerSet.Reply(false, null, "no trigger named '" + InertText.line(rest) + "' is armed", 0));
            case "list" -> set.reply(new TriggerSet.Reply(true, null, null, 0));
            default -> set.reply(new TriggerSet.Reply(false, null,
                    "unknown request: the requests are 'arm EXPRESSION', 'disarm NAME' and 'list'", 0));
        }
    }

    /** The answer to a line longer than {@link #MAX_LINE}: refused, not read further. */
    public static void tooLong(TriggerSet set) {
        if (!set.admit()) {
            return;
        }
        set.reply(new TriggerSet.Reply(false, null, "request longer than " + MAX_LINE + " bytes: refused", 0));
    }
}
