package dev.tickbench.testkit;

import static dev.tickbench.testkit.SyntheticCapture.values;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/**
 * A capture with a known answer for the diff (docs/diff.md): a made-up 2-CPU host at 100 Hz, format 1,
 * deterministic from a fixed seed, whose first half (A) and second half (B) differ in five known ways and
 * otherwise only by noise:
 *
 * <ul>
 *   <li>the slab cache {@code kmalloc-64} grows 3× (1000 → 3000 active objects, ±20 on every read);</li>
 *   <li>{@code thermal_zone0} warms by 6 °C (45 → 51 °C, 0.4 °C of jitter, read at its declared 1 Hz);</li>
 *   <li>PSI io rises (io some stall 2 % → 8 % of the time, in lumps on a quarter of the ticks);</li>
 *   <li>iowait keeps its mean (20 %) but is noisy: an AR(1) process with a 2 s correlation time and 8 %
 *       of spread, so that neighbouring ticks, and even neighbouring seconds, are far from independent;</li>
 *   <li>disk {@code sdb} appears in B (its rows are absent from every sample of A).</li>
 * </ul>
 *
 * Unchanged beside them: {@code dentry} and {@code inode_cache} (churning), {@code thermal_zone1}, disk
 * {@code sda} (idle rows left out, as diskstats does), context switches, busy time, {@code MemFree}.
 * The hello declares the cadences the sampler would publish (slabinfo 100/17 Hz on budget, thermal 1 Hz).
 */
public final class ChangeCapture {
    public static final int RATE_HZ = 100;
    /** Seconds of each half. */
    public static final int HALF_S = 60;
    /** The kernel log record of {@link #writeAroundEvent}. */
    public static final String BUILD_STARTED = "make[1]: build started";

    static final int SLAB_EVERY = 17;

    private final Random rnd = new Random(27);
    private double iowait = 20;
    private long seq;

    private ChangeCapture() {}

    /** Both halves in one file: A is the first {@link #HALF_S} seconds since the first sample, B the rest. */
    public static Path write(Path file) throws IOException {
        ChangeCapture c = new ChangeCapture();
        try (SyntheticCapture out = open(file)) {
            c.half(out, false);
            c.half(out, true);
        }
        return file;
    }

    /** A in one capture, B in another (its own hello; the same made-up host a minute later). */
    public static void writeHalves(Path a, Path b) throws IOException {
        ChangeCapture c = new ChangeCapture();
        try (SyntheticCapture out = open(a)) {
            c.half(out, false);
        }
        try (SyntheticCapture out = open(b)) {
            out.skip((int) c.seq);
            c.half(out, true);
        }
    }

    /**
     * A capture of {@code lengthS} seconds whose "build" starts {@code eventS} seconds after its first sample:
     * a kernel log record {@link #BUILD_STARTED} half a tick before that second's tick (docs/diff.md, "aligned at
     * an event"). Before the event the capture is A's; from it on, B's five changes hold when {@code changed},
     * else A's values go on. Its wall clock starts at {@code startWallNs}.
     *
     * @return the record's wall-clock time, ns
     */
    public static long writeAroundEvent(Path file, long startWallNs, int eventS, int lengthS, boolean changed)
            throws IOException {
        ChangeCapture c = new ChangeCapture();
        long event = -1;
        try (SyntheticCapture out = open(file, startWallNs)) {
            for (int t = 0; t < lengthS * RATE_HZ; t++) {
                if (t == eventS * RATE_HZ) {
                    event = out.nextTickWallNs() - 1_000_000_000L / RATE_HZ / 2;
                    out.kmsgBeforeNextTick(BUILD_STARTED);
                }
                c.tick(out, changed && t >= eventS * RATE_HZ);
            }
        }
        return event;
    }

    private static SyntheticCapture open(Path file) throws IOException {
        return open(file, SyntheticCapture.START_WALL_NS);
    }

    private static SyntheticCapture open(Path file, long startWallNs) throws IOException {
        ObjectNode caps = SyntheticCapture.attributes();
        ObjectNode cadences = caps.putObject("cadences");
        for (String s : new String[] {"stat", "meminfo", "pressure", "diskstats"}) {
            cadence(cadences, s, RATE_HZ, "rate", 1);
        }
        cadence(cadences, "slabinfo", RATE_HZ / (double) SLAB_EVERY, "budget", SLAB_EVERY);
        cadence(cadences, "thermal_zone0", 1, "declared", RATE_HZ);
        cadence(cadences, "thermal_zone1", 1, "declared", RATE_HZ);
        caps.put("heartbeat_s", 60);
        return SyntheticCapture.file(file, RATE_HZ, 0, SyntheticCapture.attributes(), caps, startWallNs);
    }

    private static void cadence(ObjectNode cadences, String source, double hz, String reason, int every) {
        cadences.putObject(source).put("hz", hz).put("reason", reason).put("every_ticks", every);
    }

    private void half(SyntheticCapture out, boolean b) throws IOException {
        for (int t = 0; t < HALF_S * RATE_HZ; t++) {
            tick(out, b);
        }
    }

    /** One tick's sample, of A's values or of B's. */
    private void tick(SyntheticCapture out, boolean b) throws IOException {
        double rho = Math.exp(-1.0 / RATE_HZ / 2.0); // iowait's correlation time: 2 s
        seq++;
        iowait = 20 + rho * (iowait - 20) + rnd.nextGaussian() * 8 * Math.sqrt(1 - rho * rho);
        Map<String, Map<String, Long>> s = new LinkedHashMap<>();
        s.put("stat", stat());
        s.put("meminfo", values("MemTotal", 4_000_000, "MemFree", 1_500_000 + rnd.nextInt(2001) - 1000));
        // lumps on a quarter of the ticks, of up to 1.6 ms (A) or 6.4 ms (B) of a 10 ms tick: 2 % and 8 %
        s.put(
                "pressure",
                values(
                        "cpu.some_total",
                        rnd.nextInt(300),
                        "cpu.full_total",
                        0,
                        "io.some_total",
                        rnd.nextInt(4) == 0 ? rnd.nextInt(b ? 6400 : 1600) : 0,
                        "io.full_total",
                        0,
                        "memory.some_total",
                        0,
                        "memory.full_total",
                        0));
        s.put("diskstats", disks(b));
        if (seq % SLAB_EVERY == 1) {
            s.put(
                    "slabinfo",
                    values(
                            "kmalloc-64",
                            (b ? 3000 : 1000) + rnd.nextInt(41) - 20,
                            "dentry",
                            50_000 + rnd.nextInt(401) - 200,
                            "inode_cache",
                            8000 + rnd.nextInt(101) - 50));
        }
        if (seq % RATE_HZ == 1) {
            s.put("thermal_zone0", values("temp", Math.round((b ? 51_000 : 45_000) + rnd.nextGaussian() * 400)));
            s.put("thermal_zone1", values("temp", Math.round(40_000 + rnd.nextGaussian() * 400)));
        }
        out.sample(s);
    }

    /** Two CPUs at USER_HZ 100: two jiffies a tick, each iowait with the process' share, busy 30 %, else idle. */
    private Map<String, Long> stat() {
        int user = 0;
        int idle = 0;
        int io = 0;
        for (int j = 0; j < 2; j++) {
            double r = rnd.nextDouble() * 100;
            if (r < Math.max(0, iowait)) {
                io++;
            } else if (r < Math.max(0, iowait) + 30) {
                user++;
            } else {
                idle++;
            }
        }
        return values(
                "cpu.user",
                user,
                "cpu.nice",
                0,
                "cpu.system",
                0,
                "cpu.idle",
                idle,
                "cpu.iowait",
                io,
                "cpu.irq",
                0,
                "cpu.softirq",
                0,
                "cpu.steal",
                0,
                "ctxt",
                300 + rnd.nextInt(101),
                "procs_running",
                1 + rnd.nextInt(2));
    }

    /** diskstats rows only when one of their deltas moved (FORMAT.md); sdb only in B. */
    private Map<String, Long> disks(boolean b) {
        Map<String, Long> d = new LinkedHashMap<>();
        int reads = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(2) : 0;
        if (reads > 0) {
            row(d, "sda", reads);
        }
        if (b && rnd.nextInt(5) == 0) {
            row(d, "sdb", 1);
        }
        return d;
    }

    private static void row(Map<String, Long> d, String dev, int reads) {
        d.put(dev + ".reads", (long) reads);
        d.put(dev + ".sectors_read", 8L * reads);
        d.put(dev + ".read_ms", (long) reads);
        d.put(dev + ".in_flight", 0L);
        d.put(dev + ".io_ms", (long) reads);
    }
}
