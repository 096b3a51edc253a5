package dev.tickbench.probe.ssh;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import org.apache.sshd.common.SshConstants;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Authenticated SSH sessions (SECURITY.md). At most {@link #MAX_SESSIONS} at once, shared by key as the
 * command slots are ({@link KeyShares}): with one user name for every key, a count per user let one key
 * hold every session, idle, and lock every other key out. A session over its key's share is disconnected
 * as soon as it authenticates, with a message saying why. And a session that runs no command for
 * {@link #IDLE_S} (since it authenticated or since its last command ended) is disconnected, as OpenSSH's
 * {@code UnusedConnectionTimeout} does: open channels without a command do not count, so a client
 * cannot keep a session by opening channels and sending nothing.
 */
final class SessionSlots implements SessionListener, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SessionSlots.class);
    /** Authenticated sessions at once. */
    static final int MAX_SESSIONS = 16;
    /** Seconds an authenticated session may run no command. */
    static final long IDLE_S = 30;

    private final KeyShares shares;
    private final ScheduledThreadPoolExecutor timer;
    private final Map<Session, Held> held = new HashMap<>(); // guarded by this

    private static final class Held {
        final String key;
        int running;
        ScheduledFuture<?> idle;

        Held(String key) {
            this.key = key;
        }
    }

    /** @param distinctKeys the number of distinct keys authorized now */
    SessionSlots(IntSupplier distinctKeys) {
        this.shares = new KeyShares(MAX_SESSIONS, distinctKeys);
        this.timer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "tickbench-ssh-idle");
            t.setDaemon(true);
            return t;
        });
        this.timer.setRemoveOnCancelPolicy(true);
    }

    @Override
    public void sessionEvent(Session session, Event event) {
        if (event != Event.Authenticated) {
            return;
        }
        String key = String.valueOf(session.getAttribute(AuthorizedKeys.KEY));
        synchronized (this) {
            KeyShares.Refusal no = shares.take(key);
            if (no == null) {
                Held h = new Held(key);
                held.put(session, h);
                h.idle = idleTimer(session, h);
            } else if (!timer.isShutdown()) {
                // not from this thread: it is sending the authentication's success, which must go first
                timer.execute(() -> disconnect(session, SshConstants.SSH2_DISCONNECT_TOO_MANY_CONNECTIONS, why(no)));
            }
        }
        if (!session.isOpen()) {
            sessionClosed(session); // closed while it was being counted
        }
    }

    private static String why(KeyShares.Refusal no) {
        return no.full()
                ? "busy: " + no.total() + " sessions are open on this probe; try again later"
                : "busy: this key holds " + no.held() + " sessions, its share of the " + no.total()
                        + "; close one or try again later";
    }

    @Override
    public void sessionClosed(Session session) {
        synchronized (this) {
            Held h = held.remove(session);
            if (h != null) {
                shares.give(h.key);
                if (h.idle != null) {
                    h.idle.cancel(false);
                }
            }
        }
    }

    /**
     * A command running on {@code session}: the session is not idle until the lease is closed. Null for a
     * session that holds no slot (over its key's share, being disconnected): it runs nothing.
     */
    CommandSlots.Lease running(Session session) {
        synchronized (this) {
            Held h = held.get(session);
            if (h == null) {
                return null;
            }
            h.running++;
            if (h.idle != null) {
                h.idle.cancel(false);
                h.idle = null;
            }
        }
        boolean[] ended = new boolean[1];
        return () -> {
            if (!ended[0]) {
                ended[0] = true;
                ended(session);
            }
        };
    }

    private synchronized void ended(Session session) {
        Held h = held.get(session);
        if (h != null && --h.running == 0) {
            h.idle = idleTimer(session, h);
        }
    }

    /** Under the lock; null once the server stops. */
    private ScheduledFuture<?> idleTimer(Session session, Held h) {
        if (timer.isShutdown()) {
            return null;
        }
        return timer.schedule(
                () -> {
                    synchronized (this) {
                        if (held.get(session) != h || h.running > 0) {
                            return;
                        }
                    }
                    disconnect(
                            session,
                            SshConstants.SSH2_DISCONNECT_BY_APPLICATION,
                            "idle: no command ran for " + IDLE_S + " s; reconnect to run one");
                },
                IDLE_S,
                TimeUnit.SECONDS);
    }

    private static void disconnect(Session session, int reason, String why) {
        try {
            session.disconnect(reason, why);
        } catch (IOException e) {
            LOG.debug("disconnecting {}: {}", session, e.toString());
            session.close(true);
        }
    }

    @Override
    public synchronized void close() {
        timer.shutdownNow();
    }
}
