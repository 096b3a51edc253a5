package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.KmsgLine;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text with no locale: the probe started with an empty environment,
 * as {@code env -i}, a systemd service or a BusyBox board start it, with a process named
 * {@code cafe-ü-€} in a real cgroup named {@code tickbench-café-ü-€-…} and a kernel log record with the
 * same text. Every output is strict UTF-8 and carries the names as they are: {@code procs} (JSON and
 * table), {@code walk --pid} and {@code walk --cgroup} with the name as its argument (JSON and table),
 * {@code record} (the capture's cgroup keys and kmsg line), {@code csv}, {@code stream}.
 */
class NoLocaleTextTest {
    private static final String NAME = "cafe-ü-€";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private record Out(int exit, String out, String err) {}

    /** The probe as its own JVM with nothing in its environment but PATH: no LANG, no LC_*. */
    private static ProcessBuilder probe(String... args) {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                ProbeMain.class.getName()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().clear();
        pb.environment().put("PATH", "/usr/bin:/bin");
        return pb;
    }

    private Out run(String... args) throws Exception {
        Path out = tmp.resolve("out-" + System.nanoTime());
        Path err = tmp.resolve("err-" + System.nanoTime());
        Process p = probe(args)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        assertTrue(p.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS), "probe " + List.of(args) + " did not end");
        return new Out(p.exitValue(), strictUtf8(Files.readAllBytes(out)), strictUtf8(Files.readAllBytes(err)));
    }

    private static boolean hasSample(Path capture) {
        try {
            return Files.exists(capture)
                    && Files.readString(capture, StandardCharsets.ISO_8859_1).contains("\"type\":\"sample\"");
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** The bytes as UTF-8, refusing anything that is not (a '?' for an unmappable character would pass). */
    private static String strictUtf8(byte[] b) throws java.nio.charset.CharacterCodingException {
        return StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(java.nio.ByteBuffer.wrap(b))
                .toString();
    }

    @Test
    void processCgroupAndKmsgTextRoundTripWithNoLocale() throws Exception {
        Prerequisites.require(
                Files.isWritable(Path.of("/dev/kmsg")), "writing a kernel log record needs /dev/kmsg (root)");
        try (RealCgroups cg = RealCgroups.createUnlimitedWithCpuacct("tickbench-café-ü-€-")) {
            // argv[0] is the name (the table shows 40 characters of the command line: a short one)
            Process named = new ProcessBuilder("bash", "-c", "exec -a " + NAME + " sleep 600").start();
            try {
                cg.moveToChild(named.pid());
                String pid = Long.toString(named.pid());
                Waits.until("the named process to have exec'd", () -> {
                    try {
                        return Files.readString(Path.of("/proc", pid, "cmdline"), StandardCharsets.UTF_8)
                                .startsWith(NAME);
                    } catch (java.io.IOException e) {
                        return false;
                    }
                });

                Out procs = run("procs", "--json");
                assertEquals(0, procs.exit(), procs.err());
                JsonNode row = null;
                for (JsonNode p : JSON.readTree(procs.out()).get("processes")) {
                    row = p.get("pid").asLong() == named.pid() ? p : row;
                }
                assertNotNull(row, procs.out());
                assertEquals(NAME + " 600", row.get("command").asText());
                assertEquals(cg.childPath, row.get("cgroup").asText());
                Out table = run("procs");
                String line = table.out()
                        .lines()
                        .filter(l -> l.trim().startsWith(pid + " "))
                        .findFirst()
                        .orElseThrow();
                assertTrue(line.contains(NAME) && line.contains(cg.childPath), line);

                Out walk = run("walk", "--pid", pid, "--window", "1s");
                assertEquals(0, walk.exit(), walk.err());
                assertTrue(walk.out().contains(cg.childPath) && walk.out().contains(cg.parentPath), walk.out());
                Out walkJson =
                        run("walk", "--cgroup", cg.childPath, "--window", "1s", "--json"); // the name as an argument
                assertEquals(0, walkJson.exit(), walkJson.err());
                assertEquals(
                        cg.childPath,
                        JSON.readTree(walkJson.out()).get("target").asText());

                // a capture with the kernel log record written while it records
                Path capture = tmp.resolve("c.ndjson");
                Process record = probe(
                                "record", "--pid", pid, "--rate", "10", "--duration", "6s", "--out", capture.toString())
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(tmp.resolve("record.err").toFile())
                        .start();
                Waits.until("the capture's first sample (kmsg is read from then on)", () -> hasSample(capture));
                String marker = "tickbench " + NAME + " " + System.nanoTime();
                Files.write(Path.of("/dev/kmsg"), (marker + "\n").getBytes(StandardCharsets.UTF_8));
                assertTrue(record.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS), "record did not end");
                assertEquals(0, record.exitValue(), Files.readString(tmp.resolve("record.err")));
                strictUtf8(Files.readAllBytes(capture));
                boolean kmsg = false;
                boolean keys = false;
                try (CaptureReader r = CaptureReader.open(capture)) {
                    for (StreamLine l; (l = r.next()) != null; ) {
                        if (l instanceof Hello h) {
                            assertEquals(
                                    cg.childPath,
                                    h.capabilities()
                                            .path("cgroup")
                                            .path("target")
                                            .asText());
                        } else if (l instanceof KmsgLine k && k.msg().equals(marker)) {
                            kmsg = true;
                        } else if (l instanceof SampleLine s && s.sources().containsKey("cgroup_cpu")) {
                            keys |= s.sources().get("cgroup_cpu").get(cg.childPath + "|usage_usec") != null;
                        }
                    }
                }
                assertTrue(kmsg, "the kernel log record, as written, in the capture");
                assertTrue(keys, "the cgroup's counters under its own name in the capture");

                Path csv = tmp.resolve("c.csv");
                Out export = run("csv", capture.toString(), "--out", csv.toString());
                assertEquals(0, export.exit(), export.err());
                String header =
                        strictUtf8(Files.readAllBytes(csv)).lines().findFirst().orElseThrow();
                assertTrue(header.contains("cgroup." + cg.childPath + ".usage_cpus"), header);

                Process stream = probe("stream", "--pid", pid, "--rate", "10")
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
                try (BufferedReader in = new BufferedReader(new InputStreamReader(
                        stream.getInputStream(),
                        StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)))) {
                    JsonNode hello = JSON.readTree(in.readLine());
                    assertEquals(
                            cg.childPath,
                            hello.path("capabilities")
                                    .path("cgroup")
                                    .path("target")
                                    .asText());
                    assertTrue(in.readLine() != null, "samples follow");
                } finally {
                    stream.getOutputStream().close(); // stdin closes: the stream ends
                    if (!stream.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                        stream.destroyForcibly();
                    }
                }
            } finally {
                named.destroyForcibly();
                named.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
