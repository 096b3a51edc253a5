package dev.tickbench.core.trigger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One armed trigger as {@code /triggers}, {@code /metrics} and the {@code triggers} line show it.
 *
 * @param name its name ({@code t1}, or the label the expression gave)
 * @param expression the expression as armed
 * @param kind psi, kmsg, condition or change
 * @param fired how often it fired since it was armed
 * @param absent why it can never fire here, when {@code state} is ABSENT; else null
 * @param lastFiredWallNs the wall time of its last firing, 0 before the first
 */
public record TriggerStatus(String name, String expression, String kind, TriggerState state, long fired, String absent,
        long lastFiredWallNs) {
    /**
     * As the {@code triggers} line and {@code /triggers} write it: trigger, expr, kind, state, fired, and
     * absent and last_fired_wall_ns where there is one.
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
        return new TriggerStatus(t.path("trigger").asText(), t.path("expr").asText(), t.path("kind").asText(), state,
                t.path("fired").asLong(), absent == null || absent.isNull() ? null : absent.asText(),
                t.path("last_fired_wall_ns").asLong());
    }
}
