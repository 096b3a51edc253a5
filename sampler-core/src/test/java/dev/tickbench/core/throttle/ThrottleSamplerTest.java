package dev.tickbench.core.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.derived.CpuTime;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.core.source.TextScanner;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThrottleSamplerTest {
    @TempDir
    Path dir;

    @Test
    void iowaitAndBusyAreSharesOfAllCpuFieldsOverTheInterval() throws IOException {
        FixtureProc f = new FixtureProc(dir);
        try (ThrottleSampler s = new ThrottleSampler(f.roots)) {
            assertEquals(Optional.empty(), s.sample(), "the first tick only sets the baseline");
            f.advance(50, 20, 100, 30); // total 200
            ThrottleSampler.Reading r = s.sample().orElseThrow();
            assertEquals(15.0, r.iowaitPct(), 1e-12);
            assertEquals(35.0, r.busyPct(), 1e-12);
            assertEquals(OptionalDouble.of(75.0), r.memPct());
            assertTrue(r.diskPct().isEmpty(), "no mount table in the fixture: disk absent, not 0");

            f.cpu[5] += 10; // irq and steal count as busy and in the total
            f.cpu[7] += 10;
            f.advance(0, 0, 30, 50); // total 100
            r = s.sample().orElseThrow();
            assertEquals(50.0, r.iowaitPct(), 1e-12);
            assertEquals(20.0, r.busyPct(), 1e-12);
            assertEquals(0, s.skippedTicks());
        }
    }

    /**
     * A guest running 30 ticks: the kernel adds them to user AND to guest. Counting guest again in the
     * total (what the throttle once did) gives iowait 20/130 = 15.4 % instead of 20/100 = 20 %.
     */
    @Test
    void guestTimeIsAlreadyInUserAndIsNotCountedTwice() throws IOException {
        FixtureProc f = new FixtureProc(dir);
        try (ThrottleSampler s = new ThrottleSampler(f.roots)) {
            s.sample();
            f.cpu[8] += 30; // guest
            f.cpu[9] += 10; // guest_nice, likewise already in nice
            f.cpu[1] += 10;
            f.advance(30, 0, 40, 20); // user 30 (all of it guest) + nice 10 + idle 40 + iowait 20 = 100
            ThrottleSampler.Reading r = s.sample().orElseThrow();
            assertEquals(20.0, r.iowaitPct(), 1e-12);
            assertEquals(40.0, r.busyPct(), 1e-12);
        }
    }

    @Test
    void aCounterGoingBackwardsGivesZeroNotANegativeShare() throws IOException {
        FixtureProc f = new FixtureProc(dir);
        try (ThrottleSampler s = new ThrottleSampler(f.roots)) {
            s.sample();
            f.advance(100, 0, 100, -20);
            assertEquals(0.0, s.sample().orElseThrow().iowaitPct());
        }
    }

    @Test
    void noElapsedTicksGivesNoReading() throws IOException {
        FixtureProc f = new FixtureProc(dir);
        try (ThrottleSampler s = new ThrottleSampler(f.roots)) {
            s.sample();
            assertEquals(Optional.empty(), s.sample());
            assertEquals(0, s.skippedTicks(), "an empty interval is not a read error");
        }
    }

    @Test
    void readErrorsSkipTheTickAreCountedAndKeepTheBaseline() throws IOException {
        FixtureProc f = new FixtureProc(dir);
        Files.delete(f.proc.resolve("stat"));
        try (ThrottleSampler s = new ThrottleSampler(f.roots)) {
            assertEquals(Optional.empty(), s.sample());
            assertEquals(1, s.skippedTicks());
            f.writeStat();
            assertEquals(Optional.empty(), s.sample(), "baseline");
            Files.writeString(f.proc.resolve("stat"), "garbage\n");
            assertEquals(Optional.empty(), s.sample());
            assertEquals(2, s.skippedTicks());
            f.advance(0, 0, 60, 40);
            assertEquals(40.0, s.sample().orElseThrow().iowaitPct(), 1e-12, "delta against the last good read");
        }
    }

    @Test
    void oldKernelsWithoutMemAvailableUseFreeBuffersCached() throws IOException {
        String meminfo = "MemTotal: 1000 kB\nMemFree: 100 kB\nBuffers: 50 kB\nCached: 250 kB\n";
        byte[] b = meminfo.getBytes(StandardCharsets.US_ASCII);
        assertEquals(OptionalDouble.of(60.0), MemUsed.parse(new TextScanner().reset(b, b.length)));
        byte[] none = "Buffers: 1 kB\n".getBytes(StandardCharsets.US_ASCII);
        assertTrue(MemUsed.parse(new TextScanner().reset(none, none.length)).isEmpty());
    }

    @Test
    void oldKernelsWithSevenCpuFieldsStillGiveIowait() {
        byte[] b = "cpu  100 0 50 800 50 0 0\n".getBytes(StandardCharsets.US_ASCII);
        long[] into = CpuTime.newFields();
        assertEquals(7, CpuTime.parse(new TextScanner().reset(b, b.length), into));
        byte[] tooShort = "cpu  100 0 50 800\n".getBytes(StandardCharsets.US_ASCII);
        assertEquals(-1, CpuTime.parse(new TextScanner().reset(tooShort, tooShort.length), into));
    }

    @Test
    void mountTablesSkipPseudoFilesystemsAndUnescapePaths() {
        String mountinfo = """
                22 27 0:21 / /proc rw,relatime - proc proc rw
                25 24 0:23 / /dev/shm rw,relatime - tmpfs tmpfs rw
                27 1 254:0 / / rw,relatime - ext4 /dev/vda rw
                40 27 8:1 / /mnt/my\\040disk rw,relatime shared:5 - xfs /dev/sdb1 rw
                41 27 0:50 / /snap/core/1 ro - squashfs /dev/loop0 ro
                42 27 0:51 / /containers/c1 rw - overlay overlay rw,lowerdir=/l,upperdir=/u,workdir=/w
                """;
        assertEquals(List.of("/", "/mnt/my disk", "/containers/c1"), MountedDisks.mountPoints(mountinfo, true));
        String mounts = "proc /proc proc rw 0 0\n/dev/vda / ext4 rw 0 0\nserver:/x /net nfs4 rw 0 0\n";
        assertEquals(List.of("/"), MountedDisks.mountPoints(mounts, false));
    }

    @Test
    void diskIsTheFullestRealFilesystemAsDfSeesIt() throws Exception {
        FixtureProc f = new FixtureProc(dir);
        Path self = Files.createDirectories(f.proc.resolve("self"));
        Files.writeString(
                self.resolve("mountinfo"),
                "22 27 0:21 / /proc rw - proc proc rw\n"
                        + "27 1 254:0 / " + dir + " rw - ext4 /dev/fixture rw\n"
                        + "28 1 254:1 / /no/such/mount rw - ext4 /dev/gone rw\n");
        try (ThrottleSampler s = new ThrottleSampler(f.roots)) {
            s.sample();
            f.advance(1, 1, 1, 1);
            double disk = s.sample().orElseThrow().diskPct().orElseThrow();
            // df prints used / (used + available), rounded up to a whole percent
            Process df = new ProcessBuilder("df", "-P", dir.toString())
                    .redirectErrorStream(true)
                    .start();
            String out = new String(df.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, Waits.exit("df", df));
            String[] row = out.strip().split("\n")[1].trim().split("\\s+");
            int dfPct = Integer.parseInt(row[4].replace("%", ""));
            assertTrue(
                    Math.ceil(disk) - dfPct <= 1 && dfPct - disk < 1.0 + 1e-9,
                    "ours " + disk + " vs df " + dfPct + "%");
        }
        // only pseudo filesystems: absent
        Files.writeString(self.resolve("mountinfo"), "22 27 0:21 / /proc rw - proc proc rw\n");
        try (ThrottleSampler s = new ThrottleSampler(f.roots)) {
            s.sample();
            f.advance(1, 1, 1, 1);
            assertTrue(s.sample().orElseThrow().diskPct().isEmpty());
        }
    }

    @Test
    void liveProcGivesPercentagesForEveryDimension() throws Exception {
        try (ThrottleSampler s = new ThrottleSampler(SystemRoots.live())) {
            s.sample();
            // a reading needs at least one USER_HZ tick to have passed on some CPU: polled, with the deadline
            ThrottleSampler.Reading got = Waits.forValue(
                    "a reading with a USER_HZ tick passed", () -> s.sample().orElse(null));
            assertTrue(got.iowaitPct() >= 0 && got.iowaitPct() <= 100, "iowait " + got.iowaitPct());
            assertTrue(got.busyPct() >= 0 && got.busyPct() <= 100, "busy " + got.busyPct());
            double mem = got.memPct().orElseThrow();
            assertTrue(mem > 0 && mem < 100, "mem " + mem);
            // disk is present exactly when some listed real filesystem answers statvfs with a size
            boolean measurable = false;
            for (String mp : MountedDisks.mountPoints(Files.readString(Path.of("/proc/self/mountinfo")), true)) {
                try {
                    measurable |= Files.getFileStore(Path.of(mp)).getTotalSpace() > 0;
                } catch (IOException | RuntimeException e) {
                    // not measurable: skipped by the sampler too
                }
            }
            assertEquals(measurable, got.diskPct().isPresent(), "disk " + got.diskPct());
            got.diskPct().ifPresent(disk -> assertTrue(disk > 0 && disk <= 100, "disk " + disk));
        }
    }
}
