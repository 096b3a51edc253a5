package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.Boards;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The trigger flags' usage errors: exit 2 with the column of a bad expression, nothing started (docs/triggers.md). */
class TriggerCliTest {
    @TempDir
    Path dir;

    @Test
    void aBadExpressionExitsTwoNamingItsColumnInEveryCommandThatTakesTriggers() {
        for (String command : List.of("record", "stream", "serve")) {
            List<String> args = new ArrayList<>(List.of(command, "--trigger", "cpu.iowait_pct >> 40"));
            if (!command.equals("stream")) {
                args.addAll(List.of("--dir", dir.toString()));
            }
            ProbeRun r = ProbeRun.of(args.toArray(String[]::new));
            assertEquals(2, r.exit(), command + ": " + r.err());
            List<String> lines = r.err().lines().toList();
            assertEquals(
                    "tickbench-probe: --trigger 'cpu.iowait_pct >> 40': at column 16: unknown operator '>>': use >, >=,"
                            + " <, <=, == or !=",
                    lines.get(0),
                    command);
            assertEquals("  cpu.iowait_pct >> 40", lines.get(1));
            assertEquals("                 ^", lines.get(2), "the caret under column 16");
            assertTrue(r.out().isEmpty(), "nothing started: " + r.out());
        }
        ProbeRun unknown = ProbeRun.of(
                "record", "--trigger", "kmsg ~ /x/", "--trigger", "thermal_zone0_f > 80", "--dir", dir.toString());
        assertEquals(2, unknown.exit());
        assertTrue(
                unknown.err()
                        .contains(
                                "'thermal_zone0_f > 80': at column 1: 'thermal_zone0_f' is not a series of the catalogue"),
                unknown.err());
    }

    @Test
    void aTriggeredRecordingNeedsItsDirectoryAndNoOut() {
        ProbeRun neither = ProbeRun.of("record");
        assertEquals(2, neither.exit());
        assertTrue(
                neither.err()
                        .contains("record needs --out FILE (a capture of --duration), or --trigger EXPR --dir DIR"),
                neither.err());
        ProbeRun noDir = ProbeRun.of("record", "--trigger", "kmsg ~ /x/");
        assertEquals(2, noDir.exit());
        assertTrue(noDir.err().contains("needs --trigger EXPR and --dir DIR"), noDir.err());
        ProbeRun both = ProbeRun.of(
                "record",
                "--trigger",
                "kmsg ~ /x/",
                "--dir",
                dir.toString(),
                "--out",
                dir.resolve("x.ndjson").toString());
        assertEquals(2, both.exit());
        assertTrue(both.err().contains("--out and --trigger are exclusive"), both.err());
        ProbeRun missing = ProbeRun.of(
                "record",
                "--trigger",
                "kmsg ~ /x/",
                "--dir",
                dir.resolve("nope").toString());
        assertEquals(2, missing.exit());
        assertTrue(missing.err().contains("--dir " + dir.resolve("nope") + ": no such directory"), missing.err());
        ProbeRun shortRing = ProbeRun.of(
                "record", "--trigger", "kmsg ~ /x/", "--dir", dir.toString(), "--pre", "20s", "--ring", "10s");
        assertEquals(2, shortRing.exit());
        assertTrue(shortRing.err().contains("make --ring at least --pre"), shortRing.err());
        ProbeRun badSize =
                ProbeRun.of("record", "--trigger", "kmsg ~ /x/", "--dir", dir.toString(), "--max-disk", "lots");
        assertEquals(2, badSize.exit());
        assertTrue(badSize.err().contains("'lots' is not a size"), badSize.err());
    }

    @Test
    void aRecordingWhoseTriggersCanNeverFireSaysWhyAndStopsWithStatusOne() {
        String[] roots = Boards.rootArgs(Boards.SBC);
        List<String> args =
                new ArrayList<>(List.of("record", "--trigger", "psi cpu some 150ms in 2s", "--dir", dir.toString()));
        args.addAll(List.of(roots));
        ProbeRun r = ProbeRun.of(args.toArray(String[]::new));
        assertEquals(1, r.exit(), r.err());
        assertTrue(
                r.err()
                        .contains(
                                "warning: trigger t1 (psi cpu some 150ms in 2s) can never fire here: PSI triggers watch the"
                                        + " running kernel"),
                r.err());
        assertTrue(r.err().contains("no trigger can fire on this machine"), r.err());
    }

    @Test
    void aRecordingNamesEachTriggerOnceAndSaysWhatATriggerThatNeverFiredSaw() {
        ProbeRun r = ProbeRun.of(
                "record",
                "--trigger",
                "busy: cpu.busy_pct > 100 for 1s",
                "--trigger",
                "cpu.busy_pct < 0",
                "--dir",
                dir.toString(),
                "--duration",
                "3s",
                "--rate",
                "20");
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.err().lines().toList();
        assertTrue(lines.contains("tickbench-probe record: armed busy: cpu.busy_pct > 100 for 1s"), r.err());
        assertTrue(lines.contains("tickbench-probe record: armed t1: cpu.busy_pct < 0"), r.err());
        // a share of the CPUs' time is at most 100 % and never below 0: read for 2 s once its 1 s window filled
        java.util.regex.Pattern saw =
                java.util.regex.Pattern.compile("tickbench-probe record: trigger busy did not fire:"
                        + " does not hold since \\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z: last [0-9.]+ %; seen [0-9.]+( to [0-9.]+)? %,"
                        + " held at most 0 s of 1 s");
        assertTrue(lines.stream().anyMatch(l -> saw.matcher(l).matches()), r.err());
        assertTrue(
                lines.stream()
                        .anyMatch(l -> l.startsWith(
                                "tickbench-probe record: trigger t1 did not fire: does not hold" + " since ")),
                r.err());
    }
}
