package dev.tickbench.core.cgroup;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * The walk JSON of design.md ("Throttling path walk"): {@code version}, {@code levels} leaf first
 * (counter fields are deltas over the window), {@code enforcing}, {@code k8s}, {@code warnings}.
 * Fields beyond the contract (target, window_s, burst, rates, usage, system_psi, vanished,
 * warning_kinds, reset) are extra
 * and ignorable by readers. Missing values are {@code null}, never 0.
 */
public final class WalkJson {
    private static final JsonFactory FACTORY = new JsonFactory();

    private WalkJson() {}

    public static String render(WalkResult r) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.writeStartObject();
            g.writeNumberField("version", r.version().number());
            g.writeStringField("target", r.target());
            g.writeNumberField("window_s", r.windowNs() / 1e9);
            g.writeArrayFieldStart("levels");
            for (WalkLevel l : r.levels()) {
                level(g, l);
            }
            g.writeEndArray();
            g.writeStringField("enforcing", r.enforcing());
            k8s(g, r.k8s());
            g.writeArrayFieldStart("warnings");
            for (WalkWarning w : r.warnings()) {
                g.writeString(w.message());
            }
            g.writeEndArray();
            // extra: the warnings' kinds, index for index, so a remote reader words them as a local walk does
            g.writeArrayFieldStart("warning_kinds");
            for (WalkWarning w : r.warnings()) {
                g.writeString(w.kind().name());
            }
            g.writeEndArray();
            g.writeArrayFieldStart("vanished");
            for (String v : r.vanished()) {
                g.writeString(v);
            }
            g.writeEndArray();
            g.writeFieldName("system_psi");
            psi(g, r.systemPsi());
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    private static void level(JsonGenerator g, WalkLevel l) throws IOException {
        LevelLimits lim = l.limits();
        g.writeStartObject();
        g.writeStringField("path", l.path());
        g.writeFieldName("cpu_max");
        if (lim.cpuMax() == null) {
            g.writeNull();
        } else {
            g.writeStartObject();
            number(g, "quota_us", lim.cpuMax().quotaUs());
            number(g, "period_us", lim.cpuMax().periodUs());
            g.writeEndObject();
        }
        number(g, "cpus", l.cpus());
        number(g, "burst_us", lim.burstUs());
        number(g, "weight", l.weight());
        number(g, "shares", lim.shares());
        number(g, "weight_linear", l.linearWeight());
        number(g, "nr_periods", l.delta(CpuCounter.NR_PERIODS));
        number(g, "nr_throttled", l.delta(CpuCounter.NR_THROTTLED));
        number(g, "throttled_usec", l.delta(CpuCounter.THROTTLED_USEC));
        number(g, "nr_bursts", l.delta(CpuCounter.NR_BURSTS));
        number(g, "burst_usec", l.delta(CpuCounter.BURST_USEC));
        number(g, "usage_usec", l.delta(CpuCounter.USAGE_USEC));
        number(g, "ratio", l.ratio());
        number(g, "throttled_rate", l.throttledRate());
        number(g, "burst_rate", l.burstRate());
        g.writeFieldName("psi");
        psi(g, l.psi());
        g.writeBooleanField("throttling", l.throttling());
        g.writeBooleanField("reset", l.reset());
        g.writeEndObject();
    }

    private static void k8s(JsonGenerator g, K8sPath k) throws IOException {
        g.writeFieldName("k8s");
        if (k == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        g.writeStringField("qos", k.qos() == null ? null : k.qos().label());
        g.writeStringField("pod_uid", k.podUid());
        g.writeStringField("container_id", k.containerId());
        g.writeStringField("runtime", k.runtime());
        g.writeEndObject();
    }

    private static void psi(JsonGenerator g, Psi p) throws IOException {
        if (p == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        psiLine(g, "some", p.some());
        psiLine(g, "full", p.full());
        g.writeEndObject();
    }

    private static void psiLine(JsonGenerator g, String name, Psi.Line l) throws IOException {
        g.writeFieldName(name);
        if (l == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        g.writeNumberField("avg10", l.avg10());
        g.writeNumberField("avg60", l.avg60());
        g.writeNumberField("avg300", l.avg300());
        g.writeNumberField("total_us", l.totalUs());
        g.writeEndObject();
    }

    private static void number(JsonGenerator g, String name, Number v) throws IOException {
        g.writeFieldName(name);
        if (v == null) {
            g.writeNull();
        } else if (v instanceof Double d) {
            g.writeNumber(d);
        } else {
            g.writeNumber(v.longValue());
        }
    }
}
