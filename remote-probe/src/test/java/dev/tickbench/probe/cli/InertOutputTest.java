package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 30 item 5: a process started with {@code exec -a $'\e[2J…'}, or a cgroup named with escape
 * sequences, showed raw in {@code procs} and {@code walk} and could forge rows and the verdict line. Both
 * tables now show such names escaped: no control or format character reaches the terminal.
 */
public class InertOutputTest {
    /** Clears the screen, returns to the line's start, writes a fake row, turns the rest around. */
    public static final String EVIL = "\u001b[2J\r    1  fake-row \u001b]0;owned\u0007\u202e";

    /** Starts {@code sleep} with {@code argv0} as its name (bash's exec -a), until closed. */
    public static Process evilProcess(String argv0) throws IOException {
        Process p = new ProcessBuilder("bash", "-c", "exec -a \"$0\" sleep 600", argv0).start();
        Waits.until("the renamed process runs", () -> {
            try {
                return Files.readString(Path.of("/proc/" + p.pid() + "/cmdline"))
                        .startsWith(argv0);
            } catch (IOException e) {
                return false;
            }
        });
        return p;
    }

    /** No control or format character but the newline ending each line. */
    public static void assertInert(String out) {
        for (int i = 0; i < out.length(); i++) {
            char c = out.charAt(i);
            assertTrue(
                    c == '\n' || !Character.isISOControl(c) && Character.getType(c) != Character.FORMAT,
                    "raw character " + (int) c + " at " + i + " in: " + out);
        }
    }

    @Test
    void procsShowsAHostileCommandLineEscaped() throws Exception {
        Process p = evilProcess(EVIL);
        try {
            ProbeRun r = ProbeRun.of("procs");
            assertEquals(0, r.exit(), r.err());
            assertInert(r.out());
            String row = r.out()
                    .lines()
                    .filter(l -> l.contains("fake-row"))
                    .findFirst()
                    .orElseThrow();
            // the leading ESC is the name's own: kept, escaped (the 40 characters end before the BEL)
            assertTrue(row.trim().startsWith(p.pid() + "  \\x1b[2J\\x0d    1  fake-row \\x1b]0;owned…"), row);
            assertFalse(r.out().lines().anyMatch(l -> l.startsWith("    1  fake-row")), "a forged row");
        } finally {
            p.destroy();
            p.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
        }
    }

    @Test
    void procsJsonCarriesABidiOverrideAndAC1ControlEscaped() throws Exception {
        String argv0 = "tb-\u202egnp.exe\u009b[2J\u007f";
        Process p = evilProcess(argv0);
        try {
            ProbeRun r = ProbeRun.of("procs", "--json");
            assertEquals(0, r.exit(), r.err());
            assertInert(r.out());
            assertTrue(
                    r.out().toLowerCase(java.util.Locale.ROOT).contains("\"tb-\\u202egnp.exe\\u009b[2j\\u007f 600\""),
                    "escaped in the JSON text");
            String command = null;
            for (com.fasterxml.jackson.databind.JsonNode row : new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(r.out())
                    .path("processes")) {
                command = row.path("pid").asLong() == p.pid()
                        ? row.path("command").asText()
                        : command;
            }
            assertEquals(argv0 + " 600", command, "parsed back, the name as it is");
        } finally {
            p.destroy();
            p.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
        }
    }

    @Test
    void walkShowsAHostileCgroupNameEscaped() throws Exception {
        try (RealCgroups cg = RealCgroups.create()) {
            String name = "tickbench-evil-\u001b[2J\rverdict: fake\u202e";
            Path dir = cg.parent.resolve(name);
            Files.createDirectory(dir);
            try {
                ProbeRun r = ProbeRun.of("walk", "--cgroup", cg.parentPath + "/" + name, "--window", "100ms");
                assertEquals(0, r.exit(), r.err());
                assertInert(r.out());
                assertTrue(r.out().contains("tickbench-evil-\\x1b[2J\\x0dverdict: fake\\u202e"), r.out());
                List<String> verdicts =
                        r.out().lines().filter(l -> l.startsWith("verdict:")).toList();
                assertEquals(1, verdicts.size(), r.out());
            } finally {
                RealCgroups.rmdir(dir);
            }
        }
    }
}
