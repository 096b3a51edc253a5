import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * Build step (app/pom.xml, run as a single source file): writes the SHA-256 of a file, in hex, to
 * FILE.sha256 beside it. The app bundles the probe jar with its hash, so that it need not read 15 MB
 * and hash them at every start before this machine's probe process can run (BundledProbe).
 */
public final class Sha256File {
    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: java Sha256File.java FILE (writes FILE.sha256)");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        if (!Files.isRegularFile(file)) {
            // no probe jar built (a module built alone): the app then hashes what it carries, as before
            System.out.println("Sha256File: no " + file + ", no hash written");
            return;
        }
        MessageDigest d = MessageDigest.getInstance("SHA-256");
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                d.update(buf, 0, n);
            }
        }
        Path out = Path.of(file + ".sha256");
        Path part = Path.of(out + ".part");
        Files.writeString(part, HexFormat.of().formatHex(d.digest()) + "\n", StandardCharsets.US_ASCII);
        Files.move(part, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
