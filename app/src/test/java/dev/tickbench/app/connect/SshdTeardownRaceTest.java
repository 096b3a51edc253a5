package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SshdTeardownRaceTest {
    private static final StackTraceElement SSHD = new StackTraceElement(
            "org.apache.sshd.common.util.threads.NoCloseExecutor", "execute", "NoCloseExecutor.java", 100);
    private static final StackTraceElement EPOLL =
            new StackTraceElement("sun.nio.ch.EPollPort$EventHandlerTask", "run", "EPollPort.java", 306);
    private static final StackTraceElement OURS =
            new StackTraceElement("dev.tickbench.app.connect.SshLink", "run", "SshLink.java", 1);

    private static Throwable thrown(Throwable e, StackTraceElement... frames) {
        e.setStackTrace(frames);
        return e;
    }

    @Test
    void dropsOnlyTheRaceAndPassesEverythingElseOn() {
        List<Throwable> passed = new ArrayList<>();
        Thread.UncaughtExceptionHandler h = SshdTeardownRace.filtering((t, e) -> passed.add(e));
        Throwable race = thrown(new IllegalStateException("Executor has been shut down"), SSHD, EPOLL);
        Throwable otherMessage = thrown(new IllegalStateException("Channel not registered"), SSHD, EPOLL);
        Throwable ourThread = thrown(new IllegalStateException("Executor has been shut down"), SSHD, OURS);
        Throwable otherType = thrown(new RuntimeException("Executor has been shut down"), SSHD, EPOLL);

        assertTrue(SshdTeardownRace.isTeardownRace(race));
        for (Throwable e : List.of(race, otherMessage, ourThread, otherType)) {
            h.uncaughtException(Thread.currentThread(), e);
        }
        assertEquals(3, passed.size(), "everything but the race reaches the next handler");
        assertSame(otherMessage, passed.get(0));
        assertSame(ourThread, passed.get(1));
        assertSame(otherType, passed.get(2));
        assertFalse(passed.contains(race));
    }

    @Test
    void isInstalledInFrontOfTestFxsHandlerForEveryTestClass() throws Exception {
        Class.forName("org.testfx.util.WaitForAsyncUtils");
        Thread.UncaughtExceptionHandler installed = Thread.getDefaultUncaughtExceptionHandler();
        assertTrue(
                installed.getClass().getName().startsWith(SshdTeardownRace.class.getName()),
                "the default handler is SshdTeardownRace's filter, not " + installed);
    }
}
