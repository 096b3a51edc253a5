package dev.tickbench.probe.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.metrics.Exposition;
import dev.tickbench.core.recorder.FlightRecorder;
import dev.tickbench.core.recorder.RecorderStats;
import dev.tickbench.core.text.JsonOutput;
import dev.tickbench.core.trigger.TriggerSet;
import dev.tickbench.core.trigger.TriggerStatus;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code /triggers}: each armed trigger, its state and how often it fired, and the flight recorder's
 * counts when {@code serve} records (docs/triggers.md, "serve"); and on {@code /metrics} a counter per
 * trigger and the recorder's counters and ring size.
 */
public final class TriggersEndpoint implements ProbeEndpoint {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final TriggerSet triggers;
    private final FlightRecorder recorder;

    /** @param recorder null when serve writes no captures */
    public TriggersEndpoint(TriggerSet triggers, FlightRecorder recorder) {
        this.triggers = triggers;
        this.recorder = recorder;
    }

    @Override
    public String path() {
        return "/triggers";
    }

    @Override
    public String contentType() {
        return "application/json";
    }

    @Override
    public byte[] body() {
        ObjectNode o = JSON.createObjectNode();
        ArrayNode a = o.putArray("triggers");
        for (TriggerStatus s : triggers.list()) {
            a.add(s.json());
        }
        if (recorder != null) {
            RecorderStats st = recorder.stats();
            ObjectNode r = o.putObject("recorder");
            r.put("dir", recorder.config().dir().toString());
            r.put("pre_s", recorder.config().preNs() / 1e9);
            r.put("post_s", recorder.config().postNs() / 1e9);
            r.put("captures", st.captures());
            r.put("merged", st.merged());
            r.put("suppressed", st.suppressed());
            r.put("deleted", st.deleted());
            r.put("errors", st.errors());
            r.put("capturing", st.capturing());
            r.put("ring_bytes", st.ringBytes());
            r.put("ring_capacity_bytes", st.ringCapacityBytes());
            r.put("ring_span_s", st.ringSpanNs() / 1e9);
            recorder.lastSaved().ifPresent(s -> r.put("last_capture", s.file().toString()));
        }
        return (JsonOutput.line(o) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void metrics(Exposition e) {
        List<TriggerStatus> all = triggers.list();
        if (!all.isEmpty()) {
            Exposition.Family f = e.family(
                    "tickbench_trigger_fired_total",
                    Exposition.Type.COUNTER,
                    "Times each armed trigger fired since it was armed (docs/triggers.md).");
            for (TriggerStatus s : all) {
                f.add(s.fired(), "trigger", s.name(), "kind", s.kind());
            }
            Exposition.Family absent = e.family(
                    "tickbench_trigger_absent",
                    Exposition.Type.GAUGE,
                    "1 for an armed trigger that can never fire here (its source absent, the kernel refusing), else 0.");
            for (TriggerStatus s : all) {
                absent.add(s.absent() != null ? 1 : 0, "trigger", s.name(), "kind", s.kind());
            }
        }
        if (recorder != null) {
            RecorderStats st = recorder.stats();
            e.counter("tickbench_recorder_captures_total", "Captures the flight recorder wrote.", st.captures());
            e.counter(
                    "tickbench_recorder_merged_triggers_total",
                    "Triggers folded into a capture already open.",
                    st.merged());
            e.counter(
                    "tickbench_recorder_suppressed_triggers_total",
                    "Triggers inside the cool-down after a capture: no new capture.",
                    st.suppressed());
            e.counter(
                    "tickbench_recorder_deleted_captures_total",
                    "Captures removed by the disk bound (--max-disk).",
                    st.deleted());
            e.counter("tickbench_recorder_errors_total", "Captures that could not be written to the end.", st.errors());
            e.gauge(
                    "tickbench_recorder_ring_bytes",
                    "Bytes of stream lines in the flight recorder's ring.",
                    st.ringBytes());
            e.gauge("tickbench_recorder_ring_seconds", "Time the ring's samples span.", st.ringSpanNs() / 1e9);
        }
    }
}
