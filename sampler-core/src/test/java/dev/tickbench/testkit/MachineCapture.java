package dev.tickbench.testkit;

import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.SamplerConfig;
import dev.tickbench.core.source.SystemRoots;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A capture of this machine, recorded by the real sampler at 10 Hz while the test itself makes the cause:
 * {@value #SENT} bytes sent to itself over 127.0.0.1 (counted on {@code lo}), then {@value #WRITTEN} bytes
 * written with {@code dd oflag=direct conv=fsync} to a file in {@code dir} (counted on the block device
 * that holds it), a full derived window (10 ticks) before, between and after. The file dd wrote is removed.
 */
public record MachineCapture(Path file, String device) {
    /** Bytes sent over the loopback. */
    public static final int SENT = 8 << 20;
    /** Bytes dd writes, bypassing the page cache, and syncs. */
    public static final int WRITTEN = 32 << 20;

    private static final int RATE_HZ = 10;
    /** Ticks before and after each cause: a 1 s window at 10 Hz, and one more. */
    private static final int QUIET_TICKS = 12;

    /** Records the capture as {@code dir/machine.ndjson}; {@code dir} must be on a block device (not a tmpfs). */
    public static MachineCapture record(Path dir) throws Exception {
        String device = deviceHolding(dir);
        Prerequisites.require(
                device != null,
                dir + " is on no device of /proc/diskstats (a tmpfs, an overlay):"
                        + " dd's writes would show on no disk");
        Path dd = Prerequisites.tool("dd", "coreutils");
        ByteArrayOutputStream lines = new ByteArrayOutputStream();
        Path target = dir.resolve("dd-" + ProcessHandle.current().pid() + ".bin");
        try (Sampler s = Sampler.create(
                new SamplerConfig(SystemRoots.live(), RATE_HZ, 0), SeriesCatalogue.standard(), List.of(), List.of())) {
            s.addSink((b, off, len) -> {
                synchronized (lines) {
                    lines.write(b, off, len);
                }
            });
            s.start();
            afterTicks(s, QUIET_TICKS);
            loopback(SENT);
            afterTicks(s, QUIET_TICKS);
            Process p = new ProcessBuilder(
                            dd.toString(),
                            "if=/dev/zero",
                            "of=" + target,
                            "bs=1M",
                            "count=" + (WRITTEN >> 20),
                            "oflag=direct",
                            "conv=fsync",
                            "status=none")
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (Waits.exit("dd", p) != 0) {
                throw new IllegalStateException("dd failed: " + out);
            }
            afterTicks(s, QUIET_TICKS);
        } finally {
            Files.deleteIfExists(target);
        }
        Path file = dir.resolve("machine.ndjson");
        synchronized (lines) {
            Files.write(file, lines.toByteArray());
        }
        return new MachineCapture(file, device);
    }

    /**
     * The {@code /proc/diskstats} name of the block device holding {@code path} (its {@code st_dev}'s major and
     * minor: a partition's own row), or null when no row has them.
     */
    public static String deviceHolding(Path path) throws IOException {
        long dev = ((Number) Files.getAttribute(path, "unix:dev")).longValue();
        long major = ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
        long minor = (dev & 0xff) | ((dev >>> 12) & ~0xffL);
        for (String line : Files.readAllLines(Path.of("/proc/diskstats"), StandardCharsets.ISO_8859_1)) {
            String[] f = line.trim().split("\\s+");
            if (f.length > 3 && f[0].equals(Long.toString(major)) && f[1].equals(Long.toString(minor))) {
                return f[2];
            }
        }
        return null;
    }

    /** Waits until the sampler took {@code n} more ticks: each rate window holds the quiet before and after a cause. */
    private static void afterTicks(Sampler s, int n) {
        long until = s.lastSeq() + n;
        Waits.until(
                () -> "sampler at seq " + s.lastSeq() + ", waiting for " + until,
                java.time.Duration.ofMillis(20),
                () -> s.lastSeq() >= until);
    }

    /** Sends {@code bytes} to a socket of this process over 127.0.0.1 and waits until the peer has read them all. */
    public static void loopback(int bytes) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Long> received = CompletableFuture.supplyAsync(() -> {
                try (Socket c = server.accept();
                        InputStream in = c.getInputStream()) {
                    return in.transferTo(OutputStream.nullOutputStream());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            try (Socket c = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                    OutputStream out = c.getOutputStream()) {
                byte[] chunk = new byte[64 << 10];
                for (int n = 0; n < bytes; n += chunk.length) {
                    out.write(chunk, 0, Math.min(chunk.length, bytes - n));
                }
            }
            long got = received.get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
            if (got != bytes) {
                throw new IllegalStateException("the peer read " + got + " of " + bytes + " bytes");
            }
        }
    }
}
