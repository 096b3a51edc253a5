package dev.tickbench.probe.ssh;

import java.net.InetAddress;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The authorized_keys options this server honours, as OpenSSH's sshd(8) defines them:
 * {@code command="…"} (the key runs that command line, whatever the client asks),
 * {@code from="pattern,…"} (client address patterns, {@link FromList}),
 * {@code expiry-time="YYYYMMDD[HHMM[SS]][Z]"} (local time unless Z), and {@code restrict},
 * {@code no-pty}, {@code no-port-forwarding}, {@code no-agent-forwarding}, {@code no-X11-forwarding},
 * {@code no-user-rc}, which are always true here (the server offers no pty, forwarding or rc). A key
 * line with any other option is refused: an option we do not enforce must not look enforced.
 */
record KeyOptions(String command, FromList from, Instant expires) {
    static final Set<String> ALWAYS_TRUE = Set.of(
            "restrict", "no-pty", "no-port-forwarding", "no-agent-forwarding", "no-x11-forwarding", "no-user-rc");
    private static final Pattern EXPIRY = Pattern.compile("(\\d{8})(\\d{4}(\\d{2})?)?(Z)?");

    static final KeyOptions NONE = new KeyOptions(null, null, null);

    /** The options of one key line; an unknown option or a bad value is an {@link IllegalArgumentException}. */
    static KeyOptions parse(Map<String, String> options, ZoneId localZone) {
        String command = null;
        FromList from = null;
        Instant expires = null;
        for (Map.Entry<String, String> e : options.entrySet()) {
            String name = e.getKey().toLowerCase(Locale.ROOT);
            String value = e.getValue();
            switch (name) {
                case "command" -> command = value;
                case "from" -> from = FromList.parse(value);
                case "expiry-time" -> expires = expiry(value, localZone);
                default -> {
                    if (!ALWAYS_TRUE.contains(name) || !"true".equals(value)) {
                        throw new IllegalArgumentException(
                                "option '" + e.getKey() + "' is not supported by this server");
                    }
                }
            }
        }
        return new KeyOptions(command, from, expires);
    }

    private static Instant expiry(String text, ZoneId localZone) {
        var m = EXPIRY.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("expiry-time '" + text + "' is not YYYYMMDD[HHMM[SS]][Z]");
        }
        String digits = m.group(1) + (m.group(2) == null ? "0000" : m.group(2)) + (m.group(3) == null ? "00" : "");
        try {
            LocalDateTime t = LocalDateTime.parse(digits, DateTimeFormatter.ofPattern("uuuuMMddHHmmss"));
            return t.atZone(m.group(4) != null ? ZoneOffset.UTC : localZone).toInstant();
        } catch (DateTimeParseException ex) {
            throw new IllegalArgumentException("expiry-time '" + text + "' is not a valid date");
        }
    }

    /** Null when a client at {@code address} may use this key now, else why not. */
    String denial(InetAddress address, Instant now) {
        if (expires != null && !now.isBefore(expires)) {
            return "the key expired at " + expires;
        }
        return from == null ? null : from.denial(address);
    }
}
