package dev.tickbench.probe.ssh;

import java.math.BigInteger;
import java.net.Inet6Address;
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
 * {@code from="pattern,…"} (client address patterns: {@code *}/{@code ?} wildcards on the address as
 * sshd writes it, addresses and CIDR networks compared as addresses, {@code !} to deny), {@code expiry-time="YYYYMMDD[HHMM[SS]][Z]"} (local time unless Z), and {@code restrict},
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
        if (from == null) {
            return null;
        }
        String text = canonical(address);
        String fromText = "from=\"" + String.join(",", from) + "\"";
        int byAddress;
        try {
            byAddress = addressMatch(text, address, from);
        } catch (IllegalArgumentException bad) {
            return fromText + " is refused: " + bad.getMessage();
        }
        // with UseDNS no (sshd's default) the "host name" is the address as text: patterns match it again
        int byName = patternMatch(text, from);
        if (byAddress < 0 || byName < 0 || byAddress == 0 && byName == 0) {
            return fromText + " does not match " + text;
        }
        return null;
    }

    /**
     * The address as sshd names it (getnameinfo with NI_NUMERICHOST): IPv4 dotted, an IPv4-mapped IPv6
     * address as its IPv4, IPv6 in its short form (RFC 5952: lower case, no leading zeros, the longest run
     * of two or more zero groups as "::"), so that {@code ::*} matches {@code ::1} as it does for OpenSSH.
     */
    static String canonical(InetAddress address) {
        byte[] b = address.getAddress();
        if (b.length == 4) {
            return address.getHostAddress();
        }
        int[] w = new int[8];
        for (int i = 0; i < 8; i++) {
            w[i] = (b[2 * i] & 0xff) << 8 | b[2 * i + 1] & 0xff;
        }
        int bestAt = -1;
        int bestLen = 0;
        for (int i = 0; i < 8; ) {
            int j = i;
            while (j < 8 && w[j] == 0) {
                j++;
            }
            if (j - i > bestLen) {
                bestAt = i;
                bestLen = j - i;
            }
            i = j == i ? i + 1 : j;
        }
        if (bestLen < 2) {
            bestAt = -1;
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestAt) {
                out.append(i == 0 ? "::" : ":");
                i += bestLen - 1;
                continue;
            }
            if (i == 6 && bestAt == 0 && (bestLen == 6 || bestLen == 5 && w[5] == 0xffff)) {
                out.append((b[12] & 0xff) + "." + (b[13] & 0xff) + "." + (b[14] & 0xff) + "." + (b[15] & 0xff));
                break; // an IPv4-compatible address, written as glibc's inet_ntop writes it
            }
            out.append(Integer.toHexString(w[i]));
            if (i < 7) {
                out.append(':');
            }
        }
        if (address instanceof Inet6Address v6 && v6.getScopeId() != 0) {
            out.append('%').append(v6.getScopedInterface() != null ? v6.getScopedInterface().getName() : v6.getScopeId());
        }
        return out.toString();
    }

    /**
     * OpenSSH's addr_match_list: a pattern that is an address or a network (CIDR) is compared with the
     * address (a network whose host bits are set is an error, which refuses the key); any other pattern
     * is a wildcard against the address's text. -1 when a negated pattern matches, 1 when another does.
     */
    static int addressMatch(String text, InetAddress address, List<String> patterns) {
        int result = 0;
        for (String p : patterns) {
            boolean negated = p.startsWith("!");
            String pattern = negated ? p.substring(1) : p;
            if (pattern.isEmpty()) {
                throw new IllegalArgumentException("an empty pattern");
            }
            Boolean inNetwork = inNetwork(pattern, address);
            boolean matches = inNetwork != null ? inNetwork : wildcard(pattern, text);
            if (matches) {
                if (negated) {
                    return -1;
                }
                result = 1;
            }
        }
        return result;
    }

    /** OpenSSH's match_pattern_list on the address's text: -1 when a negated pattern matches, 1 when another does. */
    static int patternMatch(String text, List<String> patterns) {
        int result = 0;
        for (String p : patterns) {
            boolean negated = p.startsWith("!");
            if (wildcard(negated ? p.substring(1) : p, text)) {
                if (negated) {
                    return -1;
                }
                result = 1;
            }
        }
        return result;
    }

    /**
     * Whether {@code address} is in the network {@code pattern} ("a.b.c.d", "a.b.c.d/len", an IPv6 address
     * with or without "/len"); null when the pattern is not one (a wildcard pattern or a name).
     */
    private static Boolean inNetwork(String pattern, InetAddress address) {
        int slash = pattern.indexOf('/');
        String net = slash < 0 ? pattern : pattern.substring(0, slash);
        if (!isLiteral(net)) {
            return null;
        }
        byte[] want;
        try {
            want = InetAddress.getByName(net).getAddress(); // a literal: nothing is resolved
        } catch (UnknownHostException e) {
            return null;
        }
        int bits = want.length * 8;
        if (slash >= 0) {
            try {
                bits = Integer.parseInt(pattern.substring(slash + 1));
            } catch (NumberFormatException e) {
                return null; // as OpenSSH: not a network, so a wildcard (which no address's text matches)
            }
            if (bits < 0 || bits > want.length * 8) {
                return null;
            }
        }
        BigInteger mask = bits == 0 ? BigInteger.ZERO
                : BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE).shiftLeft(want.length * 8 - bits);
        BigInteger network = new BigInteger(1, want);
        if (!network.and(mask.not()).and(BigInteger.ONE.shiftLeft(want.length * 8).subtract(BigInteger.ONE)).equals(BigInteger.ZERO)) {
            throw new IllegalArgumentException("'" + pattern + "' has host bits set (inconsistent mask length)");
        }
        byte[] have = address.getAddress();
        if (have.length != want.length) {
            return false;
        }
        return new BigInteger(1, have).and(mask).equals(network);
    }

    /** An IP address literal (never a name: nothing here resolves DNS). */
    private static boolean isLiteral(String s) {
        return s.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}") || s.matches("[0-9a-fA-F:.]*:[0-9a-fA-F:.]*");
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
