package dev.tickbench.probe.http;

import dev.tickbench.probe.cli.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;

/** The {@code --token FILE} secret; compared in constant time so response timing does not leak it. */
public final class BearerToken {
    private final byte[] expectedHeader;

    private BearerToken(String token) {
        this.expectedHeader = ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
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
        return new BearerToken(token);
    }

    /** True when the Authorization header value carries this token. */
    public boolean accepts(String authorizationHeader) {
        if (authorizationHeader == null) {
            return false;
        }
        return MessageDigest.isEqual(expectedHeader, authorizationHeader.strip().getBytes(StandardCharsets.UTF_8));
    }
}
