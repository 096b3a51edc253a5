package dev.tickbench.testkit;

import dev.tickbench.core.diff.CaptureDiff;
import dev.tickbench.core.diff.DiffRange;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The captures of real bursts in {@code captures/real/} (their README says how they were recorded: while
 * the cause was made on this project's VM, by remote-probe/bench/diff-bursts.sh), and the comparisons the
 * diff's tests make of them: each names the series its cause moves directly, which ranks in the top 3 in
 * the core, the probe's table and the workbench's (docs/diff.md, "Tested on real bursts").
 */
public final class RealBursts {
    /** The cgroup the busy loops ran in, without a limit. */
    public static final String BUSY_CGROUP = "/tickbench-diff-bursts";
    /** Its child, held at a quota of 10 ms per 100 ms. */
    public static final String QUOTA_CGROUP = "/tickbench-diff-bursts/quota";

    /**
     * One comparison: range A of capture {@code a} against range B of capture {@code b}, seconds since each
     * capture's first sample (null: the capture's start or end).
     */
    public record Burst(
            String name, String a, Double aFrom, Double aTo, String b, Double bFrom, Double bTo, String cause) {
        public CaptureDiff.Side sideA(Path dir) {
            return new CaptureDiff.Side(dir.resolve(a + ".ndjson.gz"), range(aFrom, aTo));
        }

        public CaptureDiff.Side sideB(Path dir) {
            return new CaptureDiff.Side(dir.resolve(b + ".ndjson.gz"), range(bFrom, bTo));
        }

        /** As {@code tickbench-probe diff} takes it: {@code DIR/middle.ndjson.gz@0..13.9}. */
        public String argA(Path dir) {
            return arg(dir, a, aFrom, aTo);
        }

        public String argB(Path dir) {
            return arg(dir, b, bFrom, bTo);
        }

        private static DiffRange range(Double from, Double to) {
            return from == null && to == null ? DiffRange.whole() : DiffRange.seconds(from, to);
        }

        private static String arg(Path dir, String file, Double from, Double to) {
            String f = dir.resolve(file + ".ndjson.gz").toString();
            return from == null && to == null
                    ? f
                    : f + "@" + (from == null ? "" : from) + ".." + (to == null ? "" : to);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static Burst pair(String name, String cause) {
        return new Burst(name, name + "-quiet", null, null, name, null, null, cause);
    }

    /** Every comparison, with the series its cause moves directly. */
    public static final List<Burst> ALL = List.of(
            pair("files", "slabinfo.dentry"),
            pair("alloc", "meminfo.AnonPages"),
            pair("busy", "cgroup." + BUSY_CGROUP + ".usage_cpus"),
            pair("forks", "stat.processes"),
            pair("quota", "cgroup." + QUOTA_CGROUP + ".usage_cpus"),
            // one capture: the fork storm starts 15 s after the recording (give or take the recorder's start)
            new Burst("middle", "middle", 0.0, 13.9, "middle", 16.0, 29.9, "stat.processes"));

    /** The capture files, as the test classpath has them. */
    public static final List<String> FILES = List.of(
            "files-quiet",
            "files",
            "alloc-quiet",
            "alloc",
            "busy-quiet",
            "busy",
            "forks-quiet",
            "forks",
            "quota-quiet",
            "quota",
            "middle");

    private RealBursts() {}

    /** For a parameterized test's {@code @MethodSource("dev.tickbench.testkit.RealBursts#all")}. */
    public static java.util.stream.Stream<Burst> all() {
        return ALL.stream();
    }

    /** Copies every capture into {@code dir} (from a directory or a jar on the classpath) and returns it. */
    public static Path copyTo(Path dir) {
        for (String f : FILES) {
            try (InputStream in = RealBursts.class.getResourceAsStream("/captures/real/" + f + ".ndjson.gz")) {
                if (in == null) {
                    throw new IllegalStateException("captures/real/" + f + ".ndjson.gz is not on the test classpath");
                }
                Files.copy(in, dir.resolve(f + ".ndjson.gz"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return dir;
    }
}
