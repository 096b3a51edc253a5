package dev.tickbench.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tickbench FILE…}, {@code tickbench [user@]host[:port]}, {@code --rate}, {@code --floor-hz}, and bad ones. */
class AppArgsTest {
    @TempDir
    Path dir;

    private static String error(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> AppArgs.parse(List.of(args)))
                .getMessage();
    }

    @Test
    void nothingIsThisMachineAtTheDefaults() {
        assertEquals(new AppArgs(List.of(), null, null, null, null, null), AppArgs.parse(List.of()));
    }

    @Test
    void rateAndFloorSetTheLocalSession() {
        assertEquals(
                new AppArgs(List.of(), null, null, null, 50, 10),
                AppArgs.parse(List.of("--rate", "50", "--floor-hz=10")));
    }

    @Test
    void filesAreCaptures() throws Exception {
        Path a = Files.writeString(dir.resolve("a.ndjson"), "");
        Path b = Files.writeString(dir.resolve("b.ndjson.gz"), "");
        AppArgs args = AppArgs.parse(List.of(a.toString(), b.toString()));
        assertEquals(List.of(a, b), args.files());
        assertNull(args.host());
    }

    @Test
    void aHostWithUserAndPort() {
        assertEquals(
                new AppArgs(List.of(), "pi", "board-7.lan", 2222, 100, null),
                AppArgs.parse(List.of("--rate", "100", "pi@board-7.lan:2222")));
        assertEquals(new AppArgs(List.of(), null, "edge-3", null, null, null), AppArgs.parse(List.of("edge-3")));
        assertEquals(
                new AppArgs(List.of(), "root", "fe80::1", 22, null, null), AppArgs.parse(List.of("root@[fe80::1]:22")));
    }

    @Test
    void badArgumentsSayWhatAndWhere() throws Exception {
        assertEquals("--rate: from 1 to 1000, got 5000", error("--rate", "5000"));
        assertEquals("--rate: a whole number from 1 to 1000, got 'fast'", error("--rate=fast"));
        assertEquals("--floor-hz: needs a value in Hz", error("--floor-hz"));
        assertEquals("--verbose: unknown option (--rate HZ and --floor-hz HZ are the options)", error("--verbose"));
        assertEquals("missing.ndjson: no such capture file", error("missing.ndjson"));
        assertEquals("/tmp/nope/x: no such capture file", error("/tmp/nope/x"));
        assertEquals("a b: neither a capture file nor [user@]host[:port]", error("a b"));
        assertEquals("port of pi@h:70000: from 1 to 65535, got 70000", error("pi@h:70000"));
        assertEquals("h2: one host at a time (already h1)", error("h1", "h2"));
        Path a = Files.writeString(dir.resolve("a.ndjson"), "");
        assertEquals("h1: a host or capture files, not both", error(a.toString(), "h1"));
        assertEquals(
                "--rate: sets a live session's sampling, not a capture's (it was recorded at its own rate)",
                error("--rate", "10", a.toString()));
    }
}
