package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ~/.ssh/config read as OpenSSH's readconf.c reads it, and the jump routes built from it. */
class SshConfigTest {
    @TempDir
    Path ssh;

    private Path config(String text) throws IOException {
        Path f = ssh.resolve("config");
        Files.writeString(f, text);
        return f;
    }

    private SshConfig.Host read(Path file, String host) throws IOException {
        return new SshConfig(ssh, "me").read(file, host, null);
    }

    @Test
    void theFirstValueWinsAndIdentityFilesAccumulate() throws Exception {
        Path f = config("""
                Host board-*
                  User pi
                  IdentityFile ~/.ssh/board
                Host board-7 "quoted alias"
                  User root
                  Port=2222
                  IdentityFile /keys/seven
                  ConnectTimeout 1m30s
                Host *
                  Port 22
                  IdentitiesOnly yes
                """);
        SshConfig.Host h = read(f, "board-7");
        assertEquals("pi", h.user(), "the first User obtained wins");
        assertEquals(2222, h.port());
        assertEquals(List.of("~/.ssh/board", "/keys/seven"), h.identityFiles());
        assertEquals(Duration.ofSeconds(90), h.connectTimeout());
        assertEquals(Boolean.TRUE, h.identitiesOnly());
        assertEquals(2222, read(f, "quoted alias").port());
        assertEquals(
                22,
                read(f, "BOARD-7").port(),
                "Host patterns see the host as typed, case for case, as ssh's do: only Host * matches");
    }

    @Test
    void aNegatedPatternVetoesTheBlock() throws Exception {
        Path f = config("""
                Host *.lab !gw.lab
                  ProxyJump gw.lab
                """);
        assertEquals("gw.lab", read(f, "board.lab").proxyJump());
        assertNull(read(f, "gw.lab").proxyJump(), "the jump host itself does not jump through itself");
        assertNull(read(f, "board.home").proxyJump());
    }

    @Test
    void matchHostSeesTheHostNameGivenSoFar() throws Exception {
        Path f = config("""
                Host seven
                  HostName 10.0.0.7
                Match host 10.0.0.*,!10.0.0.1 user me
                  User pi
                Match originalhost seven
                  Port 2200
                Match exec "true"
                  Port 1
                Match !host 10.*
                  IdentityAgent none
                Match final
                  IdentityFile /keys/final
                Match all
                  ConnectTimeout 5
                """);
        SshConfig.Host h = read(f, "seven");
        assertEquals("10.0.0.7", h.hostName());
        assertEquals("pi", h.user());
        assertEquals(2200, h.port(), "Match exec runs nothing and does not match");
        assertNull(h.identityAgent());
        assertEquals(List.of("/keys/final"), h.identityFiles(), "Match final applies in the second pass");
        assertEquals(Duration.ofSeconds(5), h.connectTimeout());
        assertEquals("none", read(f, "other").identityAgent());
        assertNull(read(f, "other").user());
    }

    @Test
    void includeReadsRelativeToSshAndKeepsTheIncludingBlock() throws Exception {
        Path d = Files.createDirectories(ssh.resolve("config.d"));
        Files.writeString(d.resolve("20-lab"), "Host board\n  User lab\n");
        Files.writeString(d.resolve("10-first"), "Match host board\n  Port 2010\nHost nothing\n");
        Files.writeString(d.resolve(".hidden"), "Host *\n  User hidden\n");
        Path f = config("""
                Include config.d/*
                Host board
                  Include /does/not/exist
                  HostName b.lab
                Host other
                  Include config.d/20-lab
                """);
        SshConfig.Host h = read(f, "board");
        assertEquals(2010, h.port(), "files in glob order: 10-first before 20-lab");
        assertEquals("lab", h.user());
        assertEquals("b.lab", h.hostName(), "a Host line inside an included file does not end the including block");
        assertNull(read(f, "other").user(), "a block in an inactive Include never matches");
    }

    @Test
    void badLinesAreNamedByFileAndLine() throws Exception {
        Path f = config("Host x\n  Port 70000\n");
        IOException e = assertThrows(IOException.class, () -> read(f, "x"));
        assertEquals(f + " line 2: bad port '70000' (1 to 65535)", e.getMessage());
        Files.writeString(f, "Host x\n  User \"unterminated\n");
        assertEquals(
                f + " line 2: unterminated quote",
                assertThrows(IOException.class, () -> read(f, "x")).getMessage());
        Files.writeString(f, "Match colour red\n");
        assertEquals(
                f + " line 1: unknown Match criterion 'colour'",
                assertThrows(IOException.class, () -> read(f, "x")).getMessage());
        Files.writeString(f, "Include config\n");
        assertTrue(
                assertThrows(IOException.class, () -> read(f, "x")).getMessage().contains("nested Include"));
    }

    @Test
    void aConfigOthersCanWriteIsRefusedAsSshRefusesIt() throws Exception {
        Path f = config("Host x\n  ProxyJump evil\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-rw-rw-"));
        IOException e = assertThrows(IOException.class, () -> read(f, "x"));
        assertTrue(e.getMessage().startsWith("Bad owner or permissions on " + f), e.getMessage());
    }

    @Test
    void proxyJumpChainsAreBuiltAsOpenSshBuildsThem() throws Exception {
        Path f = config("""
                Host board
                  HostName 10.1.0.7
                  User root
                  ProxyJump ops@inner:2200,edge
                Host inner
                  HostName 10.1.0.1
                  IdentityFile %d/.ssh/inner-%r-%h
                  ProxyJump gw
                Host edge
                  ProxyJump not-used-the-list-gives-edge-its-jump
                Host gw
                  HostName gw.example
                  Port 2022
                  IdentitiesOnly yes
                """);
        SshTarget t = SshTarget.resolve("board", null, null, null, null, LoginMethod.PASSWORD, f, ssh);
        assertEquals(
                List.of("gw.example:2022", "10.1.0.1:2200", "edge:22"),
                t.jumps().stream().map(j -> j.hostName() + ":" + j.port()).toList(),
                "edge through inner (the list, as ssh -J), inner through gw (its own ProxyJump: it is reached plainly)");
        assertEquals("ops", t.jumps().get(1).user());
        assertTrue(t.jumps().get(1).keyFiles().get(0).toString().endsWith("/.ssh/inner-ops-10.1.0.1"));
        assertTrue(t.jumps().get(0).identitiesOnly());
        assertTrue(t.jumps().stream()
                .allMatch(j -> j.login() == LoginMethod.AGENT && j.jumps().isEmpty()));
        assertEquals(LoginMethod.PASSWORD, t.login());
        assertEquals("10.1.0.7", t.hostName());

        SshTarget typed = SshTarget.resolve("board", null, null, null, "me@direct-gw", LoginMethod.AGENT, f, ssh);
        assertEquals(
                List.of("direct-gw"),
                typed.jumps().stream().map(SshTarget::hostName).toList(),
                "the form's jump wins");
        assertEquals("me", typed.jumps().get(0).user());
        assertFalse(SshTarget.resolve("board", null, null, null, "none", LoginMethod.AGENT, f, ssh)
                .jumps()
                .iterator()
                .hasNext());

        Files.writeString(f, "Host a\n  ProxyJump b\nHost b\n  ProxyJump a\n");
        IOException loop = assertThrows(
                IOException.class, () -> SshTarget.resolve("a", null, null, null, null, LoginMethod.AGENT, f, ssh));
        assertTrue(loop.getMessage().startsWith("More than 8 jump hosts on the way to"), loop.getMessage());
    }

    @Test
    void identityFileTokensAndUnknownOnes() throws Exception {
        Path f = config("Host b\n  IdentityFile /k/%h-%p-%r-%n-%%\n");
        SshTarget t = SshTarget.resolve("b", 2200, "pi", null, null, LoginMethod.AGENT, f, ssh);
        assertEquals(List.of(Path.of("/k/b-2200-pi-b-%")), t.keyFiles());
        Files.writeString(f, "Host b\n  IdentityFile /k/%Q\n");
        IOException e = assertThrows(
                IOException.class, () -> SshTarget.resolve("b", null, null, null, null, LoginMethod.AGENT, f, ssh));
        assertEquals(f + ": IdentityFile '/k/%Q': unknown token %Q", e.getMessage());
    }

    @Test
    void patternsAreOpenSshs() {
        assertTrue(Glob.matches("board-7.lab", "board-?.*"));
        assertFalse(Glob.matches("board-17.lab", "board-?.lab"));
        assertTrue(Glob.matchesList("Board-7", "x,board-*", true));
        assertFalse(Glob.matchesList("board-7", "board-*,!board-7", true));
        assertFalse(Glob.matchesList("Root", "root", false));
    }
}
