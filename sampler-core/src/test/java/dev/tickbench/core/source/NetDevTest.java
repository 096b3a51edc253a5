package dev.tickbench.core.source;

import static dev.tickbench.core.source.Boards.scan;
import static dev.tickbench.core.source.Boards.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.cadence.CadenceRule;
import dev.tickbench.testkit.MachineCapture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code /proc/net/dev}: the parse of its rows, the source its catalogue entry makes, and this machine's loopback. */
class NetDevTest {
    /** As a 6.x kernel prints it: names right-aligned in six columns, a longer one with no space before its colon. */
    static final String FILE = """
            Inter-|   Receive                                                |  Transmit
             face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
                lo: 4102278376 1143238    0    0    0     0          0         0 4102278376 1143238    0    0    0     0       0          0
              eth0: 920074066   34676    3    7    0     0          0         0  2309399   25007    1    2    0     0       0          0
            cni-podman0: 2478718    1202    0    0    0     0          0       147   107011    1142    0    0    0     0       0          0
            veth1234567890a:      10       1    0    0    0     0          0         0       20       2    0    0    0     0       0          0
            eth0.100:  500 5 0 0 0 0 0 0 600 6 0 0 0 0 0 0
            wan:18446744073709551615 9 0 0 0 0 0 0 9223372036854775808 1 0 0 0 0 0 0
            """;

    private static ValueTable parse(String text) {
        ValueTable t = new ValueTable();
        t.begin();
        NetDev.parse(scan(text), t);
        return t;
    }

    @Test
    void eachInterfaceHasItsBytesPacketsErrorsAndDropsBothWays() {
        ValueTable t = parse(FILE);
        assertEquals(6 * 8, t.size(), t.toString());
        assertEquals("lo.rx_bytes", t.key(0));
        assertEquals(4102278376L, value(t, "lo.rx_bytes"));
        assertEquals(1143238, value(t, "lo.tx_packets"));
        assertEquals(3, value(t, "eth0.rx_errs"));
        assertEquals(7, value(t, "eth0.rx_drop"));
        assertEquals(2309399, value(t, "eth0.tx_bytes"), "the transmit half starts at the ninth column");
        assertEquals(1, value(t, "eth0.tx_errs"));
        assertEquals(2, value(t, "eth0.tx_drop"));
        assertEquals(
                107011, value(t, "cni-podman0.tx_bytes"), "a name longer than six columns: no space before the colon");
        assertEquals(20, value(t, "veth1234567890a.tx_bytes"), "15 characters, the longest name the kernel allows");
        assertEquals(600, value(t, "eth0.100.tx_bytes"), "a VLAN's name holds a dot");
        assertFalse(
                t.contains("cni-podman0.rx_multicast"), "fifo, frame, compressed, multicast, colls, carrier: left out");
    }

    @Test
    void unsigned64BitCountersWrapModulo2To64() {
        ValueTable t = parse(FILE);
        // "wan:" with no space after the colon, as old kernels printed a wide first number
        assertEquals(-1L, value(t, "wan.rx_bytes"), "2^64 - 1 is carried as its two's complement");
        assertEquals(Long.MIN_VALUE, value(t, "wan.tx_bytes"), "2^63");
        // what the sampler's delta makes of it: the growth across the wrap, 2^64 - 1 → 1000 is 1001
        assertEquals(
                1001L,
                parse("wan: 1000 9 0 0 0 0 0 0 1 1 0 0 0 0 0 0\n").get("wan.rx_bytes", 0) - value(t, "wan.rx_bytes"));
    }

    @Test
    void linesThatAreNotARowAreLeftOutAndAShortRowKeepsWhatItHas() {
        ValueTable t = parse("""
                garbage without a colon
                 : 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
                two words: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
                old: 1 2 3 4 5 6 7 8 9
                bad: 1 2 x 4 5 6 7 8 9 10 11 12 13 14 15 16
                """);
        assertEquals(
                "{old.rx_bytes=1, old.rx_packets=2, old.rx_errs=3, old.rx_drop=4, old.tx_bytes=9, "
                        + "bad.rx_bytes=1, bad.rx_packets=2}",
                t.toString(),
                "no name, a name with a blank: not a row; a number ends it");
    }

    @Test
    void theSamplerReadsItAsTheEntrySays(@TempDir Path tmp) throws IOException {
        Path proc = Files.createDirectories(tmp.resolve("proc/net"));
        Files.writeString(proc.resolve("dev"), FILE, StandardCharsets.ISO_8859_1);
        Source s = Boards.opened(Boards.source(SystemRoots.of(tmp.resolve("proc"), tmp.resolve("sys")), "netdev"));
        assertEquals(SourceKind.COUNTER, s.kind());
        assertEquals(new CadenceRule.EveryTick(), s.cadenceRule());
        assertTrue(s.rowFiltered(), "an idle interface's row is left out, as diskstats' rows");
        assertEquals(920074066, value(s.values(), "eth0.rx_bytes"));
        s.close();

        Presence absent = Boards.source(Boards.roots(Boards.ROUTER), "netdev").open();
        assertFalse(absent.present());
        assertEquals("no " + Boards.roots(Boards.ROUTER).proc("net/dev") + " on this system", absent.reason());
    }

    /** Bytes this test sends to itself over 127.0.0.1 are counted on {@code lo}, both ways. */
    @Test
    void bytesSentOverTheLoopbackMoveLo() throws Exception {
        Source s = Boards.opened(Boards.source(SystemRoots.live(), "netdev"));
        long rx0 = value(s.values(), "lo.rx_bytes");
        long tx0 = value(s.values(), "lo.tx_bytes");
        long packets0 = value(s.values(), "lo.rx_packets");
        int sent = 4 << 20;
        MachineCapture.loopback(sent);
        s.read();
        long rx = value(s.values(), "lo.rx_bytes") - rx0;
        long tx = value(s.values(), "lo.tx_bytes") - tx0;
        assertTrue(rx >= sent, "lo received " + rx + " bytes, the test sent " + sent);
        assertTrue(tx >= sent, "lo sent " + tx + " bytes, the test sent " + sent);
        assertTrue(value(s.values(), "lo.rx_packets") - packets0 >= 2, "at least the handshake and the data");
        s.close();
    }
}
