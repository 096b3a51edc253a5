package dev.tickbench.app.connect;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyEncryptionContext;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;
import org.apache.sshd.common.file.virtualfs.VirtualFileSystemFactory;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.command.AbstractCommandSupport;
import org.apache.sshd.server.command.Command;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;

/**
 * An Apache SSHD server on loopback, port 0, with SFTP rooted at a temp "home" and a command
 * handler given by the test. Accepts only user {@link #USER} with the client key.
 */
public final class InProcessSshd implements AutoCloseable {
    public static final String USER = "tester";

    /** Runs one exec command: write to out/err, return the exit status. */
    @FunctionalInterface
    public interface Handler {
        int run(String command, OutputStream out, OutputStream err) throws Exception;
    }

    public final SshServer server;
    public final KeyPair hostKey;
    final Path home;
    final List<String> commands = new CopyOnWriteArrayList<>();

    public InProcessSshd(Path home, PublicKey clientKey, Handler handler) throws IOException, GeneralSecurityException {
        this(home, clientKey, KeyUtils.generateKeyPair("ssh-ed25519", 256), handler);
    }

    InProcessSshd(Path home, PublicKey clientKey, KeyPair hostKey, Handler handler) throws IOException {
        this.home = home;
        this.hostKey = hostKey;
        server = SshServer.setUpDefaultServer();
        server.setHost("127.0.0.1");
        server.setPort(0);
        server.setKeyPairProvider(KeyPairProvider.wrap(hostKey));
        server.setPublickeyAuthenticator(
                (user, key, session) -> USER.equals(user) && KeyUtils.compareKeys(key, clientKey));
        server.setFileSystemFactory(new VirtualFileSystemFactory(home));
        server.setSubsystemFactories(List.of(new SftpSubsystemFactory()));
        server.setCommandFactory((channel, command) -> command(command, handler));
        server.start();
    }

    public int port() {
        return server.getPort();
    }

    /** Drops every session from the server side, as a lost link would. */
    void dropSessions() {
        server.getActiveSessions().forEach(s -> s.close(true));
    }

    private Command command(String command, Handler handler) {
        commands.add(command);
        return new AbstractCommandSupport(command, null) {
            @Override
            public void run() {
                int status;
                try {
                    status = handler.run(command, getOutputStream(), getErrorStream());
                    getOutputStream().flush();
                    getErrorStream().flush();
                } catch (Exception e) {
                    status = 255;
                }
                onExit(status);
            }
        };
    }

    @Override
    public void close() throws IOException {
        server.stop(true);
    }

    /** Writes an OpenSSH private key file, encrypted when passphrase is not null. */
    public static Path writeKey(Path file, KeyPair key, String passphrase)
            throws IOException, GeneralSecurityException {
        OpenSSHKeyEncryptionContext enc = null;
        if (passphrase != null) {
            enc = new OpenSSHKeyEncryptionContext();
            enc.setCipherName("AES");
            enc.setCipherMode("CTR");
            enc.setCipherType("256");
            enc.setPassword(passphrase);
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(key, "test", enc, out);
        }
        return file;
    }
}
