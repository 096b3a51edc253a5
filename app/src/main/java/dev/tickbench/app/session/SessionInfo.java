package dev.tickbench.app.session;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.throttle.ThrottleBands;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a hello says about a session, in the words the window shows.
 *
 * @param startX session start on the shared time axis (epoch seconds)
 * @param sources every source of the capabilities, present ones with their cadence, absent ones with the reason
 * @param criticalC critical trip point in °C per thermal zone source name (only zones that declare one)
 * @param throttleBands the YELLOW/RED thresholds the session's throttle runs with, as its capabilities
 *     publish them; null when it runs no throttle
 * @param memory slab object sizes and the page size from the capabilities: the slab and buddy charts'
 *     default picks and buddy order names ({@link DefaultPicks})
 */
public record SessionInfo(
        String hostname,
        String board,
        String kernel,
        int cores,
        int rateHz,
        int floorHz,
        double startX,
        List<SourceRow> sources,
        Map<String, Double> criticalC,
        ThrottleBands throttleBands,
        DefaultPicks.Facts memory) {

    /** One line of the sources panel. {@code cadence} is null for absent sources, {@code absentReason} for present ones. */
    public record SourceRow(String name, boolean present, CadenceLabel cadence, String absentReason) {
        public String text() {
            if (!present) {
                return name + " — absent: " + (absentReason == null ? "not reported" : absentReason);
            }
            return cadence == null ? name : name + " — " + cadence.text();
        }
    }

    public static SessionInfo of(Hello h) {
        JsonNode caps = h.capabilities();
        Map<String, SourceRow> rows = new TreeMap<>();
        Map<String, Double> crit = new TreeMap<>();
        if (caps != null) {
            for (Iterator<Map.Entry<String, JsonNode>> it = caps.path("sources").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String name = e.getKey();
                boolean present = e.getValue().asBoolean(false);
                String reason = present ? null : textOrNull(caps.path("absent").path(name));
                rows.put(name, new SourceRow(name, present, present ? CadenceLabel.of(caps, name) : null, reason));
            }
            // absent sources the "sources" map may not list, and present ones only known from cadences
            for (Iterator<Map.Entry<String, JsonNode>> it = caps.path("absent").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                rows.putIfAbsent(
                        e.getKey(),
                        new SourceRow(e.getKey(), false, null, e.getValue().asText()));
            }
            for (Iterator<String> it = caps.path("cadences").fieldNames(); it.hasNext(); ) {
                String name = it.next();
                rows.putIfAbsent(name, new SourceRow(name, true, CadenceLabel.of(caps, name), null));
            }
            for (Iterator<Map.Entry<String, JsonNode>> it =
                            caps.path("attributes").fields();
                    it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode c = e.getValue().path("crit_mc");
                if (c.isNumber()) {
                    crit.put(e.getKey(), c.asDouble() / 1000.0);
                }
            }
        }
        return new SessionInfo(
                h.hostname(),
                h.board(),
                h.kernel(),
                h.cores(),
                h.rateHz(),
                h.floorHz(),
                h.startedWallNs() / 1e9,
                List.copyOf(new ArrayList<>(rows.values())),
                Map.copyOf(crit),
                ThrottleBands.fromCapabilities(caps).orElse(null),
                DefaultPicks.Facts.of(caps));
    }

    /** The same session with each source's achieved cadence of a {@code cadence} line (absent: on plan). */
    public SessionInfo withAchieved(Map<String, Double> achieved) {
        List<SourceRow> rows = sources.stream()
                .map(r -> r.cadence() == null
                        ? r
                        : new SourceRow(
                                r.name(),
                                r.present(),
                                r.cadence().withAchieved(achieved.get(r.name())),
                                r.absentReason()))
                .toList();
        return new SessionInfo(
                hostname, board, kernel, cores, rateHz, floorHz, startX, rows, criticalC, throttleBands, memory);
    }

    private static String textOrNull(JsonNode n) {
        return n.isMissingNode() || n.isNull() ? null : n.asText();
    }

    /** "100 Hz · FLOOR_HZ off" */
    public String rateText() {
        return rateHz + " Hz · FLOOR_HZ " + (floorHz > 0 ? floorHz + " Hz" : "off");
    }

    /** "edge-router-3 (RB5009, 5.6.3)" */
    public String hostText() {
        StringBuilder sb = new StringBuilder(hostname == null ? "?" : hostname).append(" (");
        if (board != null && !board.isBlank()) {
            sb.append(board).append(", ");
        }
        return sb.append(kernel == null ? "?" : kernel).append(')').toString();
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s · %s", hostText(), rateText());
    }
}
