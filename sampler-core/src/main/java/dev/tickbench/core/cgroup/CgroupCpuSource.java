package dev.tickbench.core.cgroup;

import dev.tickbench.core.cadence.CadenceRule;
import dev.tickbench.core.source.KernelBound;
import dev.tickbench.core.source.KernelFile;
import dev.tickbench.core.source.Presence;
import dev.tickbench.core.source.Source;
import dev.tickbench.core.source.SourceKind;
import dev.tickbench.core.source.TextScanner;
import dev.tickbench.core.source.ValueTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code cgroup_cpu}: every level's cpu.stat counters, keys {@code <level path>|<counter>}, cumulative
 * µs (v1 ns normalised); the sampler turns them into per-tick deltas (reason {@code rate}).
 *
 * <p>Each level also carries {@code <level path>|read_ns}: when its counters were read (the midpoint of
 * the clock read just before its {@code cpu.stat} and just after its last counter file, ns since the
 * source opened), so its delta is the time between this level's two reads. The derived usage and
 * throttled time divide by it rather than by the tick's {@code dt_ns}: the levels are read after every
 * other source of the tick, and a busy machine delays them by a varying few ms, which over a 1 s window
 * read 2.05–2.10 CPUs on a 2-CPU machine (docs/derived-series.md).
 *
 * <p>A level removed mid-run (a pod deleted, a container restarted) loses its keys from that read on
 * and is not reopened; the other levels keep going. Keys are built once per level and counter, so a
 * steady read allocates nothing.
 */
public final class CgroupCpuSource implements Source {
    public static final String NAME = "cgroup_cpu";
    /** The per-level key of the counters' read time (ns): a timing, not a kernel counter. */
    public static final String READ_NS = "read_ns";
    /** {@link CpuCounter#values()} once: the per-tick loops allocate nothing. */
    private static final CpuCounter[] COUNTERS = CpuCounter.values();

    private final CgroupTarget target;
    private final ValueTable values = new ValueTable();
    private final TextScanner scanner = new TextScanner();
    private final List<LevelFiles> levels = new ArrayList<>();
    /** The clock's origin for {@code read_ns}: the values stay positive and small. */
    private final long originNs = System.nanoTime();

    /** The kept-open files of one level and its precomputed keys, by {@link CpuCounter#ordinal()}. */
    private static final class LevelFiles {
        final CgroupLevel level;
        final String[] keys = new String[CpuCounter.values().length];
        final String readKey;
        /** One attempt's counters, and the attempt kept (the narrowest read), by {@link CpuCounter#ordinal()}. */
        final long[] read = new long[CpuCounter.values().length];

        final boolean[] readHas = new boolean[CpuCounter.values().length];
        final long[] kept = new long[CpuCounter.values().length];
        final boolean[] keptHas = new boolean[CpuCounter.values().length];
        long readNs;
        KernelFile stat;
        final KernelFile[] acct = new KernelFile[CpuCounter.values().length];
        boolean gone;

        LevelFiles(CgroupLevel level) {
            this.level = level;
            for (CpuCounter c : CpuCounter.values()) {
                keys[c.ordinal()] = level.path() + "|" + c.key();
            }
            readKey = level.path() + "|" + READ_NS;
        }
    }

    public CgroupCpuSource(CgroupTarget target) {
        this.target = target;
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
        return new CadenceRule.EveryTick();
    }

    @Override
    public Presence open() {
        for (CgroupLevel level : target.levels()) {
            LevelFiles f = new LevelFiles(level);
            f.stat = openOrNull(level.dir().resolve("cpu.stat"));
            if (target.version() == CgroupVersion.V1) {
                Path acctDir = level.acctDir() != null ? level.acctDir() : level.dir();
                for (CpuCounter c : CpuCounter.values()) {
                    if (c.cpuacctFile() != null) {
                        f.acct[c.ordinal()] = openOrNull(acctDir.resolve(c.cpuacctFile()));
                    }
                }
            }
            if (f.stat != null) {
                levels.add(f);
            }
        }
        if (levels.isEmpty()) {
            return Presence.absent("no cpu.stat at " + target.dir() + " or its ancestors");
        }
        read();
        return Presence.PRESENT;
    }

    private static KernelFile openOrNull(Path p) {
        try {
            return KernelFile.open(p, KernelBound.ATTRIBUTE);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    @Override
    public void read() {
        values.begin();
        for (LevelFiles f : levels) {
            if (f.gone) {
                continue;
            }
            if (!readLevel(f)) {
                f.gone = true;
                closeQuietly(f);
            }
        }
    }

    /**
     * False when the level's cgroup was removed: an open cgroupfs file of a removed cgroup fails with
     * ENODEV (measured on this kernel), so no per-tick existence check is needed. A read bracketed more
     * widely than {@link LevelReader#TIGHT_NS} (preempted in it) is taken again, up to
     * {@link LevelReader#ATTEMPTS} times, and the narrowest one is kept: its midpoint is the level's
     * {@code read_ns}.
     */
    private boolean readLevel(LevelFiles f) {
        long span = Long.MAX_VALUE;
        for (int attempt = 0; attempt < LevelReader.ATTEMPTS && span > LevelReader.TIGHT_NS; attempt++) {
            long before = System.nanoTime();
            if (!readCounters(f)) {
                return false;
            }
            long after = System.nanoTime();
            if (after - before < span) {
                span = after - before;
                f.readNs = before + span / 2 - originNs;
                System.arraycopy(f.read, 0, f.kept, 0, f.read.length);
                System.arraycopy(f.readHas, 0, f.keptHas, 0, f.readHas.length);
            }
        }
        for (CpuCounter c : COUNTERS) {
            if (f.keptHas[c.ordinal()]) {
                values.put(f.keys[c.ordinal()], f.kept[c.ordinal()]);
            }
        }
        values.put(f.readKey, f.readNs);
        return true;
    }

    /** One read of the level's counter files into {@code f.read}; false when the cgroup is gone. */
    private boolean readCounters(LevelFiles f) {
        java.util.Arrays.fill(f.readHas, false);
        try {
            if (f.stat.read() == 0) {
                return false;
            }
        } catch (IOException e) {
            return false;
        }
        CgroupVersion v = target.version();
        TextScanner s = scanner.reset(f.stat);
        byte[] b = s.bytes();
        while (s.nextLine()) {
            if (!s.nextToken()) {
                continue;
            }
            CpuCounter c = CpuCounter.of(b, s.tokenStart(), s.tokenEnd(), v);
            if (c != null && s.nextToken() && s.tokenIsNumber()) {
                f.read[c.ordinal()] = c.normalise(s.tokenLong(), v);
                f.readHas[c.ordinal()] = true;
            }
        }
        for (CpuCounter c : COUNTERS) {
            KernelFile a = f.acct[c.ordinal()];
            try {
                if (a != null && a.read() > 0) {
                    f.read[c.ordinal()] = TextScanner.parseLong(a.bytes(), 0, a.length()) / 1000;
                    f.readHas[c.ordinal()] = true;
                }
            } catch (IOException e) {
                // cpuacct unreadable this tick: its keys are missing from this read, not zero
            }
        }
        return true;
    }

    @Override
    public ValueTable values() {
        return values;
    }

    /** The levels still read (leaf first); a removed level drops out. */
    public List<String> levelPaths() {
        List<String> paths = new ArrayList<>();
        for (LevelFiles f : levels) {
            if (!f.gone) {
                paths.add(f.level.path());
            }
        }
        return paths;
    }

    @Override
    public Map<String, Object> attributes() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("target", target.path());
        a.put("version", target.version().number());
        a.put("levels", levelPaths());
        return a;
    }

    @Override
    public void close() {
        for (LevelFiles f : levels) {
            closeQuietly(f);
        }
    }

    private static void closeQuietly(LevelFiles f) {
        try {
            if (f.stat != null) {
                f.stat.close();
            }
            for (KernelFile a : f.acct) {
                if (a != null) {
                    a.close();
                }
            }
        } catch (IOException e) {
            // closing a removed cgroup's file: nothing left to release
        }
    }
}
