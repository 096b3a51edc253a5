package dev.tickbench.probe.http;

import dev.tickbench.probe.common.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;

/** The {@code --token FILE} secret; compared in constant time so response timing does not leak it. */
public final class BearerToken {
    /** Shorter secrets are refused at start: a token is the only thing between the network and the data. */
    public static final int MIN_BYTES = 16;

    private final byte[] expected;

    private BearerToken(String token) {
        this.expected = token.getBytes(StandardCharsets.UTF_8);
    }

    /** Reads the token (first line, surrounding whitespace ignored); a missing or empty file is a user error. */
    public static BearerToken read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserError("--token " + file + ": cannot read the token file (" + e.getMessage() + ")", 2);
        }
        String token = text.strip().lines().findFirst().orElse("").strip();
        if (token.isEmpty()) {
            throw new UserError("--token " + file + ": the token file is empty; put a long random secret in it", 2);
        }
        if (token.getBytes(StandardCharsets.UTF_8).length < MIN_BYTES) {
            throw new UserError(
                    "--token " + file + ": the token is shorter than " + MIN_BYTES + " bytes; put a long random "
                            + "secret in it (e.g. head -c 32 /dev/urandom | base64 > " + file + ")",
                    2);
        }
        return new BearerToken(token);
    }

    /** True when the Authorization header value is "Bearer TOKEN" (the scheme in any case, RFC 7235). */
    public boolean accepts(String authorizationHeader) {
        if (authorizationHeader == null) {
            return false;
        }
        String h = authorizationHeader.strip();
        int sp = h.indexOf(' ');
        if (sp < 0 || !h.substring(0, sp).equalsIgnoreCase("Bearer")) {
            return false;
        }
        return MessageDigest.isEqual(expected, h.substring(sp + 1).strip().getBytes(StandardCharsets.UTF_8));
    }
}
