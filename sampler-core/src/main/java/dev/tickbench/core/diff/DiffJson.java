package dev.tickbench.core.diff;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.text.JsonOutput;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Locale;

/**
 * A ranking as JSON for tools (docs/diff.md, "JSON"): both ranges, the counts, and every row in ranking
 * order with its statistics in A and B. Numbers are the ranking's own doubles, unrounded; what is not
 * there (a side a series is not in, a relative change from 0) is null, never 0.
 */
public final class DiffJson {
    private static final ObjectMapper MAPPER = JsonOutput.newMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private DiffJson() {}

    public static String render(DiffResult r) {
        return render(r, r.rows().size());
    }

    /** The first {@code top} rows only (the counts are still of all of them). */
    public static String render(DiffResult r, int top) {
        StringWriter w = new StringWriter();
        try {
            write(w, r, top);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return w.toString();
    }

    /**
     * The ranking to {@code out}, a row at a time: a ranking of as many series as a reader accepts is not
     * held as one tree, nor one string, beside itself.
     */
    public static void write(Writer out, DiffResult r, int top) throws IOException {
        try (JsonGenerator g = MAPPER.getFactory().createGenerator(out).useDefaultPrettyPrinter()) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeNumberField("level_share", r.levelShare());
            g.writeFieldName("a");
            g.writeTree(side(r.a()));
            g.writeFieldName("b");
            g.writeTree(side(r.b()));
            g.writeNumberField("compared", r.compared());
            g.writeNumberField("above_noise", r.aboveNoise());
            g.writeNumberField("appeared", r.with(Presence.APPEARED).size());
            g.writeNumberField("disappeared", r.with(Presence.DISAPPEARED).size());
            g.writeArrayFieldStart("rows");
            for (int i = 0; i < Math.min(top, r.rows().size()); i++) {
                g.writeTree(row(i + 1, r.rows().get(i)));
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    private static ObjectNode side(RangeSummary s) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("label", s.label());
        ObjectNode range = n.putObject("range");
        range.put("clock", s.range().clock().name().toLowerCase(Locale.ROOT));
        range.put(
                "from_ns",
                s.range().fromNs() == DiffRange.OPEN ? null : s.range().fromNs());
        range.put("to_ns", s.range().toNs() == DiffRange.OPEN ? null : s.range().toNs());
        n.put("samples", s.samples());
        number(n, "first_s", s.firstS());
        number(n, "last_s", s.lastS());
        number(n, "seconds", s.seconds());
        n.put("hostname", s.hostname());
        n.put("stopped_at_line", s.stoppedAtLine());
        ArrayNode w = n.putArray("warnings");
        s.warnings().forEach(w::add);
        return n;
    }

    private static ObjectNode row(int rank, SeriesChange c) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("rank", rank);
        DiffSeries s = c.series();
        n.put("series", s.name());
        n.put("display_name", s.displayName());
        n.put("source", s.source());
        n.put("kind", s.kind().name().toLowerCase(Locale.ROOT));
        n.put("unit", s.unit());
        n.put("presence", c.presence().name().toLowerCase(Locale.ROOT));
        ArrayNode same = n.putArray("same_as");
        c.sameAs().forEach(same::add);
        number(n, "mean_change", c.meanChange());
        number(n, "relative_change", c.relativeChange());
        number(n, "p99_change", c.p99Change());
        number(n, "spread", c.spread());
        number(n, "effect", c.effect());
        n.put("above_noise", c.aboveNoise());
        n.set("a", stats(c.a()));
        n.set("b", stats(c.b()));
        return n;
    }

    private static ObjectNode stats(SeriesStats s) {
        if (s == null) {
            return null;
        }
        ObjectNode n = MAPPER.createObjectNode();
        number(n, "mean", s.mean());
        number(n, "p99", s.p99());
        n.put("observations", s.observations());
        n.put("seconds", s.seconds());
        n.put("noise", s.noise());
        n.put("noise_steps", s.noiseSteps());
        n.put("resolution", s.resolution());
        return n;
    }

    /** JSON has no NaN: a number that is not one is null. */
    private static void number(ObjectNode n, String field, double v) {
        if (Double.isFinite(v)) {
            n.put(field, v);
        } else {
            n.putNull(field);
        }
    }
}
