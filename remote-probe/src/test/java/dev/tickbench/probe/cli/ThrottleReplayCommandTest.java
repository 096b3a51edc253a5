package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThrottleReplayCommandTest {
    @TempDir
    Path dir;

    private Path series(String text) throws IOException {
        Path f = dir.resolve("iowait.txt");
        Files.writeString(f, text);
        return f;
    }

    @Test
    void jsonPrintsOneObjectPerInputValue() throws IOException {
        // the i-th value (from 1) reaches the controller at i s, as live: it grows at the 2nd (2 s spread)
        Path f = series("# a throttle at t = 6\n0\n0\n0\n100\n100\n100\n100\n12.5\n");
        ProbeRun r = ProbeRun.of("throttle", "replay", "--ceiling", "4", "--input", f.toString(), "--json");
        assertEquals(0, r.exit(), r.err());
        assertEquals("""
                {"t":0,"iowait":0.0,"smoothed":0.0,"zone":"GREEN","effective":1}
                {"t":1,"iowait":0.0,"smoothed":0.0,"zone":"GREEN","effective":2}
                {"t":2,"iowait":0.0,"smoothed":0.0,"zone":"GREEN","effective":2}
                {"t":3,"iowait":100.0,"smoothed":25.0,"zone":"GREEN","effective":2}
                {"t":4,"iowait":100.0,"smoothed":40.0,"zone":"YELLOW","effective":2}
                {"t":5,"iowait":100.0,"smoothed":60.0,"zone":"YELLOW","effective":2}
                {"t":6,"iowait":100.0,"smoothed":80.0,"zone":"RED","effective":1}
                {"t":7,"iowait":12.5,"smoothed":82.5,"zone":"RED","effective":1}
                """, r.out().replace(System.lineSeparator(), "\n"));
        assertEquals("", r.err());
    }

    @Test
    void theTableIsForPeople() throws IOException {
        Path f = series("0\n0\n0\n");
        ProbeRun r = ProbeRun.of("throttle", "replay", "--ceiling", "2", "--input", f.toString());
        assertEquals(0, r.exit(), r.err());
        String[] lines = r.out().split("\\R");
        assertEquals("  t(s)  iowait% smoothed%  zone   effective", lines[0]);
        assertEquals("     2     0.00      0.00  GREEN          2", lines[3]);
        assertEquals("3 values replayed, ceiling 2: effective reached 2, 0 throttles", lines[4]);
    }

    @Test
    void aCaptureIsReplayedFromItsStatDeltas() throws IOException {
        Path f = dir.resolve("cap.ndjson");
        StringBuilder sb = new StringBuilder("{\"type\":\"hello\",\"format\":1,\"rate_hz\":2}\n");
        long mono = 10_000_000_000L;
        int[] iowait = {90, 90, 10, 10}; // per half-second sample, out of 100 ticks each
        for (int i = 0; i < iowait.length; i++) {
            mono += 500_000_000L;
            sb.append("{\"type\":\"sample\",\"seq\":")
                    .append(i + 1)
                    .append(",\"mono_ns\":")
                    .append(mono)
                    .append(",\"dt_ns\":500000000,\"stat\":{\"cpu.idle\":")
                    .append(100 - iowait[i])
                    .append(",\"cpu.iowait\":")
                    .append(iowait[i])
                    .append("}}\n");
        }
        Files.writeString(f, sb);
        ProbeRun r = ProbeRun.of("throttle", "replay", "--ceiling", "2", "--input", f.toString(), "--json");
        assertEquals(0, r.exit(), r.err());
        assertEquals("""
                {"t":0,"iowait":90.0,"smoothed":90.0,"zone":"RED","effective":1}
                {"t":1,"iowait":10.0,"smoothed":50.0,"zone":"YELLOW","effective":1}
                """, r.out().replace(System.lineSeparator(), "\n"));
    }

    @Test
    void aTruncatedCaptureReplaysWhatCameBeforeAndIsBadData() throws IOException {
        Path f = dir.resolve("cut.ndjson.gz");
        try (var gz = new java.util.zip.GZIPOutputStream(Files.newOutputStream(f))) {
            gz.write(("{\"type\":\"hello\",\"format\":1}\n"
                            + "{\"type\":\"throttle\",\"mono_ns\":5000000000,\"iowait\":45.5}\n"
                            + "{\"type\":\"throttle\",\"mono_ns\":6000000000,\"iowait\":4.5}\n"
                            + "{\"type\":\"throttle\",\"mono_n")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        ProbeRun r = ProbeRun.of("throttle", "replay", "--ceiling", "2", "--input", f.toString(), "--json");
        assertEquals(1, r.exit(), r.err());
        assertEquals("""
                {"t":0,"iowait":45.5,"smoothed":45.5,"zone":"YELLOW","effective":1}
                {"t":1,"iowait":4.5,"smoothed":25.0,"zone":"GREEN","effective":2}
                """, r.out().replace(System.lineSeparator(), "\n"));
        assertEquals(
                "tickbench-probe throttle replay: " + f
                        + " line 4: not a valid stream line (invalid JSON at byte 27); replayed the 3 lines before it\n",
                r.err().replace(System.lineSeparator(), "\n"));
    }

    @Test
    void aMissingInputIsOneLineNamingTheFile() {
        Path missing = dir.resolve("nope.txt");
        ProbeRun r = ProbeRun.of("throttle", "replay", "--ceiling", "2", "--input", missing.toString());
        assertEquals(1, r.exit());
        assertEquals(
                "tickbench-probe throttle replay: --input " + missing + ": no such file\n",
                r.err().replace(System.lineSeparator(), "\n"));
        assertEquals("", r.out());
    }

    @Test
    void aBadLineNamesItsNumber() throws IOException {
        Path f = series("1\n2\nthree\n");
        ProbeRun r = ProbeRun.of("throttle", "replay", "--ceiling", "2", "--input", f.toString());
        assertEquals(1, r.exit());
        assertEquals(
                "tickbench-probe throttle replay: " + f + " line 3: not a number (one iowait percentage from 0 to 100"
                        + " per line)\n",
                r.err().replace(System.lineSeparator(), "\n"));
        assertTrue(!r.err().contains("Exception"), "no stack trace");
    }

    @Test
    void aCeilingOutOfRangeIsAUsageError() throws IOException {
        Path f = series("1\n");
        for (String bad : new String[] {"4097", "-3", "-1", "many"}) {
            ProbeRun r = ProbeRun.of("throttle", "replay", "--ceiling", bad, "--input", f.toString());
            assertEquals(2, r.exit(), bad);
            assertTrue(r.err().startsWith("tickbench-probe: ") && r.err().contains("--ceiling"), r.err());
            assertTrue(!r.err().contains("Exception"), r.err());
        }
    }

    /** A ceiling of 0 is a pause (docs/throttle.md): every replayed second allows nothing. */
    @Test
    void aCeilingOfZeroReplaysAsAPause() throws IOException {
        Path f = series("0\n0\n0\n95\n95\n95\n0\n0\n0\n0\n");
        ProbeRun r = ProbeRun.of("throttle", "replay", "--ceiling", "0", "--input", f.toString(), "--json");
        assertEquals(0, r.exit(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals(10, lines.length);
        for (String l : lines) {
            assertTrue(l.contains("\"effective\":0"), l);
        }
        ProbeRun table = ProbeRun.of("throttle", "replay", "--ceiling", "0", "--input", f.toString());
        assertEquals(0, table.exit(), table.err());
        assertTrue(
                table.out().contains("10 values replayed, ceiling 0: effective reached 0, 0 throttles"), table.out());
    }

    @Test
    void helpFormatsCleanly() {
        for (String sub : new String[] {"replay", "run"}) {
            ProbeRun r = ProbeRun.of("throttle", sub, "--help");
            assertEquals(0, r.exit());
            assertTrue(r.out().contains("--ceiling=N"), r.out());
        }
        // picocli reports a bad format string (a bare '%') on System.err, so check the texts themselves
        ProbeRun r = ProbeRun.of("throttle", "replay", "--help");
        String text = r.out().replaceAll("\\s+", " ");
        assertTrue(text.contains("one iowait % per line"), r.out());
    }

    @Test
    void theCeilingDefaultsToTheNumberOfCpus() throws IOException {
        Path f = series("0\n".repeat(200));
        ProbeRun r = ProbeRun.of("throttle", "replay", "--input", f.toString());
        assertEquals(0, r.exit(), r.err());
        int cpus = Runtime.getRuntime().availableProcessors();
        assertTrue(r.out().contains("ceiling " + cpus + ": effective reached " + Math.min(cpus, 6)), r.out());
    }
}
