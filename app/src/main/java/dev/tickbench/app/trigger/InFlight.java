package dev.tickbench.app.trigger;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.text.InertText;
import dev.tickbench.core.trigger.TriggerControl.Request;
import dev.tickbench.core.trigger.TriggerControl.Verb;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The requests written to a probe's stream and not answered yet, oldest first (docs/triggers.md,
 * "Live"): the probe answers every request in order, so each reply is paired with the request it
 * answers; a refusal of a burst ({@code "requests":N}, more than a {@code triggers} line answers)
 * answers N in a row. Thread-safe: the sender's thread adds, the stream's thread pairs.
 */
final class InFlight {
    private final ArrayDeque<String> requests = new ArrayDeque<>();

    synchronized void add(String request) {
        requests.add(request);
    }

    /** Takes back a request that could not be written; false when a new stream took it over already. */
    synchronized boolean withdraw(String request) {
        return requests.removeLastOccurrence(request);
    }

    /** Every request not answered, oldest first, and none left (a new stream is sent them again). */
    synchronized List<String> takeAll() {
        List<String> all = new ArrayList<>(requests);
        requests.clear();
        return all;
    }

    synchronized void clear() {
        requests.clear();
    }

    /**
     * What a {@code triggers} line's replies answered.
     *
     * @param refused the refusals in words, {@code 'arm …': why; …} (the probe's reason escaped: a client's
     *     text may be in it), empty when none
     * @param disarmed the triggers whose disarm the line answered "done" and that no later reply in it
     *     armed again: gone from the set, whatever the line's own list says (a probe that read its set a
     *     moment before the disarm lists it still, and with none armed no later line corrects it)
     */
    record Answers(String refused, Set<String> disarmed) {}

    /** Pairs a {@code triggers} line's replies with the requests they answer. */
    synchronized Answers answer(JsonNode replies) {
        StringBuilder refused = new StringBuilder();
        Set<String> disarmed = new HashSet<>();
        for (JsonNode r : replies) {
            long answers = Math.max(1, r.path("requests").asLong(1));
            String asked = requests.poll();
            for (long i = 1; i < answers; i++) {
                requests.poll();
            }
            boolean ok = r.path("ok").asBoolean();
            Request request = asked == null ? null : Request.parse(asked);
            if (ok && request != null && request.verb() == Verb.DISARM) {
                disarmed.add(request.argument());
            } else if (ok && request != null && request.verb() == Verb.ARM) {
                disarmed.remove(r.path("trigger").asText());
            }
            if (!ok) {
                String which = asked == null
                        ? ""
                        : "'" + InertText.line(asked) + "'"
                                + (answers > 1 ? " and the " + (answers - 1) + " after it" : "") + ": ";
                refused.append(refused.length() == 0 ? "" : "; ")
                        .append(which)
                        .append(InertText.line(r.path("error").asText()));
            }
        }
        return new Answers(refused.toString(), Set.copyOf(disarmed));
    }
}
