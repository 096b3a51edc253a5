package dev.tickbench.app.connect;

import dev.tickbench.app.StartupLog;
import dev.tickbench.core.capture.LineSink;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A probe {@code stream} run as a child process of the workbench, its stdout pumped into the workbench
 * as an SSH channel's is ({@link StreamPump}): the same code path, a pipe instead of a channel
 * (docs/sessions.md, "This machine"). The child lives no longer than the workbench: its stdin is a pipe
 * the workbench holds and never writes, and the probe ends its stream when stdin closes — on
 * {@link #close()}, and when the workbench dies whatever the way, since the kernel closes the pipe then.
 * A child that ends by itself is started again with back-off (a gap marks the lost ticks); one that
 * exits with an error status, or never starts, fails with what it wrote to stderr.
 */
final class ProbeProcess {
    private static final int STDERR_KEEP = 8 * 1024;
    /** After stdin closed, how long the probe may take to end its stream before it is terminated. */
    private static final long EXIT_WAIT_MS = 3_000;

    private final List<String> command;
    private final String title;
    private final String detail;
    /** The back-off wait between two children, which {@link #close()} cuts short. */
    private final Object backoff = new Object();

    private volatile boolean closed;
    private volatile Process current;
    private volatile Thread thread;

    /**
     * @param command the whole command line: java, its flags, {@code -jar JAR stream …}
     * @param title what is sampled, for messages ("this machine")
     * @param detail the Connected event's text, to which the child's pid is added
     */
    ProbeProcess(List<String> command, String title, String detail) {
        this.command = List.copyOf(command);
        this.title = title;
        this.detail = detail;
    }

    List<String> command() {
        return command;
    }

    /**
     * Writes one request line to the running child's stdin (its {@code stream} reads them: arm, disarm,
     * list; docs/triggers.md, "Live"); false when no child runs. A child started again after it died has
     * none of the earlier requests.
     */
    synchronized boolean send(String line) {
        Process p = current;
        if (p == null || !p.isAlive()) {
            return false;
        }
        try {
            java.io.OutputStream in = p.getOutputStream();
            in.write((line + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            in.flush();
            return true;
        } catch (IOException e) {
            return false; // the child is ending: its stdin is closed
        }
    }

    /** Starts the child and its pump on a thread of their own; returns at once. */
    void start(LineSink sink, Consumer<ConnectionEvent> events) {
        if (thread != null) {
            throw new IllegalStateException("already started");
        }
        Thread t = new Thread(() -> run(sink, events), "tickbench-local-probe");
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    /**
     * Ends the stream: closes the child's stdin (the probe exits at once) and returns; the pump's thread
     * waits for the exit and terminates a child that does not end within {@link #EXIT_WAIT_MS}.
     */
    void close() {
        closed = true;
        Process p = current;
        if (p != null) {
            closeQuietly(p.getOutputStream());
        }
        synchronized (backoff) {
            backoff.notifyAll();
        }
    }

    private void run(LineSink sink, Consumer<ConnectionEvent> events) {
        StreamPump pump = new StreamPump(sink);
        boolean everConnected = false;
        int attempt = 0;
        while (!closed) {
            StderrTail stderr = new StderrTail(STDERR_KEEP);
            Process p;
            try {
                p = new ProcessBuilder(command).start();
            } catch (IOException e) {
                events.accept(new ConnectionEvent.Failed("Could not start the probe process for " + title + " ("
                        + command.get(0) + "): " + e.getMessage()));
                return;
            }
            current = p;
            StartupLog.mark("probe_spawned");
            if (closed) { // closed while starting: close() saw no process to close
                closeQuietly(p.getOutputStream());
            }
            Thread err = new Thread(() -> stderr.drain(p.getErrorStream()), "tickbench-local-probe-stderr");
            err.setDaemon(true);
            err.start();
            pump.beginStream();
            boolean[] connected = {false};
            try (InputStream in = p.getInputStream()) {
                pump.pump(in, () -> {
                    if (!connected[0]) {
                        connected[0] = true;
                        StartupLog.mark("probe_hello");
                        events.accept(new ConnectionEvent.Connected(detail + " (probe process " + p.pid() + ")"));
                    }
                });
            } catch (IOException e) {
                // the pipe broke: the child is gone, said below with its exit status
            } catch (StreamPump.SinkFailure e) {
                events.accept(new ConnectionEvent.Failed(
                        "The workbench could not take the data from " + title + ": " + SshLink.reason(e.getCause())));
                stop(p);
                return;
            }
            Integer status = stop(p);
            joinQuietly(err);
            current = null;
            if (closed) {
                return;
            }
            everConnected |= connected[0];
            String said = stderr.text().strip();
            if (status == null || status != 0 && status < 128 || !connected[0] && !everConnected) {
                events.accept(new ConnectionEvent.Failed("The probe process for " + title + " "
                        + (status == null ? "did not end" : "exited with status " + status)
                        + (said.isEmpty() ? "" : ": " + said) + " (" + String.join(" ", command) + ")"));
                return;
            }
            events.accept(new ConnectionEvent.Dropped("the probe process for " + title + " ended ("
                    + (status >= 128 ? "killed by signal " + (status - 128) : "exit status " + status) + ")"));
            attempt = connected[0] ? 1 : attempt + 1;
            long delay = Backoff.delayMs(attempt);
            events.accept(new ConnectionEvent.Reconnecting(attempt, delay));
            synchronized (backoff) {
                try {
                    if (!closed) {
                        backoff.wait(delay);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Waits for the child to end (terminating it when it does not in time); its exit status, null if unknown. */
    private static Integer stop(Process p) {
        closeQuietly(p.getOutputStream());
        try {
            if (!p.waitFor(EXIT_WAIT_MS, TimeUnit.MILLISECONDS)) {
                p.destroy();
                if (!p.waitFor(EXIT_WAIT_MS, TimeUnit.MILLISECONDS)) {
                    p.destroyForcibly();
                    p.waitFor(EXIT_WAIT_MS, TimeUnit.MILLISECONDS);
                }
            }
            return p.isAlive() ? null : p.exitValue();
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static void joinQuietly(Thread t) {
        try {
            t.join(EXIT_WAIT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(OutputStream out) {
        try {
            out.close();
        } catch (IOException e) {
            // already closed: the child has its EOF
        }
    }
}
