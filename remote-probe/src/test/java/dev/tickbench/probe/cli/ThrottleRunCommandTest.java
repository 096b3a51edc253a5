package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code throttle run} with real shell tasks on the real /proc. */
class ThrottleRunCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path tasks(List<String> lines) throws IOException {
        Path f = dir.resolve("tasks.txt");
        Files.write(f, lines);
        return f;
    }

    private static JsonNode runJson(Path tasks, int ceiling) throws IOException {
        ProbeRun r = ProbeRun.of(
                "throttle", "run", "--ceiling", String.valueOf(ceiling), "--tasks", tasks.toString(), "--json");
        assertEquals("", r.err());
        JsonNode report = JSON.readTree(r.out());
        assertEquals(0, r.exit(), r.out());
        return report;
    }

    /** The effective the timeline had in force at {@code t} (1 before the first sample). */
    private static int effectiveAt(JsonNode report, double t) {
        int e = 1;
        for (JsonNode s : report.get("timeline")) {
            if (s.get("t_s").asDouble() <= t) {
                e = s.get("effective").asInt();
            }
        }
        return e;
    }

    /**
     * From the recorded start/end times alone: when each task started, the tasks running (itself
     * included) were no more than the effective in force then, and never more than the ceiling. The
     * count only grows at starts, so checking every start checks every instant.
     */
    private static void assertNeverAboveEffective(JsonNode report, int ceiling) {
        List<double[]> spans = new ArrayList<>();
        for (JsonNode t : report.get("tasks")) {
            spans.add(new double[] {t.get("start_s").asDouble(), t.get("end_s").asDouble()});
        }
        for (JsonNode t : report.get("tasks")) {
            double start = t.get("start_s").asDouble();
            long running =
                    spans.stream().filter(s -> s[0] <= start && start < s[1]).count();
            int effective = effectiveAt(report, start);
            assertEquals(effective, t.get("effective_at_start").asInt(), "line " + t.get("line"));
            assertTrue(
                    running <= effective,
                    "line " + t.get("line") + " started with " + running + " running while effective was " + effective);
            assertTrue(running <= ceiling);
        }
    }

    @Test
    void aNoIoBatchGrowsToTheCeilingAtTheDoublingSpread() throws IOException {
        int ceiling = 3;
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            lines.add("sleep 1");
        }
        JsonNode report = runJson(tasks(lines), ceiling);
        assertEquals(16, report.get("tasks").size());
        for (JsonNode t : report.get("tasks")) {
            assertEquals(0, t.get("exit").asInt());
            assertTrue(t.get("duration_s").asDouble() >= 1.0, t.toString());
        }
        assertNeverAboveEffective(report, ceiling);
        assertEquals(ceiling, report.get("peak_concurrency").asInt(), report.toString());
        assertFalse(report.get("interrupted").asBoolean());
        // growth is 2 s after the start, then 4 s after that (docs/throttle.md: the grow spread doubles)
        double firstTwo = -1;
        double firstThree = -1;
        for (JsonNode s : report.get("timeline")) {
            int e = s.get("effective").asInt();
            if (e >= 2 && firstTwo < 0) {
                firstTwo = s.get("t_s").asDouble();
            }
            if (e >= 3 && firstThree < 0) {
                firstThree = s.get("t_s").asDouble();
            }
        }
        assertTrue(firstTwo >= 2.0, "grew to 2 at " + firstTwo);
        assertTrue(firstThree >= firstTwo + 4.0 - 0.1, "grew to 3 at " + firstThree + " after 2 at " + firstTwo);
    }

    @Test
    void diskHeavyAndIdleTasksNeverExceedTheEffectiveLimit() throws IOException {
        // O_DIRECT does not work on tmpfs: write under the build directory, which is on a real disk here
        Path io = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "throttle-io");
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            lines.add("dd if=/dev/zero of=" + io.resolve("f" + i) + " bs=4k count=5000 oflag=direct,dsync 2>/dev/null");
            lines.add("sleep 1");
        }
        JsonNode report = runJson(tasks(lines), 4);
        for (JsonNode t : report.get("tasks")) {
            assertEquals(0, t.get("exit").asInt(), t.toString());
        }
        for (int i = 0; i < 4; i++) {
            assertEquals(5000L * 4096, Files.size(io.resolve("f" + i)), "dd wrote its file");
            Files.delete(io.resolve("f" + i));
        }
        Files.delete(io);
        assertNeverAboveEffective(report, 4);
        double maxIowait = 0;
        for (JsonNode s : report.get("timeline")) {
            maxIowait = Math.max(maxIowait, s.get("iowait").asDouble());
        }
        System.out.println("throttle run with dd: peak concurrency " + report.get("peak_concurrency") + ", max iowait "
                + maxIowait + " %, timeline " + report.get("timeline"));
    }

    @Test
    void theTableNamesEveryTaskWithItsExitCode() throws IOException {
        Path f = tasks(List.of("# comment", "", "true", "exit 3"));
        ProbeRun r = ProbeRun.of("throttle", "run", "--ceiling", "2", "--tasks", f.toString());
        assertEquals(1, r.exit(), "a failed task makes the run fail");
        String[] out = r.out().split("\\R");
        assertEquals(" line  exit  start(s)    end(s)   duration  command", out[0]);
        assertTrue(out[1].matches("\\s+3\\s+0\\s+[0-9.]+\\s+[0-9.]+\\s+[0-9.]+  true"), out[1]);
        assertTrue(out[2].matches("\\s+4\\s+3\\s+[0-9.]+\\s+[0-9.]+\\s+[0-9.]+  exit 3"), out[2]);
        assertTrue(out[3].startsWith("2 of 2 tasks ran, 1 failed; at most 1 at once"), out[3]);
    }

    @Test
    void aMissingOrEmptyTasksFileIsOneLine() throws IOException {
        Path missing = dir.resolve("none.txt");
        ProbeRun r = ProbeRun.of("throttle", "run", "--ceiling", "2", "--tasks", missing.toString());
        assertEquals(1, r.exit());
        assertEquals(
                "tickbench-probe throttle run: --tasks " + missing + ": no such file\n",
                r.err().replace(System.lineSeparator(), "\n"));
        Path empty = tasks(List.of("# nothing", ""));
        r = ProbeRun.of("throttle", "run", "--ceiling", "2", "--tasks", empty.toString());
        assertEquals(1, r.exit());
        assertEquals(
                "tickbench-probe throttle run: --tasks " + empty + ": no tasks in it (one shell command per line)\n",
                r.err().replace(System.lineSeparator(), "\n"));
    }

    @Test
    void ctrlCStopsStartingTasksAndWaitsForTheRunningOne() throws Exception {
        Path started = dir.resolve("started");
        Path done = dir.resolve("done");
        Path release = dir.resolve("release");
        // the first task runs until the test releases it, after the probe has taken the Ctrl-C
        Path f = tasks(List.of(
                "touch " + started + "; while [ ! -e " + release + " ]; do sleep 0.05; done; touch " + done,
                "touch " + dir.resolve("second"),
                "touch " + dir.resolve("third")));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // env --default-signal=INT: a build started in the background by a script (`mvn verify &`)
        // hands SIGINT down ignored, and a JVM that finds SIGINT ignored keeps it so (no Ctrl-C hook)
        Process probe = new ProcessBuilder(
                        "env",
                        "--default-signal=INT",
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        ProbeMain.class.getName(),
                        "throttle",
                        "run",
                        "--ceiling",
                        "1",
                        "--tasks",
                        f.toString(),
                        "--json")
                .redirectError(dir.resolve("stderr.txt").toFile())
                .start();
        Waits.until("the first task to start", () -> Files.exists(started));
        Process kill = new ProcessBuilder("kill", "-INT", String.valueOf(probe.pid())).start();
        assertTrue(kill.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS), "kill -INT did not return");
        assertEquals(0, kill.exitValue());
        // the JVM runs the Ctrl-C hook on its own thread (comm is cut to 15 characters)
        Waits.until(
                "the probe to take the Ctrl-C (its throttle-run-ctrl-c hook thread)",
                () -> hasThread(probe, "throttle-run-ct"));
        Files.createFile(release);
        int exit = Waits.exit("the probe after the running task", probe);
        String out = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(ThrottleRunCommand.EXIT_INTERRUPTED, exit, out);
        assertTrue(Files.exists(done), "the running task ran to completion");
        assertFalse(Files.exists(dir.resolve("second")), "no new task after Ctrl-C");
        JsonNode report = JSON.readTree(out);
        assertTrue(report.get("interrupted").asBoolean());
        JsonNode first = report.get("tasks").get(0);
        assertEquals(0, first.get("exit").asInt());
        assertTrue(first.get("duration_s").asDouble() > 0, first.toString());
        assertTrue(report.get("tasks").get(1).get("start_s").isNull(), "not started: null, not 0");
        assertTrue(report.get("tasks").get(2).get("exit").isNull());
    }

    @Test
    void whenIowaitTurnsRedNoNewTaskStartsBeyondTheLoweredLimit() throws Exception {
        // A fixture /proc/stat that this test advances like the kernel would (10 ticks every 100 ms): idle
        // until two tasks run at once (the throttle grew to the ceiling; each task leaves a file when it
        // starts and one when it ends), then all iowait. The runner and its tasks are real. The switch
        // follows the runner's own progress, not the clock, and enough tasks remain for the throttle's
        // seconds to push back however slowly a loaded machine runs them.
        Path proc = Files.createDirectories(dir.resolve("proc"));
        Path started = Files.createDirectories(dir.resolve("started"));
        Path ended = Files.createDirectories(dir.resolve("ended"));
        Path stat = proc.resolve("stat");
        long[] idleAndIowait = {1000, 0};
        Runnable write = () -> {
            try {
                Files.writeString(stat, "cpu  100 0 100 " + idleAndIowait[0] + " " + idleAndIowait[1] + " 0 0 0 0 0\n");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        write.run();
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            lines.add("touch " + started.resolve("task" + i) + "; sleep 0.5; touch " + ended.resolve("task" + i));
        }
        Path f = tasks(lines);
        ProbeRun[] result = new ProbeRun[1];
        Thread runner = new Thread(() -> result[0] = ProbeRun.of(
                "throttle",
                "run",
                "--ceiling",
                "2",
                "--tasks",
                f.toString(),
                "--proc-root",
                proc.toString(),
                "--json"));
        runner.start();
        boolean heavy = false;
        while (runner.isAlive()) {
            if (!heavy) {
                try (Stream<Path> a = Files.list(started);
                        Stream<Path> b = Files.list(ended)) {
                    heavy = a.count() - b.count() >= 2;
                }
            }
            idleAndIowait[heavy ? 1 : 0] += 10;
            write.run();
            runner.join(100);
        }
        assertEquals(0, result[0].exit(), result[0].err());
        JsonNode report = JSON.readTree(result[0].out());
        assertNeverAboveEffective(report, 2);
        double droppedAt = -1;
        int previous = 1;
        for (JsonNode s : report.get("timeline")) {
            int e = s.get("effective").asInt();
            if (previous == 2 && e == 1 && droppedAt < 0) {
                droppedAt = s.get("t_s").asDouble();
                assertEquals("RED", s.get("zone").asText());
            }
            previous = e;
        }
        assertTrue(droppedAt > 0, "the throttle pushed back: " + report.get("timeline"));
        double drop = droppedAt;
        List<double[]> after = new ArrayList<>();
        for (JsonNode t : report.get("tasks")) {
            if (t.get("start_s").asDouble() > drop) {
                after.add(new double[] {
                    t.get("start_s").asDouble(), t.get("end_s").asDouble()
                });
            }
        }
        assertTrue(after.size() >= 2, "some tasks started after the throttle");
        after.sort((a, b) -> Double.compare(a[0], b[0]));
        for (int i = 1; i < after.size(); i++) {
            assertTrue(after.get(i)[0] >= after.get(i - 1)[1], "after the throttle tasks ran one at a time");
        }
    }

    /**
     * A ceiling of 0 pauses (docs/throttle.md): the runner starts nothing while it holds, and starts the
     * tasks once the ceiling file raises it. Checked on the report's own record of when each ceiling was
     * in force, not on how long anything took.
     */
    @Test
    void aCeilingOfZeroStartsNothingUntilTheCeilingFileRaisesIt() throws Exception {
        Path ceilingFile = dir.resolve("ceiling");
        Files.writeString(ceilingFile, "0\n");
        Path f = tasks(
                List.of("touch " + dir.resolve("one"), "touch " + dir.resolve("two"), "touch " + dir.resolve("three")));
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        int[] exit = {-1};
        Thread runner = new Thread(() -> exit[0] = ProbeMain.run(
                new String[] {
                    "throttle",
                    "run",
                    "--ceiling",
                    "0",
                    "--ceiling-file",
                    ceilingFile.toString(),
                    "--tasks",
                    f.toString(),
                    "--json"
                },
                new java.io.PrintWriter(out, true),
                new java.io.PrintWriter(err, true)));
        runner.start();
        Waits.until("the runner to say it is paused", () -> err.toString().contains("paused"));
        assertFalse(Files.exists(dir.resolve("one")), "nothing starts at ceiling 0");
        // the file is re-read a second after the start at the earliest: a task started at ceiling 0 would
        // show a start_s before that rise
        Path next = dir.resolve("ceiling.new");
        Files.writeString(next, "2\n");
        Files.move(
                next,
                ceilingFile,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        runner.join(Waits.DEADLINE.toMillis());
        assertFalse(runner.isAlive(), "the runner did not finish after the ceiling rose");
        assertEquals(0, exit[0], err.toString());
        JsonNode report = JSON.readTree(out.toString());
        JsonNode ceilings = report.get("ceilings");
        assertEquals(0, ceilings.get(0).get("ceiling").asInt(), ceilings.toString());
        assertEquals(0.0, ceilings.get(0).get("t_s").asDouble());
        double rose = ceilings.get(1).get("t_s").asDouble();
        assertTrue(rose >= 1.0, "the ceiling file is re-read once a second: " + ceilings);
        assertEquals(2, ceilings.get(1).get("ceiling").asInt());
        for (JsonNode t : report.get("tasks")) {
            assertEquals(0, t.get("exit").asInt(), t.toString());
            assertTrue(
                    t.get("start_s").asDouble() >= rose, "task " + t + " started before the ceiling rose at " + rose);
        }
        for (JsonNode s : report.get("timeline")) {
            if (s.get("t_s").asDouble() < rose) {
                assertEquals(0, s.get("effective").asInt(), s.toString());
                assertEquals(0, s.get("ceiling").asInt(), s.toString());
            }
        }
        assertTrue(err.toString().contains("ceiling 2 (from " + ceilingFile + ")"), err.toString());
        ProbeRun refused = ProbeRun.of("throttle", "run", "--ceiling", "0", "--tasks", f.toString());
        assertEquals(2, refused.exit());
        assertTrue(refused.err().contains("--ceiling-file"), refused.err());
    }

    /** True when a thread of {@code p} has this comm (the first 15 characters of its Java name). */
    private static boolean hasThread(Process p, String comm) {
        try (var tasks = Files.list(Path.of("/proc", Long.toString(p.pid()), "task"))) {
            return tasks.anyMatch(t -> {
                try {
                    return Files.readString(t.resolve("comm")).strip().equals(comm);
                } catch (IOException threadEnded) {
                    return false;
                }
            });
        } catch (IOException processEnded) {
            return false;
        }
    }
}
