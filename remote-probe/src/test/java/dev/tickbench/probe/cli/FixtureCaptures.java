package dev.tickbench.probe.cli;

import dev.tickbench.testkit.Boards;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.DoubleToLongFunction;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Generates the fixture captures of {@code assets/captures/}: copies a fixture board to a temp dir,
 * then rewrites its level files (thermal temps, cpufreq, slab caches, buddyinfo, MTD ECC counters)
 * on a scripted schedule while the real {@code record} command records it with FLOOR_HZ = rate.
 * The fixture files are static, so a plain recording would show no change at all.
 *
 * <p>Files are rewritten <em>in place</em> (same inode, same length): the sampler keeps its files open
 * and re-reads them from offset 0, so a replaced file would never be seen, and a truncate-then-write
 * could be read half-written. Each changing number is padded to a fixed width once, before recording.
 *
 * <p>Usage: {@code FixtureCaptures BOARDS_DIR OUT_DIR [SECONDS] [BOARD…]} (see assets/captures/README.md).
 */
public final class FixtureCaptures {
    static final int RATE_HZ = 50;
    private static final int WIDTH = 8;

    private FixtureCaptures() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: FixtureCaptures BOARDS_DIR OUT_DIR [SECONDS] [router-arm sbc x86-server]");
            System.exit(2);
        }
        Path boards = Path.of(args[0]);
        Path out = Path.of(args[1]);
        int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 25;
        List<String> names = args.length > 3
                ? Arrays.asList(args).subList(3, args.length)
                : List.of("router-arm", "sbc", "x86-server");
        Files.createDirectories(out);
        for (String name : names) {
            Path file = out.resolve(fileName(name));
            int code = generate(boards.resolve(name), name, file, seconds);
            if (code != 0) {
                System.exit(code);
            }
        }
    }

    static String fileName(String board) {
        return "fixture-" + board + "-" + RATE_HZ + "hz-floor" + RATE_HZ + ".ndjson.gz";
    }

    /** Records {@code seconds} of the animated board into {@code out}; returns the record command's exit status. */
    static int generate(Path board, String name, Path out, int seconds) throws IOException, InterruptedException {
        Path tmp = Files.createTempDirectory("tickbench-fixture-" + name);
        try {
            Boards.copyTree(board, tmp);
            List<Signal> signals = signals(name, tmp, seconds + 10);
            Animator animator = new Animator(signals);
            animator.writeAt(0);
            Thread t = new Thread(animator, "fixture-animator");
            t.setDaemon(true);
            t.start();
            PrintWriter o = new PrintWriter(System.out, true);
            PrintWriter e = new PrintWriter(System.err, true);
            int code = ProbeMain.run(
                    new String[] {
                        "record",
                        "--proc-root",
                        tmp.resolve("proc").toString(),
                        "--sys-root",
                        tmp.resolve("sys").toString(),
                        "--rate",
                        Integer.toString(RATE_HZ),
                        "--floor-hz",
                        Integer.toString(RATE_HZ),
                        "--duration",
                        seconds + "s",
                        "--out",
                        out.toString()
                    },
                    o,
                    e);
            animator.stop = true;
            t.join(Waits.DEADLINE.toMillis());
            if (t.isAlive()) {
                throw new IllegalStateException(
                        "the fixture animator did not stop within " + Waits.DEADLINE.toSeconds() + " s");
            }
            if (animator.failure != null) {
                throw animator.failure;
            }
            for (Signal s : signals) {
                s.target.close();
            }
            return code;
        } finally {
            Boards.deleteTree(tmp);
        }
    }

    // ---- what changes on each board (rates in changes per second) ----

    static List<Signal> signals(String board, Path root, double horizon) throws IOException {
        Random rnd = new Random(board.hashCode());
        List<Signal> s = new ArrayList<>();
        Path thermal = root.resolve("sys/class/thermal");
        Path cpu = root.resolve("sys/devices/system/cpu");
        TableFile slab = new TableFile(root.resolve("proc/slabinfo"));
        TableFile buddy = new TableFile(root.resolve("proc/buddyinfo"));
        switch (board) {
            case "router-arm" -> {
                s.add(thermal(thermal.resolve("thermal_zone0/temp"), rnd, 61250, 2500, 40, 420, 40));
                s.add(thermal(thermal.resolve("thermal_zone1/temp"), rnd, 54600, 1500, 30, 420, 40));
                s.add(thermal(thermal.resolve("thermal_zone2/temp"), rnd, 39000, 800, 60, 420, 25));
                // cpufreq stays still: all four cores are under the userspace governor (reason policy)
                s.add(new Signal(slab.field(firstLine("nf_conntrack"), 1), periodic(6, 1234, 40)));
                s.add(new Signal(slab.field(line("skbuff_head_cache"), 1), poisson(rnd, 3, horizon, 432, 60)));
                s.add(new Signal(slab.field(line("dentry"), 1), poisson(rnd, 1.5, horizon, 58813, 30)));
                s.add(new Signal(slab.field(line("kmalloc-256"), 1), poisson(rnd, 0.4, horizon, 768, 16)));
                buddyOrders(s, buddy, rnd, horizon, "DMA", new double[] {15, 8, 3, 1});
                Path mtd = root.resolve("sys/class/mtd");
                s.add(new Signal(new NumberFile(mtd.resolve("mtd2/corrected_bits")), at(117, 7.3, 18.9)));
                s.add(new Signal(new NumberFile(mtd.resolve("mtd1/corrected_bits")), at(3, 12.1)));
            }
            case "sbc" -> {
                s.add(warming(thermal.resolve("thermal_zone0/temp"), rnd, 47000, 4000, 15, 420, 30));
                long[] steps = {600000, 750000, 1000000, 1200000, 1500000, 1800000};
                double[] coreHz = {4, 3, 1, 0.5};
                for (int c = 0; c < coreHz.length; c++) {
                    s.add(new Signal(
                            new NumberFile(cpu.resolve("cpu" + c + "/cpufreq/scaling_cur_freq")),
                            poisson(rnd, coreHz[c], horizon, steps)));
                }
                s.add(new Signal(slab.field(line("nf_conntrack"), 1), periodic(3, 120, 25)));
                s.add(new Signal(slab.field(line("bio-120"), 1), poisson(rnd, 2, horizon, 64, 20)));
                s.add(new Signal(slab.field(line("UDPv6"), 1), poisson(rnd, 0.5, horizon, 44, 10)));
                buddyOrders(s, buddy, rnd, horizon, "DMA32", new double[] {10, 5, 2});
            }
            case "x86-server" -> {
                // ACPI and package sensors report whole degrees: a 1 degree step
                s.add(thermal(thermal.resolve("thermal_zone0/temp"), rnd, 27800, 300, 60, 1000, 10));
                s.add(thermal(thermal.resolve("thermal_zone1/temp"), rnd, 46000, 3000, 20, 1000, 20));
                s.add(thermal(thermal.resolve("thermal_zone2/temp"), rnd, 44000, 2500, 25, 1000, 20));
                long[] steps = new long[28];
                for (int i = 0; i < steps.length; i++) {
                    steps[i] = 800000 + 100000L * i;
                }
                try (Stream<Path> cores = Files.list(cpu)) {
                    for (Path core : cores.filter(
                                    p -> p.getFileName().toString().matches("cpu\\d+"))
                            .sorted()
                            .toList()) {
                        int n = Integer.parseInt(core.getFileName().toString().substring(3));
                        Path cur = core.resolve("cpufreq/scaling_cur_freq");
                        if (Files.exists(cur)) {
                            s.add(new Signal(new NumberFile(cur), poisson(rnd, 2 + (n % 8) * 2.5, horizon, steps)));
                        }
                    }
                }
                // a conntrack-heavy server: faster than the 6 Hz measured on one router, on purpose
                s.add(new Signal(slab.field(line("nf_conntrack"), 1), periodic(10, 20000, 90)));
                s.add(new Signal(slab.field(line("dentry"), 1), poisson(rnd, 4, horizon, 58813, 50)));
                s.add(new Signal(slab.field(line("kmalloc-256"), 1), poisson(rnd, 1, horizon, 768, 16)));
                buddyOrders(s, buddy, rnd, horizon, "Normal", new double[] {25, 12, 5});
            }
            default -> throw new IllegalArgumentException("unknown fixture board " + board);
        }
        slab.freeze();
        buddy.freeze();
        return s;
    }

    private static void buddyOrders(
            List<Signal> s, TableFile buddy, Random rnd, double horizon, String zone, double[] hz) {
        for (int order = 0; order < hz.length; order++) {
            long base = 100 + 50L * order;
            // token 4 is order 0: "Node", "0,", "zone", "<zone>", then the counts
            s.add(new Signal(
                    buddy.fields(l -> l.matches("Node \\d+, zone +" + zone + " .*"), 4 + order),
                    poisson(rnd, hz[order], horizon, base, 40)));
        }
    }

    private static Predicate<String> line(String cache) {
        return l -> l.startsWith(cache + " ");
    }

    /** Router-arm lists two caches named nf_conntrack; only the first one moves. */
    private static Predicate<String> firstLine(String cache) {
        boolean[] seen = {false};
        return l -> {
            if (!seen[0] && l.startsWith(cache + " ")) {
                seen[0] = true;
                return true;
            }
            return false;
        };
    }

    // ---- value schedules: functions of seconds since the recording started ----

    /** A slow curve plus noise redrawn {@code jitterHz} times a second, quantised: flicker across a step. */
    static Signal thermal(Path file, Random rnd, long base, long amp, double periodS, long step, double jitterHz) {
        long seed = rnd.nextLong();
        return new Signal(
                new NumberFile(file),
                t -> quantise(base + amp * Math.sin(2 * Math.PI * t / periodS) + noise(seed, t, jitterHz, step), step));
    }

    /** A board warming up after boot, with the same flicker. */
    static Signal warming(Path file, Random rnd, long base, long rise, double tauS, long step, double jitterHz) {
        long seed = rnd.nextLong();
        return new Signal(
                new NumberFile(file),
                t -> quantise(base + rise * (1 - Math.exp(-t / tauS)) + noise(seed, t, jitterHz, step), step));
    }

    private static double noise(long seed, double t, double hz, long step) {
        long k = (long) Math.floor(t * hz);
        return (new Random(seed ^ (k * 0x9E3779B97F4A7C15L)).nextDouble() - 0.5) * 1.2 * step;
    }

    private static long quantise(double v, long step) {
        return Math.round(v / step) * step;
    }

    /** Exactly {@code hz} changes a second: consecutive values always differ. */
    static DoubleToLongFunction periodic(double hz, long base, int spread) {
        return t -> base + Math.floorMod((long) Math.floor(t * hz) * 7919L, spread);
    }

    /** Changes at random times, {@code hz} a second on average, each to a value in [base, base+spread) different from the last. */
    static DoubleToLongFunction poisson(Random rnd, double hz, double horizon, long base, int spread) {
        long[] values = new long[spread];
        for (int i = 0; i < spread; i++) {
            values[i] = base + i;
        }
        return poisson(rnd, hz, horizon, values);
    }

    static DoubleToLongFunction poisson(Random rnd, double hz, double horizon, long[] choices) {
        List<double[]> changes = new ArrayList<>();
        int current = rnd.nextInt(choices.length);
        long first = choices[current];
        for (double t = -Math.log(1 - rnd.nextDouble()) / hz; t < horizon; t += -Math.log(1 - rnd.nextDouble()) / hz) {
            int next = (current + 1 + rnd.nextInt(choices.length - 1)) % choices.length;
            changes.add(new double[] {t, choices[next]});
            current = next;
        }
        return t -> {
            long v = first;
            for (double[] c : changes) {
                if (c[0] > t) {
                    break;
                }
                v = (long) c[1];
            }
            return v;
        };
    }

    /** Rare increments at the given seconds (MTD ECC corrected bits). */
    static DoubleToLongFunction at(long base, double... seconds) {
        return t -> base + Arrays.stream(seconds).filter(s -> s <= t).count();
    }

    // ---- writing in place ----

    record Signal(Target target, DoubleToLongFunction value) {}

    interface Target {
        void write(long value) throws IOException;

        default void close() throws IOException {}
    }

    /** A one-number sysfs file: the value left-aligned, padded with spaces (the readers strip trailing spaces). */
    static final class NumberFile implements Target {
        private final FileChannel ch;

        NumberFile(Path p) {
            try {
                Files.writeString(p, pad(0, false) + "\n");
                ch = FileChannel.open(p, StandardOpenOption.WRITE);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void write(long value) throws IOException {
            ch.write(ByteBuffer.wrap(pad(value, false).getBytes(StandardCharsets.US_ASCII)), 0);
        }

        @Override
        public void close() throws IOException {
            ch.close();
        }
    }

    /** A whitespace-separated table (slabinfo, buddyinfo) whose chosen numbers are widened, then written in place. */
    static final class TableFile {
        private static final Pattern TOKEN = Pattern.compile("\\S+");
        private final Path path;
        private final List<String> lines;
        private final List<int[]> wanted = new ArrayList<>(); // {line, token, field id}
        private final List<List<Long>> offsets = new ArrayList<>();
        private FileChannel ch;

        TableFile(Path path) throws IOException {
            this.path = path;
            this.lines = Files.readAllLines(path, StandardCharsets.ISO_8859_1);
        }

        /** The {@code token}-th (0-based) number of the first line matching; one field. */
        Target field(Predicate<String> line, int token) {
            for (int i = 0; i < lines.size(); i++) {
                if (line.test(lines.get(i))) {
                    return register(List.of(i), token);
                }
            }
            throw new IllegalArgumentException(path + ": no line for the field");
        }

        /** The same token of every matching line, written together. */
        Target fields(Predicate<String> line, int token) {
            List<Integer> hits = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                if (line.test(lines.get(i))) {
                    hits.add(i);
                }
            }
            if (hits.isEmpty()) {
                throw new IllegalArgumentException(path + ": no line for the field");
            }
            return register(hits, token);
        }

        private Target register(List<Integer> lineNumbers, int token) {
            int id = offsets.size();
            offsets.add(new ArrayList<>());
            for (int l : lineNumbers) {
                wanted.add(new int[] {l, token, id});
            }
            return new Target() {
                @Override
                public void write(long value) throws IOException {
                    byte[] b = pad(value, true).getBytes(StandardCharsets.US_ASCII);
                    for (long off : offsets.get(id)) {
                        ch.write(ByteBuffer.wrap(b), off);
                    }
                }
            };
        }

        /** Rewrites the file once with every registered number right-aligned in a fixed width; records where. */
        void freeze() throws IOException {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < lines.size(); i++) {
                String l = lines.get(i);
                Matcher m = TOKEN.matcher(l);
                int pos = 0;
                for (int tok = 0; m.find(); tok++) {
                    int[] w = find(i, tok);
                    if (w == null) {
                        sb.append(l, pos, m.end());
                    } else {
                        sb.append(' ');
                        offsets.get(w[2]).add((long) sb.length());
                        sb.append(pad(Long.parseLong(m.group()), true));
                    }
                    pos = m.end();
                }
                sb.append(l.substring(pos)).append('\n');
            }
            Files.writeString(path, sb, StandardCharsets.ISO_8859_1);
            ch = FileChannel.open(path, StandardOpenOption.WRITE);
        }

        private int[] find(int line, int token) {
            for (int[] w : wanted) {
                if (w[0] == line && w[1] == token) {
                    return w;
                }
            }
            return null;
        }
    }

    static String pad(long value, boolean right) {
        String v = Long.toString(value);
        if (v.length() > WIDTH) {
            throw new IllegalArgumentException(value + " is wider than " + WIDTH);
        }
        String spaces = " ".repeat(WIDTH - v.length());
        return right ? spaces + v : v + spaces;
    }

    /** Writes every signal whose value moved, every 2 ms, until stopped. */
    static final class Animator implements Runnable {
        private final List<Signal> signals;
        private final long[] last;
        private final long startNs = System.nanoTime();
        volatile boolean stop;
        volatile IOException failure;

        Animator(List<Signal> signals) {
            this.signals = signals;
            this.last = new long[signals.size()];
            Arrays.fill(last, Long.MIN_VALUE);
        }

        void writeAt(double t) throws IOException {
            for (int i = 0; i < signals.size(); i++) {
                long v = signals.get(i).value.applyAsLong(t);
                if (v != last[i]) {
                    signals.get(i).target.write(v);
                    last[i] = v;
                }
            }
        }

        @Override
        public void run() {
            try {
                while (!stop) {
                    writeAt((System.nanoTime() - startNs) / 1e9);
                    Thread.sleep(2);
                }
            } catch (IOException e) {
                failure = e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
