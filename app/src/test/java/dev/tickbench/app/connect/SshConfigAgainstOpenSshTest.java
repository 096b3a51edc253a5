package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tickbench.testkit.Prerequisites;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same config read by the workbench and by the real OpenSSH client ({@code ssh -G -F}, which prints
 * what it would use and connects nowhere): for each host, every option the workbench applies must come
 * out as ssh's own. Host patterns with {@code !}, Match host (on the HostName given so far),
 * originalhost, user, exec (ssh runs it, the workbench does not: {@code false} is no match to either),
 * final, an Include with a wildcard, quoted names, a host typed in capitals, first value wins, IdentityFile accumulating.
 */
class SshConfigAgainstOpenSshTest {
    private static final List<String> KEYS = List.of(
            "hostname",
            "port",
            "user",
            "identityfile",
            "identitiesonly",
            "proxyjump",
            "connecttimeout",
            "identityagent");

    @TempDir
    Path dir;

    @Test
    void everyHostResolvesAsSshResolvesIt() throws Exception {
        Prerequisites.tool("ssh", "openssh-client");
        Path included = Files.createDirectories(dir.resolve("config.d"));
        Files.writeString(included.resolve("20-gw.conf"), """
                Host gw-*
                  HostName gw.example
                  Port 2022
                  ConnectTimeout 7
                """);
        Files.writeString(included.resolve("10-eight.conf"), """
                Host board-8
                  HostName 10.1.0.8
                  User eight
                """);
        Files.writeString(included.resolve("not-read"), "Host *\n  User wrong\n");
        Path config = dir.resolve("config");
        Files.writeString(config, """
                Include %s/*.conf
                Host board-* !board-9
                  User pi
                  ProxyJump lab-gw,edge:2222
                Match host 10.1.*,!10.1.0.1
                  Port 2200
                Host board-7 "quoted name"
                  HostName 10.1.0.7
                  ConnectTimeout 1m30s
                  IdentityFile /keys/seven
                Match originalhost board-7 user pi
                  IdentitiesOnly yes
                Host board-9
                  HostName 10.1.0.9
                  ProxyJump ops@gw-1
                Match exec "false"
                  Port 1
                Match final host 10.1.0.*
                  IdentityAgent /run/board-agent.sock
                  IdentityFile /keys/final
                Host *
                  IdentityFile ~/.ssh/id_default
                  Port 22
                  User someone
                """.formatted(included));
        String localUser = System.getProperty("user.name");
        SshConfig workbench = new SshConfig(dir, localUser);
        for (String host : List.of(
                "board-7", "Board-7", "board-8", "board-9", "board-1", "gw-1", "10.1.0.3", "10.1.0.1", "elsewhere")) {
            assertEquals(
                    ssh(config, host),
                    asSshPrintsIt(workbench.read(config, host, null), host, localUser),
                    "ssh -G -F " + config + " '" + host + "'");
        }
    }

    /** The keys the workbench applies, as {@code ssh -G} prints them (absent: a line it leaves out). */
    private static Map<String, List<String>> ssh(Path config, String host) throws Exception {
        Map<String, List<String>> seen = new LinkedHashMap<>();
        for (String line : RealAgent.run(List.of("ssh", "-G", "-F", config.toString(), host), Map.of())
                .split("\n")) {
            int space = line.indexOf(' ');
            if (space > 0 && KEYS.contains(line.substring(0, space))) {
                seen.computeIfAbsent(line.substring(0, space), k -> new ArrayList<>())
                        .add(line.substring(space + 1));
            }
        }
        return sorted(seen);
    }

    private static Map<String, List<String>> asSshPrintsIt(SshConfig.Host h, String host, String localUser) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("hostname", List.of(h.hostName() != null ? h.hostName() : host.toLowerCase(java.util.Locale.ROOT)));
        m.put("port", List.of(String.valueOf(h.port() != null ? h.port() : 22)));
        m.put("user", List.of(h.user() != null ? h.user() : localUser));
        if (!h.identityFiles().isEmpty()) {
            m.put("identityfile", h.identityFiles());
        }
        m.put("identitiesonly", List.of(Boolean.TRUE.equals(h.identitiesOnly()) ? "yes" : "no"));
        if (h.proxyJump() != null) {
            m.put("proxyjump", List.of(h.proxyJump()));
        }
        m.put(
                "connecttimeout",
                List.of(
                        h.connectTimeout() == null
                                ? "none"
                                : String.valueOf(h.connectTimeout().toSeconds())));
        if (h.identityAgent() != null) {
            m.put("identityagent", List.of(h.identityAgent()));
        }
        return sorted(m);
    }

    private static Map<String, List<String>> sorted(Map<String, List<String>> m) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String k : KEYS) {
            if (m.containsKey(k)) {
                out.put(k, m.get(k));
            }
        }
        return out;
    }
}
