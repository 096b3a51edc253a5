package dev.tickbench.app.workbench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;

/**
 * What the FX thread was doing when it did not answer a test in time: its state and stack, and, when it
 * waits for a lock, the thread that holds it and that thread's stack. A stall on a busy machine and a
 * deadlock look alike from the test; this says which it was in the failure itself.
 */
final class FxStall {
    private static final int FRAMES = 40;

    private FxStall() {}

    static String describe() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        StringBuilder b = new StringBuilder();
        for (ThreadInfo t : mx.dumpAllThreads(true, true)) {
            if (t != null && t.getThreadName().equals("JavaFX Application Thread")) {
                append(b, t);
                if (t.getLockOwnerId() >= 0) {
                    ThreadInfo owner = mx.getThreadInfo(new long[] {t.getLockOwnerId()}, true, true)[0];
                    if (owner != null) {
                        b.append("\nwhich waits for a lock held by:\n");
                        append(b, owner);
                    }
                }
                long[] deadlocked = mx.findDeadlockedThreads();
                b.append(deadlocked == null ? "\nno deadlock found" : "\ndeadlocked threads: " + deadlocked.length);
                return b.toString();
            }
        }
        return "no JavaFX Application Thread";
    }

    private static void append(StringBuilder b, ThreadInfo t) {
        b.append('"').append(t.getThreadName()).append("\" ").append(t.getThreadState());
        if (t.getLockName() != null) {
            b.append(" on ").append(t.getLockName());
        }
        StackTraceElement[] frames = t.getStackTrace();
        for (int i = 0; i < Math.min(FRAMES, frames.length); i++) {
            b.append("\n\tat ").append(frames[i]);
        }
    }
}
