package dev.tickbench.app.connect;

import dev.tickbench.core.capture.LineSink;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;

/**
 * A probe {@code stream} run over an SSH exec channel, reconnecting with back-off when the link
 * drops. Subclasses say how a fresh session gets to the command (upload the probe, or not). The
 * stream's stdin is the channel's: trigger requests are written to it ({@link LiveTriggers}), and
 * closing the channel closes it, which ends the probe.
 */
abstract class SshStreamConnection implements Connection, ProbeCommands {
    private static final int STDERR_KEEP = 8 * 1024;

    protected final SshTarget target;
    protected final StreamRequest request;
    protected final ConnectPrompts prompts;
    private final Path knownHosts;
    private final SshTimeouts timeouts;

    private volatile boolean closed;
    private volatile ClientSession current;
    private volatile Thread thread;
    /**
     * The running stream's stdin (null between streams); writers take {@code requestLock} so two
     * requests never interleave, the stream's thread never does (a write waiting for the link must not
     * hold up the channel's close).
     */
    private final Object requestLock = new Object();

    private volatile java.io.OutputStream requests;
    /** The compression of the last session's host-to-workbench direction, null before the first. */
    private volatile String compression;

    SshStreamConnection(
            SshTarget target, StreamRequest request, ConnectPrompts prompts, Path knownHosts, SshTimeouts timeouts) {
        this.target = target;
        this.request = request;
        this.prompts = prompts;
        this.knownHosts = knownHosts;
        this.timeouts = timeouts;
    }

    /** What a prepared session runs, and a line for the Connected event. */
    record Prepared(String command, String detail) {}

    /** Gets a fresh, authenticated session ready to stream (check Java, upload, …). */
    abstract Prepared prepare(ClientSession session) throws ConnectFailure;

    /** The words that start the probe on the target, before its subcommand; null until a session is prepared. */
    abstract List<String> probeLaunch();

    @Override
    public String title() {
        return target.title();
    }

    @Override
    public ProbeCommands.Output runProbe(List<String> args) throws IOException {
        ClientSession session = current;
        List<String> launch = probeLaunch();
        if (session == null || launch == null) {
            throw new IOException("not connected to " + title() + " (yet): wait for Connected, then try again");
        }
        List<String> words = new java.util.ArrayList<>(launch);
        words.addAll(args);
        SshLink.Result r = SshLink.run(session, StreamRequest.shellJoin(words));
        return new ProbeCommands.Output(r.exitStatus(), r.out(), r.err());
    }

    @Override
    public void start(LineSink sink, Consumer<ConnectionEvent> events) {
        if (thread != null) {
            throw new IllegalStateException("already started");
        }
        Thread t = new Thread(() -> run(sink, events), "tickbench-ssh " + title());
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    @Override
    public void close() {
        closed = true;
        SshLink.closeQuietly(current);
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
    }

    @Override
    public Optional<LiveTriggers> triggers() {
        return Optional.of(this::sendTriggerRequest);
    }

    @Override
    public Optional<ProbeCommands> probeCommands() {
        return Optional.of(this);
    }

    private boolean sendTriggerRequest(String line) {
        byte[] bytes = (line + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        synchronized (requestLock) {
            java.io.OutputStream out = requests;
            if (out == null) {
                return false;
            }
            try {
                out.write(bytes);
                out.flush();
                return true;
            } catch (IOException e) {
                return false; // the channel is closing: the next stream gets the request again (TriggerSession)
            }
        }
    }

    /** What the link compresses the stream with ({@code zlib@openssh.com} normally), null before connecting. */
    public String compression() {
        return compression;
    }

    private void run(LineSink sink, Consumer<ConnectionEvent> events) {
        SshRoute route = new SshRoute(target, knownHosts, prompts, timeouts);
        StreamPump pump = new StreamPump(sink);
        boolean everConnected = false;
        int attempt = 0;
        try {
            while (!closed) {
                try {
                    ClientSession session = route.open();
                    current = session;
                    compression = SshLink.compression(session);
                    if (closed) {
                        break;
                    }
                    Prepared prepared = prepare(session);
                    String unsaved = route.saveProblem();
                    events.accept(
                            new ConnectionEvent.Connected(prepared.detail() + (unsaved == null ? "" : "; " + unsaved)));
                    everConnected = true;
                    attempt = 0;
                    String dropped = stream(session, prepared.command(), pump);
                    if (closed) {
                        break;
                    }
                    events.accept(new ConnectionEvent.Dropped(dropped));
                } catch (ConnectFailure f) {
                    if (closed) {
                        break;
                    }
                    if (f.permanent() || !everConnected) {
                        events.accept(new ConnectionEvent.Failed(f.getMessage()));
                        return;
                    }
                } catch (StreamPump.SinkFailure e) {
                    events.accept(new ConnectionEvent.Failed("The workbench could not take the data from " + title()
                            + ": " + SshLink.reason(e.getCause())));
                    return;
                } finally {
                    SshLink.closeQuietly(current);
                    current = null;
                }
                attempt++;
                long delay = Backoff.delayMs(attempt);
                events.accept(new ConnectionEvent.Reconnecting(attempt, delay));
                try {
                    Thread.sleep(delay);
                } catch (InterruptedException e) {
                    break; // close() interrupts the wait
                }
            }
        } finally {
            route.close();
        }
    }

    /**
     * Runs the stream command and pumps its lines until the stream ends; returns why it ended.
     * A probe that exits with an error is a permanent failure (bad flags will not get better).
     */
    private String stream(ClientSession session, String command, StreamPump pump)
            throws ConnectFailure, StreamPump.SinkFailure {
        StderrTail stderr = new StderrTail(STDERR_KEEP);
        try (ChannelExec ch = SshLink.execChannel(session, command)) {
            ch.setErr(stderr);
            ch.open().verify(SshTimeouts.CHANNEL_OPEN);
            pump.beginStream();
            Thread watchdog = stallWatchdog(session, pump);
            requests = ch.getInvertedIn(); // no setIn: the channel's own stream, open until the channel closes
            try (InputStream in = ch.getInvertedOut()) {
                pump.pump(in);
            } catch (IOException e) {
                return "link lost: " + SshLink.reason(e);
            } finally {
                watchdog.interrupt();
                requests = null;
            }
            ch.waitFor(EnumSet.of(ClientChannelEvent.CLOSED, ClientChannelEvent.EXIT_STATUS), 2_000);
            Integer status = ch.getExitStatus();
            if (status != null && status != 0) {
                throw new ConnectFailure(
                        "The probe on " + title() + " exited with status " + status + ": "
                                + stderr.text().strip(),
                        true);
            }
            if (status != null) {
                return "the probe on " + title() + " stopped";
            }
            if (ch.getExitSignal() != null) {
                return "the probe on " + title() + " was killed (" + ch.getExitSignal() + ")";
            }
            return "link to " + title() + " lost";
        } catch (IOException e) { // a session being closed meanwhile (close()) included: SshLink.execChannel
            throw new ConnectFailure("Cannot start the probe on " + title() + ": " + SshLink.reason(e), false, e);
        }
    }

    /**
     * Closes the session when no byte arrived for {@link SshTimeouts#STALL}: a silent dead link; before
     * the first byte the probe may still be starting, which {@link SshTimeouts#PROBE_START} allows for.
     */
    private Thread stallWatchdog(ClientSession session, StreamPump pump) {
        Thread w = new Thread(
                () -> {
                    try {
                        while (true) {
                            Thread.sleep(1_000);
                            Duration limit = pump.bytesSinceBegin() ? SshTimeouts.STALL : SshTimeouts.PROBE_START;
                            if (System.nanoTime() - pump.lastByteNanos() > limit.toNanos()) {
                                SshLink.closeQuietly(session);
                                return;
                            }
                        }
                    } catch (InterruptedException e) {
                        // the stream ended first
                    }
                },
                "tickbench-ssh-watchdog");
        w.setDaemon(true);
        w.start();
        return w;
    }
}
