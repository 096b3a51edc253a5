package dev.tickbench.core.cgroup;

import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/** Copies a fixture tree from {@code src/test/resources/cgroup/<name>} into a temp dir, so tests can rewrite it. */
final class Fixtures {
    static final String V2_UID = "1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d";
    static final String V2_CID = "3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a19";
    static final String V2_POD =
            "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod" + V2_UID.replace('-', '_') + ".slice";
    static final String V2_LEAF = V2_POD + "/cri-containerd-" + V2_CID + ".scope";
    static final String V1_POD = "/kubepods/burstable/pod8d7c6b5a-4f3e-2d1c-0b9a-887766554433";
    static final String V1_LEAF = V1_POD + "/ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12";

    private Fixtures() {}

    static Path copy(String name, Path target) {
        try {
            Path source = Path.of(Fixtures.class.getResource("/cgroup/" + name).toURI());
            try (Stream<Path> all = Files.walk(source)) {
                for (Path p : (Iterable<Path>) all::iterator) {
                    Path dest = target.resolve(source.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(dest);
                    } else {
                        Files.copy(p, dest, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static SystemRoots roots(Path tree) {
        return SystemRoots.of(tree.resolve("proc"), tree.resolve("sys"));
    }

    /** The directory of a cgroup path in a v2 fixture tree. */
    static Path v2(Path tree, String path) {
        return tree.resolve("sys/fs/cgroup" + path);
    }

    static Path v1(Path tree, String path) {
        return tree.resolve("sys/fs/cgroup/cpu,cpuacct" + path);
    }

    static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String stat2(long usage, long periods, long throttled, long throttledUs) {
        return "usage_usec " + usage + "\nuser_usec " + usage * 7 / 10 + "\nsystem_usec " + (usage - usage * 7 / 10)
                + "\nnr_periods " + periods + "\nnr_throttled " + throttled + "\nthrottled_usec " + throttledUs
                + "\nnr_bursts 0\nburst_usec 0\n";
    }

    static String stat1(long periods, long throttled, long throttledNs) {
        return "nr_periods " + periods + "\nnr_throttled " + throttled + "\nthrottled_time " + throttledNs
                + "\nnr_bursts 0\nburst_time 0\n";
    }
}
