package dev.tickbench.probe.common;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/** An {@code ADDR:PORT} flag value ({@code 127.0.0.1:9123}, {@code [::1]:2222}, {@code 0.0.0.0:0}). */
public record HostPort(String host, int port) {

    /** Parses {@code text} given for {@code flag}; a bad value is a usage error (exit 2) naming the flag. */
    public static HostPort parse(String flag, String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new UserError(flag + " must be ADDR:PORT (e.g. 127.0.0.1:9123), got '" + text + "'", 2);
        }
        String host = text.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new UserError(
                    flag + ": port must be a number from 0 to 65535, got '" + text.substring(colon + 1) + "'", 2);
        }
        if (port < 0 || port > 65535) {
            throw new UserError(flag + ": port must be from 0 to 65535, got " + port, 2);
        }
        return new HostPort(host, port);
    }

    /** Resolves the address; an unknown host is a usage error naming the flag. */
    public InetSocketAddress resolve(String flag) {
        try {
            return new InetSocketAddress(InetAddress.getByName(host), port);
        } catch (UnknownHostException e) {
            throw new UserError(flag + ": cannot resolve '" + host + "'", 2);
        }
    }

    /** True when every address the host names is a loopback address. */
    public boolean isLoopback(String flag) {
        return resolve(flag).getAddress().isLoopbackAddress();
    }
}
