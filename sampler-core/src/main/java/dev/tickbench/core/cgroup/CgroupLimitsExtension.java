package dev.tickbench.core.cgroup;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.capture.JsonLineWriter;
import dev.tickbench.core.sampler.TickExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a {@code cgroup_limits} line (FORMAT.md) at start and whenever a level's limits change.
 * Limits move only when written (an in-place pod resize rewrites cpu.max live), so they are re-read
 * about once a second, not every tick: a few small files per level, well inside the tick budget.
 */
public final class CgroupLimitsExtension implements TickExtension {
    /** How often the limit files are re-read. */
    public static final long REREAD_NS = 1_000_000_000L;

    private final CgroupTarget target;
    private final LevelReader reader;
    private List<LevelLimits> last;
    private long lastReadNs;

    public CgroupLimitsExtension(CgroupTarget target) {
        this.target = target;
        this.reader = new LevelReader(target.version());
    }

    @Override
    public void start(TickInfo first, JsonLineWriter out) throws IOException {
        last = readAll();
        lastReadNs = first.monoNs();
        write(first.monoNs(), out);
    }

    @Override
    public void afterTick(TickInfo tick, JsonLineWriter out) throws IOException {
        if (last == null) {
            start(tick, out);
            return;
        }
        if (tick.monoNs() - lastReadNs < REREAD_NS) {
            return;
        }
        lastReadNs = tick.monoNs();
        List<LevelLimits> now = readAll();
        if (!now.equals(last)) {
            last = now;
            write(tick.monoNs(), out);
        }
    }

    /** The limits of every level still present, leaf first (a removed level drops out). */
    public List<LevelLimits> readAll() {
        List<LevelLimits> all = new ArrayList<>();
        for (CgroupLevel level : target.levels()) {
            if (Files.isDirectory(level.dir())) {
                all.add(reader.readLimits(level));
            }
        }
        return all;
    }

    /** The limits last written (for tests and the GUI). */
    public List<LevelLimits> current() {
        return last;
    }

    private void write(long monoNs, JsonLineWriter out) throws IOException {
        JsonGenerator g = out.begin("cgroup_limits");
        g.writeNumberField("mono_ns", monoNs);
        g.writeStringField("target", target.path());
        g.writeNumberField("version", target.version().number());
        g.writeArrayFieldStart("levels");
        for (LevelLimits l : last) {
            g.writeStartObject();
            g.writeStringField("path", l.path());
            // quota_us null = "max"; both null when the level has no bandwidth files at all
            writeNullable(g, "quota_us", l.cpuMax() == null ? null : l.cpuMax().quotaUs());
            writeNullable(g, "period_us", l.cpuMax() == null ? null : l.cpuMax().periodUs());
            writeNullable(g, "burst_us", l.burstUs());
            Long weight = l.weight() != null
                    ? Long.valueOf(l.weight())
                    : l.shares() == null ? null : Long.valueOf(CpuConversions.ociWeight(l.shares()));
            writeNullable(g, "weight", weight);
            writeNullable(g, "shares", l.shares());
            g.writeEndObject();
        }
        g.writeEndArray();
        out.end();
    }

    private static void writeNullable(JsonGenerator g, String name, Long v) throws IOException {
        if (v == null) {
            g.writeNullField(name);
        } else {
            g.writeNumberField(name, v);
        }
    }

    @Override
    public void describe(ObjectNode capabilities) {
        ObjectNode c = capabilities.putObject("cgroup");
        c.put("target", target.path());
        c.put("version", target.version().number());
        ArrayNode levels = c.putArray("levels");
        target.levels().forEach(l -> levels.add(l.path()));
    }
}
