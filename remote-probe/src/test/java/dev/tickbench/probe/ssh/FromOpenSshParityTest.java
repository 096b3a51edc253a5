package dev.tickbench.probe.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tickbench.probe.http.ServeProcess;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.SshdProcess;
import dev.tickbench.testkit.Waits;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * from= against the real OpenSSH sshd of this machine (Debian's openssh-server): a key per pattern,
 * a login from 127.0.0.1 and one from ::1 each, and the verdict sshd gives is the one {@link FromList}
 * gives, but for the malformed networks sshd reads as wildcards that match nothing (so that the
 * {@code !} before them denies nothing), which refuse the key here.
 */
class FromOpenSshParityTest {
    private static final Path SSHD = Path.of("/usr/sbin/sshd");
    private static final long WAIT_S = ServeProcess.TIMEOUT.toSeconds();
    private static final List<String> PATTERNS = List.of(
            "*,!127.0.0.1/33",
            "*,!127.0.0.1/x",
            "*,!127.0.0.1/",
            "*,!127.0.0.1/-1",
            "*,!::1/129",
            "*,!127.0.0.1/+8",
            "*,!127.1",
            "*,!0x7f.1",
            "*,!0177.0.0.1",
            "*,!2130706433",
            "127.0.0.1,",
            "*,!127.0.0.0/8",
            "*,!10.0.0.1/8",
            "*,!::ffff:127.0.0.1",
            "127.0.0.1",
            "*,!127.0.0.*",
            "*,!::1",
            "*",
            "*,!127.0.0.1/032",
            "::1",
            "*,!::1/128",
            "*,!0:0::1",
            "127.0.0.0/8,::/0",
            "!127.0.0.1",
            "*,!::*",
            "10.0.0.0/8,!127.0.0.1");
    /** Refused here, admitted by sshd 9.2 (sshd 10 refuses ::1/129 as well). */
    private static final Set<String> STRICTER =
            Set.of("*,!127.0.0.1/x", "*,!127.0.0.1/", "*,!127.0.0.1/-1", "*,!::1/129", "*,!127.0.0.1/+8");

    @TempDir
    Path dir;

    @Test
    void everyVerdictIsSshdsButForMalformedNetworks() throws Exception {
        Prerequisites.require(Files.isExecutable(SSHD), "no OpenSSH server at " + SSHD + ": install openssh-server");
        Path keygen = Prerequisites.tool("ssh-keygen", "openssh-client");
        StringBuilder keys = new StringBuilder();
        for (int i = 0; i < PATTERNS.size(); i++) {
            ProcessRun.exec(
                    List.of(
                            keygen.toString(),
                            "-q",
                            "-t",
                            "ed25519",
                            "-N",
                            "",
                            "-f",
                            dir.resolve("k" + i).toString()),
                    "",
                    WAIT_S);
            keys.append("from=\"")
                    .append(PATTERNS.get(i))
                    .append("\" ")
                    .append(Files.readString(dir.resolve("k" + i + ".pub")));
        }
        Path authorized = Files.writeString(dir.resolve("authorized_keys"), keys);
        ProcessRun.exec(
                List.of(
                        keygen.toString(),
                        "-q",
                        "-t",
                        "ed25519",
                        "-N",
                        "",
                        "-f",
                        dir.resolve("host").toString()),
                "",
                WAIT_S);
        String user = System.getProperty("user.name");
        Path config = Files.writeString(
                dir.resolve("sshd_config"),
                String.join(
                        "\n",
                        "ListenAddress 127.0.0.1",
                        "ListenAddress ::1",
                        "HostKey " + dir.resolve("host"),
                        "PidFile " + dir.resolve("sshd.pid"),
                        "AuthorizedKeysFile " + authorized,
                        "PubkeyAuthentication yes",
                        "PasswordAuthentication no",
                        "KbdInteractiveAuthentication no",
                        "PermitRootLogin prohibit-password",
                        "UsePAM no",
                        "StrictModes no",
                        "AllowUsers " + user,
                        ""),
                StandardCharsets.UTF_8);
        if ("root".equals(user)) {
            Files.createDirectories(
                    Path.of("/run/sshd")); // privilege separation; Debian makes it when the service starts
        }
        SshdProcess started = SshdProcess.start(SSHD, config, dir.resolve("sshd.log"), List.of("127.0.0.1", "::1"));
        Process sshd = started.process();
        int port = started.port();
        try {
            Path knownHosts = Files.writeString(
                    dir.resolve("known_hosts"),
                    "[127.0.0.1]:" + port + "," + "[::1]:" + port + " " + Files.readString(dir.resolve("host.pub")));
            List<String> differences = Collections.synchronizedList(new ArrayList<>());
            ExecutorService logins = Executors.newFixedThreadPool(4);
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < PATTERNS.size(); i++) {
                String pattern = PATTERNS.get(i);
                Path key = dir.resolve("k" + i);
                for (String address : List.of("127.0.0.1", "::1")) {
                    done.add(logins.submit(() -> {
                        List<String> cmd = ProcessRun.ssh(key, port, knownHosts, user);
                        cmd.addAll(List.of(address, "true"));
                        String sshds = ProcessRun.exec(cmd, "", WAIT_S).code() == 0 ? "admits" : "denies";
                        String ours = ours(pattern, InetAddress.getByName(address));
                        boolean expected = STRICTER.contains(pattern)
                                ? ours.equals("refuses") && sshds.equals("admits")
                                : ours.equals(sshds) || ours.equals("refuses") && sshds.equals("denies");
                        if (!expected) {
                            differences.add(
                                    "from=\"" + pattern + "\" for " + address + ": sshd " + sshds + ", probe " + ours);
                        }
                        return null;
                    }));
                }
            }
            logins.shutdown();
            for (Future<?> f : done) {
                f.get(); // a login that failed to run fails the test here
            }
            assertEquals(List.of(), differences, Files.readString(dir.resolve("sshd.log")));
        } finally {
            Waits.stop(sshd);
        }
    }

    private static String ours(String pattern, InetAddress client) {
        try {
            return FromList.parse(pattern).denial(client) == null ? "admits" : "denies";
        } catch (IllegalArgumentException refused) {
            return "refuses";
        }
    }
}
