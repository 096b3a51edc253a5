package dev.tickbench.core.clock;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.tickbench.core.text.JsonOutput;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * The clock verdict as JSON ({@code tickbench-probe clock --json}; docs/clock.md, "JSON"): the window,
 * one object per policy with its numbers (kHz, m°C, W, % as the stream has them), its limiter and its
 * evidence, each fact an object with its {@code kind}, its numbers and its {@code text}; the absent
 * inputs with their reasons. A value the window cannot tell is {@code null}, never 0. Readers ignore
 * fields they do not know.
 */
public final class ClockJson {
    /** Bumped when a field changes meaning; new fields do not bump it. */
    public static final int VERSION = 1;

    private static final JsonFactory FACTORY = JsonOutput.newFactory();

    private ClockJson() {}

    public static String render(ClockReport r) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.enable(
                    JsonGenerator.Feature
                            .ESCAPE_NON_ASCII); // °C and µ written escaped: every terminal and locale reads the JSON
            // alike
            g.writeStartObject();
            g.writeNumberField("version", VERSION);
            g.writeNumberField("window_s", r.windowS());
            g.writeNumberField("samples", r.samples());
            g.writeNumberField("rate_hz", r.rateHz());
            number(g, "from_s", r.fromS());
            number(g, "to_s", r.toS());
            g.writeArrayFieldStart("policies");
            for (PolicyVerdict v : r.policies()) {
                policy(g, v);
            }
            g.writeEndArray();
            g.writeObjectFieldStart("absent");
            for (Map.Entry<String, String> a : r.absent().entrySet()) {
                g.writeStringField(a.getKey(), a.getValue());
            }
            g.writeEndObject();
            g.writeStringField("no_verdict", r.noVerdict());
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    private static void policy(JsonGenerator g, PolicyVerdict v) throws IOException {
        g.writeStartObject();
        g.writeStringField("policy", v.policy());
        g.writeArrayFieldStart("cpus");
        for (int c : v.cpus()) {
            g.writeNumber(c);
        }
        g.writeEndArray();
        g.writeStringField("governor", v.governor());
        g.writeStringField("driver", v.driver());
        g.writeNumberField("achieved_khz", v.achievedKhz());
        g.writeNumberField("peak_khz", v.peakKhz());
        number(g, "max_khz", v.maxKhz());
        number(g, "cap_khz", v.capKhz());
        number(g, "at_cap_pct", v.atCapPct());
        number(g, "idle_pct", v.idlePct());
        g.writeStringField("limiter", v.limiter().label());
        facts(g, "evidence", v.evidence());
        facts(g, "also", v.also());
        g.writeEndObject();
    }

    private static void facts(JsonGenerator g, String field, List<Evidence> facts) throws IOException {
        g.writeArrayFieldStart(field);
        for (Evidence e : facts) {
            g.writeStartObject();
            g.writeStringField("kind", e.kind());
            fields(g, e);
            g.writeStringField("text", e.text());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void fields(JsonGenerator g, Evidence e) throws IOException {
        if (e instanceof Evidence.Cooling c) {
            g.writeStringField("device", c.device());
            g.writeStringField("type", c.type());
            g.writeNumberField("state", c.state());
            number(g, "max_state", c.maxState());
            g.writeStringField("zone", c.zone());
            g.writeStringField("zone_type", c.zoneType());
            number(g, "zone_temp_mc", c.zoneTempMc());
            number(g, "trip", c.trip() == null ? null : c.trip().longValue());
            g.writeStringField("trip_type", c.tripType());
            number(g, "trip_temp_mc", c.tripTempMc());
            g.writeBooleanField("above_trip", c.aboveTrip());
        } else if (e instanceof Evidence.Power p) {
            g.writeStringField("zone", p.zone());
            g.writeStringField("name", p.name());
            g.writeNumberField("watts", round(p.watts()));
            g.writeStringField("constraint", p.constraint());
            g.writeNumberField("limit_watts", round(p.limitWatts()));
        } else if (e instanceof Evidence.Throttle t) {
            g.writeArrayFieldStart("cpus");
            for (int c : t.cpus()) {
                g.writeNumber(c);
            }
            g.writeEndArray();
            g.writeNumberField("events", t.events());
            g.writeNumberField("ms", t.milliseconds());
        } else if (e instanceof Evidence.Limit l) {
            g.writeStringField("setting", l.setting());
            g.writeNumberField("value", l.value());
            number(g, "cpuinfo_max_khz", l.cpuinfoMaxKhz());
            g.writeStringField("cause", l.cause());
        } else if (e instanceof Evidence.Governor gv) {
            g.writeStringField("governor", gv.governor());
            number(g, "setpoint_khz", gv.setpointKhz());
        } else if (e instanceof Evidence.Idle i) {
            g.writeNumberField("idle_pct", round(i.idlePct()));
            g.writeStringField("from", i.from());
        } else if (e instanceof Evidence.Clock c) {
            g.writeNumberField("achieved_khz", c.achievedKhz());
            number(g, "max_khz", c.maxKhz());
        }
    }

    private static void number(JsonGenerator g, String field, Long v) throws IOException {
        if (v == null) {
            g.writeNullField(field);
        } else {
            g.writeNumberField(field, v);
        }
    }

    private static void number(JsonGenerator g, String field, Double v) throws IOException {
        if (v == null) {
            g.writeNullField(field);
        } else {
            g.writeNumberField(field, round(v));
        }
    }

    /** Three decimals: a share or a power is not known better than that from a window of samples. */
    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
