package dev.tickbench.core.who;

import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A fixture {@code /proc} with the files the process table reads: {@code uptime}, {@code self/auxv}
 * (AT_PAGESZ 4096, AT_CLKTCK 100) and, per process, {@code stat} and {@code io}, written as the kernel
 * writes them, with any bytes as the command name.
 */
final class ProcTree {
    static final long PAGE = 4096;
    final Path proc;

    ProcTree(Path dir) throws IOException {
        proc = Files.createDirectories(dir.resolve("proc"));
        Files.createDirectories(dir.resolve("sys"));
        ByteBuffer b = ByteBuffer.allocate(48).order(ByteOrder.nativeOrder());
        b.putLong(6).putLong(PAGE).putLong(17).putLong(100).putLong(0).putLong(0);
        Files.createDirectories(proc.resolve("self"));
        Files.write(proc.resolve("self/auxv"), b.array());
        uptime(100.0);
    }

    SystemRoots roots() {
        return SystemRoots.of(proc, proc.resolveSibling("sys"));
    }

    /** Seconds since boot, as {@code /proc/uptime} writes them (two decimals). */
    void uptime(double seconds) throws IOException {
        Files.writeString(proc.resolve("uptime"), String.format(java.util.Locale.ROOT, "%.2f 0.00%n", seconds));
    }

    /**
     * Writes process {@code pid}'s stat: its name's bytes, state, CPU ticks, faults, threads, start (ticks
     * since boot) and rss in pages; and its io unless {@code readBytes} is negative (then it has none).
     */
    void process(
            long pid,
            byte[] comm,
            char state,
            long utime,
            long stime,
            long majflt,
            long threads,
            long start,
            long rssPages,
            long readBytes,
            long writeBytes)
            throws IOException {
        Path d = Files.createDirectories(proc.resolve(Long.toString(pid)));
        String before = pid + " (";
        String after =
                ") " + state + " 1 " + pid + " " + pid + " 0 -1 4194560 100 0 " + majflt + " 0 " + utime + " " + stime
                        + " 0 0 20 0 " + threads + " 0 " + start + " 123456789 " + rssPages
                        + " 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1"
                        + " 0 0 0 0 0 0 0 0 0 0 0 0 0\n";
        byte[] a = before.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] c = after.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] all = new byte[a.length + comm.length + c.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(comm, 0, all, a.length, comm.length);
        System.arraycopy(c, 0, all, a.length + comm.length, c.length);
        Files.write(d.resolve("stat"), all);
        Path io = d.resolve("io");
        if (readBytes < 0) {
            Files.deleteIfExists(io);
        } else {
            Files.writeString(
                    io,
                    "rchar: 1\nwchar: 2\nsyscr: 3\nsyscw: 4\nread_bytes: " + readBytes + "\nwrite_bytes: " + writeBytes
                            + "\ncancelled_write_bytes: 0\n");
        }
    }

    void process(long pid, String comm, long utime, long start, long rssPages) throws IOException {
        process(
                pid,
                comm.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                'S',
                utime,
                0,
                0,
                1,
                start,
                rssPages,
                0,
                0);
    }

    void remove(long pid) throws IOException {
        Path d = proc.resolve(Long.toString(pid));
        try (var files = Files.list(d)) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Files.delete(d);
    }
}
