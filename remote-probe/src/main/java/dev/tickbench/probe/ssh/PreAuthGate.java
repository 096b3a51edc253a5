package dev.tickbench.probe.ssh;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.channels.AsynchronousSocketChannel;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.common.FactoryManager;
import org.apache.sshd.common.io.IoHandler;
import org.apache.sshd.common.io.IoServiceFactory;
import org.apache.sshd.common.io.IoSession;
import org.apache.sshd.common.io.nio2.Nio2Service;
import org.apache.sshd.common.io.nio2.Nio2ServiceFactory;
import org.apache.sshd.common.io.nio2.Nio2ServiceFactoryFactory;
import org.apache.sshd.common.io.nio2.Nio2Session;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionListener;
import org.apache.sshd.common.session.helpers.AbstractSession;
import org.apache.sshd.common.util.Readable;
import org.apache.sshd.server.ServerFactoryManager;
import org.apache.sshd.server.session.SessionFactory;

/**
 * What a connection may hold before it authenticates (SECURITY.md; OpenSSH's
 * {@code MaxStartups}, {@code PerSourceMaxStartups} and {@code LoginGraceTime}): every session costs
 * the server its buffers and key exchange, and ~950 idle connections took a 48 MiB probe down.
 * <ul>
 *   <li>at most {@link #MAX_PENDING} unauthenticated connections, {@link #MAX_PENDING_PER_CLIENT} from one
 *       address: a new connection over either cap closes the oldest unauthenticated one (of that address
 *       first) that has waited {@link #EVICT_AFTER_MS}, else it is closed at once, before a session is made
 *       for it; so a flood can hold a few slots for a few seconds, and a client that authenticates within
 *       that time gets in;
 *   <li>at most {@link #MAX_PREAUTH_BYTES} received before authentication (identification, key exchange,
 *       authentication requests: a few KB), so no client makes the server buffer a large packet for it;
 *   <li>the login grace time (the server's auth timeout) closes the rest.
 * </ul>
 */
final class PreAuthGate implements SessionListener {
    static final int MAX_PENDING = 32;
    static final int MAX_PENDING_PER_CLIENT = 8;
    static final long EVICT_AFTER_MS = 10_000;
    static final int MAX_PREAUTH_BYTES = 64 << 10;
    static final long LOGIN_GRACE_S = 30;

    private record Pending(InetAddress client, long acceptedNs) {}

    /** Oldest first; guarded by itself. */
    private final Map<IoSession, Pending> pending = new LinkedHashMap<>();

    private volatile long refused;
    private volatile long evicted;

    /** The I/O factory whose acceptor asks this gate before it makes a session for a connection. */
    Nio2ServiceFactoryFactory ioFactory() {
        return new Nio2ServiceFactoryFactory() {
            @Override
            public IoServiceFactory create(FactoryManager manager) {
                return new Nio2ServiceFactory(manager, newExecutor(), newExecutor()) {
                    @Override
                    public Nio2Session createSession(
                            Nio2Service service,
                            IoHandler handler,
                            AsynchronousSocketChannel socket,
                            SocketAddress address)
                            throws Throwable {
                        return admit(socket, () -> super.createSession(service, handler, socket, address));
                    }
                };
            }
        };
    }

    /** The session factory that counts what an unauthenticated connection sends. */
    SessionFactory sessionFactory(ServerFactoryManager server) {
        return new SessionFactory(server) {
            @Override
            public void messageReceived(IoSession io, Readable message) throws Exception {
                if (!overBudget(io, message.available())) {
                    super.messageReceived(io, message);
                }
            }
        };
    }

    @FunctionalInterface
    private interface Creation {
        Nio2Session create() throws Throwable;
    }

    private Nio2Session admit(AsynchronousSocketChannel socket, Creation creation) throws Throwable {
        InetAddress client = ((InetSocketAddress) socket.getRemoteAddress()).getAddress();
        long now = System.nanoTime();
        List<IoSession> out = new ArrayList<>();
        boolean room;
        synchronized (pending) {
            room = makeRoom(client, now, out);
        }
        for (IoSession s : out) {
            s.close(true);
        }
        if (!room) {
            refused++;
            socket.close();
            throw new IOException("too many unauthenticated SSH connections (from " + client.getHostAddress() + ")");
        }
        Nio2Session session = creation.create();
        synchronized (pending) {
            pending.put(session, new Pending(client, now));
        }
        session.addCloseFutureListener(f -> forget(session));
        return session;
    }

    /** Under the lock: whether a connection from {@code client} fits, closing what it pushes out into {@code out}. */
    private boolean makeRoom(InetAddress client, long now, List<IoSession> out) {
        long oldEnough = now - TimeUnit.MILLISECONDS.toNanos(EVICT_AFTER_MS);
        int fromClient = 0;
        for (Pending p : pending.values()) {
            fromClient += p.client().equals(client) ? 1 : 0;
        }
        if (fromClient >= MAX_PENDING_PER_CLIENT && !evictOldest(client, oldEnough, out)) {
            return false;
        }
        return pending.size() < MAX_PENDING || evictOldest(null, oldEnough, out);
    }

    /** Removes the oldest pending connection (of {@code client}, or any) that waited long enough. */
    private boolean evictOldest(InetAddress client, long oldEnough, List<IoSession> out) {
        for (Iterator<Map.Entry<IoSession, Pending>> it = pending.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<IoSession, Pending> e = it.next();
            if ((client == null || e.getValue().client().equals(client))
                    && e.getValue().acceptedNs() - oldEnough <= 0) {
                it.remove();
                out.add(e.getKey());
                evicted++;
                return true;
            }
        }
        return false;
    }

    private static final Object BYTES = new Object();

    /** Counts bytes of an unauthenticated connection; true (and the connection closed) past the budget. */
    private boolean overBudget(IoSession io, int bytes) {
        synchronized (pending) {
            if (!pending.containsKey(io)) {
                return false;
            }
        }
        Object before = io.getAttribute(BYTES);
        long total = (before == null ? 0 : (Long) before) + bytes;
        io.setAttribute(BYTES, total);
        if (total <= MAX_PREAUTH_BYTES) {
            return false;
        }
        forget(io);
        io.close(true);
        return true;
    }

    private void forget(IoSession io) {
        synchronized (pending) {
            pending.remove(io);
        }
    }

    @Override
    public void sessionEvent(Session session, Event event) {
        if (event == Event.Authenticated && session instanceof AbstractSession s) {
            forget(s.getIoSession()); // from now on the server's own per-user and per-command limits apply
        }
    }

    /** Unauthenticated connections now. */
    int pendingCount() {
        synchronized (pending) {
            return pending.size();
        }
    }

    /** Connections closed at once for want of room, since the start. */
    long refused() {
        return refused;
    }

    /** Unauthenticated connections pushed out by newer ones, since the start. */
    long evicted() {
        return evicted;
    }
}
