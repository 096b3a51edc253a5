package dev.tickbench.core.who;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The process table in a real session of this machine, on processes the test makes: a memory hog is named
 * with the memory it touched, and its exit comes as a {@code proc} line; a fork storm's children are
 * counted in the rest (started, exited) while the named set stays bounded. (A busy loop's CPU, against its
 * cgroup's own count, is {@code WhoCgroupOnThisMachineTest}.) Every child is ended in the test's clean-up.
 */
class WhoOnThisMachineTest {
    private static final long MIB = 1 << 20;

    @Test
    void aMemoryHogIsNamedWithTheMemoryItTouchedAndItsExitIsAnEvent() throws Exception {
        Path javaBin = Path.of(System.getProperty("java.home"), "bin", "java");
        Process hog = new ProcessBuilder(
                        javaBin.toString(),
                        "-Xmx320m",
                        "-XX:+UseSerialGC",
                        "-XX:TieredStopAtLevel=1",
                        "-cp",
                        System.getProperty("java.class.path"),
                        Hog.class.getName(),
                        "memory",
                        "200")
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        try (Watch w = new Watch()) {
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(hog.getInputStream(), StandardCharsets.UTF_8));
            CompletableFuture<String> ready = CompletableFuture.supplyAsync(() -> {
                try {
                    return out.readLine();
                } catch (java.io.IOException e) {
                    return e.toString();
                }
            });
            assertEquals("ready", ready.get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS));
            long pid = hog.pid();
            Waits.until(
                    () -> "the hog (pid " + pid + ") named with its 200 MiB: " + w.prefixOf(pid),
                    Duration.ofMillis(200),
                    () -> {
                        String p = w.prefixOf(pid);
                        Long rss = p == null ? null : w.level("procs." + p + "|rss");
                        return rss != null && rss >= 200 * MIB;
                    });
            String prefix = w.prefixOf(pid);
            assertTrue(prefix.startsWith("java/" + pid + "@"), prefix);
            assertEquals((long) 'S', w.level("procs." + prefix + "|state"), "it waits on its stdin");
            assertTrue(w.level("procs." + prefix + "|threads") >= 2, "a JVM has threads");
            hog.getOutputStream().close();
            assertEquals(0, Waits.exit("the hog", hog));
            Waits.until(
                    () -> "the hog's exit as a proc line: " + w.events(),
                    Duration.ofMillis(200),
                    () -> w.events().stream()
                            .anyMatch(e -> e.path("event").asText().equals("exit")
                                    && e.path("pid").asLong() == pid));
            JsonNode exit = w.events().stream()
                    .filter(e -> e.path("pid").asLong() == pid)
                    .findFirst()
                    .orElseThrow();
            assertEquals("java", exit.path("comm").asText());
            assertEquals(prefix, exit.path("key").asText());
            assertTrue(exit.path("seen_mono_ns").asLong() < exit.path("mono_ns").asLong(), exit.toString());
        } finally {
            Waits.kill(hog);
        }
    }

    @Test
    void aForkStormIsCountedInTheRestWhileTheNamedSetStaysBounded() throws Exception {
        Path sh = Prerequisites.tool("sh", "dash");
        Process storm = null;
        try (Watch w = new Watch()) {
            Waits.until("two reads of the table", () -> w.tableReads() >= 2);
            long startedBefore = orZero(w.sum("procs.rest|started"));
            long exitedBefore = orZero(w.sum("procs.rest|exited"));
            // 300 children that each live 6 s: seen by the 2 Hz reads even when a read comes late, then gone
            storm = new ProcessBuilder(
                            sh.toString(), "-c", "i=0; while [ $i -lt 300 ]; do sleep 6 & i=$((i+1)); done; wait")
                    .redirectErrorStream(true)
                    .start();
            Process s = storm;
            // a child that ranked in the top N by CPU on its first read is named: its start and exit are proc lines
            Waits.until(
                    () -> "300 children started: " + started(w, startedBefore),
                    Duration.ofMillis(200),
                    () -> started(w, startedBefore) >= 300);
            assertEquals(0, Waits.exit("the fork storm", s));
            Waits.until(
                    () -> "300 children exited: " + exited(w, exitedBefore),
                    Duration.ofMillis(200),
                    () -> exited(w, exitedBefore) >= 300);
            int bound = 3 * 2 * Watch.WHO.top();
            assertTrue(w.mostNamed() <= bound, "a sample named " + w.mostNamed() + " processes, more than " + bound);
            assertTrue(
                    w.namedEver() < 300,
                    "the storm's children were not named one by one: " + w.namedEver() + " in all");
        } finally {
            if (storm != null) {
                storm.descendants().forEach(ProcessHandle::destroyForcibly);
                Waits.kill(storm);
            }
        }
    }

    private static long started(Watch w, long before) {
        return orZero(w.sum("procs.rest|started")) - before + events(w, "start");
    }

    private static long exited(Watch w, long before) {
        return orZero(w.sum("procs.rest|exited")) - before + events(w, "exit");
    }

    /** The proc lines of the storm's children (named {@code sleep}, or {@code sh} before their exec). */
    private static long events(Watch w, String kind) {
        return w.events().stream()
                .filter(e -> e.path("event").asText().equals(kind))
                .filter(e -> e.path("comm").asText().equals("sleep")
                        || e.path("comm").asText().equals("sh"))
                .count();
    }

    private static long orZero(Long v) {
        return v == null ? 0 : v;
    }
}
