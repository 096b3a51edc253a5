package dev.tickbench.core.source.pmu;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import dev.tickbench.core.cadence.CadenceRule;
import dev.tickbench.core.cadence.Floors;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.source.CatalogueSource;
import dev.tickbench.core.source.KernelBound;
import dev.tickbench.core.source.KernelFile;
import dev.tickbench.core.source.Presence;
import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One perf event group per online CPU, system-wide ({@code pid = -1, cpu = N}), read with one
 * {@code read(2)} per CPU per read, at a chosen cadence ({@link #DEFAULT_HZ} unless set; docs/pmu.md). A
 * counter source: {@link #values()} holds cumulative values per CPU, {@code cpu<N>.<event>}, plus the
 * group's {@code cpu<N>.enabled_ns} and {@code cpu<N>.running_ns}; the sampler turns them into deltas
 * since the group's previous read like every counter.
 *
 * <p>Multiplexing: when more groups want the PMU than it has counters, the kernel rotates them and a
 * group counts only part of the time. Each interval's raw count is scaled by enabled/running before it
 * is added to the cumulative value, so the delta is the kernel-style estimate; the published
 * {@code running_ns} &lt; {@code enabled_ns} of the same read says it is one (docs/pmu.md). An interval
 * in which the group never ran has no estimate: its event keys are left out of that read.
 *
 * <p>The read path allocates nothing: one native buffer for all CPUs, keys built once. Its name, kind,
 * read rule (a chosen cadence, at the Hz it is given) and level keys are its catalogue entry's; it opens
 * and reads its groups its own way.
 */
public final class PmuSource extends CatalogueSource {
    /**
     * How often the groups are read unless set. A read of a CPU-wide group bound to another CPU is a
     * cross-CPU call per CPU, and what the groups answer (IPC, a miss ratio, switches per second) is
     * shown over a 1 s window: ten reads fill it at a tenth of the cost of 100 (docs/pmu.md, "Cadence").
     */
    public static final double DEFAULT_HZ = 10.0;

    private final PmuGroup group;
    private final CadenceRule.Chosen cadence;

    private int[] cpus = new int[0];
    /** Per CPU: every descriptor of the group, leader first (-1 when not opened). */
    private int[][] fds = new int[0][];

    private List<PmuEvent> events = List.of();
    private Memory buffer;
    private ByteBuffer view;
    private long bufferAddress;
    private int stride;
    /** Per CPU: [enabled, running, raw values…] of the previous read, and of this one. */
    private long[][] previous;

    private long[] current;
    /** Per CPU: cumulative scaled estimates per event. */
    private long[][] estimates;

    private boolean[] started;
    private String[][] keys;

    /** {@code group}'s events on every online CPU of {@code roots}' kernel, read {@code hz} times a second. */
    public PmuSource(PmuGroup group, SystemRoots roots, double hz) {
        super(Member.of(SeriesCatalogue.standard(), group.source(), roots));
        this.group = group;
        this.cadence = new CadenceRule.Chosen(checkedHz(hz));
    }

    /**
     * {@code hz} when it is a cadence the groups can be read at: above 0 and at most the highest sampler
     * rate (a cadence above the sampler's rate reads them every tick).
     *
     * @throws IllegalArgumentException saying the allowed range
     */
    public static double checkedHz(double hz) {
        if (!(hz > 0) || hz > Floors.MAX_RATE_HZ) {
            throw new IllegalArgumentException("the perf event groups' cadence must be above 0 and at most "
                    + Floors.MAX_RATE_HZ + " Hz, got " + hz);
        }
        return hz;
    }

    @Override
    public CadenceRule cadenceRule() {
        return cadence;
    }

    /** {@code -Dtickbench.pmu=off} leaves the perf event groups closed (to measure the probe without them). */
    static final String SWITCH = "tickbench.pmu";

    @Override
    public Presence open() {
        if ("off".equals(System.getProperty(SWITCH))) {
            return Presence.absent("turned off (-D" + SWITCH + "=off)");
        }
        String why = Libc.unavailableReason();
        if (why == null) {
            why = PerfAccess.notThisKernel(roots);
        }
        PerfAccess access = PerfAccess.read(roots);
        if (why == null) {
            why = access.perfEventsMissing(roots);
        }
        int[] online = why == null ? onlineCpus() : null;
        if (why == null && online.length == 0) {
            why = "no online CPU listed in " + roots.sys("devices/system/cpu/online");
        }
        if (why != null) {
            return Presence.absent(why);
        }
        GroupOpener opener = new GroupOpener(group, access);
        Map<String, String> missingCpus = new LinkedHashMap<>();
        List<Integer> okCpus = new ArrayList<>();
        List<int[]> okFds = new ArrayList<>();
        for (int cpu : online) {
            GroupOpener.Result r = opener.open(cpu);
            if (r.fds() != null) {
                okCpus.add(cpu);
                okFds.add(r.fds());
            } else if (okCpus.isEmpty() && opener.events().isEmpty()) {
                closeAll(okFds);
                return Presence.absent(r.reason());
            } else {
                missingCpus.put(Integer.toString(cpu), r.reason());
            }
        }
        if (okCpus.isEmpty()) {
            return Presence.absent(missingCpus.values().iterator().next());
        }
        this.events = opener.events();
        this.cpus = okCpus.stream().mapToInt(Integer::intValue).toArray();
        this.fds = okFds.toArray(new int[0][]);
        prepare();
        Map<String, Object> attributes = new LinkedHashMap<>();
        attributes.put("events", events.stream().map(PmuEvent::key).toList());
        if (!opener.missingEvents().isEmpty()) {
            attributes.put("missing_events", opener.missingEvents());
        }
        attributes.put("cpus", Arrays.stream(cpus).boxed().toList());
        if (!missingCpus.isEmpty()) {
            attributes.put("missing_cpus", missingCpus);
        }
        attributes.put("scaled", "per read by enabled_ns/running_ns when the kernel multiplexes the group");
        try {
            read();
        } catch (IOException e) {
            closeFds();
            return Presence.absent(name() + ": the first group read failed: " + e.getMessage());
        }
        publish(attributes);
        return Presence.PRESENT;
    }

    private int[] onlineCpus() {
        try {
            byte[] online = KernelFile.readAll(roots.sys("devices/system/cpu/online"), KernelBound.ATTRIBUTE);
            return CpuList.parse(new String(online, StandardCharsets.US_ASCII).trim());
        } catch (IOException | IllegalArgumentException e) {
            return new int[0];
        }
    }

    private void prepare() {
        int n = events.size();
        stride = GroupReading.bytes(n);
        buffer = new Memory((long) stride * cpus.length);
        view = buffer.getByteBuffer(0, buffer.size()).order(ByteOrder.nativeOrder());
        bufferAddress = Pointer.nativeValue(buffer);
        previous = new long[cpus.length][n + 2];
        current = new long[n + 2];
        estimates = new long[cpus.length][n];
        started = new boolean[cpus.length];
        keys = new String[cpus.length][n + 2];
        for (int c = 0; c < cpus.length; c++) {
            String prefix = "cpu" + cpus[c] + ".";
            for (int e = 0; e < n; e++) {
                keys[c][e] = prefix + events.get(e).key();
            }
            keys[c][n] = prefix + "enabled_ns";
            keys[c][n + 1] = prefix + "running_ns";
        }
    }

    @Override
    public void read() throws IOException {
        int n = events.size();
        for (int c = 0; c < cpus.length; c++) {
            long got = Libc.read(fds[c][0], bufferAddress + (long) c * stride, stride);
            if (got != stride) {
                throw new IOException(name() + ": read of the cpu" + cpus[c] + " group returned "
                        + (got < 0 ? PerfAccess.Errno.name(Libc.errno()) : got + " bytes, expected " + stride));
            }
        }
        values.begin();
        for (int c = 0; c < cpus.length; c++) {
            GroupReading.parse(view, c * stride, n, current);
            boolean known = !started[c] || advance(previous[c], current, estimates[c], n);
            // the first read is the baseline: the sampler emits deltas from here
            started[c] = true;
            System.arraycopy(current, 0, previous[c], 0, n + 2);
            if (known) {
                for (int e = 0; e < n; e++) {
                    values.put(keys[c][e], estimates[c][e]);
                }
            }
            values.put(keys[c][n], current[0]);
            values.put(keys[c][n + 1], current[1]);
        }
    }

    /**
     * Adds the interval from {@code prev} to {@code cur} (both {@code [enabled, running, raw…]}) to the
     * cumulative estimates, scaled by the interval's enabled/running; false (nothing added) when the
     * group never ran in it.
     */
    static boolean advance(long[] prev, long[] cur, long[] estimates, int n) {
        long enabled = cur[0] - prev[0];
        long running = cur[1] - prev[1];
        if (GroupReading.scaled(0, enabled, running) == GroupReading.UNKNOWN) {
            return false;
        }
        for (int e = 0; e < n; e++) {
            estimates[e] += GroupReading.scaled(cur[e + 2] - prev[e + 2], enabled, running);
        }
        return true;
    }

    /** The CPUs counted, in the order of the keys. */
    int[] cpus() {
        return cpus.clone();
    }

    @Override
    public void close() {
        closeFds();
    }

    private void closeFds() {
        closeAll(Arrays.asList(fds));
        fds = new int[0][];
        cpus = new int[0];
    }

    private static void closeAll(List<int[]> all) {
        for (int[] group : all) {
            for (int i = group.length - 1; i >= 0; i--) {
                if (group[i] >= 0) {
                    Libc.close(group[i]);
                }
            }
        }
    }
}
