package dev.tickbench.core.sampler;

import dev.tickbench.core.capture.JsonLineWriter;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.source.HostInfo;
import dev.tickbench.core.source.Kmsg;
import dev.tickbench.core.source.KmsgEvent;
import dev.tickbench.core.source.KmsgGap;
import dev.tickbench.core.source.KmsgRecord;
import dev.tickbench.core.source.MemoryMax;
import dev.tickbench.core.source.Presence;
import dev.tickbench.core.source.Source;
import dev.tickbench.core.source.Sources;
import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds every source of part A under the roots (and the catalogue's file sets, docs/catalogue.md), the
 * perf event groups at the configured cadence, plus kmsg, the probe's memory.max and the host facts.
 */
final class SourceDiscovery {
    private SourceDiscovery() {}

    static SamplerEnvironment discover(SamplerConfig config, SeriesCatalogue catalogue, List<Source> extra) {
        SystemRoots roots = config.roots();
        List<Source> candidates = new ArrayList<>(Sources.discover(roots, catalogue));
        candidates.addAll(Sources.pmu(roots, config.pmuHz()));
        candidates.addAll(extra);
        Map<String, String> absent = new LinkedHashMap<>();
        KmsgFeed feed = null;
        Kmsg kmsg = Sources.kmsg(roots);
        Presence kp = kmsg.open();
        if (kp.present()) {
            feed = new KmsgAdapter(kmsg);
        } else {
            absent.put("kmsg", kp.reason());
            kmsg.close();
        }
        MemoryMax mm = Sources.memoryMax(roots);
        LimitValue limit = switch (mm.status()) {
            case LIMIT -> new LimitValue(mm.bytes());
            case UNLIMITED -> LimitValue.UNLIMITED;
            case ABSENT -> null;
        };
        if (limit == null) {
            absent.put("memory_max", mm.reason());
        }
        return SamplerEnvironment.open(candidates, absent, feed, limit, HostInfo.read(roots));
    }

    /** Writes drained records as kmsg lines; the record's own kernel timestamp is its time. */
    private static final class KmsgAdapter implements KmsgFeed {
        private final Kmsg kmsg;
        private JsonLineWriter out;
        private IOException failure;
        /** Made once: a method reference made in {@link #drain} would allocate on every tick. */
        private final java.util.function.Consumer<KmsgEvent> writeEvent = this::write;

        KmsgAdapter(Kmsg kmsg) {
            this.kmsg = kmsg;
        }

        @Override
        public void drain(JsonLineWriter w) throws IOException {
            out = w;
            failure = null;
            kmsg.drain(writeEvent);
            if (failure != null) {
                throw failure;
            }
        }

        private void write(KmsgEvent event) {
            if (failure != null) {
                return;
            }
            try {
                if (event instanceof KmsgRecord r) {
                    var g = out.begin("kmsg");
                    g.writeNumberField("mono_ns", r.usec() * 1000);
                    g.writeNumberField("prio", r.prio());
                    g.writeNumberField("facility", r.facility());
                    g.writeNumberField("seq", r.seq());
                    g.writeNumberField("us", r.usec());
                    g.writeStringField("msg", r.msg());
                } else if (event instanceof KmsgGap gap) {
                    var g = out.begin("kmsg_gap");
                    g.writeNumberField("mono_ns", gap.fromUsec() * 1000);
                    g.writeNumberField("dropped", gap.dropped());
                    g.writeNumberField("from_us", gap.fromUsec());
                    g.writeNumberField("to_us", gap.toUsec());
                    g.writeStringField("reason", gap.reason().label());
                }
                out.end();
            } catch (IOException e) {
                failure = e;
            }
        }

        @Override
        public void close() {
            kmsg.close();
        }
    }
}
