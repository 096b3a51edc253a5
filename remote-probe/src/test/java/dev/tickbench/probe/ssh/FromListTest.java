package dev.tickbench.probe.ssh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * from= as OpenSSH's sshd reads it (addrmatch.c, addr.c, match.c): what sshd refuses is refused when the
 * line is read, and a negation denies what it names however the address is written.
 */
class FromListTest {
    private static InetAddress ip(String literal) throws Exception {
        return InetAddress.getByName(literal);
    }

    /**
     * A malformed network after {@code !} denied nothing, so {@code *} admitted the very address the line
     * meant to keep out. sshd refuses the key for the first and last (a mask longer than the address); the
     * others it reads as wildcards no address matches, which leaves {@code !} without effect: refused here.
     */
    @Test
    void aMalformedNetworkRefusesTheKeyLine() {
        Map<String, String> refusals = Map.of(
                "*,!127.0.0.1/33", "'127.0.0.1/33' has a mask of 33 bits, more than the 32 of its address",
                "*,!127.0.0.1/x", "'127.0.0.1/x' is neither an address nor a network (ADDRESS/BITS)",
                "*,!127.0.0.1/", "'127.0.0.1/' is neither an address nor a network (ADDRESS/BITS)",
                "*,!127.0.0.1/-1", "'127.0.0.1/-1' is neither an address nor a network (ADDRESS/BITS)",
                "*,!::1/129", "'::1/129' has a mask of 129 bits, more than the 128 of its address",
                "*,!/x", "'/x' is neither an address nor a network (ADDRESS/BITS)",
                "10.0.0.1/8", "'10.0.0.1/8' has host bits set (inconsistent mask length)",
                "127.0.0.1,", "from=\"127.0.0.1,\" has an empty entry",
                "*,!", "from=\"*,!\" has an empty entry");
        refusals.forEach((list, why) -> assertEquals(
                why,
                assertThrows(IllegalArgumentException.class, () -> FromList.parse(list), list)
                        .getMessage(),
                list));
        assertThrows(
                IllegalArgumentException.class,
                () -> KeyOptions.parse(Map.of("from", "*,!::1/129"), java.time.ZoneOffset.UTC),
                "the key line is refused");
    }

    @Test
    void aNegationDeniesItsAddressWrittenAnyWayGetaddrinfoReadsIt() throws Exception {
        for (String written : new String[] {
            "127.0.0.1", "127.1", "0x7f.1", "0177.0.0.1", "127.0.0.01", "2130706433", "127.0.0.0/8", "127.0.0.1/32"
        }) {
            FromList list = FromList.parse("*,!" + written);
            assertTrue(list.denial(ip("127.0.0.1")) != null, written + " denies 127.0.0.1");
            assertNull(list.denial(ip("10.0.0.1")), written + " admits the rest");
        }
        assertTrue(FromList.parse("*,!::1/128").denial(ip("::1")) != null);
        assertTrue(FromList.parse("*,!0:0::1").denial(ip("::1")) != null);
        assertNull(
                FromList.parse("*,!::ffff:127.0.0.1").denial(ip("127.0.0.1")),
                "an IPv6 network never holds an IPv4 client (sshd compares families)");
        assertNull(FromList.parse("10.0.0.0/8,!10.1.0.0/16").denial(ip("10.2.3.4")));
        assertTrue(FromList.parse("10.0.0.0/8,!10.1.0.0/16").denial(ip("10.1.3.4")) != null);
        assertNull(FromList.parse("0.0.0.0/0").denial(ip("192.0.2.1")));
        assertTrue(FromList.parse("0.0.0.0/0").denial(ip("::1")) != null);
    }

    @Test
    void wildcardsAreOpenSshs() {
        assertTrue(FromList.wildcard("10.*", "10.1.2.3"));
        assertTrue(FromList.wildcard("*", ""));
        assertTrue(FromList.wildcard("1?.0.0.1", "10.0.0.1"));
        assertTrue(FromList.wildcard("*.*.*.1", "10.0.0.1"));
        assertTrue(FromList.wildcard("FE80::*", "fe80::1"), "case-insensitive, as match_hostname");
        assertTrue(!FromList.wildcard("10.*.1", "10.0.0.2"));
        assertTrue(!FromList.wildcard("?", ""));
        assertTrue(!FromList.wildcard("10.0.0.1", "10.0.0.10"));
    }

    /** getaddrinfo(AI_NUMERICHOST) on glibc, as Python's socket.getaddrinfo printed each on Debian 12. */
    @Test
    void numericHostsAreReadAsGlibcReadsThem() {
        Map<String, String> read = Map.ofEntries(
                Map.entry("127.1", "7f000001"),
                Map.entry("0x7f.1", "7f000001"),
                Map.entry("0177.0.0.1", "7f000001"),
                Map.entry("127.0.0.01", "7f000001"),
                Map.entry("4294967295", "ffffffff"),
                Map.entry("1.256", "01000100"),
                Map.entry("1.16777215", "01ffffff"),
                Map.entry("::", "0".repeat(32)),
                Map.entry("::ffff:1.2.3.4", "00000000000000000000ffff01020304"),
                Map.entry("::1.2.3.4", "00000000000000000000000001020304"),
                Map.entry("1:2:3:4:5:6:7::", "0001000200030004000500060007" + "0000"));
        read.forEach((text, hex) -> assertArrayEquals(HexFormat.of().parseHex(hex), NumericHost.parse(text), text));
        for (String no : new String[] {
            "08.1.1.1",
            "127.0.0.1 ",
            "1.2.3.4.5",
            "4294967296",
            "0x",
            "1.0x",
            "1::2::3",
            "1:2:3:4:5:6:7:8::",
            "::01.2.3.4",
            "::1.2.3",
            "256.0.0.1",
            "1.16777216",
            "00000:1::",
            "0x100.1",
            "",
            ":1::",
            "1::2:",
            "١٢٧.0.0.1",
            "fe80::1%lo",
            "localhost"
        }) {
            assertNull(NumericHost.parse(no), no);
        }
    }
}
