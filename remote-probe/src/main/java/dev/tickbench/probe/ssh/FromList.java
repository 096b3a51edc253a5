package dev.tickbench.probe.ssh;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code from="…"} option of an authorized_keys line, read and matched as OpenSSH's sshd does
 * (match_host_and_ip with UseDNS no): the client's address against the list (addr_match_list: an entry
 * that is an address or a network is compared as an address, any other as a wildcard on its text), then
 * its text against every entry as a wildcard (match_hostname, the "host name" being the address); a
 * matching {@code !} entry denies.
 *
 * <p>An entry that sshd would reject, it rejects here too, when the line is read, so the key line is
 * refused with a log line rather than at each login: an empty entry, a mask longer than its address, a
 * network with host bits set. One rule is stricter than sshd: an entry with a {@code /} that is not a
 * network ({@code 127.0.0.1/x}, {@code 10.0.0.1/}, {@code ::1/-1}) is an error, where sshd takes it as a
 * wildcard that no address's text can match, so that {@code !} before it denies nothing.
 */
record FromList(String text, List<FromList.Entry> entries) {
    /** One entry: {@code network} when it is an address or a network, else null (a wildcard). */
    record Entry(boolean negated, String pattern, Network network) {}

    /** An address with a prefix length ({@code bits} = the whole address for a single one). */
    record Network(byte[] address, int bits) {
        boolean contains(byte[] client) {
            if (client.length != address.length) {
                return false;
            }
            for (int bit = 0; bit < bits; bit += 8) {
                int mask = 0xff << 8 - Math.min(8, bits - bit) & 0xff;
                if (((client[bit / 8] ^ address[bit / 8]) & mask) != 0) {
                    return false;
                }
            }
            return true;
        }

        boolean hostBitsSet() {
            for (int bit = bits; bit < address.length * 8; bit++) {
                if ((address[bit / 8] >> 7 - bit % 8 & 1) != 0) {
                    return true;
                }
            }
            return false;
        }
    }

    /** The list as written; what sshd would refuse is an {@link IllegalArgumentException} saying which entry and why. */
    static FromList parse(String text) {
        List<Entry> entries = new ArrayList<>();
        for (String raw : text.split(",", -1)) { // -1: a trailing empty entry is an error, as for sshd
            boolean negated = raw.startsWith("!");
            String pattern = negated ? raw.substring(1) : raw;
            if (pattern.isEmpty()) {
                throw new IllegalArgumentException("from=\"" + text + "\" has an empty entry");
            }
            entries.add(new Entry(negated, pattern, network(pattern)));
        }
        return new FromList(text, List.copyOf(entries));
    }

    /** addr_pton_cidr: the network an entry names, null for a wildcard, an error for a bad network. */
    private static Network network(String pattern) {
        int slash = pattern.indexOf('/');
        byte[] address = NumericHost.parse(slash < 0 ? pattern : pattern.substring(0, slash));
        if (slash < 0) {
            return address == null ? null : new Network(address, address.length * 8);
        }
        String length = pattern.substring(slash + 1);
        if (address == null || !length.matches("[0-9]{1,9}")) {
            throw new IllegalArgumentException("'" + pattern + "' is neither an address nor a network (ADDRESS/BITS)");
        }
        int bits = Integer.parseInt(length);
        if (bits > address.length * 8) {
            throw new IllegalArgumentException("'" + pattern + "' has a mask of " + bits + " bits, more than the "
                    + address.length * 8 + " of its address");
        }
        Network n = new Network(address, bits);
        if (n.hostBitsSet()) {
            throw new IllegalArgumentException("'" + pattern + "' has host bits set (inconsistent mask length)");
        }
        return n;
    }

    /** Null when a client at {@code address} may use the key, else why not. */
    String denial(InetAddress address) {
        String name = canonical(address);
        byte[] bytes = address.getAddress();
        int byAddress = 0;
        int byName = 0;
        for (Entry e : entries) {
            boolean asAddress = e.network() != null ? e.network().contains(bytes) : wildcard(e.pattern(), name);
            byAddress = merge(byAddress, asAddress, e.negated());
            byName = merge(byName, wildcard(e.pattern(), name), e.negated());
        }
        if (byAddress < 0 || byName < 0 || byAddress == 0 && byName == 0) {
            return "from=\"" + text + "\" does not match " + name;
        }
        return null;
    }

    /** -1 once a negated entry matched (it wins), else 1 once another one did. */
    private static int merge(int before, boolean matches, boolean negated) {
        if (before < 0 || !matches) {
            return before;
        }
        return negated ? -1 : 1;
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
            out.append('%')
                    .append(
                            v6.getScopedInterface() != null
                                    ? v6.getScopedInterface().getName()
                                    : v6.getScopeId());
        }
        return out.toString();
    }

    /** OpenSSH's match_pattern: {@code *} any run, {@code ?} one character; case-insensitive as match_hostname. */
    static boolean wildcard(String pattern, String s) {
        int p = 0;
        int i = 0;
        int star = -1;
        int resume = 0;
        while (i < s.length()) {
            if (p < pattern.length() && pattern.charAt(p) == '*') {
                star = p++;
                resume = i;
            } else if (p < pattern.length() && (pattern.charAt(p) == '?' || same(pattern.charAt(p), s.charAt(i)))) {
                p++;
                i++;
            } else if (star >= 0) {
                p = star + 1;
                i = ++resume;
            } else {
                return false;
            }
        }
        while (p < pattern.length() && pattern.charAt(p) == '*') {
            p++;
        }
        return p == pattern.length();
    }

    private static boolean same(char a, char b) {
        return Character.toLowerCase(a) == Character.toLowerCase(b);
    }
}
