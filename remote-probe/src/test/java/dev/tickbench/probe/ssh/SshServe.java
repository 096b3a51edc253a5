package dev.tickbench.probe.ssh;

import dev.tickbench.probe.http.ServeProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code serve --ssh} in a child JVM with its host key in {@code dir} and a known_hosts file that trusts
 * it, for the OpenSSH client ({@link ProcessRun#ssh}).
 */
record SshServe(ServeProcess serve, Path knownHosts) implements AutoCloseable {
    /** @param host the address to listen on ({@code 127.0.0.1}, {@code ::1}); the port is free one */
    static SshServe start(List<String> jvm, String host, Path authorizedKeys, Path dir, String user, String... args)
            throws IOException, InterruptedException {
        String bracketed = host.contains(":") ? "[" + host + "]" : host;
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of(
                "--ssh",
                bracketed + ":0",
                "--authorized-keys",
                authorizedKeys.toString(),
                "--host-key",
                dir.resolve("host_key").toString(),
                "--ssh-user",
                user));
        ServeProcess serve = ServeProcess.start(jvm, all.toArray(String[]::new));
        Path knownHosts = dir.resolve("known_hosts");
        Files.writeString(
                knownHosts, "[" + host + "]:" + serve.sshPort() + " " + Files.readString(dir.resolve("host_key.pub")));
        return new SshServe(serve, knownHosts);
    }

    @Override
    public void close() {
        serve.close();
    }
}
