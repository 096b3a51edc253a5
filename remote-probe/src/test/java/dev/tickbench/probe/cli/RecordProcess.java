package dev.tickbench.probe.cli;

import dev.tickbench.testkit.Waits;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/**
 * {@code tickbench-probe record --trigger … --dir DIR} as a real child JVM, its stderr collected line
 * by line so that a test can wait for what it says (ready, fired, saved), and stopped with SIGTERM as
 * an operator would.
 */
final class RecordProcess implements AutoCloseable {
    final Path dir;
    private final Process process;
    private final List<String> stderr = new CopyOnWriteArrayList<>();
    private final Thread reader;

    private RecordProcess(Path dir, Process process) {
        this.dir = dir;
        this.process = process;
        Thread t = new Thread(
                () -> {
                    try (BufferedReader r = new BufferedReader(
                            new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                        for (String line; (line = r.readLine()) != null; ) {
                            stderr.add(line);
                        }
                    } catch (IOException ended) {
                        // the child ended
                    }
                },
                "record-stderr");
        t.setDaemon(true);
        t.start();
        this.reader = t;
    }

    /** Starts {@code record ARGS --dir DIR} and waits until the ring holds its pre-trigger time. */
    static RecordProcess start(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                ProbeMain.class.getName(),
                "record",
                "--dir",
                dir.toString()));
        cmd.addAll(List.of(args));
        RecordProcess p = new RecordProcess(
                dir,
                new ProcessBuilder(cmd)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                        .start());
        try {
            p.await("the ring to hold its pre-trigger time", "ready: the ring holds");
        } catch (AssertionError | RuntimeException e) {
            p.close(); // the caller's try-with-resources never got it: left running, it would sample on for good
            throw e;
        }
        return p;
    }

    /** Waits for a stderr line containing {@code text}, as long as the child works towards it; returns it. */
    String await(String what, String text) {
        return Waits.forChildValue(what + " (stderr so far: " + stderr + ")", process.toHandle(), () -> {
            for (String l : stderr) {
                if (l.contains(text)) {
                    return l;
                }
            }
            if (!process.isAlive()) {
                throw new AssertionError("record ended (" + process.exitValue() + ") before " + what + ": " + stderr);
            }
            return null;
        });
    }

    List<String> stderr() {
        return List.copyOf(stderr);
    }

    /** The finished captures in the directory (renamed into place), by name. */
    List<Path> captures() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".ndjson.gz")
                            && !p.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList();
        }
    }

    /**
     * SIGTERM, as an operator stops it; returns its exit status (143, the JVM's after SIGTERM, once the
     * shutdown hook has closed what was open) when its stderr has been read to the end.
     */
    int stop() throws InterruptedException {
        process.toHandle().destroy(); // SIGTERM; Process.destroy() would also close our end of its stderr
        int status = Waits.exit("record after SIGTERM", process);
        reader.join(Waits.DEADLINE.toMillis());
        return status;
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            Waits.stop(process);
        }
    }
}
