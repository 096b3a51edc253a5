package dev.tickbench.core.capture;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The two libc calls {@link InputFile} and {@link OutputFile} need to know which file they opened:
 * {@code open(2)} and {@code close(2)}, bound with JNA's direct mapping. Java opens files without
 * telling their descriptor, and only a descriptor names the file really opened, whatever happens to its
 * name afterwards.
 */
final class FileCalls {
    /** O_RDONLY | O_CLOEXEC: the same numbers on x86-64 and aarch64 Linux. */
    static final int O_RDONLY_CLOEXEC = 02000000;
    /**
     * O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC (the same numbers on both): a new file or nothing; with
     * O_EXCL a name that is a symbolic link fails too, wherever it points.
     */
    static final int O_CREATE_NEW_CLOEXEC = 01 | 0100 | 0200 | 02000000;

    static final int ENOENT = 2;
    static final int EACCES = 13;
    static final int EEXIST = 17;
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

    /** {@code file}'s name as the file system sees it (the JVM's encoding of file names), NUL-terminated. */
    static byte[] name(Path file) {
        byte[] name = file.toString().getBytes(Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8")));
        return Arrays.copyOf(name, name.length + 1);
    }

    static int errno() {
        return Native.getLastError();
    }

    /**
     * {@code path}: the name's bytes as the file system sees them, NUL-terminated; {@code mode}: a new
     * file's, before the umask (ignored without O_CREAT). open is variadic; its mode is read as the third
     * integer argument, where a call of three fixed arguments puts it on x86-64 and aarch64 Linux alike.
     */
    static native int open(byte[] path, int flags, int mode);

    static native int close(int fd);
}
