package dev.tickbench.core.sampler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.metrics.Exposition;
import dev.tickbench.core.metrics.MetricsState;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.testkit.Boards;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code /proc/net/dev} through the real sampler: interface names the machine gives (an ESC, a C1 CSI,
 * a DEL in them: the kernel refuses only '/', ':' and blanks) are carried escaped in every line and read
 * back as the names, in both formats and on {@code /metrics}; a 64-bit counter's wrap is its true delta;
 * an idle interface's row is left out.
 */
class NetDevStreamTest {
    private static final long TICK_NS = 100_000_000L;
    /** Interface names as the kernel allows them; the file holds their bytes (ISO-8859-1: one byte a char). */
    private static final String ESC = "red\u001b[31m";

    private static final String CSI = "x\u009b2J";
    private static final String DEL = "d\u007fl";

    @TempDir
    Path tmp;

    private static String row(String name, String rxBytes, long rxPackets, long txBytes) {
        return String.format("%6s: %s %d 0 0 0 0 0 0 %d 1 0 0 0 0 0 0%n", name, rxBytes, rxPackets, txBytes);
    }

    /** The file with each odd name's counters at {@code named} and wan's received bytes at {@code wanRx}; lo the same always. */
    private void write(Path proc, String wanRx, long named) throws IOException {
        String n = Long.toString(named);
        String text = "Inter-|   Receive |  Transmit\n face |bytes    packets|bytes    packets\n"
                + row("lo", "100", 1, 100) + row(ESC, n, 1, 5) + row(CSI, n, 1, 7) + row(DEL, n, 1, 9)
                + row("wan", wanRx, 3, 0);
        Files.writeString(proc.resolve("net/dev"), text, StandardCharsets.ISO_8859_1);
    }

    @ParameterizedTest
    @EnumSource(StreamFormat.class)
    void namesAreEscapedInTheLinesAndReadBackAsTheNames(StreamFormat format) throws Exception {
        Path board = tmp.resolve("sbc");
        Boards.copyTree(Boards.dir(Boards.SBC), board); // a whole board: the other sources beside it
        Path proc = Files.createDirectories(board.resolve("proc/net")).getParent();
        write(proc, "18446744073709551615", 1000); // wan at 2^64 - 1
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Sampler s = Sampler.create(
                new SamplerConfig(SystemRoots.of(proc, board.resolve("sys")), 10, 0),
                SeriesCatalogue.standard(),
                List.of(),
                List.of())) {
            s.format(format);
            s.addSink(out::write);
            byte[] hello = s.helloLine();
            out.write(hello, 0, hello.length);
            write(proc, "1000", 1500); // wan wrapped past 2^64; the odd names moved, lo did not
            s.tick(TICK_NS, TICK_NS);
        }
        byte[] bytes = out.toByteArray();
        for (int i = 0; i < bytes.length; i++) {
            int b = bytes[i] & 0xff;
            assertFalse(
                    b < 0x20 && b != '\n' || b == 0x7f, "a raw control byte 0x" + Integer.toHexString(b) + " at " + i);
            assertFalse(
                    b == 0xc2 && i + 1 < bytes.length && (bytes[i + 1] & 0xff) >= 0x80 && (bytes[i + 1] & 0xff) < 0xa0,
                    "a raw C1 control at " + i);
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        String lower = text.toLowerCase(java.util.Locale.ROOT); // JSON's own escapes are upper-case hex
        assertTrue(
                lower.contains("red\\u001b[31m.rx_bytes")
                        && lower.contains("x\\u009b2j.rx_bytes")
                        && lower.contains("d\\u007fl.rx_bytes"),
                text);

        LineDecoder decoder = new LineDecoder();
        MetricsState metrics = new MetricsState();
        SourceValues net = null;
        for (String line : text.split("\n")) {
            StreamLine l = decoder.decode(line);
            metrics.accept(l, 0);
            if (l instanceof SampleLine sample) {
                net = sample.sources().get("netdev");
            }
        }
        for (String name : List.of(ESC, CSI, DEL)) {
            assertEquals(500L, net.get(name + ".rx_bytes"), "the name read back, its delta beside it");
        }
        assertEquals(1001L, net.get("wan.rx_bytes"), "2^64 - 1 → 1000: the growth across the wrap");
        assertNull(net.get("lo.rx_bytes"), "an idle interface's row is left out");

        Exposition e = new Exposition();
        metrics.render(e, null, 0);
        String scrape = dev.tickbench.testkit.Scrapes.withoutReadTimes(e.text());
        assertTrue(
                scrape.contains("tickbench_network_bytes_total{interface=\"red\\\\x1b[31m\",direction=\"rx\"} 500\n"),
                scrape);
        assertTrue(scrape.contains("tickbench_network_bytes_total{interface=\"wan\",direction=\"rx\"} 1001\n"), scrape);
        List<Integer> controls = new ArrayList<>();
        scrape.codePoints()
                .filter(c -> c < 0x20 && c != '\n' || c >= 0x7f && c < 0xa0)
                .forEach(controls::add);
        assertEquals(List.of(), controls, "no control character in the scrape");
    }
}
