package dev.tickbench.core.floors;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.text.JsonOutput;

/**
 * Floors as JSON for tools: {@code {"rows":[keys in order], "captures":[{board fields, "warnings",
 * "rows":{key:{…}}}]}}. Rates in Hz rounded to 4 decimals; absent values are null or left out, never 0.
 */
public final class FloorJson {
    private static final ObjectMapper MAPPER = JsonOutput.newMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private FloorJson() {}

    public static String render(FloorComparison c) {
        try {
            return MAPPER.writeValueAsString(tree(c));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static ObjectNode tree(FloorComparison c) {
        ObjectNode root = MAPPER.createObjectNode();
        ArrayNode rows = root.putArray("rows");
        c.rows().forEach(rows::add);
        ArrayNode caps = root.putArray("captures");
        c.captures().forEach(r -> caps.add(report(r)));
        return root;
    }

    public static ObjectNode report(FloorReport r) {
        BoardInfo b = r.board();
        ObjectNode n = MAPPER.createObjectNode();
        n.put("file", r.file().toString());
        n.put("hostname", b.hostname());
        n.put("board", b.board());
        n.put("kernel", b.kernel());
        n.put("cores", b.cores());
        n.put("rate_hz", b.rateHz());
        n.put("floor_hz", b.floorHz());
        n.put("probe_version", b.probeVersion());
        n.put("samples", b.samples());
        n.put("duration_s", round(b.durationS()));
        n.put("resolution_hz", b.durationS() > 0 ? round(b.resolutionHz()) : null);
        n.put("truncated_at_line", r.truncatedAtLine());
        ArrayNode w = n.putArray("warnings");
        r.warnings().forEach(w::add);
        ObjectNode rows = n.putObject("rows");
        for (FloorRow row : r.rows()) {
            rows.set(row.key(), row(row));
        }
        return n;
    }

    static ObjectNode row(FloorRow r) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("source", r.source());
        n.put("member", r.member());
        n.put("kind", r.kind().name().toLowerCase(java.util.Locale.ROOT));
        n.put("emissions", r.emissions());
        n.put("changes", r.changes());
        n.put("hz", round(r.hz()));
        n.put("need_hz", round(r.needHz()));
        n.put("shipped_hz", round(r.shippedHz()));
        n.put("shipped_reason", r.shippedReason().label());
        n.put("verdict", r.verdict().label());
        if (r.fastest() != null) {
            ObjectNode f = n.putObject("fastest_member");
            f.put("member", r.fastest().member());
            f.put("changes", r.fastest().changes());
            f.put("hz", round(r.fastest().hz()));
        }
        if (r.jitter() != null) {
            ThermalJitter j = r.jitter();
            ObjectNode t = n.putObject("jitter");
            t.put("polling_delay_ms", j.pollingDelayMs());
            t.put("declared_hz", j.declaredHz() == null ? null : round(j.declaredHz()));
            t.put("raw_hz", round(j.rawHz()));
            t.put("ratio", j.ratio() == null ? null : round(j.ratio()));
            t.put("step_mc", j.stepMc());
            t.put("curve_hz", round(j.curveHz()));
        }
        return n;
    }

    static double round(double v) {
        return Math.round(v * 1e4) / 1e4;
    }
}
