package dev.tickbench.app.connect;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Keeps one known Apache SSHD teardown race out of TestFX's exception queue, for every test class
 * of the app (registered through {@code META-INF/services}, with extension autodetection on in
 * {@code junit-platform.properties}).
 *
 * <p>TestFX installs a JVM-wide default uncaught-exception handler and rethrows what it catches at
 * the next wait, in whichever test runs then. After a test closes its SSH client and server, a NIO2
 * read completion still outstanding can reach SSHD's executor already shut down: the JDK's epoll
 * thread throws {@code IllegalStateException("Executor has been shut down")} from
 * {@code NoCloseExecutor.execute}. It belongs to no test (the one that ended is done), and made an
 * unrelated TestFX test fail in loaded runs. This handler drops exactly that exception, with a line
 * on stderr, and hands every other one to the handler that was there before, so an exception raised
 * by our code on any thread still fails the test that waits next.
 */
public final class SshdTeardownRace implements BeforeAllCallback {
    private static final AtomicBoolean INSTALLED = new AtomicBoolean();

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        if (INSTALLED.compareAndSet(false, true)) {
            // TestFX installs its handler when this class initialises; wrap it, not the other way round
            Class.forName("org.testfx.util.WaitForAsyncUtils", true, SshdTeardownRace.class.getClassLoader());
            Thread.setDefaultUncaughtExceptionHandler(filtering(Thread.getDefaultUncaughtExceptionHandler()));
        }
    }

    /** A handler that drops {@link #isTeardownRace the race} and passes everything else to {@code next}. */
    static Thread.UncaughtExceptionHandler filtering(Thread.UncaughtExceptionHandler next) {
        return (thread, e) -> {
            if (isTeardownRace(e)) {
                System.err.println("[test] ignored on " + thread.getName()
                        + ": Apache SSHD's NIO2 completion after its executor shut down (" + e + ")");
            } else if (next != null) {
                next.uncaughtException(thread, e);
            } else {
                thread.getThreadGroup().uncaughtException(thread, e);
            }
        };
    }

    /** The race and nothing else: the message, thrown by SSHD's executor, dispatched by the JDK's NIO. */
    static boolean isTeardownRace(Throwable e) {
        if (!(e instanceof IllegalStateException) || !"Executor has been shut down".equals(e.getMessage())) {
            return false;
        }
        StackTraceElement[] st = e.getStackTrace();
        return Arrays.stream(st)
                        .anyMatch(f -> f.getClassName().equals("org.apache.sshd.common.util.threads.NoCloseExecutor"))
                && Arrays.stream(st).anyMatch(f -> f.getClassName().startsWith("sun.nio.ch."));
    }
}
