package dev.tickbench.probe.cli;

import dev.tickbench.testkit.Boards;
import dev.tickbench.testkit.Waits;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Predicate;

/** Fixture boards shared with sampler-core, and ways to run the probe in-process or as a real process. */
public final class Fixtures {
    private Fixtures() {}

    public static Path board(String name) {
        return Boards.dir(name);
    }

    public static String[] roots(String board) {
        return Boards.rootArgs(board);
    }

    /** Runs one probe command line in this JVM. */
    public static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = ProbeMain.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }

    public record Result(int code, String out, String err) {}

    /** Starts the probe as a real process (a JVM on the test class path). */
    public static Process start(List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(ProbeMain.class.getName());
        cmd.addAll(args);
        return new ProcessBuilder(cmd).start();
    }

    /**
     * The first {@code max} lines the process writes (fewer if it ends first). A probe that goes quiet
     * fails the test ({@link Waits#untilChild}: slow is waited for, stuck is not) and is killed instead of
     * hanging it.
     */
    public static List<String> lines(Process p, int max) throws InterruptedException {
        return lines(p, l -> true, max);
    }

    /** Lines up to and including the {@code max}th one that {@code counted} accepts (fewer if the process ends). */
    public static List<String> lines(Process p, Predicate<String> counted, int max) throws InterruptedException {
        List<String> out = new CopyOnWriteArrayList<>();
        FutureTask<List<String>> read = new FutureTask<>(() -> {
            BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String l;
            for (int n = 0; n < max && (l = r.readLine()) != null; ) {
                out.add(l);
                if (counted.test(l)) {
                    n++;
                }
            }
            return new ArrayList<>(out);
        });
        Thread reader = new Thread(read, "probe-stdout");
        reader.setDaemon(true);
        reader.start();
        try {
            Waits.untilChild(
                    () -> "the probe to write " + max + " lines (it wrote " + out.size() + ")",
                    p.toHandle(),
                    read::isDone);
        } catch (AssertionError e) {
            p.destroyForcibly();
            throw e;
        }
        try {
            return read.get();
        } catch (ExecutionException e) {
            throw new AssertionError("reading the probe's output failed", e.getCause());
        }
    }
}
