package dev.tickbench.core.source;

import com.sun.jna.Native;
import com.sun.jna.Platform;

/**
 * Binds a class's native methods to libc with JNA's direct mapping (the PMU's perf_event_open and
 * read, the PSI triggers' poll), and says in one place why it could not: not Linux, or JNA's native
 * part could not be loaded.
 */
public final class JnaLibc {
    private JnaLibc() {}

    /**
     * Registers {@code c}'s native methods with libc.
     *
     * @param what what needs them, for the message on another system ("perf events")
     * @return null when they are usable, else the failure for {@link #reason}
     */
    public static Throwable register(Class<?> c, String what) {
        if (!Platform.isLinux()) {
            return new UnsupportedOperationException(
                    what + " exist only on Linux, not " + System.getProperty("os.name"));
        }
        try {
            Native.register(c, Platform.C_LIBRARY_NAME);
            return null;
        } catch (LinkageError e) {
            return e;
        }
    }

    /** Null for no failure; else why the calls are not usable, in words. */
    public static String reason(Throwable failure) {
        if (failure == null) {
            return null;
        }
        return failure instanceof UnsupportedOperationException
                ? failure.getMessage()
                : "cannot load JNA's native library (unpacked into -Djna.tmpdir, else ~/.cache/JNA or java.io.tmpdir: "
                        + "one of them must be writable and not noexec): " + failure.getMessage();
    }

    /** errno of this thread's last call into libc through JNA (saved right after the call). */
    public static int errno() {
        return Native.getLastError();
    }
}
