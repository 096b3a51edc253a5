package dev.tickbench.app.connect;

import dev.tickbench.app.StartupLog;
import dev.tickbench.app.dirs.UserDirs;
import dev.tickbench.core.capture.LineSink;
import dev.tickbench.core.cgroup.CgroupException;
import dev.tickbench.core.session.Session;
import dev.tickbench.core.session.SessionConfig;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.core.trigger.TriggerSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;

/**
 * "This machine": the same session a probe runs (every source, the iowait throttle, an optional cgroup
 * target) on the local /proc and /sys, in one of two ways (docs/sessions.md, "This machine"):
 *
 * <ul>
 * <li>{@link Mode#PROBE_PROCESS}, the default: the bundled probe jar in a process of its own, run by this
 *     JVM's {@code java} with the probe launchers' flags, its {@code stream} read through a pipe as an SSH
 *     channel's is ({@link ProbeProcess}, {@link StreamPump}). Its tick thread shares no safepoint and no
 *     garbage collection with the workbench's charts, and it runs in a session of its own ({@code setsid}):
 *     where the kernel groups CPU time by session (autogroup, the default of Debian's and Ubuntu's
 *     kernels for processes outside a CPU cgroup), its ticks do not queue behind the workbench's threads
 *     or the busy processes of the terminal it was started from.
 * <li>{@link Mode#IN_PROCESS}: the sampler in this JVM ({@link Session}); what a build without the probe
 *     jar, or without a {@code java} beside this JVM, does.
 * </ul>
 *
 * Either way the producer must never wait for the workbench: the intake takes its lines through a
 * hand-off ({@link #producerMustNotWait()}, docs/workbench-intake.md). FLOOR_HZ comes from this
 * process's environment unless the user chose one.
 */
public final class LocalConnection implements Connection {
    /** How "this machine" is sampled. */
    public enum Mode {
        /** The bundled probe in a child process (the default). */
        PROBE_PROCESS,
        /** The sampler in the workbench's own JVM. */
        IN_PROCESS
    }

    /** {@code -Dtickbench.local=in-process} (or {@code probe-process}) chooses the way; benchmarks compare both. */
    static final String MODE_PROPERTY = "tickbench.local";
    /** {@code -Dtickbench.local.session=shared} keeps the probe process in the workbench's session (to measure the difference). */
    static final String SESSION_PROPERTY = "tickbench.local.session";

    private static final List<Path> SETSID = List.of(Path.of("/usr/bin/setsid"), Path.of("/bin/setsid"));
    private static BundledProbe bundled;
    private static boolean bundledRead;

    private final SessionConfig config;
    private final Map<String, String> environment;
    private final Mode asked;
    private Mode running;
    private Session session;
    private ProbeProcess child;
    private StreamPumpGate gate;

    /** {@code this machine} the default way (a probe process, unless {@value #MODE_PROPERTY} says otherwise). */
    public LocalConnection(SessionConfig config, Map<String, String> environment) {
        this(config, environment, modeAsked());
    }

    public LocalConnection(SessionConfig config, Map<String, String> environment, Mode mode) {
        this.config = config;
        this.environment = Map.copyOf(environment);
        this.asked = mode;
    }

    /** The local /proc at {@code rateHz}; {@code floorHz} null = FLOOR_HZ from the environment. */
    public static LocalConnection live(int rateHz, Integer floorHz) {
        return live(rateHz, floorHz, null);
    }

    /** The same with a cgroup target ({@code target} null: none), as an SSH host's session has. */
    public static LocalConnection live(int rateHz, Integer floorHz, SessionConfig.CgroupChoice target) {
        return new LocalConnection(config(SystemRoots.live(), rateHz, floorHz, target), System.getenv());
    }

    /** A session over {@code roots} without a cgroup target, the throttle's ceiling the CPU count. */
    public static SessionConfig config(SystemRoots roots, int rateHz, Integer floorHz) {
        return config(roots, rateHz, floorHz, null);
    }

    private static SessionConfig config(
            SystemRoots roots, int rateHz, Integer floorHz, SessionConfig.CgroupChoice target) {
        return new SessionConfig(
                roots,
                rateHz,
                floorHz == null ? OptionalInt.empty() : OptionalInt.of(floorHz),
                target,
                SessionConfig.defaultCeiling());
    }

    /** Whether this machine has a readable /proc (macOS and Windows do not: the app starts on "connect"). */
    public static boolean available() {
        return Files.isReadable(SystemRoots.LIVE_PROC.resolve("stat"));
    }

    static Mode modeAsked() {
        return "in-process".equals(System.getProperty(MODE_PROPERTY)) ? Mode.IN_PROCESS : Mode.PROBE_PROCESS;
    }

    @Override
    public String title() {
        SystemRoots roots = config.roots();
        String where =
                roots.isLive() ? "this machine" : "board tree " + roots.proc().getParent();
        return config.cgroup() == null ? where : where + " · " + CgroupTarget.text(config.cgroup());
    }

    @Override
    public synchronized void start(LineSink sink, Consumer<ConnectionEvent> events) {
        StartupLog.mark("connect");
        LocalProbeLaunch launch;
        try {
            launch = asked == Mode.PROBE_PROCESS ? probeLaunch() : null;
        } catch (IllegalArgumentException e) { // FLOOR_HZ of the environment is no number: said as in process
            events.accept(
                    new ConnectionEvent.Failed("Could not start the sampler on " + title() + ": " + e.getMessage()));
            return;
        }
        if (launch != null) {
            running = Mode.PROBE_PROCESS;
            gate = new StreamPumpGate(sink);
            Consumer<ConnectionEvent> watched = launch.archive() == null
                    ? events
                    : ev -> {
                        if (LocalProbeLaunch.crashed(ev)) {
                            ProbeArchive.discard(
                                    launch.archive()); // never trusted again; a start again runs without it
                        }
                        events.accept(ev);
                    };
            child = EarlyProbe.take(launch.command(), gate, watched); // started by the launcher, before the window
            if (child == null) {
                child = newChild(launch);
                child.start(gate, watched);
            }
            launch.trainLater();
            return;
        }
        running = Mode.IN_PROCESS;
        try {
            session = Session.open(config, environment);
            session.sampler().addSink(sink);
            session.sampler().start();
            events.accept(new ConnectionEvent.Connected(
                    "sampling " + title() + " at " + config.rateHz() + " Hz (in process)"));
        } catch (CgroupException | RuntimeException e) {
            stop();
            events.accept(
                    new ConnectionEvent.Failed("Could not start the sampler on " + title() + ": " + e.getMessage()));
        }
    }

    private ProbeProcess newChild(LocalProbeLaunch launch) {
        return new ProbeProcess(launch.command(), title(), "sampling " + title() + " at " + config.rateHz() + " Hz");
    }

    /**
     * Starts this machine's probe process now, before the window is built, for the first connection to
     * this machine at {@code rateHz} and {@code floorHz} to take over ({@link EarlyProbe}; the launcher
     * calls it when the command line asks for this machine). Returns at once; nothing when there is no
     * /proc, the sampler runs in process, or no probe process can be started.
     */
    public static void startEarly(int rateHz, Integer floorHz) {
        if (!available() || modeAsked() != Mode.PROBE_PROCESS) {
            return;
        }
        EarlyProbe.start(() -> {
            LocalConnection c = live(rateHz, floorHz);
            LocalProbeLaunch launch = c.probeLaunch();
            return launch == null ? null : c.newChild(launch);
        });
    }

    /**
     * The probe process's launch: this JVM's {@code java}, the probe launchers' flags, the bundled jar
     * from the cache (with its class-data archive when one is whole, {@link ProbeArchive}) and {@code
     * stream} with this session's rate, FLOOR_HZ, roots and ceiling; null when this build carries no probe
     * jar or there is no {@code java} beside this JVM.
     */
    private LocalProbeLaunch probeLaunch() {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        BundledProbe probe = bundledProbe();
        if (probe == null || !Files.isExecutable(java)) {
            return null;
        }
        Path jar;
        try {
            jar = LocalProbeJar.ensure(probe, UserDirs.current().cache());
        } catch (IOException e) {
            return null; // the cache cannot be written: the sampler runs in process instead
        }
        List<String> prefix = new ArrayList<>();
        if (!"shared".equals(System.getProperty(SESSION_PROPERTY))) {
            // setsid(1) of util-linux: a child of the JVM is no process group leader, so it calls setsid()
            // and execs java in place (the pid, the pipes and the exit status stay the child's)
            SETSID.stream().filter(Files::isExecutable).findFirst().ifPresent(p -> prefix.add(p.toString()));
        }
        Integer floor = config.floorHz().isPresent() ? config.floorHz().getAsInt() : floorFromEnvironment();
        List<String> args = new ArrayList<>(StreamRequest.of(config.rateHz(), floor, config.cgroup(), config.ceiling())
                .streamArgs());
        if (!config.roots().isLive()) {
            args.addAll(List.of(
                    "--proc-root",
                    config.roots().proc().toString(),
                    "--sys-root",
                    config.roots().sys().toString()));
        }
        return LocalProbeLaunch.of(prefix, java, jar, args);
    }

    /**
     * FLOOR_HZ of the environment this connection was given (the child's own is not consulted); a value
     * that is no whole number in range is the same one-line error as in process (IllegalArgumentException).
     */
    private int floorFromEnvironment() {
        return SessionConfig.floorHzFromEnvironment(environment);
    }

    private static synchronized BundledProbe bundledProbe() {
        if (!bundledRead) {
            bundledRead = true;
            try {
                bundled = BundledProbe.fromResources();
            } catch (IOException e) {
                bundled = null;
            }
        }
        return bundled;
    }

    @Override
    public synchronized void close() {
        stop();
    }

    /** The producer stops: the sampler joins its tick thread, or the gate shuts and the probe process ends. */
    private void stop() {
        if (session != null) {
            session.close();
            session = null;
        }
        if (gate != null) {
            gate.shut();
        }
        if (child != null) {
            child.close();
        }
    }

    @Override
    public boolean thisMachine() {
        return true;
    }

    /** The sampler's tick thread, or the pipe of a probe process that keeps its pace, must never wait. */
    @Override
    public boolean producerMustNotWait() {
        return true;
    }

    @Override
    public synchronized boolean samplesInThisJvm() {
        return running == Mode.IN_PROCESS;
    }

    /**
     * Triggers on this machine's session: request lines to the probe process, answered in its stream's
     * next {@code triggers} line, or the in-process session's own set.
     */
    @Override
    public Optional<LiveTriggers> triggers() {
        return Optional.of(new LiveTriggers() {
            @Override
            public boolean sendTriggerRequest(String line) {
                ProbeProcess c;
                synchronized (LocalConnection.this) {
                    c = running == Mode.PROBE_PROCESS ? child : null;
                }
                return c != null && c.send(line);
            }

            @Override
            public Optional<TriggerSet> inThisJvm() {
                synchronized (LocalConnection.this) {
                    return session == null ? Optional.empty() : Optional.of(session.triggers());
                }
            }
        });
    }
}
