package dev.tickbench.testkit;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A real small file system for a test that needs one to fill: a tmpfs of a few MiB mounted on a
 * directory of the test's (root; {@link Prerequisites} when it cannot be mounted, so it fails under
 * CI=true), filled on demand, unmounted on close (lazily when a descriptor still holds it: the leak a
 * test reports, yet the machine is left as it was).
 */
public final class SmallTmpfs implements AutoCloseable {
    private final Path dir;

    private SmallTmpfs(Path dir) {
        this.dir = dir;
    }

    /** Mounts a tmpfs of {@code size} (mount's syntax: {@code 2m}) on {@code dir}, made if need be. */
    public static SmallTmpfs mount(Path dir, String size) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", dir.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(mount.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        Prerequisites.require(
                Waits.exit("mount", mount) == 0, "cannot mount a small tmpfs (needs root): " + out.trim());
        return new SmallTmpfs(dir);
    }

    public Path dir() {
        return dir;
    }

    /** Writes the file {@code name} until the file system has no room left; returns it. */
    public Path fill(String name) {
        Path f = dir.resolve(name);
        byte[] block = new byte[64 << 10];
        try (OutputStream o = Files.newOutputStream(f)) {
            while (true) {
                o.write(block);
            }
        } catch (IOException full) {
            return f; // no space left on the device: what was wanted
        }
    }

    /** The files in it, by name. */
    public List<Path> files() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    /** The open descriptors of process {@code pid} on files in it (this JVM's: {@code ProcessHandle.current().pid()}). */
    public List<String> descriptorsOf(long pid) throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", String.valueOf(pid), "fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith(dir + "/")) {
                        out.add(fd.getFileName() + " -> " + target);
                    }
                } catch (IOException closedMeanwhile) {
                    // the listing's own descriptor, or one closed since
                }
            }
        }
        return out;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (Waits.exit("umount", new ProcessBuilder("umount", dir.toString()).start()) != 0) {
            Waits.exit("umount -l", new ProcessBuilder("umount", "-l", dir.toString()).start());
        }
    }
}
