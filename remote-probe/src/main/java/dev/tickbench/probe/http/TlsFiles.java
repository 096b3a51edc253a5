package dev.tickbench.probe.http;

import dev.tickbench.probe.common.UserError;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * {@code --tls-cert FILE --tls-key FILE}: PEM files as most tools write them (the certificate chain,
 * leaf first; the private key unencrypted PKCS#8, "BEGIN PRIVATE KEY", RSA or EC), turned into the
 * JDK's own TLS (JSSE) server context. Read once at start.
 */
final class TlsFiles {
    private static final Pattern PKCS8 =
            Pattern.compile("-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\\s]+)-----END PRIVATE KEY-----");

    private TlsFiles() {}

    static SSLContext context(Path certFile, Path keyFile) {
        Certificate[] chain = certificates(certFile);
        PrivateKey key = privateKey(keyFile);
        try {
            char[] pass = new char[0];
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(null, null);
            ks.setKeyEntry("probe", key, pass, chain);
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(ks, pass);
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(kmf.getKeyManagers(), null, null);
            return ctx;
        } catch (GeneralSecurityException | IOException e) {
            throw new UserError(
                    "--tls-cert " + certFile + " / --tls-key " + keyFile + ": the key does not go with the "
                            + "certificate, or cannot be used (" + e.getMessage() + ")",
                    2);
        }
    }

    private static Certificate[] certificates(Path file) {
        try {
            byte[] pem = Files.readAllBytes(file);
            Certificate[] chain = CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(pem))
                    .toArray(Certificate[]::new);
            if (chain.length == 0) {
                throw new UserError(
                        "--tls-cert " + file + ": no certificate in it (expected PEM, BEGIN CERTIFICATE)", 2);
            }
            return chain;
        } catch (IOException e) {
            throw new UserError("--tls-cert " + file + ": cannot read the file (" + e.getMessage() + ")", 2);
        } catch (GeneralSecurityException e) {
            throw new UserError("--tls-cert " + file + ": not a PEM certificate (BEGIN CERTIFICATE)", 2);
        }
    }

    private static PrivateKey privateKey(Path file) {
        String pem;
        try {
            pem = Files.readString(file, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UserError("--tls-key " + file + ": cannot read the file (" + e.getMessage() + ")", 2);
        }
        Matcher m = PKCS8.matcher(pem);
        if (!m.find()) {
            throw new UserError(
                    "--tls-key " + file + ": expected an unencrypted PKCS#8 PEM key (BEGIN PRIVATE KEY); "
                            + "convert with: openssl pkcs8 -topk8 -nocrypt -in KEY -out KEY.pk8",
                    2);
        }
        byte[] der = Base64.getMimeDecoder().decode(m.group(1));
        for (String alg : new String[] {"RSA", "EC", "Ed25519"}) {
            try {
                return KeyFactory.getInstance(alg).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (GeneralSecurityException e) {
                // try the next algorithm
            }
        }
        throw new UserError("--tls-key " + file + ": not an RSA, EC or Ed25519 private key", 2);
    }
}
