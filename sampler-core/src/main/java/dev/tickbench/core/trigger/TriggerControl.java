package dev.tickbench.core.trigger;

import dev.tickbench.core.text.InertText;
import java.util.Locale;

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

    /** The verbs of a request; any other first word is {@link #UNKNOWN}. */
    public enum Verb {
        ARM,
        DISARM,
        LIST,
        UNKNOWN
    }

    /**
     * One request: its verb and the text after it (an expression, a name, or empty), stripped. The one
     * place that reads and spells a request line, for the probe that answers it and the workbench that
     * sends it and pairs the answers.
     */
    public record Request(Verb verb, String argument) {
        /** Reads a request line (without its newline): the verb is the text up to the first space. */
        public static Request parse(String line) {
            String l = line.strip();
            int sp = l.indexOf(' ');
            String word = sp < 0 ? l : l.substring(0, sp);
            String rest = sp < 0 ? "" : l.substring(sp + 1).strip();
            Verb verb = switch (word) {
                case "arm" -> Verb.ARM;
                case "disarm" -> Verb.DISARM;
                case "list" -> Verb.LIST;
                default -> Verb.UNKNOWN;
            };
            return new Request(verb, rest);
        }

        public static Request arm(String expression) {
            return new Request(Verb.ARM, expression.strip());
        }

        public static Request disarm(String name) {
            return new Request(Verb.DISARM, name.strip());
        }

        /** The line that sends it, without its newline; an {@link Verb#UNKNOWN} request has none to send. */
        public String line() {
            if (verb == Verb.UNKNOWN) {
                throw new IllegalStateException("an unknown request is answered, never sent");
            }
            return verb.name().toLowerCase(Locale.ROOT) + (argument.isEmpty() ? "" : " " + argument);
        }
    }

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
        Request request = Request.parse(l);
        String rest = request.argument();
        switch (request.verb()) {
            case ARM -> {
                try {
                    TriggerStatus s = set.arm(rest);
                    set.reply(new TriggerSet.Reply(true, s.name(), null, 0));
                } catch (TriggerSyntaxException e) {
                    set.reply(new TriggerSet.Reply(false, null, e.getMessage(), e.column()));
                } catch (IllegalStateException e) {
                    set.reply(new TriggerSet.Reply(false, null, e.getMessage(), 0));
                }
            }
            case DISARM ->
                set.reply(
                        set.disarm(rest)
                                ? new TriggerSet.Reply(true, rest, null, 0)
                                : new TriggerSet.Reply(
                                        false, null, "no trigger named '" + InertText.line(rest) + "' is armed", 0));
            case LIST -> set.reply(new TriggerSet.Reply(true, null, null, 0));
            case UNKNOWN ->
                set.reply(new TriggerSet.Reply(
                        false,
                        null,
                        "unknown request: the requests are 'arm EXPRESSION', 'disarm NAME' and 'list'",
                        0));
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
