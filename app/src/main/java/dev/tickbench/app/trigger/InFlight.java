package dev.tickbench.app.trigger;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.text.InertText;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

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
     * Pairs a {@code triggers} line's replies with the requests they answer; returns the refusals in words,
     * {@code 'arm …': why; …} (the probe's reason escaped: a client's text may be in it), empty when none.
     */
    synchronized String answer(JsonNode replies) {
        StringBuilder refused = new StringBuilder();
        for (JsonNode r : replies) {
            long answers = Math.max(1, r.path("requests").asLong(1));
            String asked = requests.poll();
            for (long i = 1; i < answers; i++) {
                requests.poll();
            }
            if (!r.path("ok").asBoolean()) {
                String which = asked == null ? "" : "'" + InertText.line(asked) + "'"
                        + (answers > 1 ? " and the " + (answers - 1) + " after it" : "") + ": ";
                refused.append(refused.length() == 0 ? "" : "; ").append(which).append(InertText.line(r.path("error").asText()));
            }
        }
        return refused.toString();
    }
}
