package dev.tickbench.core.source;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Who the sampled host is, for the stream's hello line.
 *
 * @param hostname {@code <proc>/sys/kernel/hostname}; null when missing or empty
 * @param board the device-tree model, else the DMI product name, else null
 * @param kernel {@code <proc>/sys/kernel/osrelease}; null when missing
 * @param cores the number of {@code cpuN} lines in {@code <proc>/stat} (online CPUs); null when unreadable
 * @param userHz USER_HZ, the unit of /proc/stat ticks: AT_CLKTCK from {@code <proc>/self/auxv} when it
 *     can be read, else 100 (every architecture Tickbench targets; alpha is the exception)
 */
public record HostInfo(String hostname, String board, String kernel, Integer cores, int userHz) {
    static final int DEFAULT_USER_HZ = 100;
    private static final long AT_CLKTCK = 17;

    public static HostInfo read(SystemRoots roots) {
        return new HostInfo(
                nonEmpty(SysAttr.text(roots.proc("sys/kernel/hostname"))),
                board(roots),
                nonEmpty(SysAttr.text(roots.proc("sys/kernel/osrelease"))),
                cores(roots),
                userHz(roots.proc("self/auxv")));
    }

    static String board(SystemRoots roots) {
        String model = nonEmpty(SysAttr.text(roots.proc("device-tree/model")));
        if (model == null) {
            model = nonEmpty(SysAttr.text(roots.sys("firmware/devicetree/base/model")));
        }
        if (model == null) {
            model = nonEmpty(SysAttr.text(roots.sys("class/dmi/id/product_name")));
        }
        return model;
    }

    private static Integer cores(SystemRoots roots) {
        try {
            byte[] b = KernelFile.readAll(roots.proc("stat"), KernelBound.TABLE);
            int n = CpuStat.countCpus(new TextScanner().reset(b, b.length));
            return n > 0 ? n : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** AT_CLKTCK from the auxiliary vector, else {@link #DEFAULT_USER_HZ}. */
    static int userHz(Path auxv) {
        long v = auxv(auxv, AT_CLKTCK);
        return v > 0 && v < 100_000 ? (int) v : DEFAULT_USER_HZ;
    }

    /**
     * The value of entry {@code type} of an auxiliary vector ({@code <proc>/self/auxv}: pairs of native
     * words, this JVM's own word size and byte order; AT_PAGESZ is 6, AT_CLKTCK 17), or -1 when the file
     * cannot be read or has no such entry.
     */
    public static long auxv(Path auxv, long type) {
        byte[] b;
        try {
            b = KernelFile.readAll(auxv, KernelBound.ATTRIBUTE);
        } catch (IOException e) {
            return -1;
        }
        boolean wide = !"32".equals(System.getProperty("sun.arch.data.model"));
        ByteBuffer buf = ByteBuffer.wrap(b).order(ByteOrder.nativeOrder());
        int word = wide ? 8 : 4;
        while (buf.remaining() >= 2 * word) {
            long t = wide ? buf.getLong() : buf.getInt() & 0xffffffffL;
            long value = wide ? buf.getLong() : buf.getInt() & 0xffffffffL;
            if (t == 0) {
                break; // AT_NULL
            }
            if (t == type) {
                return value;
            }
        }
        return -1;
    }

    private static String nonEmpty(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
