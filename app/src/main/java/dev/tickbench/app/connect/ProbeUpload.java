package dev.tickbench.app.connect;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClientFactory;
import org.apache.sshd.sftp.common.SftpConstants;
import org.apache.sshd.sftp.common.SftpException;

/**
 * Puts the bundled probe jar (or the packaged probe runtime tarball) into {@code ~/.cache/tickbench/}
 * on the host unless the same bytes are there.
 */
final class ProbeUpload {
    static final String CACHE_DIR = ".cache/tickbench";
    private static final int CHUNK = 64 * 1024;

    private ProbeUpload() {}

    /** Where the probe is on the host, and whether it was uploaded this time. */
    record Placed(String remotePath, boolean uploaded) {}

    static Placed ensure(ClientSession session, BundledProbe probe, ConnectPrompts prompts) throws IOException {
        return ensure(session, probe.jar(), probe.sha256(), probe.remoteName(), prompts);
    }

    /** Uploads {@code bytes} (whose SHA-256 is {@code sha256}) as {@code remoteName} in the cache directory. */
    static Placed ensure(ClientSession session, byte[] bytes, String sha256, String remoteName, ConnectPrompts prompts)
            throws IOException {
        try (SftpClient sftp = SftpClientFactory.instance().createSftpClient(session)) {
            String home = sftp.canonicalPath(".");
            home = home.endsWith("/") ? home.substring(0, home.length() - 1) : home;
            String dir = home + "/" + CACHE_DIR;
            mkdirs(sftp, home, CACHE_DIR);
            String remote = dir + "/" + remoteName;
            if (sameBytes(session, sftp, remote, bytes.length, sha256)) {
                prompts.uploadProgress(bytes.length, bytes.length);
                return new Placed(remote, false);
            }
            // write beside it and rename, so a dropped upload never leaves a half jar under the real name
            String part = remote + ".part";
            try (OutputStream out = sftp.write(part)) {
                int sent = 0;
                prompts.uploadProgress(0, bytes.length);
                while (sent < bytes.length) {
                    int n = Math.min(CHUNK, bytes.length - sent);
                    out.write(bytes, sent, n);
                    sent += n;
                    prompts.uploadProgress(sent, bytes.length);
                }
            }
            if (exists(sftp, remote)) {
                sftp.remove(remote);
            }
            sftp.rename(part, remote);
            return new Placed(remote, true);
        }
    }

    /** SHA-256 of the remote file if it exists: sha256sum on the host, else read back over SFTP. */
    static String remoteSha256(ClientSession session, SftpClient sftp, String remote) throws IOException {
        SshLink.Result r = SshLink.run(session, "sha256sum " + StreamRequest.shellQuote(remote));
        if (r.exitStatus() != null && r.exitStatus() == 0 && r.out().length() >= 64) {
            return r.out().substring(0, 64);
        }
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (InputStream in = sftp.read(remote)) {
            byte[] b = new byte[CHUNK];
            for (int n; (n = in.read(b)) > 0; ) {
                md.update(b, 0, n);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    private static boolean sameBytes(ClientSession session, SftpClient sftp, String remote, long size, String sha256)
            throws IOException {
        SftpClient.Attributes a = stat(sftp, remote);
        if (a == null || a.getSize() != size) {
            return false;
        }
        return sha256.equalsIgnoreCase(remoteSha256(session, sftp, remote));
    }

    private static void mkdirs(SftpClient sftp, String home, String relative) throws IOException {
        String path = home;
        for (String part : relative.split("/")) {
            path = path + "/" + part;
            if (stat(sftp, path) == null) {
                sftp.mkdir(path);
            }
        }
    }

    private static boolean exists(SftpClient sftp, String path) throws IOException {
        return stat(sftp, path) != null;
    }

    private static SftpClient.Attributes stat(SftpClient sftp, String path) throws IOException {
        try {
            return sftp.stat(path);
        } catch (SftpException e) {
            if (e.getStatus() == SftpConstants.SSH_FX_NO_SUCH_FILE
                    || e.getStatus() == SftpConstants.SSH_FX_NO_SUCH_PATH) {
                return null;
            }
            throw e;
        }
    }
}
