package dev.tickbench.core.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KmsgTest {
    @TempDir
    Path tmp;

    private SystemRoots copyOfRouter() throws IOException {
        Path dev = Files.createDirectories(tmp.resolve("dev"));
        Files.createDirectories(tmp.resolve("proc"));
        Files.createDirectories(tmp.resolve("sys"));
        Files.copy(
                Boards.dir(Boards.ROUTER).resolve("dev/kmsg"),
                dev.resolve("kmsg"),
                StandardCopyOption.REPLACE_EXISTING);
        return SystemRoots.of(tmp.resolve("proc"), tmp.resolve("sys"));
    }

    private static void append(SystemRoots roots, String text) throws IOException {
        Files.writeString(roots.kmsg(), text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    /** Drains until {@code n} records arrived; fails after the suite's deadline. */
    private static List<KmsgRecord> await(Kmsg k, int n) {
        List<KmsgRecord> got = new ArrayList<>();
        Waits.until(Waits.DEADLINE, () -> n + " records (got " + got + ")", () -> {
            k.drain(e -> got.add((KmsgRecord) e));
            return got.size() >= n;
        });
        return got;
    }

    /** Polls until the condition holds; fails with the message after the suite's deadline. */
    private static void waitFor(java.util.function.BooleanSupplier done, String what) {
        Waits.until(what, done);
    }

    @Test
    void parsesPrioFacilitySeqTimestampAndMessage() {
        byte[] b = "14,2034,98765432,-;tickbench: hello; world".getBytes(StandardCharsets.UTF_8);
        KmsgRecord r = KmsgRecord.parse(b, 0, b.length);
        assertEquals(new KmsgRecord(6, 1, 2034, 98765432, "tickbench: hello; world"), r);
        byte[] c = "3,77,1000,c,caller=T12;eth0: link down".getBytes(StandardCharsets.UTF_8);
        assertEquals(new KmsgRecord(3, 0, 77, 1000, "eth0: link down"), KmsgRecord.parse(c, 0, c.length));
        byte[] dict = " SUBSYSTEM=net".getBytes(StandardCharsets.UTF_8);
        assertNull(KmsgRecord.parse(dict, 0, dict.length), "dictionary continuation lines are not records");
        byte[] junk = "no record here".getBytes(StandardCharsets.UTF_8);
        assertNull(KmsgRecord.parse(junk, 0, junk.length));
    }

    @Test
    void fixtureFileDeliversOnlyLinesAppendedAfterOpen() throws Exception {
        SystemRoots roots = copyOfRouter();
        try (Kmsg k = new Kmsg(roots)) {
            assertTrue(k.open().present());
            assertEquals(0, k.drain(r -> fail("backlog delivered: " + r)), "the backlog present at open is skipped");
            append(
                    roots,
                    "6,1204,863200000000,-;br0: port 3(ether3) entered disabled state\n SUBSYSTEM=net\n DEVICE=n6\n");
            append(roots, "12,1205,863200000100,-;dropbear[812]: Child connection from 10.0.0.4:51122\n");
            List<KmsgRecord> got = await(k, 2);
            assertEquals(
                    List.of(
                            new KmsgRecord(6, 0, 1204, 863200000000L, "br0: port 3(ether3) entered disabled state"),
                            new KmsgRecord(
                                    4, 1, 1205, 863200000100L, "dropbear[812]: Child connection from 10.0.0.4:51122")),
                    got);
        }
    }

    @Test
    void aLineWrittenInTwoPiecesIsDeliveredOnce() throws Exception {
        SystemRoots roots = copyOfRouter();
        try (Kmsg k = new Kmsg(roots)) {
            assertTrue(k.open().present());
            String half = "6,1300,900000000000,-;half of a ";
            append(roots, half);
            waitFor(() -> k.bytesRead() >= half.length(), "the reader read the first half");
            assertEquals(0, k.drain(e -> fail("half a line delivered: " + e)));
            append(roots, "record\n");
            List<KmsgRecord> got = await(k, 1);
            assertEquals(List.of(new KmsgRecord(6, 0, 1300, 900000000000L, "half of a record")), got);
        }
    }

    @Test
    void everythingQueuedIsDrainedAtOnceWithNoPerDrainBound() throws Exception {
        SystemRoots roots = copyOfRouter();
        try (Kmsg k = new Kmsg(roots)) {
            assertTrue(k.open().present());
            append(roots, lines(0, 700));
            waitFor(() -> k.handled() == 700, "700 records handed over");
            List<KmsgEvent> got = new ArrayList<>();
            assertEquals(700, k.drain(got::add), "one drain takes all 700");
            for (int i = 0; i < 700; i++) {
                assertEquals("line " + i, ((KmsgRecord) got.get(i)).msg(), "in order");
            }
            assertEquals(0, k.drain(got::add));
        }
    }

    @Test
    void aFullQueueLeavesOneGapInPlaceOfTheLostRecords() throws Exception {
        SystemRoots roots = copyOfRouter();
        try (Kmsg k = new Kmsg(roots, 4)) {
            assertTrue(k.open().present());
            append(roots, lines(0, 10));
            waitFor(() -> k.handled() == 10, "10 records handed over");
            List<KmsgEvent> got = new ArrayList<>();
            assertEquals(5, k.drain(got::add));
            // records 0-3 fit the queue; 4-9 (kernel times 1004..1009 us) are lost, counted, in their place
            assertEquals(
                    List.of("line 0", "line 1", "line 2", "line 3"),
                    got.subList(0, 4).stream().map(e -> ((KmsgRecord) e).msg()).toList());
            assertEquals(new KmsgGap(6, 1004, 1009, KmsgGap.Reason.QUEUE_OVERFLOW), got.get(4));
            got.clear();
            append(roots, lines(10, 12));
            waitFor(() -> k.handled() == 12, "2 more records handed over");
            assertEquals(2, k.drain(got::add), "after the gap, records flow again");
            assertEquals(
                    List.of("line 10", "line 11"),
                    got.stream().map(e -> ((KmsgRecord) e).msg()).toList());
        }
    }

    @Test
    void aJumpInTheKernelsSequenceIsAGapOfOverwrittenRecordsInTheirPlace() throws Exception {
        SystemRoots roots = copyOfRouter();
        try (Kmsg k = new Kmsg(roots)) {
            assertTrue(k.open().present());
            // seq 3002-3004 never reached us: the kernel ring overwrote them (their times lie between 5001 and 5009)
            append(roots, "6,3000,5000,-;a\n6,3001,5001,-;b\n6,3005,5009,-;c\n");
            waitFor(() -> k.handled() == 3, "3 records handed over");
            List<KmsgEvent> got = new ArrayList<>();
            assertEquals(4, k.drain(got::add));
            assertEquals(
                    List.of(
                            new KmsgRecord(6, 0, 3000, 5000, "a"),
                            new KmsgRecord(6, 0, 3001, 5001, "b"),
                            new KmsgGap(3, 5001, 5009, KmsgGap.Reason.KERNEL_RING),
                            new KmsgRecord(6, 0, 3005, 5009, "c")),
                    got);
        }
    }

    /** Records {@code from..to-1}: seq 2000+i, kernel time 1000+i us, text "line i". */
    private static String lines(int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int i = from; i < to; i++) {
            sb.append("6,")
                    .append(2000 + i)
                    .append(',')
                    .append(1000 + i)
                    .append(",-;line ")
                    .append(i)
                    .append('\n');
        }
        return sb.toString();
    }

    @Test
    void missingKmsgIsAbsentWithTheReason() {
        SystemRoots roots = SystemRoots.of(tmp.resolve("proc"), tmp.resolve("sys"));
        try (Kmsg k = new Kmsg(roots)) {
            Presence p = k.open();
            assertFalse(p.present());
            assertEquals("no " + tmp.resolve("dev/kmsg") + " on this system", p.reason());
            assertFalse(k.isRunning());
        }
    }

    @Test
    void aDirectoryInPlaceOfKmsgIsAbsent() throws IOException {
        Files.createDirectories(tmp.resolve("dev/kmsg"));
        try (Kmsg k = new Kmsg(SystemRoots.of(tmp.resolve("proc"), tmp.resolve("sys")))) {
            assertEquals(
                    "cannot read " + tmp.resolve("dev/kmsg") + ": Is a directory",
                    k.open().reason());
        }
    }

    @Test
    void realDevKmsgDeliversALineWrittenAfterOpen() throws Exception {
        boolean root = Boards.uid() == 0 && Files.exists(Path.of("/dev/kmsg"));
        Prerequisites.require(root, "this test needs root and /dev/kmsg (uid " + Boards.uid() + ")");
        try (Kmsg k = new Kmsg(SystemRoots.live())) {
            // the cut Kmsg takes at open is no earlier than this: both clocks only go forward
            long lowestCutUs = Math.min(uptimeUs(), System.nanoTime() / 1000) - Kmsg.CUT_MARGIN_USEC;
            Presence p = k.open();
            assertTrue(p.present(), p.reason());
            String marker = "tickbench-kmsg-test " + UUID.randomUUID();
            try (FileOutputStream out = new FileOutputStream("/dev/kmsg")) {
                out.write((marker + "\n").getBytes(StandardCharsets.UTF_8));
            }
            List<KmsgRecord> got = new ArrayList<>();
            Waits.until(Waits.DEADLINE, () -> "the written line (got " + got.size() + " records)", () -> {
                k.drain(e -> {
                    if (e instanceof KmsgRecord r) {
                        got.add(r);
                    }
                });
                return got.stream().anyMatch(r -> r.msg().equals(marker));
            });
            KmsgRecord mine =
                    got.stream().filter(r -> r.msg().equals(marker)).findFirst().orElseThrow();
            assertEquals(1, mine.facility(), "user-space writes are facility user");
            for (KmsgRecord r : got) {
                assertTrue(
                        r.usec() >= lowestCutUs,
                        "a record from before the open's cut (" + lowestCutUs + " µs) was delivered: " + r);
            }
        }
    }

    private static long uptimeUs() throws IOException {
        return Math.round(
                Double.parseDouble(Files.readString(Path.of("/proc/uptime")).split(" ")[0]) * 1e6);
    }
}
