package dev.tickbench.core.who;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads small kernel files and lists directories through descriptors, into buffers kept from read to read
 * ({@link WhoLibc}): a process's {@code stat} and {@code io} are opened relative to the descriptor of its
 * {@code /proc/PID} directory, so both come from the same process even if its pid is reused in between.
 *
 * <p>Every file is opened with {@code O_NOFOLLOW | O_NONBLOCK} and read to at most its buffer: a file that
 * fills the buffer is refused (the kernel's {@code stat}, {@code io}, {@code cpu.stat} are a few hundred
 * bytes; a link to {@code /dev/zero} in a fixture tree fills any buffer), a FIFO never blocks, a link is
 * not followed. A read that returns less than it asked for is the whole file (procfs and cgroupfs files are
 * made whole by one {@code show()}, so the read that would return 0 is not made). The system calls read into
 * native buffers, and only the bytes they returned are copied. One thread; not thread-safe.
 */
public final class RawFiles {
    /** The buffer a file is read into: a file that fills it is refused, as more than any of these files holds. */
    static final int FILE_BYTES = 8192;

    private static final int DENTS_BYTES = 32768;
    private static final int NAME_BYTES = 4352;
    /** The records of getdents64 are in the machine's own byte order. */
    private static final boolean LITTLE = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN;

    private final byte[] file = new byte[FILE_BYTES];
    private int length;
    private final byte[] dents = new byte[DENTS_BYTES];
    /** The native buffers the calls read into (and take the name from), made when the first read needs them. */
    private Memory fileMemory;

    private Memory dentsMemory;
    private Memory nameMemory;
    private int dentsEnd;
    private int dentsAt;
    private int listing = -1;
    private int entryStart;
    private int entryEnd;
    private int entryType;
    private long entryInode;
    /** errno of the last failed call: why a file could not be read. */
    private int lastErrno;

    /** Null when these reads can be made on this machine; else why not. */
    public static String unavailableReason() {
        return WhoLibc.unavailableReason();
    }

    /** Opens a directory by its path ({@code /proc}, a cgroup mount); its descriptor, or -1 (see {@link #lastErrno()}). */
    public int openDir(String path) {
        byte[] p = path.getBytes(StandardCharsets.UTF_8);
        return openDir(p, p.length);
    }

    /** Opens the directory whose path is the bytes {@code b[0, length)}, or -1. */
    public int openDir(byte[] b, int length) {
        return setName(b, 0, length) ? open(WhoLibc.AT_FDCWD, WhoLibc.O_DIRECTORY) : -1;
    }

    /** Opens the directory {@code dir/<bytes>} relative to {@code dir}'s descriptor, or -1. */
    public int openDirAt(int dir, byte[] b, int start, int end) {
        return setName(b, start, end) ? open(dir, WhoLibc.O_DIRECTORY) : -1;
    }

    /** Opens the directory of the current listing's entry, relative to the listed directory, or -1. */
    public int openEntryDir() {
        return openDirAt(listing, dents, entryStart, entryEnd);
    }

    /**
     * Reads the file {@code nameZ} (NUL-terminated ASCII) of the directory {@code dir} into
     * {@link #bytes()}; its length, or -1 when it cannot be opened or read, or is larger than the buffer.
     */
    public int read(int dir, byte[] nameZ) {
        length = 0;
        buffers();
        nameMemory.write(0, nameZ, 0, nameZ.length);
        int fd = WhoLibc.openat(
                dir,
                Pointer.nativeValue(nameMemory),
                WhoLibc.O_RDONLY | WhoLibc.O_NONBLOCK | WhoLibc.O_CLOEXEC | WhoLibc.O_NOFOLLOW);
        if (fd < 0) {
            lastErrno = WhoLibc.errno();
            return -1;
        }
        try {
            long n = WhoLibc.read(fd, Pointer.nativeValue(fileMemory), FILE_BYTES);
            if (n < 0) {
                lastErrno = WhoLibc.errno();
                return -1;
            }
            if (n == FILE_BYTES) {
                lastErrno = 27; // EFBIG: fuller than any of these files
                return -1;
            }
            fileMemory.read(0, file, 0, (int) n); // short: the whole file
            length = (int) n;
            return length;
        } finally {
            WhoLibc.close(fd);
        }
    }

    private void buffers() {
        if (fileMemory == null) {
            fileMemory = new Memory(FILE_BYTES);
            dentsMemory = new Memory(DENTS_BYTES);
            nameMemory = new Memory(NAME_BYTES);
        }
    }

    /** A file name as the NUL-terminated bytes {@link #read} takes. */
    public static byte[] nameZ(String name) {
        byte[] u = name.getBytes(StandardCharsets.UTF_8);
        return Arrays.copyOf(u, u.length + 1); // the copy ends in a NUL
    }

    public byte[] bytes() {
        return file;
    }

    public int length() {
        return length;
    }

    /** errno of the last failed open or read. */
    public int lastErrno() {
        return lastErrno;
    }

    /** Starts listing the directory {@code dir} (from its current offset: a descriptor opened for it). */
    public void list(int dir) {
        listing = dir;
        dentsEnd = 0;
        dentsAt = 0;
    }

    /**
     * The next entry of the listing but {@code .} and {@code ..}: its name is {@link #entryBytes()}
     * {@code [entryStart(), entryEnd())}; false at the end, or when the listing fails (see {@link #lastErrno()}).
     */
    public boolean nextEntry() {
        while (true) {
            if (dentsAt >= dentsEnd) {
                buffers();
                long n =
                        WhoLibc.syscall(WhoLibc.SYS_GETDENTS64, listing, Pointer.nativeValue(dentsMemory), DENTS_BYTES);
                if (n <= 0) {
                    if (n < 0) {
                        lastErrno = WhoLibc.errno();
                    }
                    return false;
                }
                dentsMemory.read(0, dents, 0, (int) n);
                dentsEnd = (int) n;
                dentsAt = 0;
            }
            // struct linux_dirent64 { u64 d_ino; s64 d_off; u16 d_reclen; u8 d_type; char d_name[]; }
            int at = dentsAt;
            int reclen = LITTLE
                    ? (dents[at + 16] & 0xff) | (dents[at + 17] & 0xff) << 8
                    : (dents[at + 16] & 0xff) << 8 | (dents[at + 17] & 0xff);
            if (reclen < 20 || at + reclen > dentsEnd) {
                lastErrno = 5; // EIO: a record the kernel would not write
                dentsAt = dentsEnd;
                return false;
            }
            dentsAt = at + reclen;
            entryInode = inode(at);
            entryType = dents[at + 18] & 0xff;
            entryStart = at + 19;
            int end = entryStart;
            while (end < at + reclen && dents[end] != 0) {
                end++;
            }
            entryEnd = end;
            int len = end - entryStart;
            boolean dot = len == 1 && dents[entryStart] == '.'
                    || len == 2 && dents[entryStart] == '.' && dents[entryStart + 1] == '.';
            if (!dot && len > 0) {
                return true;
            }
        }
    }

    private long inode(int at) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            long b = dents[at + (LITTLE ? 7 - i : i)] & 0xffL;
            v = v << 8 | b;
        }
        return v;
    }

    public byte[] entryBytes() {
        return dents;
    }

    public int entryStart() {
        return entryStart;
    }

    public int entryEnd() {
        return entryEnd;
    }

    /** The entry's inode number: on cgroupfs, a cgroup made again under the same name has another. */
    public long entryInode() {
        return entryInode;
    }

    /** {@code DT_DIR} (4), {@code DT_REG} (8), or {@code DT_UNKNOWN} (0) where the file system does not say. */
    public int entryType() {
        return entryType;
    }

    public static void close(int fd) {
        if (fd >= 0) {
            WhoLibc.close(fd);
        }
    }

    private boolean setName(byte[] b, int start, int end) {
        int len = end - start;
        if (len <= 0 || len >= NAME_BYTES) {
            lastErrno = 36;
            return false;
        }
        buffers();
        nameMemory.write(0, b, start, len);
        nameMemory.setByte(len, (byte) 0);
        return true;
    }

    private int open(int dir, int kind) {
        int fd = WhoLibc.openat(
                dir, Pointer.nativeValue(nameMemory), WhoLibc.O_RDONLY | WhoLibc.O_CLOEXEC | WhoLibc.O_NOFOLLOW | kind);
        if (fd < 0) {
            lastErrno = WhoLibc.errno();
        }
        return fd;
    }
}
