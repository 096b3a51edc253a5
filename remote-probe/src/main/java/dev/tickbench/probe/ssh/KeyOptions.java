package dev.tickbench.probe.ssh;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The authorized_keys options this server honours, as OpenSSH's sshd(8) defines them:
 * {@code command="…"} (the key runs that command line, whatever the client asks),
 * {@code from="pattern,…"} (client address patterns: {@code *}/{@code ?} wildcards, CIDR, {@code !}
 * to deny), {@code expiry-time="YYYYMMDD[HHMM[SS]][Z]"} (local time unless Z), and {@code restrict},
 * {@code no-pty}, {@code no-port-forwarding}, {@code no-agent-forwarding}, {@code no-X11-forwarding},
 * {@code no-user-rc}, which are always true here (the server offers no pty, forwarding or rc). A key
 * line with any other option is refused: an option we do not enforce must not look enforced.
 */
record KeyOptions(String command, List<String> from, Instant expires) {
    static final Set<String> ALWAYS_TRUE =
            Set.of("restrict", "no-pty", "no-port-forwarding", "no-agent-forwarding", "no-x11-forwarding", "no-user-rc");
    private static final Pattern EXPIRY = Pattern.compile("(\\d{8})(\\d{4}(\\d{2})?)?(Z)?");

    static final KeyOptions NONE = new KeyOptions(null, null, null);

    /** The options of one key line; an unknown option or a bad value is an {@link IllegalArgumentException}. */
    static KeyOptions parse(Map<String, String> options, ZoneId localZone) {
        String command = null;
        List<String> from = null;
        Instant expires = null;
        for (Map.Entry<String, String> e : options.entrySet()) {
            String name = e.getKey().toLowerCase(Locale.ROOT);
            String value = e.getValue();
            switch (name) {
                case "command" -> command = value;
                case "from" -> from = List.of(value.split(","));
                case "expiry-time" -> expires = expiry(value, localZone);
                default -> {
                    if (!ALWAYS_TRUE.contains(name) || !"true".equals(value)) {
                        throw new IllegalArgumentException("option '" + e.getKey() + "' is not supported by this server");
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
        if (from != null && !fromAllows(address)) {
            return "from=\"" + String.join(",", from) + "\" does not match " + address.getHostAddress();
        }
        return null;
    }

    /** OpenSSH rule: a matching negated pattern denies; otherwise one matching pattern allows. */
    private boolean fromAllows(InetAddress address) {
        boolean allowed = false;
        for (String p : from) {
            boolean negated = p.startsWith("!");
            String pattern = negated ? p.substring(1) : p;
            if (matches(pattern, address)) {
                if (negated) {
                    return false;
                }
                allowed = true;
            }
        }
        return allowed;
    }

    static boolean matches(String pattern, InetAddress address) {
        int slash = pattern.indexOf('/');
        if (slash > 0) {
            return inCidr(pattern.substring(0, slash), pattern.substring(slash + 1), address);
        }
        if (isLiteral(pattern)) {
            try {
                return InetAddress.getByName(pattern).equals(address); // ::1 and 0:0:0:0:0:0:0:1 alike
            } catch (UnknownHostException e) {
                return false;
            }
        }
        // the address, not a reverse-DNS name (as sshd with UseDNS no, its default)
        return wildcard(pattern, address.getHostAddress());
    }

    /** An IP address literal (never a name: nothing here resolves DNS). */
    private static boolean isLiteral(String s) {
        return s.matches("[0-9.]+") && s.chars().filter(c -> c == '.').count() == 3 || s.matches("[0-9a-fA-F:.]*:[0-9a-fA-F:.]*");
    }

    private static boolean inCidr(String net, String bits, InetAddress address) {
        byte[] want;
        int n;
        try {
            if (!isLiteral(net)) {
                return false;
            }
            want = InetAddress.getByName(net).getAddress();
            n = Integer.parseInt(bits);
        } catch (UnknownHostException | NumberFormatException e) {
            return false;
        }
        byte[] have = address.getAddress();
        if (have.length != want.length || n < 0 || n > have.length * 8) {
            return false;
        }
        BigInteger mask = n == 0 ? BigInteger.ZERO
                : BigInteger.ONE.shiftLeft(n).subtract(BigInteger.ONE).shiftLeft(have.length * 8 - n);
        return new BigInteger(1, have).and(mask).equals(new BigInteger(1, want).and(mask));
    }

    /** {@code *} any run, {@code ?} one character, case-insensitive, as OpenSSH's match_pattern. */
    static boolean wildcard(String pattern, String s) {
        StringBuilder re = new StringBuilder();
        for (char c : pattern.toCharArray()) {
            switch (c) {
                case '*' -> re.append(".*");
                case '?' -> re.append('.');
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(re.toString(), Pattern.CASE_INSENSITIVE).matcher(s).matches();
    }
}
