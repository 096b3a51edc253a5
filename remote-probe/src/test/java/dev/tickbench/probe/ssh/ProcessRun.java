package dev.tickbench.probe.ssh;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a client process (ssh, ssh-keygen, sftp) to its end, with stdin given and a deadline. */
final class ProcessRun {
    private ProcessRun() {}

    record Result(int code, String out, String err) {}

    /** The OpenSSH client, batch mode, pinned to one identity and one known_hosts file (no user config). */
    static List<String> ssh(java.nio.file.Path identity, int port, java.nio.file.Path knownHosts, String user) {
        java.nio.file.Path ssh = dev.tickbench.testkit.Prerequisites.tool("ssh", "openssh-client");
        return new java.util.ArrayList<>(List.of(
                ssh.toString(),
                "-F",
                "/dev/null",
                "-i",
                identity.toString(),
                "-p",
                String.valueOf(port),
                "-o",
                "UserKnownHostsFile=" + knownHosts,
                "-o",
                "GlobalKnownHostsFile=/dev/null",
                "-o",
                "StrictHostKeyChecking=yes",
                "-o",
                "BatchMode=yes",
                "-o",
                "IdentitiesOnly=yes",
                "-o",
                "ConnectTimeout=10",
                "-l",
                user));
    }

    static Result exec(List<String> cmd, String stdin, long waitS) throws IOException, InterruptedException {
        return exec(cmd, stdin.getBytes(StandardCharsets.UTF_8), waitS);
    }

    static Result exec(List<String> cmd, byte[] stdin, long waitS) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).start();
        Thread feeder = new Thread(() -> {
            try (OutputStream in = p.getOutputStream()) {
                in.write(stdin);
            } catch (IOException ended) {
                // the process did not want (the rest of) its stdin
            }
        });
        feeder.start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Thread t = new Thread(() -> {
            try {
                p.getInputStream().transferTo(out);
            } catch (IOException ended) {
                // the process ended
            }
        });
        t.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(waitS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(cmd + " did not end in " + waitS + " s; stderr: " + err);
        }
        t.join(TimeUnit.SECONDS.toMillis(waitS));
        feeder.join(TimeUnit.SECONDS.toMillis(waitS));
        return new Result(p.exitValue(), out.toString(StandardCharsets.UTF_8), err);
    }
}
