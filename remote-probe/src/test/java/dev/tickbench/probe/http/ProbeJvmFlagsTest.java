package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every probe launcher runs the JVM with the same CPU flags (docs/perf.md): the workbench's SSH launch
 * words, the jlinked launcher (whose line the container image takes too), the systemd unit and the
 * DaemonSet. Heap sizes differ on purpose; the GC, the JIT and hsperfdata must not.
 */
class ProbeJvmFlagsTest {
    /** The flags chosen from measurement (docs/perf.md, "JVM flags"). */
    static final List<String> CPU_FLAGS =
            List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:-UsePerfData", "-XX:+ExitOnOutOfMemoryError");

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static String one(Path file, String regex) throws IOException {
        Matcher m = Pattern.compile(regex, Pattern.MULTILINE).matcher(Files.readString(file));
        assertTrue(m.find(), file + " has no line matching " + regex);
        String found = m.group(1);
        assertTrue(!m.find(), file + " has two lines matching " + regex);
        return found;
    }

    @Test
    void everyLauncherCarriesTheSameGcJitAndPerfDataFlags() throws IOException {
        Map<String, List<String>> launchers = new LinkedHashMap<>();
        String ssh = one(
                ROOT.resolve("app/src/main/java/dev/tickbench/app/connect/SshProbeConnection.java"),
                "PROBE_JVM_FLAGS = List\\.of\\(([^)]*)\\);"); // on one line or one flag a line
        launchers.put(
                "SshProbeConnection.PROBE_JVM_FLAGS",
                Arrays.stream(ssh.replace("\"", "").split(","))
                        .map(String::strip)
                        .toList());
        launchers.put(
                "jpackage/build.sh PROBE_JAVA_OPTS",
                words(one(ROOT.resolve("jpackage/build.sh"), "^PROBE_JAVA_OPTS=\"([^\"]*)\"$")));
        launchers.put(
                "tickbench-probe.service",
                words(one(
                        ROOT.resolve("remote-probe/deploy/tickbench-probe.service"),
                        "^Environment=TICKBENCH_PROBE_JAVA_OPTS=(.*)$")));
        launchers.put(
                "daemonset.yaml JAVA_TOOL_OPTIONS",
                words(one(
                        ROOT.resolve("remote-probe/deploy/daemonset.yaml"),
                        "name: JAVA_TOOL_OPTIONS\\s*\\n\\s*value: \"([^\"]*)\"")));
        assertEquals(4, launchers.size());
        for (Map.Entry<String, List<String>> e : launchers.entrySet()) {
            List<String> other = new ArrayList<>();
            for (String w : e.getValue()) {
                if (w.startsWith("-XX:") && !CPU_FLAGS.contains(w)) {
                    other.add(w);
                }
            }
            assertTrue(
                    e.getValue().containsAll(CPU_FLAGS),
                    e.getKey() + " is " + e.getValue() + ", lacks some of " + CPU_FLAGS);
            assertEquals(List.of(), other, e.getKey() + " has -XX flags the others do not");
            assertTrue(e.getValue().stream().anyMatch(w -> w.startsWith("-Xmx")), e.getKey() + " sets no heap cap");
        }
    }

    private static List<String> words(String line) {
        return Arrays.asList(line.trim().split("\\s+"));
    }
}
