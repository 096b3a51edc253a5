package dev.tickbench.probe.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** authorized_keys options as sshd(8) reads them: from= patterns, expiry-time=, the refused rest. */
class KeyOptionsTest {
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");

    private static KeyOptions from(String patterns) {
        return KeyOptions.parse(Map.of("from", patterns), ZoneOffset.UTC);
    }

    private static InetAddress ip(String literal) throws Exception {
        return InetAddress.getByName(literal);
    }

    @Test
    void fromMatchesWildcardsCidrAndNegation() throws Exception {
        KeyOptions o = from("10.1.0.0/16,192.168.1.*,!10.1.2.3,::1");
        assertNull(o.denial(ip("10.1.200.7"), NOW));
        assertNull(o.denial(ip("192.168.1.44"), NOW));
        assertNull(o.denial(ip("0:0:0:0:0:0:0:1"), NOW), "::1 written short matches the long form");
        assertTrue(o.denial(ip("10.1.2.3"), NOW).contains("does not match 10.1.2.3"), "a negated match denies");
        assertTrue(o.denial(ip("10.2.0.1"), NOW) != null);
        assertTrue(o.denial(ip("192.168.10.1"), NOW) != null, "* does not cross the pattern's dots by accident");
        assertTrue(from("*.example.com").denial(ip("10.0.0.1"), NOW) != null, "names are never resolved");
    }

    /** Issue 30 item 6: patterns are matched against the address as sshd writes it, and CIDR on the address. */
    @Test
    void fromMatchesIpv6AsOpenSshDoes() throws Exception {
        assertTrue(from("*,!::*").denial(ip("::1"), NOW).contains("does not match ::1"), "::1 is denied by !::*");
        assertNull(from("*,!::*").denial(ip("10.0.0.1"), NOW));
        assertTrue(from("*,!::1").denial(ip("0:0:0:0:0:0:0:1"), NOW) != null);
        assertNull(from("fe80::*").denial(ip("fe80:0:0:0:0:0:0:1"), NOW), "compressed text: fe80::1");
        assertNull(from("2001:db8::/32").denial(ip("2001:db8:0:0:1:0:0:1"), NOW), "CIDR on the address");
        assertTrue(from("2001:db8::/32").denial(ip("2001:db9::1"), NOW) != null);
        assertNull(from("2001:db8::1:0:0:1").denial(ip("2001:0db8:0000:0000:0001:0000:0000:0001"), NOW));
        assertNull(from("192.0.2.*").denial(ip("::ffff:192.0.2.1"), NOW), "an IPv4-mapped client is its IPv4 address");
        assertEquals("::1", FromList.canonical(ip("0:0:0:0:0:0:0:1")));
        assertEquals("2001:db8::1:0:0:1", FromList.canonical(ip("2001:db8:0:0:1:0:0:1")), "the first longest run");
        assertEquals("2001:db8:0:1:1:1:1:1", FromList.canonical(ip("2001:db8:0:1:1:1:1:1")), "one zero group stays");
        assertEquals("::", FromList.canonical(ip("::")));
    }

    @Test
    void expiryTimeIsLocalUnlessZ() throws Exception {
        ZoneId paris = ZoneId.of("Europe/Paris");
        KeyOptions local = KeyOptions.parse(Map.of("expiry-time", "202612011230"), paris); // 11:30 UTC
        assertTrue(local.denial(ip("127.0.0.1"), NOW).startsWith("the key expired at 2026-12-01T11:30:00Z"));
        KeyOptions utc = KeyOptions.parse(Map.of("expiry-time", "202612011230Z"), paris);
        assertNull(utc.denial(ip("127.0.0.1"), NOW));
        assertEquals(
                Instant.parse("2027-01-01T00:00:00Z"),
                KeyOptions.parse(Map.of("expiry-time", "20270101"), ZoneOffset.UTC)
                        .expires());
        assertThrows(IllegalArgumentException.class, () -> KeyOptions.parse(Map.of("expiry-time", "2027"), paris));
    }

    @Test
    void restrictionsThatHoldAnywayAreAcceptedAndTheRestRefused() {
        KeyOptions o = KeyOptions.parse(
                Map.of("restrict", "true", "no-pty", "true", "no-X11-forwarding", "true", "command", "stream --rate 5"),
                ZoneOffset.UTC);
        assertEquals("stream --rate 5", o.command());
        for (String option : new String[] {"permitopen", "environment", "cert-authority", "pty", "tunnel"}) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class, () -> KeyOptions.parse(Map.of(option, "x"), ZoneOffset.UTC));
            assertEquals("option '" + option + "' is not supported by this server", e.getMessage());
        }
    }
}
