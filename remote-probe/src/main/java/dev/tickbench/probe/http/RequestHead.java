package dev.tickbench.probe.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The request line and headers of one HTTP/1.x request, read with a deadline and a size limit: a
 * client that sends them slowly, or endlessly, is cut off (SECURITY.md).
 */
record RequestHead(String method, String path, String rawQuery, String authorization) {
    /** Request line plus headers; real clients (Prometheus, curl, the workbench) send a few hundred bytes. */
    static final int MAX_BYTES = 8192;

    /** The head could not be read: too slow, too long, or not HTTP. {@code status} 0 means just close. */
    static final class BadRequest extends IOException {
        final int status;

        BadRequest(int status, String message) {
            super(message);
            this.status = status;
        }
    }

    /**
     * Reads until the blank line. {@code in} must come from a socket whose SO_TIMEOUT is set (one silent
     * pause that long ends it); a client trickling bytes is stopped by {@code deadlineNs}
     * ({@link System#nanoTime()}) for the whole head. The deadline is the client's: it is judged only
     * when the next byte has not arrived, so a head that came in time is read even when this server was
     * too busy (starved of CPU, in a GC pause) to read it before the deadline passed.
     */
    static RequestHead read(InputStream in, long deadlineNs) throws IOException {
        byte[] buf = new byte[MAX_BYTES];
        int n = 0;
        while (true) {
            if (System.nanoTime() > deadlineNs && in.available() == 0) {
                throw new BadRequest(408, "request headers not received in time");
            }
            int c;
            try {
                c = in.read();
            } catch (SocketTimeoutException e) {
                throw new BadRequest(408, "request headers not received in time");
            }
            if (c < 0) {
                throw new BadRequest(0, "the client closed the connection");
            }
            if (n == buf.length) {
                throw new BadRequest(431, "request headers larger than " + MAX_BYTES + " bytes");
            }
            buf[n++] = (byte) c;
            if (c == '\n' && (endsWith(buf, n, "\n\n") || endsWith(buf, n, "\r\n\r\n"))) {
                return parse(new String(buf, 0, n, StandardCharsets.ISO_8859_1));
            }
        }
    }

    private static boolean endsWith(byte[] b, int n, String s) {
        if (n < s.length()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (b[n - s.length() + i] != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    static RequestHead parse(String head) throws BadRequest {
        String[] lines = head.split("\r?\n");
        String[] parts = lines[0].split(" ");
        if (parts.length != 3 || !parts[2].startsWith("HTTP/1.")) {
            throw new BadRequest(400, "not an HTTP/1.x request line");
        }
        String target = parts[1];
        int q = target.indexOf('?');
        String path = q < 0 ? target : target.substring(0, q);
        String query = q < 0 ? null : target.substring(q + 1);
        String authorization = null;
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0
                    && lines[i].substring(0, colon)
                            .trim()
                            .toLowerCase(Locale.ROOT)
                            .equals("authorization")) {
                authorization = lines[i].substring(colon + 1).trim();
            }
        }
        return new RequestHead(parts[0], path, query, authorization);
    }
}
