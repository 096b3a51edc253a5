package dev.tickbench.core.who;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.tickbench.core.capture.JsonLineWriter;
import dev.tickbench.core.sampler.TickExtension;
import java.io.IOException;
import java.util.List;

/**
 * Writes a {@code proc} line (FORMAT.md) for each named process the process table saw start or exit,
 * after the sample of the tick whose read found it: {@code mono_ns}/{@code wall_ns} are that tick's, and an
 * exit's {@code seen_mono_ns} the tick of the read before, when the process was still there. Only named
 * processes have such lines, so their number is bounded by the table's; the rest counts its own starts and
 * exits in {@code rest|started} and {@code rest|exited}.
 */
public final class ProcessEvents implements TickExtension {
    private final ProcessSource source;
    private long readsSeen;
    private long lastReadMonoNs = -1;
    private long previousReadMonoNs = -1;

    public ProcessEvents(ProcessSource source) {
        this.source = source;
    }

    @Override
    public void start(TickInfo first, JsonLineWriter out) {
        readsSeen = source.reads();
        lastReadMonoNs = first.monoNs(); // the baseline read's
        source.drainEvents(); // the baseline read names processes, none of them started or exited in the stream
    }

    @Override
    public void afterTick(TickInfo tick, JsonLineWriter out) throws IOException {
        if (source.reads() == readsSeen) {
            return;
        }
        readsSeen = source.reads();
        previousReadMonoNs = lastReadMonoNs;
        lastReadMonoNs = tick.monoNs();
        List<ProcessEvent> events = source.drainEvents();
        for (ProcessEvent e : events) {
            JsonGenerator g = out.begin("proc");
            g.writeNumberField("mono_ns", tick.monoNs());
            g.writeNumberField("wall_ns", tick.wallNs());
            g.writeStringField("event", e.kind().label());
            g.writeNumberField("pid", e.pid());
            g.writeNumberField("start_ticks", e.start());
            g.writeStringField("comm", e.comm());
            g.writeStringField("key", e.key());
            if (e.kind() == ProcessEvent.Kind.EXIT && previousReadMonoNs >= 0) {
                g.writeNumberField("seen_mono_ns", previousReadMonoNs);
            }
            out.end();
        }
    }
}
