package dev.tickbench.core.sampler;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.cadence.CadencePlanner;
import dev.tickbench.core.cadence.Floors;
import dev.tickbench.core.capture.JsonLineWriter;
import dev.tickbench.core.capture.LineSink;
import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.source.Source;
import dev.tickbench.core.text.JsonOutput;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tick loop: on each tick reads every due source, applies the cadence rules (floors, change
 * filter, heartbeat) and writes the kmsg records drained since the last tick, then one sample line
 * and whatever the extensions add (throttle, cgroup limits). One thread; sinks fan the lines out.
 *
 * <p>The schedule counts <em>slots</em>, the tick times {@code baseline + k × period}: a tick that runs
 * a period late skips the slots already past (no burst of catch-up ticks), but the skipped slots are
 * counted, so a source due every N ticks is read every N periods of wall time, the heartbeat comes at
 * the first read due 60 s after the last emission and the throttle's second is 1 s, under load too. What
 * each source really achieved is measured and published when it differs from its plan (a
 * {@code cadence} line, {@link AchievedCadences}; docs/cadence.md).
 */
public final class Sampler implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Sampler.class);
    private static final ObjectMapper MAPPER = JsonOutput.newMapper();

    private final SamplerConfig config;
    private final SamplerEnvironment env;
    private final List<SourceSlot> slots = new ArrayList<>();
    private final List<TickExtension> extensions;
    private final CopyOnWriteArrayList<LineSink> sinks = new CopyOnWriteArrayList<>();
    /** The sinks as an array for the tick: iterating it allocates nothing (a list's iterator would). */
    private volatile LineSink[] fanOutTo = new LineSink[0];

    private final JsonLineWriter writer = new JsonLineWriter(this::fanOut);
    private final ObjectNode capabilities;
    private static final byte[] K_TYPE = SampleBuffer.nameColon("type");
    /** "sample" written raw after the "type": name: the decoder's fast path relies on type coming first. */
    private static final byte[] V_SAMPLE_RAW = "\"sample\"".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private static final byte[] K_SEQ = SampleBuffer.nameColon("seq");
    private static final byte[] K_MONO = SampleBuffer.nameColon("mono_ns");
    private static final byte[] K_WALL = SampleBuffer.nameColon("wall_ns");
    private static final byte[] K_DT = SampleBuffer.nameColon("dt_ns");
    private static final byte[] K_SKIPPED = SampleBuffer.nameColon("skipped");
    private static final byte[] K_LIMITS = SampleBuffer.nameColon("limits");
    private static final byte[] K_MEMORY_MAX = SampleBuffer.nameColon("memory_max");
    private static final byte[] K_HB = SampleBuffer.nameColon("hb");
    private static final byte[] K_RESETS = SampleBuffer.nameColon("resets");

    private final SampleBuffer sample = new SampleBuffer();
    private final StreamSchema schema = new StreamSchema();
    private final List<String> heartbeats = new ArrayList<>();
    private final List<String> resets = new ArrayList<>();
    private final TickClock clock = new TickClock();
    /** The clock and the sleep of the tick loop (a test injects slips through it). */
    private Timer timer = Timer.SYSTEM;
    /** Handed to the extensions on every tick, updated in place (no allocation per tick). */
    private final TickExtension.TickInfo tickInfo = new TickExtension.TickInfo(0, 0, 0, 0);

    private final AchievedCadences.Meter achieved;
    /** The probe's own cost: each source's reads timed in turn, the self line once a second. */
    private final SelfLine.Meter self;
    /** wall − mono (ns), read from the wall clock once a second by {@link #wallAt(long)}. */
    private long wallOffsetNs;

    private long wallReadMonoNs;
    private boolean wallRead;
    private final long periodNs;
    private final Instant startedWall;
    private final long startedMonoNs;
    private StreamFormat format = StreamFormat.DEFAULT;
    /** The hello as of the start, and the one with the schema of {@link #helloSchema} (v2) for late joiners. */
    private byte[] hello;

    private byte[] currentHello;
    private Map<String, List<String>> helloSchema;

    /** Ticks taken: the seq of the last sample. */
    private long tick;
    /** The slot of the last tick taken (0: the baseline). */
    private long slot;

    private long lastMonoNs;
    private long lastLimitsSlot;
    private final long heartbeatTicks;
    private volatile long lastSeq;
    private volatile Thread thread;
    private volatile boolean running;
    /** Monotonic time after which no tick is taken ({@link #endAfter}); {@code ended} runs then. */
    private long endMonoNs = Long.MAX_VALUE;

    private Runnable ended = () -> {};

    private Sampler(SamplerConfig config, SamplerEnvironment env, List<TickExtension> extensions) {
        this.config = config;
        this.env = env;
        this.extensions = List.copyOf(extensions);
        this.periodNs = 1_000_000_000L / config.rateHz();
        this.heartbeatTicks = Floors.heartbeatTicks(config.rateHz());
        CadencePlanner planner = new CadencePlanner(config.rateHz(), config.floorHz());
        for (Source s : env.present()) {
            slots.add(new SourceSlot(s, planner.plan(s.cadenceRule()), config.rateHz()));
        }
        this.capabilities = Capabilities.build(config, env, slots, this.extensions);
        this.self = new SelfLine.Meter(config.rateHz(), env.host().cores(), slots, env.kmsg() != null);
        for (TickExtension e : this.extensions) {
            e.bind(this::readThisTick);
        }
        long t0 = System.nanoTime();
        this.achieved = new AchievedCadences.Meter(
                config.rateHz(), t0, slots, env.kmsg() != null); // its grid starts at the baseline
        for (SourceSlot slot : slots) {
            slot.baseline();
        }
        this.lastMonoNs = t0;
        for (SourceSlot slot : slots) {
            schema.seed(slot.source.name(), slot.announceBaseline());
        }
        this.startedWall = Instant.now();
        this.startedMonoNs = t0;
        this.hello = buildHello(schema.current());
    }

    private byte[] buildHello(Map<String, List<String>> keys) {
        return Capabilities.helloLine(
                config, env, capabilities, startedWall, startedMonoNs, format, format == StreamFormat.V2 ? keys : null);
    }

    /**
     * Chooses the encoding of the lines (FORMAT.md; default {@link StreamFormat#DEFAULT}); only before
     * {@link #start()}.
     */
    public synchronized void format(StreamFormat f) {
        if (thread != null) {
            throw new IllegalStateException("the format is chosen before the sampler starts");
        }
        format = f;
        for (SourceSlot slot : slots) {
            slot.format(f);
        }
        hello = buildHello(schema.current());
        currentHello = null;
    }

    public StreamFormat format() {
        return format;
    }

    /**
     * The tick loop's clock and sleep, when the thread runs them; only before {@link #start()} (a test
     * drives the real loop through a clock that slips).
     */
    synchronized void timer(Timer t) {
        if (thread != null) {
            throw new IllegalStateException("the timer is chosen before the sampler starts");
        }
        timer = t;
    }

    /** {@link System#nanoTime()} and {@link LockSupport#parkNanos}, or a test's clock. */
    interface Timer {
        Timer SYSTEM = new Timer() {
            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public void park(long ns) {
                LockSupport.parkNanos(ns);
            }
        };

        long nanoTime();

        /** Sleeps up to {@code ns} (it may return early, like {@link LockSupport#parkNanos}). */
        void park(long ns);
    }

    /**
     * Discovers every source under the roots, opens them, and does the baseline read. A missing source
     * is absent with its reason in the capabilities; nothing here throws for one.
     */
    public static Sampler create(SamplerConfig config, List<Source> extraSources, List<TickExtension> extensions) {
        return create(config, SeriesCatalogue.standard(), extraSources, extensions);
    }

    /** As {@link #create(SamplerConfig, List, List)}, reading {@code catalogue}'s file sets too (docs/catalogue.md). */
    public static Sampler create(
            SamplerConfig config,
            SeriesCatalogue catalogue,
            List<Source> extraSources,
            List<TickExtension> extensions) {
        return new Sampler(config, SourceDiscovery.discover(config, catalogue, extraSources), extensions);
    }

    /** A sampler over an explicit environment (tests script their sources this way). */
    static Sampler create(SamplerConfig config, SamplerEnvironment env, List<TickExtension> extensions) {
        return new Sampler(config, env, extensions);
    }

    public ObjectNode capabilities() {
        return capabilities.deepCopy();
    }

    /**
     * The hello line (ending in '\n'), for sinks that join after the start. In v2 it carries every
     * source's key list as announced up to now (the start's plus every schema line since), so the
     * sample lines that follow decode without the schema lines the joiner did not see.
     */
    public synchronized byte[] helloLine() {
        if (format != StreamFormat.V2) {
            return hello.clone();
        }
        Map<String, List<String>> now = schema.current();
        if (currentHello == null || helloSchema != now) {
            currentHello = buildHello(now);
            helloSchema = now;
        }
        return currentHello.clone();
    }

    public SamplerConfig config() {
        return config;
    }

    public void addSink(LineSink sink) {
        synchronized (sinks) {
            sinks.add(sink);
            fanOutTo = sinks.toArray(new LineSink[0]);
        }
    }

    public void removeSink(LineSink sink) {
        synchronized (sinks) {
            sinks.remove(sink);
            fanOutTo = sinks.toArray(new LineSink[0]);
        }
    }

    public long lastSeq() {
        return lastSeq;
    }

    public SamplerStats stats() {
        Thread t = thread;
        long cpu = -1;
        if (t != null) {
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            if (mx.isThreadCpuTimeSupported()) {
                cpu = mx.getThreadCpuTime(t.getId());
            }
        }
        return clock.stats(lastSeq, cpu);
    }

    /** What each source has cost the sampler thread since the start (a snapshot; two give a cost per tick). */
    public SourceCosts sourceCosts() {
        return self.totals();
    }

    /** Wake-up lateness of the last ticks (ns, up to 65 536 of them), for benchmarks. */
    public long[] recentLatenessNs() {
        return clock.recent();
    }

    private void fanOut(byte[] b, int off, int len) {
        LineSink[] to = fanOutTo;
        for (int i = 0; i < to.length; i++) {
            try {
                to[i].line(b, off, len);
            } catch (IOException | RuntimeException e) {
                LOG.warn("a stream consumer failed and was detached: {}", e.toString());
                removeSink(to[i]);
            }
        }
    }

    /**
     * A bounded run ({@code record --duration}): the ticks scheduled up to {@code durationNs} after the
     * hello's time are taken and no later one, however late the thread that asked for the end wakes
     * on a busy machine; then the tick thread stops and runs {@code whenEnded}. Only before
     * {@link #start()}.
     */
    public synchronized void endAfter(long durationNs, Runnable whenEnded) {
        if (thread != null) {
            throw new IllegalStateException("the end is set before the sampler starts");
        }
        endMonoNs = startedMonoNs + durationNs;
        ended = whenEnded;
    }

    /** Writes the hello line and starts the tick thread. */
    public synchronized void start() {
        if (thread != null) {
            throw new IllegalStateException("already started");
        }
        fanOut(hello, 0, hello.length);
        try {
            TickExtension.TickInfo first = new TickExtension.TickInfo(0, lastMonoNs, wallNow(), config.rateHz());
            for (TickExtension e : extensions) {
                e.start(first, writer);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        running = true;
        self.start(lastMonoNs);
        Thread t = new Thread(this::loop, "tickbench-sampler");
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    private void loop() {
        Timer t = timer;
        long next = lastMonoNs + periodNs;
        long nextSlot = 1;
        while (running) {
            if (next - endMonoNs > 0) {
                running = false;
                ended.run();
                break;
            }
            long now = t.nanoTime();
            while (now < next && running) {
                t.park(next - now);
                now = t.nanoTime();
            }
            if (!running) {
                break;
            }
            clock.woke(now - next);
            try {
                tick(nextSlot, now, wallAt(now));
            } catch (IOException | RuntimeException e) {
                LOG.error("tick {} failed: {}", tick, e.toString(), e);
            }
            next += periodNs;
            nextSlot++;
            long after = t.nanoTime();
            if (after - next > periodNs) {
                // these slots are past: not taken late (no catch-up burst), but counted (docs/cadence.md)
                long missed = (after - next) / periodNs;
                clock.slipped(missed);
                next += missed * periodNs;
                nextSlot += missed;
            }
        }
    }

    /**
     * The wall-clock time of a tick at {@code monoNs}: the monotonic time plus the wall clock's offset,
     * re-read once a second. Reading the wall clock every tick allocates an {@code Instant}; a step of
     * the wall clock (NTP, by hand) shows within a second (docs/perf.md).
     */
    private long wallAt(long monoNs) {
        if (!wallRead || monoNs - wallReadMonoNs >= 1_000_000_000L || monoNs < wallReadMonoNs) {
            wallRead = true;
            long before = timer.nanoTime();
            long wall = wallNow();
            wallOffsetNs = wall - before;
            wallReadMonoNs = monoNs;
        }
        return monoNs + wallOffsetNs;
    }

    private static long wallNow() {
        Instant i = Instant.now();
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }

    /**
     * One tick at the given times, on the slot after the last one (no slot skipped): exposed so that tests
     * can drive the sampler deterministically without the thread (do not mix with {@link #start()}).
     */
    public void tick(long monoNs, long wallNs) throws IOException {
        tick(slot + 1, monoNs, wallNs);
    }

    /**
     * One tick on {@code slotNo} (after the last slot; the slots between were skipped): the thread's
     * tick, and a test's that scripts slips.
     */
    void tick(long slotNo, long monoNs, long wallNs) throws IOException {
        if (slotNo <= slot) {
            throw new IllegalArgumentException("slot " + slotNo + " is not after the last one, " + slot);
        }
        int span = (int) Math.min(Integer.MAX_VALUE, slotNo - slot);
        slot = slotNo;
        tick++;
        heartbeats.clear();
        resets.clear();
        drainKmsg();
        SampleBuffer b = sample;
        b.reset();
        b.beginObject();
        b.name(K_TYPE);
        b.raw(V_SAMPLE_RAW);
        b.field(K_SEQ, tick);
        b.field(K_MONO, monoNs);
        b.field(K_WALL, wallNs);
        b.field(K_DT, monoNs - lastMonoNs);
        if (span > 1) {
            b.field(K_SKIPPED, span - 1); // the slots this sample spans beyond its own (FORMAT.md)
        }
        for (int i = 0; i < slots.size(); i++) {
            SourceSlot s = slots.get(i);
            if (!s.due(slotNo) && !s.stepping()) {
                continue;
            }
            long t0 = self.begin(i);
            boolean heartbeat = s.readAndEmit(b, schema, tick, slotNo, heartbeatTicks, resets);
            self.end(i, t0);
            if (heartbeat) {
                heartbeats.add(s.source.name());
            }
        }
        boolean limitsDue = tick == 1 || config.floorHz() > 0 || slotNo - lastLimitsSlot >= heartbeatTicks;
        if (limitsDue && env.memoryMax() != null) {
            b.objectField(K_LIMITS);
            Long bytes = env.memoryMax().bytes();
            if (bytes == null) {
                b.nullField(K_MEMORY_MAX);
            } else {
                b.field(K_MEMORY_MAX, bytes);
            }
            b.endObject();
            lastLimitsSlot = slotNo;
            if (tick > 1 && config.floorHz() == 0) {
                heartbeats.add("limits");
            }
        }
        if (!heartbeats.isEmpty()) {
            b.stringArrayField(K_HB, heartbeats);
        }
        if (!resets.isEmpty()) {
            b.stringArrayField(K_RESETS, resets);
        }
        b.endObject();
        b.endLine();
        if (schema.finishLine()) {
            fanOut(schema.bytes(), 0, schema.length()); // the new key lists before the sample using them
        }
        fanOut(b.bytes(), 0, b.length());
        lastMonoNs = monoNs;
        lastSeq = tick;
        TickExtension.TickInfo info = tickInfo.set(tick, slotNo, span, monoNs, wallNs, config.rateHz());
        for (int i = 0; i < extensions.size(); i++) { // indexed: no iterator per tick
            TickExtension e = extensions.get(i);
            try {
                e.afterTick(info, writer);
            } catch (IOException | RuntimeException ex) {
                LOG.warn("extension {} failed on tick {}: {}", e.getClass().getSimpleName(), tick, ex.toString());
            }
        }
        achieved.afterTick(info, writer);
        self.afterTick(info, writer);
    }

    /** {@link SamplerReads}: a source's values when its slot read them on the current tick. */
    private dev.tickbench.core.source.ValueTable readThisTick(String source) {
        for (int i = 0; i < slots.size(); i++) {
            SourceSlot slot = slots.get(i);
            if (slot.source.name().equals(source)) {
                return slot.lastReadTick == tick ? slot.source.values() : null;
            }
        }
        return null;
    }

    /**
     * kmsg records are written before the sample of the tick that drained them: they happened before it.
     * Everything queued is written, however many (the kernel log is drained on every tick, never slowed).
     */
    private void drainKmsg() throws IOException {
        KmsgFeed feed = env.kmsg();
        if (feed != null) {
            long t0 = self.begin(self.kmsgIndex());
            feed.drain(writer);
            self.end(self.kmsgIndex(), t0);
        }
    }

    /** Stops the tick thread and closes every source. */
    @Override
    public void close() {
        running = false;
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
            try {
                t.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        env.close();
        for (TickExtension e : extensions) {
            e.close();
        }
    }

    static ObjectMapper mapper() {
        return MAPPER;
    }
}
