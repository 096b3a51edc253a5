package dev.tickbench.probe.container;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The podman of Debian 12, run as root with its own storage under the build directory (nothing of
 * the machine's own images or containers is touched). The configuration that works on a fresh VM
 * (documented in jpackage/image/README.md):
 * <ul>
 * <li>storage: {@code overlay}, {@code --root} in the build directory, {@code --runroot}/{@code --tmpdir} in /tmp;
 * <li>runtime: {@code runc} — crun 1.8 refuses a cgroup v1/v2 hybrid host whose v2 hierarchy has a
 *     controller ("cgroups in hybrid mode not supported"), runc handles it;
 * <li>cgroup manager: {@code cgroupfs} (no systemd as PID 1 needed); events to a file, not journald;
 * <li>{@code --ulimit nofile=4096:4096 --ulimit nproc=4096:4096} on every container: podman raises
 *     both limits for root by default, which fails where the caller lacks CAP_SYS_RESOURCE (this VM);
 * <li>network: podman's default bridge (CNI, Debian's containernetworking-plugins) with the port
 *     published on 127.0.0.1 only.
 * </ul>
 */
final class Podman implements AutoCloseable {
    static final List<String> ULIMITS = List.of("--ulimit", "nofile=4096:4096", "--ulimit", "nproc=4096:4096");

    private final Path executable;
    private final Path dir;
    /** runroot and tmpdir: podman refuses a runroot longer than 50 characters (socket paths), so /tmp. */
    private final Path runDir;

    private final List<String> containers = new ArrayList<>();

    Podman(Path executable, Path dir) throws IOException {
        this.executable = executable;
        this.dir = Files.createDirectories(dir);
        this.runDir = Files.createTempDirectory("tb-podman");
    }

    /** The result of one podman call: exit code and output (stdout and stderr together). */
    record Result(int exit, String out) {
        Result ok(String what) {
            if (exit != 0) {
                throw new AssertionError(what + ": podman exited " + exit + ":\n" + out);
            }
            return this;
        }
    }

    List<String> base() {
        return List.of(
                executable.toString(),
                "--root",
                dir.resolve("root").toString(),
                "--runroot",
                runDir.resolve("run").toString(),
                "--tmpdir",
                runDir.resolve("tmp").toString(),
                "--storage-driver",
                "overlay",
                "--runtime",
                "runc",
                "--cgroup-manager",
                "cgroupfs",
                "--events-backend",
                "file");
    }

    Result run(long timeoutSeconds, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(base());
        cmd.addAll(List.of(args));
        Path log = Files.createTempFile(dir, "podman", ".log");
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("podman " + String.join(" ", args) + " did not finish in " + timeoutSeconds
                    + " s:\n" + Files.readString(log, StandardCharsets.UTF_8));
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        Files.delete(log);
        return new Result(p.exitValue(), out);
    }

    /** {@code podman run --rm} of a one-shot command; the container's output. */
    Result runOnce(List<String> options, List<String> command) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("run", "--rm"));
        args.addAll(ULIMITS);
        args.addAll(options);
        args.addAll(command);
        return run(120, args.toArray(String[]::new));
    }

    /** {@code podman run -d}: a named container removed again by {@link #close()}. */
    String start(String name, List<String> options, List<String> command) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("run", "-d", "--name", name));
        args.addAll(ULIMITS);
        args.addAll(options);
        args.addAll(command);
        containers.add(name);
        return run(120, args.toArray(String[]::new))
                .ok("podman run -d " + name)
                .out()
                .trim();
    }

    String logs(String name) throws IOException, InterruptedException {
        return run(30, "logs", name).out();
    }

    @Override
    public void close() throws IOException, InterruptedException {
        for (String c : containers) {
            run(60, "rm", "-f", "-t", "2", c);
        }
        // the images go too, so that no overlay mount is left under target/ (mvn clean deletes the rest)
        run(120, "rmi", "--all", "--force");
        try (var paths = Files.walk(runDir)) {
            paths.sorted(java.util.Comparator.reverseOrder())
                    .forEach(p -> p.toFile().delete());
        }
    }
}
