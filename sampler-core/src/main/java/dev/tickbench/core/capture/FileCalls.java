package dev.tickbench.core.capture;

import com.sun.jna.Native;
import com.sun.jna.Platform;

/**
 * The two libc calls {@link InputFile} needs to know which file it opened: {@code open(2)} and
 * {@code close(2)}, bound with JNA's direct mapping. Java opens files without telling their descriptor,
 * and only a descriptor names the file really opened, whatever happens to its name afterwards.
 */
final class FileCalls {
    /** O_RDONLY | O_CLOEXEC: the same numbers on x86-64 and aarch64 Linux. */
    static final int O_RDONLY_CLOEXEC = 02000000;
    static final int ENOENT = 2;
    static final int EACCES = 13;
    private static final boolean LOADED;

    static {
        boolean loaded = false;
        if (Platform.isLinux()) {
            try {
                Native.register(FileCalls.class, Platform.C_LIBRARY_NAME);
                loaded = true;
            } catch (LinkageError e) {
                // no JNA native part here: InputFile falls back to the file's name
            }
        }
        LOADED = loaded;
    }

    private FileCalls() {}

    static boolean available() {
        return LOADED;
    }

    static int errno() {
        return Native.getLastError();
    }

    /** {@code path}: the name's bytes as the file system sees them, NUL-terminated. */
    static native int open(byte[] path, int flags);

    static native int close(int fd);
}
