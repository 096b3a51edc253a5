package dev.tickbench.core.trigger;

import com.sun.jna.Memory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one thread that blocks in {@code poll(2)} on every armed PSI descriptor (Java has no poll), plus
 * an eventfd that wakes it when a trigger is armed or disarmed. It owns the closing of descriptors: a
 * disarmed monitor is closed here, after poll returned, never while poll may still use its number.
 * Started with the first monitor.
 */
final class PsiPoller implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PsiPoller.class);
    /** Without an eventfd, how often poll returns to see a changed set. */
    private static final int FALLBACK_TIMEOUT_MS = 200;

    private final CopyOnWriteArrayList<PsiMonitor> monitors = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<PsiMonitor> toClose = new ConcurrentLinkedQueue<>();
    private final int wakeFd;
    private volatile boolean running = true;
    private Thread thread;

    PsiPoller() {
        this.wakeFd = PsiLibc.unavailableReason() == null ? PsiLibc.eventfd(0, PsiLibc.EFD_CLOEXEC) : -1;
    }

    synchronized void add(PsiMonitor m) {
        monitors.add(m);
        if (thread == null) {
            thread = new Thread(this::loop, "tickbench-psi-poll");
            thread.setDaemon(true);
            thread.start();
        }
        wake();
    }

    /** Stops watching {@code m}; its descriptor is closed by the poller's thread. */
    synchronized void remove(PsiMonitor m) {
        if (monitors.remove(m)) {
            if (thread == null) {
                PsiLibc.close(m.fd);
            } else {
                toClose.add(m);
                wake();
            }
        }
    }

    private void wake() {
        if (wakeFd >= 0) {
            byte[] one = new byte[8];
            one[java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN ? 0 : 7] = 1;
            PsiLibc.write(wakeFd, one, 8);
        }
    }

    private void loop() {
        byte[] drain = new byte[8];
        Memory fds = null;
        int capacity = 0;
        while (running) {
            closeRemoved();
            List<PsiMonitor> now = new ArrayList<>(monitors);
            int n = now.size() + (wakeFd >= 0 ? 1 : 0);
            if (n > capacity) {
                capacity = Math.max(8, n * 2);
                fds = new Memory(8L * capacity);
            }
            for (int i = 0; i < now.size(); i++) {
                set(fds, i, now.get(i).fd, PsiLibc.POLLPRI);
            }
            if (wakeFd >= 0) {
                set(fds, now.size(), wakeFd, PsiLibc.POLLIN);
            }
            int r = PsiLibc.poll(fds, n, wakeFd >= 0 ? -1 : FALLBACK_TIMEOUT_MS);
            if (r < 0) {
                int errno = PsiLibc.errno();
                if (errno != PsiLibc.EINTR) {
                    LOG.warn(
                            "poll on the PSI triggers failed ({}); their events are lost until the set changes",
                            PsiMonitor.name(errno));
                    sleep();
                }
                continue;
            }
            for (int i = 0; i < now.size(); i++) {
                short revents = fds.getShort(8L * i + 6);
                PsiMonitor m = now.get(i);
                if ((revents & (PsiLibc.POLLERR | PsiLibc.POLLNVAL | PsiLibc.POLLHUP)) != 0) {
                    monitors.remove(m);
                    PsiLibc.close(m.fd);
                    m.error(
                            (revents & PsiLibc.POLLNVAL) != 0
                                    ? "the PSI descriptor of " + m.file + " became invalid"
                                    : "the kernel ended the trigger on " + m.file
                                            + " (POLLERR: its cgroup was removed)");
                } else if ((revents & PsiLibc.POLLPRI) != 0) {
                    m.event();
                }
            }
            if (wakeFd >= 0 && (fds.getShort(8L * now.size() + 6) & PsiLibc.POLLIN) != 0) {
                PsiLibc.read(wakeFd, drain, 8);
            }
        }
        closeRemoved();
        for (PsiMonitor m : monitors) {
            PsiLibc.close(m.fd);
        }
        monitors.clear();
        if (wakeFd >= 0) {
            PsiLibc.close(wakeFd);
        }
    }

    private static void set(Memory fds, int i, int fd, short events) {
        fds.setInt(8L * i, fd);
        fds.setShort(8L * i + 4, events);
        fds.setShort(8L * i + 6, (short) 0);
    }

    private void closeRemoved() {
        for (PsiMonitor m; (m = toClose.poll()) != null; ) {
            PsiLibc.close(m.fd);
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(FALLBACK_TIMEOUT_MS); // poll itself failed: do not spin
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Ends the thread, which closes every descriptor; waits for it briefly. */
    @Override
    public void close() {
        Thread t;
        synchronized (this) {
            if (!running) {
                return;
            }
            running = false;
            t = thread;
            if (t == null) {
                for (PsiMonitor m : monitors) {
                    PsiLibc.close(m.fd);
                }
                monitors.clear();
                if (wakeFd >= 0) {
                    PsiLibc.close(wakeFd);
                }
                return;
            }
            wake();
        }
        try {
            t.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
