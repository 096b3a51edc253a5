package dev.tickbench.app.walk;

import dev.tickbench.core.cgroup.PathWalk;
import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/**
 * sampler-core's k8s-v2-systemd fixture tree copied to a temp dir, and a walk window that rewrites the
 * pod's and the container's cpu.stat between the two reads (the pod throttles, the container does not).
 */
public final class CgroupFixture {
    static final Path SOURCE = Path.of(System.getProperty("user.dir"))
            .resolve("../sampler-core/src/test/resources/cgroup/k8s-v2-systemd")
            .normalize();
    public static final String UID = "1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d";
    public static final String POD =
            "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod" + UID.replace('-', '_') + ".slice";
    public static final String LEAF =
            POD + "/cri-containerd-3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a19.scope";
    public static final long WINDOW_NS = 2_000_000_000L;

    private final Path tree;
    private int window;

    public CgroupFixture(Path tree) throws IOException {
        this.tree = tree;
        try (Stream<Path> all = Files.walk(SOURCE)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path dest = tree.resolve(SOURCE.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(p, dest, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    public SystemRoots roots() {
        return SystemRoots.of(tree.resolve("proc"), tree.resolve("sys"));
    }

    /**
     * Each window: the pod runs 20 more periods, 18 of them throttled, 1.5 s throttled time; the
     * container uses 0.9 s of CPU and never throttles itself. "Takes" exactly 2 s.
     */
    public PathWalk.Window podThrottles() {
        return w -> {
            window++;
            write(
                    POD,
                    stat(
                            400_000_000L + window * 900_000L,
                            5000 + window * 20L,
                            1200 + window * 18L,
                            90_000_000L + window * 1_500_000L));
            write(LEAF, stat(399_000_000L + window * 900_000L, 0, 0, 0));
            return WINDOW_NS;
        };
    }

    private void write(String cgroup, String text) {
        try {
            Files.writeString(tree.resolve("sys/fs/cgroup" + cgroup).resolve("cpu.stat"), text);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    public static String stat(long usage, long periods, long throttled, long throttledUs) {
        return "usage_usec " + usage + "\nuser_usec " + usage * 7 / 10 + "\nsystem_usec " + (usage - usage * 7 / 10)
                + "\nnr_periods " + periods + "\nnr_throttled " + throttled + "\nthrottled_usec " + throttledUs
                + "\nnr_bursts 0\nburst_usec 0\n";
    }
}
