package dev.tickbench.testkit;

import dev.tickbench.core.throttle.Throttle;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a capture of a made-up but realistic 4-core router board ("edge-router-3", RB5009) in the
 * FORMAT.md v1 layout, deterministic from a seed: counters as deltas, thermal at its declared cadence,
 * cpufreq / slab / buddy on change with heartbeats, PSI totals, kmsg events, throttle lines once a
 * second, and one gap. Used by the app's replay tests and by the open-capture benchmark (1 h at 100 Hz).
 * For small hand-made captures (chosen sources, chosen values) use {@link SyntheticCapture}.
 */
public final class RouterCapture {
    public static final String HOST = "edge-router-3";
    public static final long START_WALL_NS = 1_764_446_400_000_000_000L;
    public static final long START_MONO_NS = 5_000_000_000L;
    static final String[] CPU_FIELDS = {
        "user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal", "guest", "guest_nice"
    };
    static final String[] SLABS = {
        "nf_conntrack",
        "dentry",
        "kmalloc-64",
        "kmalloc-128",
        "kmalloc-256",
        "skbuff_head_cache",
        "inode_cache",
        "buffer_head",
        "vm_area_struct",
        "anon_vma",
        "filp",
        "radix_tree_node",
        "sock_inode_cache",
        "task_struct",
        "kmalloc-1k",
        "kmalloc-512",
        "kmalloc-32",
        "ext4_inode_cache",
        "pid",
        "signal_cache"
    };
    static final String[] ZONES = {"DMA", "Normal"};

    private final int rateHz;
    private final int seconds;
    private final int heartbeatS;
    private final int gapAtTick;
    private final Random rnd = new Random(42);
    private final StringBuilder sb = new StringBuilder(4096);

    /**
     * @param heartbeatS store-on-change sources are re-emitted (listed in "hb") this often
     * @param gapAtTick sequence numbers lost (a "gap" line, 50 ticks) at this tick, or -1 for none
     */
    public RouterCapture(int rateHz, int seconds, int heartbeatS, int gapAtTick) {
        this.rateHz = rateHz;
        this.seconds = seconds;
        this.heartbeatS = heartbeatS;
        this.gapAtTick = gapAtTick;
    }

    /** A small capture for tests: 30 s at 100 Hz, heartbeat every 10 s, a gap at 20 s. */
    public static Path small(Path file) throws IOException {
        new RouterCapture(100, 30, 10, 2000).write(file);
        return file;
    }

    /** Number of lines written. */
    public long write(Path file) throws IOException {
        try (OutputStream raw = Files.newOutputStream(file);
                OutputStream out = new BufferedOutputStream(
                        file.toString().endsWith(".gz") ? new GZIPOutputStream(raw, 65536) : raw, 1 << 16)) {
            return write(out);
        }
    }

    public long write(OutputStream out) throws IOException {
        long lines = 0;
        emit(out, hello());
        lines++;
        long dtNs = 1_000_000_000L / rateHz;
        int ticks = rateHz * seconds;
        int slabEvery = Math.max(1, Math.round(rateHz / 6f));
        int hbTicks = heartbeatS * rateHz;
        long[] slab = new long[SLABS.length];
        for (int i = 0; i < slab.length; i++) {
            slab[i] = 1000 + rnd.nextInt(200_000);
        }
        long[][] buddy = new long[ZONES.length][11];
        for (long[] z : buddy) {
            for (int o = 0; o < 11; o++) {
                z[o] = 4 + rnd.nextInt(400 >> Math.min(o, 6));
            }
        }
        long[] freq = {1_800_000, 1_800_000, 1_800_000, 1_800_000};
        double tempC = 52;
        double load = 0.3;
        long seq = 0;
        // the throttle lines are what the real controller does with this iowait (not made up)
        long[] clock = {START_MONO_NS};
        Throttle throttle = new Throttle(8, () -> clock[0]);
        for (int t = 1; t <= ticks; t++) {
            if (t == gapAtTick) {
                line("{\"type\":\"gap\",\"from_seq\":")
                        .append(seq + 1)
                        .append(",\"to_seq\":")
                        .append(seq + 50)
                        .append(",\"reason\":\"reconnect\"}\n");
                emit(out, sb);
                lines++;
                seq += 50;
                t += 49;
                continue;
            }
            seq++;
            long mono = START_MONO_NS + (long) t * dtNs;
            long wall = START_WALL_NS + (long) t * dtNs;
            boolean hb = t % hbTicks == 0;
            // a slowly wandering load with bursts, so charts have shape and peaks
            load = Math.min(
                    0.98, Math.max(0.02, load + (rnd.nextDouble() - 0.5) * 0.02 + (rnd.nextInt(3000) == 0 ? 0.5 : 0)));
            line("{\"type\":\"sample\",\"seq\":")
                    .append(seq)
                    .append(",\"mono_ns\":")
                    .append(mono)
                    .append(",\"wall_ns\":")
                    .append(wall)
                    .append(",\"dt_ns\":")
                    .append(dtNs);
            stat(load);
            sb.append(",\"meminfo\":{\"MemTotal\":1015808,\"MemFree\":")
                    .append(400_000 + rnd.nextInt(2000))
                    .append(",\"MemAvailable\":")
                    .append(600_000 + rnd.nextInt(2000))
                    .append(",\"Buffers\":8120,\"Cached\":")
                    .append(150_000 + rnd.nextInt(100))
                    .append(",\"Slab\":42000,\"Dirty\":")
                    .append(rnd.nextInt(200))
                    .append('}');
            long someCpu = (long) (dtNs / 1000 * load * load * 0.5);
            sb.append(",\"pressure\":{\"cpu.some_total\":")
                    .append(someCpu)
                    .append(",\"cpu.full_total\":0,\"io.some_total\":")
                    .append(rnd.nextInt(10) == 0 ? rnd.nextInt(3000) : 0)
                    .append(",\"io.full_total\":0,\"memory.some_total\":0,\"memory.full_total\":0}");
            if (t % rateHz == 0 || t == 1) { // thermal_zone0 declares 1000 ms
                tempC += (45 + load * 40 - tempC) * 0.05 + (rnd.nextDouble() - 0.5) * 0.4; // follows the load, lagging
                sb.append(",\"thermal_zone0\":{\"temp\":")
                        .append(Math.round(tempC * 1000 / 417) * 417)
                        .append('}');
            }
            if (t % (rateHz / 10) == 0 || t == 1) { // thermal_zone1 declares 100 ms
                sb.append(",\"thermal_zone1\":{\"temp\":")
                        .append(Math.round((tempC - 6) * 1000 / 417) * 417)
                        .append('}');
            }
            boolean freqChanged = rnd.nextInt(rateHz * 2) == 0;
            if (freqChanged) {
                freq[rnd.nextInt(4)] = rnd.nextBoolean() ? 600_000 : 1_800_000;
            }
            if (freqChanged || hb || t == 1) {
                sb.append(",\"cpufreq\":{");
                for (int c = 0; c < 4; c++) {
                    sb.append(c == 0 ? "" : ",")
                            .append("\"cpu")
                            .append(c)
                            .append("\":")
                            .append(freq[c]);
                }
                sb.append('}');
            }
            if (t % slabEvery == 0 || t == 1) {
                boolean any = hb || t == 1;
                int start = sb.length();
                sb.append(",\"slabinfo\":{");
                boolean first = true;
                for (int i = 0; i < SLABS.length; i++) {
                    boolean changed = rnd.nextInt(i + 2) == 0; // nf_conntrack moves most, the tail rarely
                    if (changed) {
                        slab[i] += rnd.nextInt(41) - 20;
                    }
                    if (changed || any) {
                        sb.append(first ? "" : ",")
                                .append('"')
                                .append(SLABS[i])
                                .append("\":")
                                .append(slab[i]);
                        first = false;
                    }
                }
                if (first) {
                    sb.setLength(start);
                } else {
                    sb.append('}');
                }
            }
            boolean buddyChanged = rnd.nextInt(3) == 0;
            if (buddyChanged || hb || t == 1) {
                sb.append(",\"buddyinfo\":{");
                for (int z = 0; z < ZONES.length; z++) {
                    for (int o = 0; o < 11; o++) {
                        if (buddyChanged && rnd.nextInt(4) == 0) {
                            buddy[z][o] = Math.max(0, buddy[z][o] + rnd.nextInt(5) - 2);
                        }
                        sb.append(z + o == 0 ? "" : ",")
                                .append("\"0.")
                                .append(ZONES[z])
                                .append('.')
                                .append(o)
                                .append("\":")
                                .append(buddy[z][o]);
                    }
                }
                sb.append('}');
            }
            if (hb) {
                sb.append(",\"hb\":[\"cpufreq\",\"slabinfo\",\"buddyinfo\"]");
            }
            sb.append("}\n");
            emit(out, sb);
            lines++;
            if (t % rateHz == 0) {
                double iowait =
                        Math.min(100, Math.max(0, 60 * Math.sin(t / (double) rateHz / 40.0) + rnd.nextGaussian() * 8));
                clock[0] = mono;
                throttle.sample(iowait);
                Throttle.State st = throttle.state();
                line("{\"type\":\"throttle\",\"mono_ns\":")
                        .append(mono)
                        .append(",\"wall_ns\":")
                        .append(wall)
                        .append(String.format(
                                Locale.ROOT,
                                ",\"iowait\":%.1f,\"smoothed\":%.1f",
                                iowait,
                                st.smoothed().orElse(iowait)))
                        .append(",\"zone\":\"")
                        .append(st.zone().map(Enum::name).orElse("GREEN"))
                        .append("\",\"effective\":")
                        .append(st.effective())
                        .append(",\"ceiling\":")
                        .append(st.ceiling())
                        .append(",\"grow_spread_s\":")
                        .append(st.growSpreadNanos() / 1_000_000_000L)
                        .append(",\"last_throttle_mono_ns\":")
                        .append(
                                st.lastThrottleNanos().isPresent()
                                        ? Long.toString(st.lastThrottleNanos().getAsLong())
                                        : "null")
                        .append("}\n");
                emit(out, sb);
                lines++;
            }
            if (t % (rateHz * 13) == 0) {
                line("{\"type\":\"kmsg\",\"mono_ns\":")
                        .append(mono - 3_000_000)
                        .append(",\"prio\":6,\"facility\":0,\"seq\":")
                        .append(t)
                        .append(",\"us\":")
                        .append((mono - 3_000_000) / 1000)
                        .append(",\"msg\":\"br0: port 2(eth1) entered blocking state\"}\n");
                emit(out, sb);
                lines++;
            }
        }
        return lines;
    }

    private void stat(double load) {
        sb.append(",\"stat\":{");
        int[] total = new int[CPU_FIELDS.length];
        StringBuilder cores = new StringBuilder(600);
        for (int c = 0; c < 4; c++) {
            // USER_HZ 100: each core spends exactly one tick per 10 ms, somewhere
            double r = rnd.nextDouble();
            int field = r < load * 0.7 ? 0 : r < load * 0.9 ? 2 : r < load ? 6 : r < load + 0.05 ? 4 : 3;
            for (int f = 0; f < CPU_FIELDS.length; f++) {
                int v = f == field ? (100 / rateHz > 0 ? 100 / rateHz : (rnd.nextInt(rateHz / 100) == 0 ? 1 : 0)) : 0;
                total[f] += v;
                cores.append(",\"cpu")
                        .append(c)
                        .append('.')
                        .append(CPU_FIELDS[f])
                        .append("\":")
                        .append(v);
            }
        }
        for (int f = 0; f < CPU_FIELDS.length; f++) {
            sb.append(f == 0 ? "" : ",")
                    .append("\"cpu.")
                    .append(CPU_FIELDS[f])
                    .append("\":")
                    .append(total[f]);
        }
        sb.append(cores)
                .append(",\"ctxt\":")
                .append(300 + rnd.nextInt(200))
                .append(",\"intr\":")
                .append(900 + rnd.nextInt(300))
                .append(",\"processes\":")
                .append(rnd.nextInt(50) == 0 ? 1 : 0)
                .append(",\"procs_running\":")
                .append(1 + (int) (load * 4))
                .append(",\"procs_blocked\":0}");
    }

    private StringBuilder hello() {
        line("{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"0.1.0\"},\"host\":{\"hostname\":\"")
                .append(HOST)
                .append(
                        "\",\"board\":\"MikroTik RB5009\",\"kernel\":\"5.6.3\",\"cores\":4,\"user_hz\":100},\"rate_hz\":")
                .append(rateHz)
                .append(",\"floor_hz\":0,\"started_wall_ns\":")
                .append(START_WALL_NS)
                .append(",\"started_mono_ns\":")
                .append(START_MONO_NS)
                .append(",\"capabilities\":{\"rate_hz\":")
                .append(rateHz)
                .append(
                        ",\"floor_hz\":0,\"sources\":{\"stat\":true,\"meminfo\":true,\"pressure\":true,\"thermal_zone0\":true,")
                .append(
                        "\"thermal_zone1\":true,\"cpufreq\":true,\"slabinfo\":true,\"buddyinfo\":true,\"kmsg\":true,\"mtd\":false,\"yaffs\":false},")
                .append(
                        "\"absent\":{\"mtd\":\"no /sys/class/mtd on this board\",\"yaffs\":\"no /proc/yaffs\"},\"cadences\":{")
                .append(cadence("stat", rateHz, "rate", 1))
                .append(',')
                .append(cadence("meminfo", rateHz, "rate", 1))
                .append(',')
                .append(cadence("pressure", rateHz, "rate", 1))
                .append(',')
                .append(cadence("kmsg", rateHz, "rate", 1))
                .append(',')
                .append(cadence("thermal_zone0", 1, "declared", rateHz))
                .append(',')
                .append(cadence("thermal_zone1", 10, "declared", rateHz / 10))
                .append(',')
                .append(cadence("cpufreq", rateHz, "change", 1))
                .append(',')
                .append(cadence(
                        "slabinfo",
                        rateHz / (double) Math.max(1, Math.round(rateHz / 6f)),
                        "budget",
                        Math.max(1, Math.round(rateHz / 6f))))
                .append(',')
                .append(cadence("buddyinfo", rateHz, "rate", 1))
                .append(
                        "},\"attributes\":{\"thermal_zone0\":{\"type\":\"cpu-thermal\",\"polling_delay_ms\":1000,\"crit_mc\":105000},")
                .append(
                        "\"thermal_zone1\":{\"type\":\"board-thermal\",\"polling_delay_ms\":100}},\"limits\":{\"memory_max\":null},")
                .append("\"heartbeat_s\":")
                .append(heartbeatS)
                .append("}}\n");
        return sb;
    }

    private static String cadence(String name, double hz, String reason, int every) {
        return String.format(
                Locale.ROOT,
                "\"%s\":{\"hz\":%s,\"reason\":\"%s\",\"every_ticks\":%d}",
                name,
                Double.toString(hz),
                reason,
                every);
    }

    private StringBuilder line(String start) {
        sb.setLength(0);
        return sb.append(start);
    }

    private static void emit(OutputStream out, CharSequence s) throws IOException {
        out.write(s.toString().getBytes(StandardCharsets.UTF_8));
    }
}
