package dev.tickbench.probe.cli;

import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Real processes with command lines as long as exec takes: any user may raise their own stack limit
 * ({@code ulimit -s unlimited}), and the kernel then takes 6 MB of arguments and environment, in
 * arguments of at most 128 KiB. Each here is a {@code bash} waiting on its stdin with 44 such
 * arguments: 5.8 MB of command line. Closing ends them.
 */
public final class LongCommandLines implements AutoCloseable {
    /** 44 arguments of 131 071 bytes and their NULs, after {@code bash -c read -r _ NAME}. */
    public static final long BYTES = 44L * 131_072;

    private static final String SCRIPT = "ulimit -s unlimited && a=$(head -c 131071 /dev/zero | tr '\\0' a) && args=()"
            + " && for i in $(seq 44); do args+=(\"$a\"); done && exec bash -c 'read -r _' \"$0\" \"${args[@]}\"";

    private final List<Process> processes = new ArrayList<>();

    private LongCommandLines() {}

    /** Starts {@code n} of them, named {@code name-I} (argv[1] of the command), and waits until each has exec'd. */
    public static LongCommandLines start(int n, String name) throws IOException {
        LongCommandLines all = new LongCommandLines();
        try {
            for (int i = 0; i < n; i++) {
                ProcessBuilder pb = new ProcessBuilder("bash", "-c", SCRIPT, name + "-" + i);
                pb.environment().clear(); // the 6 MB are arguments and environment together
                pb.environment().put("PATH", "/usr/bin:/bin");
                all.processes.add(pb.redirectErrorStream(true).start());
            }
            for (Process p : all.processes) {
                Path cmdline = Path.of("/proc", Long.toString(p.pid()), "cmdline");
                Waits.until(
                        "process " + p.pid() + " has its 5.8 MB command line",
                        () -> !p.isAlive() || length(cmdline) > BYTES);
                if (!p.isAlive()) {
                    throw new IllegalStateException("a long command line could not be made: "
                            + new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
                }
            }
        } catch (IOException | RuntimeException e) {
            all.close();
            throw e;
        }
        return all;
    }

    private static long length(Path cmdline) {
        try (InputStream in = java.nio.file.Files.newInputStream(cmdline)) {
            return in.transferTo(java.io.OutputStream.nullOutputStream());
        } catch (IOException e) {
            return -1;
        }
    }

    public List<Long> pids() {
        return processes.stream().map(Process::pid).toList();
    }

    @Override
    public void close() {
        for (Process p : processes) {
            try {
                Waits.kill(p);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
        }
    }
}
