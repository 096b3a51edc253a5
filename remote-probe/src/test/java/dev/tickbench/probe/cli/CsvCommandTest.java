package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvCommandTest {
    private static final String HELLO =
            "{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"t\"},\"host\":{\"hostname\":\"h\"},"
                    + "\"rate_hz\":10,\"floor_hz\":0,\"started_wall_ns\":0,\"started_mono_ns\":0,\"capabilities\":{\"sources\":"
                    + "{\"stat\":true,\"cpufreq\":true},\"cadences\":{\"stat\":{\"hz\":10.0,\"reason\":\"rate\",\"every_ticks\":1},"
                    + "\"cpufreq\":{\"hz\":10.0,\"reason\":\"policy\",\"every_ticks\":1}}}}";

    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return ProbeMain.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private static String sample(int seq, String sources) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + (seq * 100_000_000L) + ",\"wall_ns\":"
                + (1_000_000_000L + seq * 100_000_000L) + ",\"dt_ns\":100000000," + sources + "}";
    }

    private Path capture(String text) throws Exception {
        Path cap = tmp.resolve("cap.ndjson");
        Files.writeString(cap, text);
        return cap;
    }

    @Test
    void exportsSelectedSeriesWithHeldValues() throws Exception {
        Path cap = capture(String.join(
                        "\n",
                        HELLO,
                        sample(1, "\"stat\":{\"cpu.user\":1,\"ctxt\":50},\"cpufreq\":{\"cpu0\":1800000}"),
                        sample(2, "\"stat\":{\"cpu.user\":2,\"ctxt\":60}"))
                + "\n");
        Path csv = tmp.resolve("o.csv");
        int rc = run(
                "csv", cap.toString(), "--out", csv.toString(), "--series", "stat.cpu.*", "cpufreq.*", "--fill-held");
        assertEquals(0, rc, err.toString());
        // the frequency also in MHz, as the workbench shows it (docs/csv.md)
        assertEquals(
                List.of(
                        "t_s,wall,stat.cpu.user,cpufreq.cpu0,cpufreq.cpu0_mhz",
                        "0.000000,1970-01-01T00:00:01.100Z,1,1800000,1800",
                        "0.100000,1970-01-01T00:00:01.200Z,2,1800000,1800"),
                Files.readAllLines(csv));
        assertEquals(
                List.of(
                        "series,hz,reason,every_ticks,from_t_s",
                        "stat.cpu.user,10.0,rate,1,0.000000",
                        "cpufreq.cpu0,10.0,policy,1,0.000000",
                        "cpufreq.cpu0_mhz,10.0,policy,1,0.000000"),
                Files.readAllLines(tmp.resolve("o.csv.cadences.csv")));
        assertTrue(out.toString().startsWith("wrote 2 rows x 3 series to " + csv), out.toString());
    }

    @Test
    void truncatedCaptureKeepsTheRowsBeforeAndExitsOneNamingTheLine() throws Exception {
        Path cap = capture(String.join(
                "\n",
                HELLO,
                sample(1, "\"stat\":{\"ctxt\":5}"),
                sample(2, "\"stat\":{\"ctxt\":6}"),
                "{\"type\":\"sample\",\"seq\":3,\"mo"));
        Path csv = tmp.resolve("t.csv");
        assertEquals(1, run("csv", cap.toString(), "--out", csv.toString()));
        assertEquals(3, Files.readAllLines(csv).size());
        String message = err.toString().strip();
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.startsWith("tickbench-probe csv: " + cap + " line 4: "), message);
        assertTrue(message.endsWith("the 2 rows before it are in " + csv), message);
        assertFalse(message.contains("Exception"), message);
    }

    @Test
    void missingCaptureIsAOneLineError() {
        assertEquals(
                1,
                run(
                        "csv",
                        tmp.resolve("nope.ndjson").toString(),
                        "--out",
                        tmp.resolve("x.csv").toString()));
        assertEquals(
                "tickbench-probe csv: " + tmp.resolve("nope.ndjson") + ": no such capture file",
                err.toString().strip());
    }

    @Test
    void aSelectionMatchingNothingFails() throws Exception {
        Path cap = capture(HELLO + "\n" + sample(1, "\"stat\":{\"ctxt\":5}") + "\n");
        assertEquals(1, run("csv", cap.toString(), "--out", tmp.resolve("x.csv").toString(), "--series", "mtd.*"));
        assertTrue(err.toString().contains("warning: --series mtd.* matches no series"), err.toString());
        assertTrue(err.toString().contains("no series in " + cap + " matches --series mtd.*"), err.toString());
    }
}
