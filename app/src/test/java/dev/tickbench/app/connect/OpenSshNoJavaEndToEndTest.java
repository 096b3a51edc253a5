package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.List;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host without Java, for real: OpenSSH sshd whose sessions get a PATH holding only the few tools
 * the connection needs (no java), and the probe runtime tarball uploaded, unpacked and run from its
 * own launcher. The tarball is the one jpackage/build.sh made when it exists; otherwise the test
 * builds the same layout (jlinked runtime from the JDK running the tests, the bundled probe jar,
 * build.sh's launcher), because CI makes the real one only at the end of verify.
 */
class OpenSshNoJavaEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path PACKAGED = Path.of("../jpackage/target/tickbench-probe-runtime-linux-x64.tar.gz");
    /** What the remote side runs: the login shell, the Java/glibc checks, sha256sum, the unpack and the launcher. */
    private static final List<String> TOOLS =
            List.of("uname", "getconf", "ldd", "sha256sum", "tar", "gzip", "mkdir", "rm", "mv", "readlink", "dirname");

    private static final int RATE_HZ = 20;
    private static final int MIN_SAMPLES = 30;

    @TempDir
    Path tmp;

    @Test
    void theRuntimeIsUploadedToAHostWithoutJavaAndItsProbeStreams() throws Exception {
        BundledProbe probe = OpenSshd.requireSshdAndProbe();
        Path javaHome = Path.of(System.getProperty("java.home"));
        Prerequisites.require(
                Files.isRegularFile(PACKAGED) || Files.isRegularFile(javaHome.resolve("jmods/java.base.jmod")),
                "no " + PACKAGED + " and no jmods in " + javaHome + " to jlink one: install openjdk-17-jdk");
        BundledRuntime rt = BundledRuntime.of(
                RuntimePlatform.Arch.X64,
                Files.isRegularFile(PACKAGED) ? Files.readAllBytes(PACKAGED) : buildRuntimeTarball(javaHome, probe));

        Path bin = Files.createDirectories(tmp.resolve("no-java-bin"));
        for (String tool : TOOLS) {
            Files.createSymbolicLink(bin.resolve(tool), Path.of("/usr/bin", tool));
        }
        KeyPair hostKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        KeyPair clientKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        Path keyFile = InProcessSshd.writeKey(tmp.resolve("id_ed25519"), clientKey, null);
        RecordingPrompts prompts = new RecordingPrompts();
        EventLog log = new EventLog();
        try (OpenSshd sshd = new OpenSshd(tmp.resolve("sshd"), hostKey, clientKey.getPublic(), bin.toString())) {
            SshTarget target = new SshTarget(
                    "127.0.0.1", "127.0.0.1", sshd.port, System.getProperty("user.name"), List.of(keyFile));
            SshProbeConnection connection = new SshProbeConnection(
                    target, StreamRequest.of(RATE_HZ, 0), prompts, tmp.resolve("known_hosts"), probe, arch -> rt);
            List<String> remoteCommands;
            try {
                connection.start(log, log);
                log.awaitLines(
                        l -> l.stream()
                                        .filter(x -> x.startsWith("{\"type\":\"sample\""))
                                        .count()
                                >= MIN_SAMPLES,
                        Waits.DEADLINE);
                remoteCommands = sshd.sessionProcesses().stream()
                        .map(p -> p.info().commandLine().orElse(""))
                        .toList();
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "\nsshd log:\n" + Files.readString(sshd.log), e);
            } finally {
                connection.close();
            }

            ConnectionEvent.Connected connected = log.await(ConnectionEvent.Connected.class, Duration.ZERO);
            assertEquals(
                    "no Java 17+ · packaged x86_64 runtime " + rt.directoryName() + " (uploaded)", connected.detail());
            Path cache = sshd.home.resolve(".cache/tickbench");
            assertEquals(
                    rt.sha256(),
                    BundledProbe.fromFile(cache.resolve(rt.remoteName())).sha256());
            Path unpacked = cache.resolve(rt.directoryName());
            assertTrue(Files.isExecutable(unpacked.resolve(BundledRuntime.LAUNCHER)), "launcher unpacked");
            String runtimeJava =
                    unpacked.resolve("tickbench-probe/runtime/bin/java").toString();
            assertTrue(
                    remoteCommands.stream().anyMatch(c -> c.startsWith(runtimeJava + " ")),
                    "the probe runs on the uploaded runtime: " + remoteCommands);
            assertEquals(rt.tarball().length, prompts.progress.get(prompts.progress.size() - 1)[0]);

            List<String> lines = log.lines();
            JsonNode hello = JSON.readTree(lines.get(0));
            assertEquals("hello", hello.get("type").asText());
            assertEquals(RATE_HZ, hello.get("rate_hz").asInt());
            assertNotNull(hello.get("capabilities").get("cadences").get("stat"), "real /proc sources");
        }
    }

    /** The layout of jpackage/build.sh's tarball: jlinked runtime, probe jar, the same sh launcher. */
    private byte[] buildRuntimeTarball(Path javaHome, BundledProbe probe) throws Exception {
        Path runtimeTarballDir = Files.createDirectories(tmp.resolve("rt"));
        Path home = runtimeTarballDir.resolve("tickbench-probe");
        Files.createDirectories(home.resolve("lib"));
        Path jar = Files.write(home.resolve("lib/tickbench-probe.jar"), probe.jar());
        String modules = run(
                        javaHome.resolve("bin/jdeps").toString(),
                        "--print-module-deps",
                        "--ignore-missing-deps",
                        "--multi-release",
                        "17",
                        jar.toString())
                .strip();
        // the provider build.sh adds by name (jdeps does not see service lookups)
        run(
                javaHome.resolve("bin/jlink").toString(),
                "--module-path",
                javaHome.resolve("jmods").toString(),
                "--add-modules",
                modules + ",jdk.crypto.ec",
                "--strip-debug",
                "--no-header-files",
                "--no-man-pages",
                "--output",
                home.resolve("runtime").toString());
        Files.createDirectories(home.resolve("bin"));
        Path launcher = Files.writeString(
                home.resolve("bin/tickbench-probe"),
                String.join(
                        "\n",
                        "#!/bin/sh",
                        "self=$(readlink -f \"$0\") || self=$0",
                        "home=$(cd \"$(dirname \"$self\")/..\" && pwd)",
                        "exec \"$home/runtime/bin/java\" -Xmx64m -XX:+UseSerialGC -jar \"$home/lib/tickbench-probe.jar\" \"$@\"",
                        ""));
        launcher.toFile().setExecutable(true);
        Path tar = tmp.resolve("runtime.tar.gz");
        run("tar", "-C", runtimeTarballDir.toString(), "-czf", tar.toString(), "tickbench-probe");
        return Files.readAllBytes(tar);
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (Waits.exit(String.join(" ", command), p) != 0) {
            fail(String.join(" ", command) + " failed: " + out);
        }
        return out;
    }
}
