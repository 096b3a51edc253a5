package dev.tickbench.core.cgroup;

import dev.tickbench.core.source.Presence;
import dev.tickbench.core.source.Pressure;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.core.source.TextScanner;
import dev.tickbench.core.who.KeyBudget;
import dev.tickbench.core.who.KeyText;
import dev.tickbench.core.who.RawFiles;
import dev.tickbench.core.who.TopTable;
import dev.tickbench.core.who.WhoConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code cgroups}: every cgroup of the CPU hierarchy (v1 {@code cpu}, else the unified v2 one), read at the
 * table's cadence: CPU usage and throttling ({@code cpu.stat}, v1 {@code cpuacct}), memory now and at its
 * peak, I/O bytes, and pressure stall times; the stream carries the cgroups among the first N by CPU over
 * the last interval or by memory, under {@code <path>|<field>}, and the rest summed under
 * {@code rest|<field>} (docs/who.md, FORMAT.md). On a hybrid host each value is read at the same path in
 * the hierarchy that has it: {@code cpuacct}, {@code memory} and {@code blkio} v1 mounts, pressure in the
 * unified one. The files are parsed as {@code cgroup_cpu} and the {@code pressure} source parse theirs
 * ({@link CpuCounter}, {@link Pressure#total}).
 *
 * <p>The tree is kept from read to read and walked breadth first (a parent before its children), each
 * directory listed once a read: a steady tree allocates nothing (indexed loops: the probe runs C1 code,
 * which keeps an iterator on the heap), only a cgroup that comes (its node) or is named (its keys). A cgroup is its path and its directory's inode: one removed and made again under
 * the same path is another (its counters restarted), named at the earliest on its second read, so that
 * no delta is taken across the two. The root is not a candidate (its values are the machine's, in stat
 * and meminfo); the rest is what the cgroups that are neither named nor hold a named one add up to, each
 * counted once with everything under it: the root's own processes and those of a cgroup above a named one
 * are in neither.
 */
public final class CgroupTable extends TopTable {
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
    private static final CpuCounter[] ACCT = {CpuCounter.USAGE_USEC, CpuCounter.USER_USEC, CpuCounter.SYSTEM_USEC};
    private static final Comparator<Group> BY_PATH = Comparator.comparing(g -> g.path);

    private final TextScanner scanner = new TextScanner();
    private CgroupVersion version;
    private byte[] primary;
    private byte[] cpuacct;
    private byte[] memory;
    private byte[] blkio;
    private byte[] unified;
    private String hierarchy;
    /** Where a directory's full path is put together: a mount's path and a cgroup's. */
    private byte[] pathBuffer = new byte[512];

    private final long[] io = new long[2];

    /** The root, and the cgroups visited on the last read, parents first. */
    private final Group root = new Group(null, new byte[0], new byte[0], 0);

    private final List<Group> order = new ArrayList<>();
    private List<Group> named = new ArrayList<>();
    private List<Group> nextNamed = new ArrayList<>();
    private final List<Group> entering = new ArrayList<>();
    private long[] cpu = new long[64];
    private long[] mem = new long[64];
    private final long[] restTotals = new long[CgroupField.ALL.length];
    private long unnamed;
    /** The midpoint of the last walk, ns since the origin: the rest's read time. */
    private long walkNs;
    /** The walk stopped at {@link #MAX_CGROUPS} once: said once, in the log. */
    private boolean cut;

    private static final Logger LOG = LoggerFactory.getLogger(CgroupTable.class);

    public CgroupTable(SystemRoots roots, WhoConfig config) {
        super(
                roots,
                config,
                new KeyBudget(BUDGET_SERIES, BUDGET_BYTES),
                REST,
                Arrays.stream(CgroupField.ALL).map(CgroupField::key).toList());
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    protected Presence openTable() {
        try {
            Mounts mounts = Mounts.read(roots);
            CgroupMount m = mounts.cpuHierarchy();
            version = m.version();
            primary = bytes(m.mountPoint().toString());
            hierarchy = m.mountPoint().toString();
            if (version == CgroupVersion.V1) {
                cpuacct = m.cpuacct()
                        ? primary
                        : mounts.cpuacctV1()
                                .map(a -> bytes(a.mountPoint().toString()))
                                .orElse(null);
                memory = mounts.v1("memory")
                        .map(a -> bytes(a.mountPoint().toString()))
                        .orElse(null);
                blkio = mounts.v1("blkio")
                        .map(a -> bytes(a.mountPoint().toString()))
                        .orElse(null);
                unified = mounts.unified()
                        .map(a -> bytes(a.mountPoint().toString()))
                        .orElse(null);
            }
        } catch (CgroupException e) {
            return Presence.absent(e.getMessage());
        }
        int fd = openIn(primary, root);
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
        long start = System.nanoTime();
        walk();
        walkNs = midpointSince(start);
        choose();
        fill();
    }

    /** Visits the hierarchy breadth first, reading every cgroup but the root; a cgroup not found is dropped. */
    private void walk() throws IOException {
        order.clear();
        order.add(root);
        for (int i = 0; i < order.size(); i++) {
            Group g = order.get(i);
            int fd = openIn(primary, g);
            if (fd < 0) {
                if (g == root) {
                    throw new IOException("cannot open " + hierarchy + " (errno " + raw.lastErrno() + ")");
                }
                g.lastRead = -1; // removed since its parent was listed
                continue;
            }
            try {
                if (g != root) {
                    readGroup(g, fd);
                }
                list(fd, g);
            } finally {
                RawFiles.close(fd);
            }
        }
    }

    /** Lists a cgroup's directories: each a child found again (same name and inode) or a new one. */
    private void list(int fd, Group parent) {
        raw.list(fd);
        while (raw.nextEntry()) {
            int type = raw.entryType();
            if (type != DT_DIR && type != DT_UNKNOWN) {
                continue;
            }
            if (order.size() >= MAX_CGROUPS) {
                if (!cut) {
                    LOG.warn(
                            "{}: more than {} cgroups under {}: the rest are not read (nor in the rest's sums)",
                            NAME,
                            MAX_CGROUPS,
                            hierarchy);
                }
                cut = true;
                break;
            }
            byte[] b = raw.entryBytes();
            Group child = parent.child(b, raw.entryStart(), raw.entryEnd(), raw.entryInode());
            if (child == null) {
                child = parent.add(Arrays.copyOfRange(b, raw.entryStart(), raw.entryEnd()), raw.entryInode());
            }
            child.listed = reads;
            order.add(child);
        }
        parent.dropUnlisted(reads); // removed, or made again (another inode): its node goes
    }

    /** The directory {@code mount + g's path}, or -1. */
    private int openIn(byte[] mount, Group g) {
        int n = mount.length + g.rawPath.length;
        if (pathBuffer.length < n) {
            pathBuffer = new byte[Math.max(n, pathBuffer.length * 2)];
        }
        System.arraycopy(mount, 0, pathBuffer, 0, mount.length);
        System.arraycopy(g.rawPath, 0, pathBuffer, mount.length, g.rawPath.length);
        return raw.openDir(pathBuffer, n);
    }

    private void readGroup(Group g, int fd) {
        g.next(reads);
        long before = System.nanoTime();
        boolean stat = scan(fd, CPU_STAT);
        g.set(CgroupField.READ_NS, midpointSince(before));
        if (stat) {
            byte[] b = scanner.bytes();
            while (scanner.nextLine()) {
                if (!scanner.nextToken()) {
                    continue;
                }
                CpuCounter c = CpuCounter.of(b, scanner.tokenStart(), scanner.tokenEnd(), version);
                CgroupField f = c == null ? null : CgroupField.of(c);
                if (f != null && scanner.nextToken() && scanner.tokenIsNumber()) {
                    g.set(f, c.normalise(scanner.tokenLong(), version));
                }
            }
        }
        if (version == CgroupVersion.V2) {
            g.set(CgroupField.MEMORY_BYTES, number(fd, MEMORY_CURRENT));
            g.set(CgroupField.MEMORY_PEAK_BYTES, number(fd, MEMORY_PEAK));
            io(g, fd, IO_STAT, false);
            pressure(g, fd);
            return;
        }
        if (cpuacct != null) {
            int acct = cpuacct == primary ? fd : openIn(cpuacct, g);
            for (CpuCounter c : ACCT) {
                long ns = acct < 0 ? -1 : number(acct, CPUACCT[c.ordinal()]);
                g.set(CgroupField.of(c), ns < 0 ? -1 : ns / 1000);
            }
            if (acct != fd) {
                RawFiles.close(acct);
            }
        }
        if (memory != null) {
            int m = openIn(memory, g);
            g.set(CgroupField.MEMORY_BYTES, m < 0 ? -1 : number(m, MEMORY_USAGE));
            g.set(CgroupField.MEMORY_PEAK_BYTES, m < 0 ? -1 : number(m, MEMORY_MAX_USAGE));
            RawFiles.close(m);
        }
        if (blkio != null) {
            int b = openIn(blkio, g);
            if (b >= 0) {
                io(g, b, BLKIO_BYTES, true);
                RawFiles.close(b);
            }
        }
        if (unified != null) {
            int u = openIn(unified, g);
            if (u >= 0) {
                pressure(g, u);
                RawFiles.close(u);
            }
        }
    }

    /** Reads a file into the scanner; false when it cannot be read. */
    private boolean scan(int dir, byte[] nameZ) {
        int n = raw.read(dir, nameZ);
        if (n < 0) {
            return false;
        }
        scanner.reset(raw.bytes(), n);
        return true;
    }

    private void pressure(Group g, int fd) {
        psi(g, fd, CPU_PRESSURE, CgroupField.CPU_SOME_USEC, CgroupField.CPU_FULL_USEC);
        psi(g, fd, MEMORY_PRESSURE, CgroupField.MEMORY_SOME_USEC, CgroupField.MEMORY_FULL_USEC);
        psi(g, fd, IO_PRESSURE, CgroupField.IO_SOME_USEC, CgroupField.IO_FULL_USEC);
    }

    private void psi(Group g, int fd, byte[] file, CgroupField some, CgroupField full) {
        if (!scan(fd, file)) {
            return;
        }
        while (scanner.nextLine()) {
            if (scanner.nextToken()) {
                CgroupField f = scanner.tokenIs("some") ? some : scanner.tokenIs("full") ? full : null;
                if (f != null) {
                    g.set(f, Pressure.total(scanner));
                }
            }
        }
    }

    private void io(Group g, int fd, byte[] file, boolean v1) {
        if (scan(fd, file)) {
            IoBytes.parse(scanner, v1, io);
            g.set(CgroupField.IO_READ_BYTES, io[0]);
            g.set(CgroupField.IO_WRITE_BYTES, io[1]);
        }
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
        return TextScanner.isNumber(b, 0, end) ? TextScanner.parseLong(b, 0, end) : -1;
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
        int n = order.size();
        if (cpu.length < n) {
            cpu = new long[Math.max(n, cpu.length * 2)];
            mem = new long[cpu.length];
        }
        ranks.begin(n);
        for (int i = 0; i < n; i++) {
            Group g = order.get(i);
            boolean here = g != root && g.lastRead == reads;
            cpu[i] = here ? Math.max(0, g.delta(CgroupField.USAGE_USEC)) : 0;
            mem[i] = here ? Math.max(0, g.now[CgroupField.MEMORY_BYTES.ordinal()]) : 0;
            g.index = i;
        }
        ranks.rank(cpu);
        ranks.rank(mem);
        nextNamed.clear();
        for (int i = 0; i < named.size(); i++) {
            Group g = named.get(i);
            boolean here = g.keys != null && g.lastRead == reads;
            if (here && ranks.stays(g.index)) {
                g.qualified = reads;
            }
            if (here && ranks.held(g.qualified, reads)) {
                nextNamed.add(g);
            } else {
                g.keys = null;
            }
        }
        unnamed = 0;
        entering.clear();
        for (int i = 1; i < n; i++) {
            Group g = order.get(i);
            if (g.keys == null && g.lastRead == reads && ranks.enters(i) && g.firstRead < reads) {
                entering.add(g);
            }
        }
        entering.sort(BY_PATH); // new keys in path order, not the listing's
        for (int i = 0; i < entering.size(); i++) {
            Group g = entering.get(i);
            if (name(g)) {
                g.qualified = reads;
                nextNamed.add(g);
            } else {
                unnamed++;
            }
        }
        ranks.cap(nextNamed, 2, x -> x.qualified, x -> x.keys = null);
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
        for (int i = 0; i < named.size(); i++) {
            Group g = named.get(i);
            for (CgroupField f : CgroupField.ALL) {
                if (f.named() && g.now[f.ordinal()] >= 0) {
                    long before = g.before[f.ordinal()];
                    table.put(g.keys[f.ordinal()], g.now[f.ordinal()], f.level(), before < 0 ? NO_BASELINE : before);
                }
            }
        }
        // parents come before their children: a backward pass marks the ones holding a named cgroup, a
        // forward one the ones under a named cgroup
        for (int i = 0; i < order.size(); i++) {
            order.get(i).holdsNamed = false;
        }
        for (int i = order.size() - 1; i >= 1; i--) {
            Group g = order.get(i);
            if (g.keys != null || g.holdsNamed) {
                g.parent.holdsNamed = true;
            }
        }
        long cgroups = 0;
        long memorySum = 0;
        boolean memoryKnown = false;
        for (int i = 1; i < order.size(); i++) {
            Group g = order.get(i);
            Group p = g.parent;
            g.covered = p != root && (p.keys != null || p.covered);
            g.rest = g.lastRead == reads && g.keys == null && !g.holdsNamed && !g.covered;
            if (!g.rest) {
                continue;
            }
            cgroups++;
            if (p != root && p.rest) {
                continue; // counted with its parent
            }
            for (CgroupField f : CgroupField.ALL) {
                if (f.rest() && f.named() && !f.level() && f != CgroupField.READ_NS) {
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
                case READ_NS -> walkNs; // the rest's sums are of one walk: its midpoint
                case UNNAMED -> unnamed;
                default -> restTotals[f.ordinal()];
            };
            if (v >= 0) {
                table.put(restKeys[f.ordinal()], v, f.level(), NO_BASELINE);
            }
        }
    }

    @Override
    protected void attributes(Map<String, Object> a) {
        if (hierarchy != null) {
            a.put("hierarchy", hierarchy);
            a.put("version", version.number());
        }
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
    /** The cpuacct file of each usage counter, by its ordinal. */
    private static final byte[][] CPUACCT = new byte[CpuCounter.values().length][];

    static {
        for (CpuCounter c : ACCT) {
            CPUACCT[c.ordinal()] = RawFiles.nameZ(c.cpuacctFile());
        }
    }

    /** One cgroup, kept from read to read while its directory is there. */
    static final class Group {
        final Group parent;
        /** Its directory's name, and its path from the mount ({@code /a/b}), as the kernel's bytes. */
        final byte[] name;

        final byte[] rawPath;
        /** Its path as a key ({@link #key}). */
        final String path;

        final long inode;
        final List<Group> children = new ArrayList<>();
        final long[] now = new long[CgroupField.NAMED];
        final long[] before = new long[CgroupField.NAMED];
        long firstRead;
        long lastRead;
        long listed;
        int index;
        /** The read on which it last was among the first 2N of a list (or entered). */
        long qualified;

        boolean holdsNamed;
        boolean covered;
        boolean rest;
        String[] keys;

        Group(Group parent, byte[] name, byte[] rawPath, long inode) {
            this.parent = parent;
            this.name = name;
            this.rawPath = rawPath;
            this.path = parent == null ? "/" : key(rawPath);
            this.inode = inode;
            Arrays.fill(now, -1);
            Arrays.fill(before, -1);
        }

        /** The child named {@code b[start, end)} with this inode, or null. */
        Group child(byte[] b, int start, int end, long ino) {
            for (int i = 0; i < children.size(); i++) {
                Group c = children.get(i);
                if (c.inode == ino && Arrays.equals(c.name, 0, c.name.length, b, start, end)) {
                    return c;
                }
            }
            return null;
        }

        Group add(byte[] childName, long ino) {
            byte[] p = Arrays.copyOf(rawPath, rawPath.length + 1 + childName.length);
            p[rawPath.length] = '/';
            System.arraycopy(childName, 0, p, rawPath.length + 1, childName.length);
            Group c = new Group(this, childName, p, ino);
            children.add(c);
            return c;
        }

        /** Drops the children this read's listing did not find (with all under them: no longer walked). */
        void dropUnlisted(long read) {
            for (int i = children.size() - 1; i >= 0; i--) {
                if (children.get(i).listed != read) {
                    children.remove(i);
                }
            }
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
