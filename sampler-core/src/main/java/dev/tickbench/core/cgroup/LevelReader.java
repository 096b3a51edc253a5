package dev.tickbench.core.cgroup;

import dev.tickbench.core.source.KernelBound;
import dev.tickbench.core.source.KernelFile;
import dev.tickbench.core.source.TextScanner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Reads one level's files (the walk and the limits re-read; the per-tick counters use kept-open files
 * in {@link CgroupCpuSource}). A missing or unreadable file is a null field, never 0.
 *
 * <p>The counters' read is timed: the clock is read just before {@code cpu.stat} and just after the
 * last counter file (v1's {@code cpuacct.usage}), and the reading carries the midpoint, so a walk
 * divides each level's growth by the time between that level's own two reads (docs/walk.md). A read
 * that took longer than {@link #TIGHT_NS} (the thread was preempted in it, or a cold JVM loaded
 * classes) leaves its midpoint unsure by half that: it is taken again, up to {@link #ATTEMPTS} times,
 * and the reading with the narrowest bracket is kept.
 */
public final class LevelReader {
    /** A counters' read bracketed more narrowly than this is timed well enough (its midpoint ±50 µs). */
    public static final long TIGHT_NS = 100_000;
    /** Reads of one level's counters at most, when they keep taking longer than {@link #TIGHT_NS}. */
    public static final int ATTEMPTS = 4;

    private final CgroupVersion version;
    private final LongSupplier clock;

    public LevelReader(CgroupVersion version) {
        this(version, System::nanoTime);
    }

    /** @param clock the monotonic nanoseconds the counters' reads are timed with */
    public LevelReader(CgroupVersion version, LongSupplier clock) {
        this.version = version;
        this.clock = clock;
    }

    /** The level's reading, or null when its directory no longer exists (the cgroup was removed). */
    public LevelReading read(CgroupLevel level) {
        Object key = dirKey(level.dir());
        if (key == NO_DIR) {
            return null;
        }
        LevelLimits limits = readLimits(level);
        CpuStat stat = null;
        long readNs = 0;
        long span = Long.MAX_VALUE;
        for (int attempt = 0; attempt < ATTEMPTS && span > TIGHT_NS; attempt++) {
            long before = clock.getAsLong();
            CpuStat s = readStat(level);
            long after = clock.getAsLong();
            if (after - before < span) {
                stat = s;
                span = after - before;
                readNs = before + span / 2;
            }
        }
        String psi = text(level.dir().resolve("cpu.pressure"));
        if (!Files.isDirectory(level.dir())) {
            return null; // removed while we read it: the files read as missing, which would be a lie
        }
        return new LevelReading(level, limits, stat, psi == null ? null : Psi.parse(psi), key, readNs);
    }

    private static final Object NO_DIR = new Object();

    /** The directory's file key (device + inode), null when the file system has none, NO_DIR when it is gone. */
    private static Object dirKey(Path dir) {
        try {
            BasicFileAttributes a = Files.readAttributes(dir, BasicFileAttributes.class);
            return a.isDirectory() ? a.fileKey() : NO_DIR;
        } catch (IOException e) {
            return NO_DIR;
        }
    }

    public LevelLimits readLimits(CgroupLevel level) {
        Path d = level.dir();
        if (version == CgroupVersion.V2) {
            String max = text(d.resolve("cpu.max"));
            return new LevelLimits(
                    level.path(),
                    max == null ? null : parseCpuMax(max),
                    number(d.resolve("cpu.max.burst")),
                    toInt(number(d.resolve("cpu.weight"))),
                    null);
        }
        Long quota = number(d.resolve("cpu.cfs_quota_us"));
        Long period = number(d.resolve("cpu.cfs_period_us"));
        // v1 writes "no limit" as -1; a period without its quota says nothing about the limit
        CpuMax max = quota == null ? null : new CpuMax(quota < 0 ? null : quota, period);
        return new LevelLimits(
                level.path(), max, number(d.resolve("cpu.cfs_burst_us")), null, number(d.resolve("cpu.shares")));
    }

    /** cpu.stat (+ v1 cpuacct usage); null when the level has no cpu.stat at all. */
    public CpuStat readStat(CgroupLevel level) {
        String text = text(level.dir().resolve("cpu.stat"));
        if (text == null) {
            return null;
        }
        Map<CpuCounter, Long> values = parseStat(text, version);
        if (version == CgroupVersion.V1) {
            for (CpuCounter c : CpuCounter.values()) {
                if (c.cpuacctFile() != null) {
                    Path dir = level.acctDir() != null ? level.acctDir() : level.dir();
                    Long ns = number(dir.resolve(c.cpuacctFile()));
                    if (ns != null) {
                        values.put(c, ns / 1000);
                    }
                }
            }
        }
        return new CpuStat(values);
    }

    /** Parses {@code name value} lines of cpu.stat into normalised counters (µs). */
    static Map<CpuCounter, Long> parseStat(String text, CgroupVersion version) {
        Map<CpuCounter, Long> values = new EnumMap<>(CpuCounter.class);
        byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
        TextScanner s = new TextScanner().reset(b, b.length);
        while (s.nextLine()) {
            if (!s.nextToken()) {
                continue;
            }
            CpuCounter c = CpuCounter.of(b, s.tokenStart(), s.tokenEnd(), version);
            if (c != null && s.nextToken() && s.tokenIsNumber()) {
                values.put(c, c.normalise(s.tokenLong(), version));
            }
        }
        return values;
    }

    /** v2 {@code cpu.max}: {@code "max 100000"} or {@code "50000 100000"}; null when malformed. */
    static CpuMax parseCpuMax(String text) {
        String[] f = text.trim().split("\\s+");
        try {
            Long quota = f[0].equals("max") ? null : Long.parseLong(f[0]);
            Long period = f.length > 1 ? Long.parseLong(f[1]) : null;
            return new CpuMax(quota, period);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A cgroup control file's text (at most {@link KernelBound#ATTRIBUTE}), or null when it cannot be read. */
    static String text(Path file) {
        try {
            return new String(KernelFile.readAll(file, KernelBound.ATTRIBUTE), StandardCharsets.ISO_8859_1);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static Long number(Path file) {
        String t = text(file);
        if (t == null) {
            return null;
        }
        try {
            return Long.parseLong(t.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Integer toInt(Long v) {
        return v == null ? null : Math.toIntExact(v);
    }
}
