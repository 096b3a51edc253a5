package dev.tickbench.core.cgroup;

import dev.tickbench.core.cadence.CadenceRule;
import dev.tickbench.core.source.Presence;
import dev.tickbench.core.source.Source;
import dev.tickbench.core.source.SourceKind;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.core.source.ValueTable;
import dev.tickbench.core.who.KeyBudget;
import dev.tickbench.core.who.KeyText;
import dev.tickbench.core.who.RawFiles;
import dev.tickbench.core.who.TableValues;
import dev.tickbench.core.who.TopRanks;
import dev.tickbench.core.who.WhoConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code cgroups}: every cgroup of the CPU hierarchy (v1 {@code cpu}, else the unified v2 one), read at the
 * table's cadence: CPU usage and throttling ({@code cpu.stat}, v1 {@code cpuacct}), memory now and at its
 * peak, I/O bytes, and pressure stall times; the stream carries the cgroups among the first N by CPU over
 * the last interval or by memory, under {@code <path>|<field>}, and the rest summed under
 * {@code rest|<field>} (docs/who.md, FORMAT.md). On a hybrid host each value is read at the same path in
 * the hierarchy that has it: {@code cpuacct}, {@code memory} and {@code blkio} v1 mounts, pressure in the
 * unified one. The counters are parsed as the walk and {@code cgroup_cpu} parse them ({@link CpuCounter},
 * {@link LevelReader#parseStat}, {@link Psi}).
 *
 * <p>A cgroup is its path and its directory's inode: one removed and made again under the same path is
 * another (its counters restarted), named at the earliest on its second read, so that no delta is taken
 * across the two. The root is not a candidate (its values are the machine's, in stat and meminfo); the rest
 * is what the cgroups that are neither named nor hold a named one add up to, each counted once with
 * everything under it: the root's own processes and those of a cgroup above a named one are in neither.
 */
public final class CgroupTable implements Source {
    public static final String NAME = "cgroups";
    public static final String REST = "rest";
    /** Cgroups visited per read at most (breadth first): a k8s node has hundreds. */
    static final int MAX_CGROUPS = 8192;
    /**
     * An escaped path longer than this is cut to {@code /…<hash of the whole>…<its last characters>}: a
     * reader holds names of 8 KiB at most, and 1 MiB of them per capture (FORMAT.md, "Reader limits").
     */
    static final int MAX_PATH_CHARS = 512;
    static final int BUDGET_SERIES = 8192;
    static final long BUDGET_BYTES = 448L << 10;
    private static final int DT_UNKNOWN = 0;
    private static final int DT_DIR = 4;

    private final SystemRoots roots;
    private final WhoConfig config;
    private final RawFiles raw = new RawFiles();
    private final TopRanks ranks;
    private final KeyBudget budget = new KeyBudget(BUDGET_SERIES, BUDGET_BYTES);
    private final TableValues table = new TableValues();
    private CgroupVersion version;
    private byte[] primary;
    private byte[] cpuacct;
    private byte[] memory;
    private byte[] blkio;
    private byte[] unified;
    private String hierarchy;

    private final Map<String, Group> groups = new HashMap<>();
    private final List<Node> nodes = new ArrayList<>();
    private List<Group> named = new ArrayList<>();
    private List<Group> nextNamed = new ArrayList<>();
    private long[] cpu = new long[64];
    private long[] mem = new long[64];
    private final long[] restTotals = new long[CgroupField.ALL.length];
    private final String[] restKeys = new String[CgroupField.ALL.length];
    private long reads;
    private long unnamed;
    private boolean cut;

    /** One directory found on a read: its raw path (relative to the mount, from {@code /}), its parent's index. */
    private record Node(byte[] path, int parent, long inode, Group group) {}

    public CgroupTable(SystemRoots roots, WhoConfig config) {
        this.roots = roots;
        this.config = config;
        this.ranks = new TopRanks(Math.max(1, config.top()), config.hz());
        for (CgroupField f : CgroupField.ALL) {
            restKeys[f.ordinal()] = REST + "|" + f.key();
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public SourceKind kind() {
        return SourceKind.COUNTER;
    }

    @Override
    public CadenceRule cadenceRule() {
        return new CadenceRule.Chosen(config.hz());
    }

    @Override
    public Presence open() {
        Presence absent = TableValues.absence(config);
        if (absent != null) {
            return absent;
        }
        try {
            Mounts mounts = Mounts.read(roots);
            CgroupMount m = mounts.cpuHierarchy();
            version = m.version();
            primary = bytes(m.mountPoint().toString());
            hierarchy = m.mountPoint().toString();
            if (version == CgroupVersion.V1) {
                cpuacct = m.cpuacct() ? primary : mounts.cpuacctV1().map(a -> bytes(a.mountPoint().toString())).orElse(null);
                memory = mounts.v1("memory").map(a -> bytes(a.mountPoint().toString())).orElse(null);
                blkio = mounts.v1("blkio").map(a -> bytes(a.mountPoint().toString())).orElse(null);
                unified = mounts.unified().map(a -> bytes(a.mountPoint().toString())).orElse(null);
            }
        } catch (CgroupException e) {
            return Presence.absent(e.getMessage());
        }
        int fd = raw.openDir(primary, primary.length);
        if (fd < 0) {
            return Presence.absent("cannot open " + hierarchy + " (errno " + raw.lastErrno() + ")");
        }
        RawFiles.close(fd);
        return Presence.PRESENT;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void read() throws IOException {
        reads++;
        walk();
        choose();
        fill();
    }

    /** Visits the hierarchy breadth first (a parent before its children), reading every cgroup but the root. */
    private void walk() throws IOException {
        nodes.clear();
        cut = false;
        nodes.add(new Node(new byte[0], -1, 0, null));
        for (int i = 0; i < nodes.size(); i++) {
            Node n = nodes.get(i);
            int fd = openIn(primary, n.path());
            if (fd < 0) {
                if (i == 0) {
                    throw new IOException("cannot open " + hierarchy + " (errno " + raw.lastErrno() + ")");
                }
                continue; // removed since its parent was listed
            }
            try {
                if (n.group() != null) {
                    readGroup(n.group(), fd, n.path());
                }
                list(fd, i, n.path());
            } finally {
                RawFiles.close(fd);
            }
        }
        groups.values().removeIf(g -> g.lastRead != reads);
    }

    private void list(int fd, int parent, byte[] path) {
        raw.list(fd);
        while (raw.nextEntry()) {
            int type = raw.entryType();
            if (type != DT_DIR && type != DT_UNKNOWN) {
                continue;
            }
            if (nodes.size() >= MAX_CGROUPS) {
                cut = true;
                return;
            }
            byte[] b = raw.entryBytes();
            int s = raw.entryStart();
            int e = raw.entryEnd();
            byte[] child = Arrays.copyOf(path, path.length + 1 + e - s);
            child[path.length] = '/';
            System.arraycopy(b, s, child, path.length + 1, e - s);
            long inode = raw.entryInode();
            String key = key(child);
            Group g = groups.get(key);
            if (g == null || g.inode != inode) {
                g = new Group(key, inode);
                groups.put(key, g);
            }
            nodes.add(new Node(child, parent, inode, g));
        }
    }

    /** The directory {@code mount + path}, or -1. */
    private int openIn(byte[] mount, byte[] path) {
        byte[] full = Arrays.copyOf(mount, mount.length + path.length);
        System.arraycopy(path, 0, full, mount.length, path.length);
        return raw.openDir(full, full.length);
    }

    private void readGroup(Group g, int fd, byte[] path) {
        g.next(reads);
        String stat = text(fd, CPU_STAT);
        if (stat != null) {
            for (Map.Entry<CpuCounter, Long> c : LevelReader.parseStat(stat, version).entrySet()) {
                CgroupField f = CgroupField.of(c.getKey());
                if (f != null) {
                    g.set(f, c.getValue());
                }
            }
        }
        if (version == CgroupVersion.V2) {
            g.set(CgroupField.MEMORY_BYTES, number(fd, MEMORY_CURRENT));
            g.set(CgroupField.MEMORY_PEAK_BYTES, number(fd, MEMORY_PEAK));
            io(g, text(fd, IO_STAT), false);
            pressure(g, fd);
            return;
        }
        if (cpuacct != null) {
            int acct = cpuacct == primary ? fd : openIn(cpuacct, path);
            try {
                for (CpuCounter c : new CpuCounter[] {CpuCounter.USAGE_USEC, CpuCounter.USER_USEC, CpuCounter.SYSTEM_USEC}) {
                    long ns = acct < 0 ? -1 : number(acct, CPUACCT.get(c));
                    g.set(CgroupField.of(c), ns < 0 ? -1 : ns / 1000);
                }
            } finally {
                if (acct != fd) {
                    RawFiles.close(acct);
                }
            }
        }
        if (memory != null) {
            int m = openIn(memory, path);
            g.set(CgroupField.MEMORY_BYTES, m < 0 ? -1 : number(m, MEMORY_USAGE));
            g.set(CgroupField.MEMORY_PEAK_BYTES, m < 0 ? -1 : number(m, MEMORY_MAX_USAGE));
            RawFiles.close(m);
        }
        if (blkio != null) {
            int b = openIn(blkio, path);
            io(g, b < 0 ? null : text(b, BLKIO_BYTES), true);
            RawFiles.close(b);
        }
        if (unified != null) {
            int u = openIn(unified, path);
            if (u >= 0) {
                pressure(g, u);
                RawFiles.close(u);
            }
        }
    }

    private void pressure(Group g, int fd) {
        psi(g, text(fd, CPU_PRESSURE), CgroupField.CPU_SOME_USEC, CgroupField.CPU_FULL_USEC);
        psi(g, text(fd, MEMORY_PRESSURE), CgroupField.MEMORY_SOME_USEC, CgroupField.MEMORY_FULL_USEC);
        psi(g, text(fd, IO_PRESSURE), CgroupField.IO_SOME_USEC, CgroupField.IO_FULL_USEC);
    }

    private static void psi(Group g, String text, CgroupField some, CgroupField full) {
        Psi p = text == null ? null : Psi.parse(text);
        g.set(some, p == null || p.some() == null ? -1 : p.some().totalUs());
        g.set(full, p == null || p.full() == null ? -1 : p.full().totalUs());
    }

    /** v2 {@code io.stat} ({@code rbytes=}, {@code wbytes=} per device) or v1 {@code blkio…bytes_recursive}, summed. */
    private static void io(Group g, String text, boolean v1) {
        long[] rw = text == null ? null : IoBytes.parse(text, v1);
        g.set(CgroupField.IO_READ_BYTES, rw == null ? -1 : rw[0]);
        g.set(CgroupField.IO_WRITE_BYTES, rw == null ? -1 : rw[1]);
    }

    private String text(int dir, byte[] nameZ) {
        int n = raw.read(dir, nameZ);
        return n < 0 ? null : new String(raw.bytes(), 0, n, StandardCharsets.ISO_8859_1);
    }

    /** A file holding one number, or -1 when it cannot be read or holds none ({@code max}). */
    private long number(int dir, byte[] nameZ) {
        int n = raw.read(dir, nameZ);
        if (n <= 0) {
            return -1;
        }
        byte[] b = raw.bytes();
        int end = n;
        while (end > 0 && (b[end - 1] == '\n' || b[end - 1] == ' ')) {
            end--;
        }
        return dev.tickbench.core.source.TextScanner.isNumber(b, 0, end) ? dev.tickbench.core.source.TextScanner.parseLong(b, 0, end) : -1;
    }

    /** A raw path as a key: escaped ({@link KeyText}), and cut with a hash of the whole when too long. */
    static String key(byte[] path) {
        String k = KeyText.escape(path, 0, path.length);
        if (k.length() <= MAX_PATH_CHARS) {
            return k;
        }
        long h = 0xcbf29ce484222325L; // FNV-1a over the raw bytes
        for (byte b : path) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        String tail = k.substring(k.length() - (MAX_PATH_CHARS - 19)); // "/…", 16 hex digits, "…": 19
        return "/…" + String.format("%016x", h) + "…" + tail;
    }

    private void choose() {
        int n = nodes.size();
        if (cpu.length < n) {
            cpu = new long[Math.max(n, cpu.length * 2)];
            mem = new long[cpu.length];
        }
        ranks.begin(n);
        for (int i = 0; i < n; i++) {
            Group g = nodes.get(i).group();
            boolean here = g != null && g.lastRead == reads;
            cpu[i] = here ? Math.max(0, g.delta(CgroupField.USAGE_USEC)) : 0;
            mem[i] = here ? Math.max(0, g.now[CgroupField.MEMORY_BYTES.ordinal()]) : 0;
            if (here) {
                g.index = i;
            }
        }
        ranks.rank(cpu);
        ranks.rank(mem);
        nextNamed.clear();
        for (Group g : named) {
            if (g.keys != null && g.lastRead == reads && ranks.stays(g.index)) {
                g.qualified = reads;
            }
            if (g.keys != null && g.lastRead == reads && ranks.held(g.qualified, reads)) {
                nextNamed.add(g);
            } else {
                g.keys = null;
            }
        }
        unnamed = 0;
        List<Group> entering = new ArrayList<>();
        for (int i = 1; i < n; i++) {
            Group g = nodes.get(i).group();
            if (g.keys == null && g.lastRead == reads && ranks.enters(i) && g.firstRead < reads) {
                entering.add(g);
            }
        }
        entering.sort(java.util.Comparator.comparing(g -> g.path)); // new keys in path order, not the listing's
        for (Group g : entering) {
            if (name(g)) {
                g.qualified = reads;
                nextNamed.add(g);
            } else {
                unnamed++;
            }
        }
        for (Group g : ranks.cap(nextNamed, 2, x -> x.qualified)) {
            g.keys = null;
        }
        List<Group> t = named;
        named = nextNamed;
        nextNamed = t;
    }

    private boolean name(Group g) {
        String[] keys = new String[CgroupField.NAMED];
        long bytes = 0;
        for (CgroupField f : CgroupField.ALL) {
            if (f.named()) {
                keys[f.ordinal()] = g.path + "|" + f.key();
                bytes += NAME.length() + 1 + keys[f.ordinal()].getBytes(StandardCharsets.UTF_8).length;
            }
        }
        if (!budget.take(CgroupField.NAMED, bytes)) {
            return false;
        }
        g.keys = keys;
        return true;
    }

    private void fill() {
        table.begin();
        for (Group g : named) {
            for (CgroupField f : CgroupField.ALL) {
                if (f.named() && g.now[f.ordinal()] >= 0) {
                    long before = g.before[f.ordinal()];
                    table.put(g.keys[f.ordinal()], g.now[f.ordinal()], f.level(), before < 0 ? NO_BASELINE : before);
                }
            }
        }
        int n = nodes.size();
        boolean[] namedBelow = new boolean[n];
        boolean[] eligible = new boolean[n];
        for (int i = n - 1; i >= 1; i--) {
            Node node = nodes.get(i);
            if ((node.group().keys != null || namedBelow[i]) && node.parent() >= 0) {
                namedBelow[node.parent()] = true;
            }
        }
        long cgroups = 0;
        long memorySum = 0;
        boolean memoryKnown = false;
        for (int i = 1; i < n; i++) {
            Node node = nodes.get(i);
            Group g = node.group();
            int p = node.parent();
            boolean covered = p > 0 && (nodes.get(p).group().keys != null || nodes.get(p).group().covered);
            g.covered = covered;
            eligible[i] = g.lastRead == reads && g.keys == null && !namedBelow[i] && !covered;
            if (!eligible[i]) {
                continue;
            }
            cgroups++;
            if (p > 0 && eligible[p]) {
                continue; // counted with its parent
            }
            for (CgroupField f : CgroupField.ALL) {
                if (f.rest() && f.named() && !f.level()) {
                    long d = g.delta(f);
                    if (d > 0) {
                        restTotals[f.ordinal()] += d;
                    }
                }
            }
            long m = g.now[CgroupField.MEMORY_BYTES.ordinal()];
            if (m >= 0) {
                memorySum += m;
                memoryKnown = true;
            }
        }
        for (CgroupField f : CgroupField.ALL) {
            if (!f.rest()) {
                continue;
            }
            long v = switch (f) {
                case MEMORY_BYTES -> memoryKnown ? memorySum : -1;
                case CGROUPS -> cgroups;
                case UNNAMED -> unnamed;
                default -> restTotals[f.ordinal()];
            };
            if (v >= 0) {
                table.put(restKeys[f.ordinal()], v, f.level(), NO_BASELINE);
            }
        }
    }

    @Override
    public ValueTable values() {
        return table.values();
    }

    @Override
    public boolean isLevelKey(int index) {
        return table.isLevel(index);
    }

    @Override
    public long baseline(int index) {
        return table.baseline(index);
    }

    @Override
    public Map<String, Object> attributes() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("top", config.top());
        if (hierarchy != null) {
            a.put("hierarchy", hierarchy);
            a.put("version", version.number());
        }
        a.put("budget_series", budget.maxSeries());
        a.put("budget_bytes", budget.maxBytes());
        return a;
    }

    /** Whether the last read stopped at {@link #MAX_CGROUPS}. */
    boolean cut() {
        return cut;
    }

    private static final byte[] CPU_STAT = RawFiles.nameZ("cpu.stat");
    private static final byte[] MEMORY_CURRENT = RawFiles.nameZ("memory.current");
    private static final byte[] MEMORY_PEAK = RawFiles.nameZ("memory.peak");
    private static final byte[] IO_STAT = RawFiles.nameZ("io.stat");
    private static final byte[] CPU_PRESSURE = RawFiles.nameZ("cpu.pressure");
    private static final byte[] MEMORY_PRESSURE = RawFiles.nameZ("memory.pressure");
    private static final byte[] IO_PRESSURE = RawFiles.nameZ("io.pressure");
    private static final byte[] MEMORY_USAGE = RawFiles.nameZ("memory.usage_in_bytes");
    private static final byte[] MEMORY_MAX_USAGE = RawFiles.nameZ("memory.max_usage_in_bytes");
    private static final byte[] BLKIO_BYTES = RawFiles.nameZ("blkio.throttle.io_service_bytes_recursive");
    private static final Map<CpuCounter, byte[]> CPUACCT = Map.of(
            CpuCounter.USAGE_USEC, RawFiles.nameZ(CpuCounter.USAGE_USEC.cpuacctFile()),
            CpuCounter.USER_USEC, RawFiles.nameZ(CpuCounter.USER_USEC.cpuacctFile()),
            CpuCounter.SYSTEM_USEC, RawFiles.nameZ(CpuCounter.SYSTEM_USEC.cpuacctFile()));

    /** One cgroup, kept from read to read while its directory is there. */
    static final class Group {
        final String path;
        final long inode;
        final long[] now = new long[CgroupField.NAMED];
        final long[] before = new long[CgroupField.NAMED];
        long firstRead;
        long lastRead;
        int index;
        /** The read on which it last was among the first 2N of a list (or entered). */
        long qualified;
        boolean covered;
        String[] keys;

        Group(String path, long inode) {
            this.path = path;
            this.inode = inode;
            Arrays.fill(now, -1);
            Arrays.fill(before, -1);
        }

        /** Starts read {@code read}: the values of the previous read become {@code before}; unread ones are -1. */
        void next(long read) {
            if (lastRead == read - 1 && lastRead > 0) {
                System.arraycopy(now, 0, before, 0, now.length);
            } else {
                Arrays.fill(before, -1);
            }
            Arrays.fill(now, -1);
            if (firstRead == 0) {
                firstRead = read;
            }
            lastRead = read;
        }

        void set(CgroupField f, long v) {
            now[f.ordinal()] = v;
        }

        /** The growth of counter {@code f} since the previous read, or -1 when either read lacks it (or it restarted). */
        long delta(CgroupField f) {
            long a = before[f.ordinal()];
            long b = now[f.ordinal()];
            return a < 0 || b < a ? -1 : b - a;
        }
    }
}
