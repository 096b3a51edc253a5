package dev.tickbench.core.cgroup;

import dev.tickbench.core.cadence.CadenceRule;
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
 * <p>A level removed mid-run (a pod deleted, a container restarted) loses its keys from that read on
 * and is not reopened; the other levels keep going. Keys are built once per level and counter, so a
 * steady read allocates nothing.
 */
public final class CgroupCpuSource implements Source {
    public static final String NAME = "cgroup_cpu";

    private final CgroupTarget target;
    private final ValueTable values = new ValueTable();
    private final TextScanner scanner = new TextScanner();
    private final List<LevelFiles> levels = new ArrayList<>();

    /** The kept-open files of one level and its precomputed keys, by {@link CpuCounter#ordinal()}. */
    private static final class LevelFiles {
        final CgroupLevel level;
        final String[] keys = new String[CpuCounter.values().length];
        KernelFile stat;
        final KernelFile[] acct = new KernelFile[CpuCounter.values().length];
        boolean gone;

        LevelFiles(CgroupLevel level) {
            this.level = level;
            for (CpuCounter c : CpuCounter.values()) {
                keys[c.ordinal()] = level.path() + "|" + c.key();
            }
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
            return KernelFile.open(p);
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
     * ENODEV (measured on this kernel), so no per-tick existence check is needed.
     */
    private boolean readLevel(LevelFiles f) {
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
                values.put(f.keys[c.ordinal()], c.normalise(s.tokenLong(), v));
            }
        }
        for (CpuCounter c : CpuCounter.values()) {
            KernelFile a = f.acct[c.ordinal()];
            try {
                if (a != null && a.read() > 0) {
                    values.put(f.keys[c.ordinal()], TextScanner.parseLong(a.bytes(), 0, a.length()) / 1000);
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
