package dev.tickbench.core.trigger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.DoubleFunction;
import java.util.function.LongFunction;

/**
 * One armed trigger as {@code /triggers}, {@code /metrics} and the {@code triggers} line show it.
 *
 * @param name its name ({@code t1}, or the label the expression gave)
 * @param expression the expression as armed
 * @param kind psi, kmsg, condition or change
 * @param fired how often it fired since it was armed
 * @param absent why it can never fire here, when {@code state} is ABSENT; else null
 * @param lastFiredWallNs the wall time of its last firing, 0 before the first
 * @param seen what a series trigger has read of its series since it was armed; null before its first value
 *     and for the kernel's and kmsg triggers
 * @param stateSinceWallNs the wall time of the tick its state began on; 0 before its first tick
 */
public record TriggerStatus(
        String name,
        String expression,
        String kind,
        TriggerState state,
        long fired,
        String absent,
        long lastFiredWallNs,
        Seen seen,
        long stateSinceWallNs) {
    /** Without what it saw (a status from before its first tick, or a reader's that knows only these). */
    public TriggerStatus(
            String name,
            String expression,
            String kind,
            TriggerState state,
            long fired,
            String absent,
            long lastFiredWallNs) {
        this(name, expression, kind, state, fired, absent, lastFiredWallNs, null, 0);
    }

    /**
     * What a series trigger read since it was armed: enough to tell why it has not fired, or not again (a
     * value that never came near, or a comparison that never held for its {@code for} time).
     *
     * @param last its last known value, in the unit of its name, read on the tick of {@code lastWallNs}
     * @param min the lowest and {@code max} the highest value it read
     * @param unit the unit of its name ("%", "°C", "ms/s")
     * @param longestHoldNs the longest stretch the comparison held, for a comparison with {@code for}; else -1
     * @param forNs the stretch it needs ({@code for}), 0 without one
     */
    public record Seen(
            double last, long lastWallNs, double min, double max, String unit, long longestHoldNs, long forNs) {
        ObjectNode json() {
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            o.put("last", last);
            o.put("last_wall_ns", lastWallNs);
            o.put("min", min);
            o.put("max", max);
            o.put("unit", unit);
            if (longestHoldNs >= 0) {
                o.put("longest_hold_ns", longestHoldNs);
                o.put("for_ns", forNs);
            }
            return o;
        }

        static Seen of(JsonNode o) {
            if (o == null || !o.path("last").isNumber()) {
                return null;
            }
            return new Seen(
                    o.path("last").asDouble(),
                    o.path("last_wall_ns").asLong(),
                    o.path("min").asDouble(),
                    o.path("max").asDouble(),
                    o.path("unit").asText(""),
                    o.has("longest_hold_ns") ? o.path("longest_hold_ns").asLong() : -1,
                    o.path("for_ns").asLong());
        }
    }

    /**
     * As the {@code triggers} line and {@code /triggers} write it: trigger, expr, kind, state, fired, and
     * absent, last_fired_wall_ns, since_wall_ns and seen where there is one.
     */
    public ObjectNode json() {
        ObjectNode t = JsonNodeFactory.instance.objectNode();
        t.put("trigger", name);
        t.put("expr", expression);
        t.put("kind", kind);
        t.put("state", state.id());
        t.put("fired", fired);
        if (absent != null) {
            t.put("absent", absent);
        }
        if (lastFiredWallNs > 0) {
            t.put("last_fired_wall_ns", lastFiredWallNs);
        }
        if (stateSinceWallNs > 0) {
            t.put("since_wall_ns", stateSinceWallNs);
        }
        if (seen != null) {
            t.set("seen", seen.json());
        }
        return t;
    }

    /**
     * One entry of a {@code triggers} line's {@code armed} list, as {@link #json} writes it (a reader of the
     * stream: the workbench's view of a probe's triggers). An unknown state is NO_DATA: not known here.
     */
    public static TriggerStatus of(JsonNode t) {
        TriggerState state = TriggerState.NO_DATA;
        for (TriggerState s : TriggerState.values()) {
            if (s.id().equals(t.path("state").asText())) {
                state = s;
            }
        }
        JsonNode absent = t.get("absent");
        return new TriggerStatus(
                t.path("trigger").asText(),
                t.path("expr").asText(),
                t.path("kind").asText(),
                state,
                t.path("fired").asLong(),
                absent == null || absent.isNull() ? null : absent.asText(),
                t.path("last_fired_wall_ns").asLong(),
                Seen.of(t.get("seen")),
                t.path("since_wall_ns").asLong());
    }

    /** The same trigger as one of its {@code trigger} lines leaves it: fired, counted, at that tick. */
    public TriggerStatus firedAt(long count, long wallNs) {
        return new TriggerStatus(
                name,
                expression,
                kind,
                TriggerState.FIRED,
                count,
                absent,
                wallNs,
                seen,
                state == TriggerState.FIRED ? stateSinceWallNs : wallNs);
    }

    /**
     * The expression under its name, as one arms it again: as armed when it carries its label, else
     * {@code NAME: EXPR} (a name the set gave, {@code t1}, kept).
     */
    public String labelled() {
        java.util.regex.Matcher m = TriggerParser.LABEL.matcher(expression);
        return m.lookingAt() && m.group(1).equals(name) ? expression : name + ": " + expression;
    }

    /**
     * In words, what it saw and so why it has not fired, or not again: the reason it never can; that no
     * value came (or none since when); the range of values it read and how long its comparison held at
     * most, against what it needs; or since when it holds. Empty for a kernel or kmsg trigger waiting for
     * its event. Numbers are written by {@code number}, wall times by {@code clock}, as the reader shows
     * them elsewhere.
     */
    public String outlook(DoubleFunction<String> number, LongFunction<String> clock) {
        if (state == TriggerState.ABSENT) {
            return "can never fire here: " + absent;
        }
        String since = stateSinceWallNs > 0 ? " since " + clock.apply(stateSinceWallNs) : "";
        if (seen == null) {
            return state == TriggerState.NO_DATA ? "no value read yet" + since : "";
        }
        String unit = seen.unit().isEmpty() ? "" : " " + seen.unit();
        String last = number.apply(seen.last()) + unit;
        String range = "seen "
                + (seen.min() == seen.max()
                        ? number.apply(seen.min())
                        : number.apply(seen.min()) + " to " + number.apply(seen.max()))
                + unit;
        String hold = seen.longestHoldNs() < 0
                ? ""
                : ", held at most " + number.apply(seen.longestHoldNs() / 1e9) + " s of "
                        + number.apply(seen.forNs() / 1e9) + " s";
        return switch (state) {
            case NO_DATA -> "no value since " + clock.apply(seen.lastWallNs()) + " (last " + last + "); " + range;
            case ARMED -> "does not hold" + since + ": last " + last + "; " + range + hold;
            case HOLDING -> "holds" + since + ": last " + last + "; " + range + hold;
            case FIRED -> "fired, holds" + since + ": last " + last;
            case ABSENT -> "";
        };
    }
}
