package dev.tickbench.core.sampler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.cadence.CadenceRule;
import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.core.source.HostInfo;
import dev.tickbench.core.source.Presence;
import dev.tickbench.core.source.Source;
import dev.tickbench.core.source.SourceKind;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.core.source.ValueTable;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The tick's emit path allocates nothing once warm, in either format: values that move every tick
 * (counter deltas, zeros among them, levels re-emitted, idle disk rows left out) are encoded into the
 * reused line buffer and handed to the sinks. Measured with the JVM's per-thread allocation counter
 * over whole ticks driven on this thread (the sources here read without allocating, as the kernel
 * readers do: SteadyStateAllocationTest).
 */
class EmitAllocationTest {
    /** Keys made once; each read puts new values under the same instances. */
    private static final class MovingSource implements Source {
        private final String name;
        private final SourceKind kind;
        private final String[] keys;
        private final boolean rows;
        private final ValueTable values = new ValueTable();
        private long reads;

        MovingSource(String name, SourceKind kind, boolean rows, String... keys) {
            this.name = name;
            this.kind = kind;
            this.rows = rows;
            this.keys = keys;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public SourceKind kind() {
            return kind;
        }

        @Override
        public Presence open() {
            return Presence.PRESENT;
        }

        @Override
        public CadenceRule cadenceRule() {
            return new CadenceRule.EveryTick();
        }

        @Override
        public void read() throws IOException {
            reads++;
            values.begin();
            for (int i = 0; i < keys.length; i++) {
                // key 0 moves every tick, key 1 never (a zero delta), the rest every other tick
                long v = i == 0 ? reads * 1000 : i == 1 ? 7 : (reads / 2) * (i + 1) * 12_345;
                values.put(keys[i], v);
            }
        }

        @Override
        public ValueTable values() {
            return values;
        }

        @Override
        public boolean rowFiltered() {
            return rows;
        }
    }

    private static long allocatedPerTick(StreamFormat format) throws IOException {
        List<Source> sources = List.of(
                new MovingSource(
                        "stat", SourceKind.COUNTER, false, "cpu.user", "cpu.nice", "cpu.system", "ctxt", "intr"),
                new MovingSource(
                        "diskstats",
                        SourceKind.COUNTER,
                        true,
                        "sdb.reads",
                        "sdb.writes",
                        "sda.reads",
                        "sda.writes",
                        "sdc.reads",
                        "sdc.writes"),
                new MovingSource("meminfo", SourceKind.LEVEL, false, "MemTotal", "MemFree", "Cached", "Dirty"));
        SamplerEnvironment env = SamplerEnvironment.open(
                sources, Map.of(), null, LimitValue.UNLIMITED, new HostInfo("h", null, "6.1", 2, 100));
        long[] bytes = new long[1];
        try (Sampler sampler = Sampler.create(new SamplerConfig(SystemRoots.live(), 100, 0), env, List.of())) {
            sampler.format(format);
            sampler.addSink((b, off, len) -> bytes[0] += len);
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long tid = Thread.currentThread().getId();
            long t = 0;
            for (int i = 0; i < 2_000; i++) {
                t += 10_000_000;
                sampler.tick(t, t); // warm-up: buffers grown, keys encoded
            }
            long before = mx.getThreadAllocatedBytes(tid);
            for (int i = 0; i < 1000; i++) {
                t += 10_000_000;
                sampler.tick(t, t);
            }
            long perTick = (mx.getThreadAllocatedBytes(tid) - before) / 1000;
            assertTrue(bytes[0] > 0);
            return perTick;
        }
    }

    @Test
    void aWarmTickAllocatesNothingInEitherFormat() throws IOException {
        for (StreamFormat f : StreamFormat.values()) {
            long perTick = allocatedPerTick(f);
            // a few bytes of slack for the measuring call; one line copied or one String made is > 40 B
            assertTrue(perTick < 16, f + ": " + perTick + " B per tick");
        }
        assertEquals(2, StreamFormat.values().length);
    }
}
