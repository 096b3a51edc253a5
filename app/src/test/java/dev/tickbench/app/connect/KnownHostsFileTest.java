package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.Prerequisites;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.PublicKey;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.client.config.hosts.KnownHostEntry;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Accepted host keys added to known_hosts: atomically, keeping what was there, as OpenSSH writes them. */
class KnownHostsFileTest {
    @TempDir
    Path tmp;

    private static PublicKey newKey() throws Exception {
        return KeyUtils.generateKeyPair("ssh-ed25519", 256).getPublic();
    }

    @Test
    void aFirstKeyMakesAPrivateDirectoryAndFileWithOnePlainLine() throws Exception {
        Path file = tmp.resolve("home/.ssh/known_hosts");
        PublicKey key = newKey();
        String line = new KnownHostsFile(file).add("board-7", 22, key);

        assertEquals("board-7 " + PublicKeyEntry.toString(key), line, "port 22: the bare name, as ssh writes it");
        assertEquals(line + "\n", Files.readString(file));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals(List.of("known_hosts"), names(file.getParent()), "no temporary file left");
    }

    @Test
    void anotherKeyKeepsEveryByteAndThePermissionsAndEndsTheLastLine() throws Exception {
        Path file = tmp.resolve("known_hosts");
        // a comment, a marker line, CRLF, no newline at the end: all kept as they are
        String before =
                "# mine\r\n@cert-authority *.lan ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFakeFakeFakeFakeFakeFakeFakeFakeFakeFakeFake\n"
                        + "old-host ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOldOldOldOldOldOldOldOldOldOldOldOldOldOld";
        Files.writeString(file, before);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        PublicKey key = newKey();

        new KnownHostsFile(file).add("10.0.0.5", 2222, key);

        assertEquals(before + "\n[10.0.0.5]:2222 " + PublicKeyEntry.toString(key) + "\n", Files.readString(file));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals(List.of("known_hosts"), names(tmp));
    }

    @Test
    void aLinkedFileIsReplacedBehindTheLink() throws Exception {
        Path real = Files.writeString(
                Files.createDirectories(tmp.resolve("dotfiles")).resolve("known_hosts"), "a ssh-rsa AAAA\n");
        Path link = Files.createSymbolicLink(
                Files.createDirectories(tmp.resolve(".ssh")).resolve("known_hosts"), real);
        PublicKey key = newKey();

        new KnownHostsFile(link).add("b", 22, key);

        assertTrue(Files.isSymbolicLink(link), "the link stays a link");
        assertEquals("a ssh-rsa AAAA\nb " + PublicKeyEntry.toString(key) + "\n", Files.readString(real));
    }

    @Test
    void aHashedFileGetsAHashedLineThatSshAndSshdBothFind() throws Exception {
        Path file = tmp.resolve("known_hosts");
        PublicKey old = newKey();
        Files.writeString(
                file,
                "# hashed by ssh\n" + KnownHostsFile.hashed("old-host") + " " + PublicKeyEntry.toString(old) + "\n");
        PublicKey key = newKey();

        String line = new KnownHostsFile(file).add("127.0.0.1", 2222, key);

        assertTrue(line.startsWith("|1|"), line);
        assertFalse(Files.readString(file).contains("127.0.0.1"), "the host is not in clear");
        KnownHostEntry entry = KnownHostEntry.parseKnownHostEntry(line);
        assertTrue(entry.isHostMatch("127.0.0.1", 2222), "Apache SSHD matches it");
        assertFalse(entry.isHostMatch("127.0.0.1", 22));
        assertEquals(
                PublicKeyEntry.toString(key),
                PublicKeyEntry.toString(entry.getKeyEntry().resolvePublicKey(null, null)));

        // and OpenSSH's own lookup finds it
        Path sshKeygen = Prerequisites.tool("ssh-keygen", "openssh-client");
        Process p = new ProcessBuilder(sshKeygen.toString(), "-F", "[127.0.0.1]:2222", "-f", file.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(dev.tickbench.testkit.Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains(PublicKeyEntry.toString(key).split(" ")[1]), out);
    }

    @Test
    void aFileWithAnyPlainEntryGetsAPlainLine() throws Exception {
        Path file = tmp.resolve("known_hosts");
        Files.writeString(file, KnownHostsFile.hashed("a") + " ssh-rsa AAAA\nb ssh-rsa AAAA\n");
        assertFalse(new KnownHostsFile(file).add("c", 22, newKey()).startsWith("|1|"));
        assertFalse(
                KnownHostsFile.allHashed(Files.writeString(tmp.resolve("empty"), "# nothing yet\n")),
                "no entries: OpenSSH's default, plain");
    }

    private static List<String> names(Path dir) throws Exception {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
