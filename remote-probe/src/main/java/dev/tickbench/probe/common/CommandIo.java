package dev.tickbench.probe.common;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The byte streams a command runs with: the process's stdin/stdout/stderr, or an SSH channel's when the
 * probe's SSH server runs the command in-process. Commands that write NDJSON bytes take
 * {@link #out()} once, on their own thread, at start (picocli's {@code getOut()} is the same stream
 * as text).
 */
public final class CommandIo {
    private static final ThreadLocal<Streams> BOUND = new ThreadLocal<>();

    private record Streams(InputStream in, OutputStream out, OutputStream err) {}

    private CommandIo() {}

    public static InputStream in() {
        Streams s = BOUND.get();
        return s == null ? System.in : s.in();
    }

    /** Unbuffered: System.out would swallow the broken pipe that ends a stream. */
    public static OutputStream out() {
        Streams s = BOUND.get();
        return s == null ? new FileOutputStream(FileDescriptor.out) : s.out();
    }

    /** True on a thread that runs a command for an SSH channel. */
    public static boolean isBound() {
        return BOUND.get() != null;
    }

    public static OutputStream err() {
        Streams s = BOUND.get();
        return s == null ? System.err : s.err();
    }

    /** Binds the streams to the calling thread until the scope closes. */
    public static Scope bind(InputStream in, OutputStream out, OutputStream err) {
        BOUND.set(new Streams(in, out, err));
        return BOUND::remove;
    }

    /** Undoes {@link #bind}. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
