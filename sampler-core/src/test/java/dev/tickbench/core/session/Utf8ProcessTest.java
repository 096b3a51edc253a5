package dev.tickbench.core.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The arguments again, from the command line's bytes, when the launcher decoded them without a locale. */
class Utf8ProcessTest {
    @TempDir
    Path dir;

    private Path cmdline(String... entries) throws Exception {
        Path f = dir.resolve("cmdline");
        Files.write(f, (String.join("\0", entries) + "\0").getBytes(StandardCharsets.UTF_8));
        return f;
    }

    @Test
    void argumentsTheLauncherCouldNotDecodeAreTakenFromTheCommandLine() throws Exception {
        Path f = cmdline("/usr/bin/java", "-Xmx48m", "-jar", "probe.jar", "walk", "--cgroup", "/café-ü-€");
        // what Java 17 with no locale hands main: each non-ASCII byte became U+FFFD
        String[] launcher = {"walk", "--cgroup", "/caf\ufffd\ufffd-\ufffd\ufffd-\ufffd\ufffd\ufffd"};
        assertArrayEquals(new String[] {"walk", "--cgroup", "/café-ü-€"}, Utf8Process.fromCmdline(launcher, f));
    }

    @Test
    void argumentsThatAreNotTheCommandLinesAreKept() throws Exception {
        Path f = cmdline("/usr/bin/java", "-jar", "probe.jar", "procs");
        String[] other = {"walk", "--pid", "1"}; // an argument file, a wrapper: not these bytes
        assertArrayEquals(other, Utf8Process.fromCmdline(other, f));
        assertArrayEquals(new String[0], Utf8Process.fromCmdline(new String[0], f));
        assertArrayEquals(other, Utf8Process.fromCmdline(other, dir.resolve("missing")));
    }
}
