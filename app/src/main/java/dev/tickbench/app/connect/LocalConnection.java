package dev.tickbench.app.connect;

import dev.tickbench.app.session.TickHandoff;
import dev.tickbench.core.capture.LineSink;
import dev.tickbench.core.cgroup.CgroupException;
import dev.tickbench.core.session.Session;
import dev.tickbench.core.session.SessionConfig;
import dev.tickbench.core.source.SystemRoots;
import java.nio.file.Files;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Consumer;

/**
 * "This machine": the same session a probe runs ({@link Session}: every source, the iowait throttle,
 * an optional cgroup target), in this process on the local /proc and /sys. FLOOR_HZ comes from this
 * process's environment unless the user chose one.
 */
public final class LocalConnection implements Connection {
    private final SessionConfig config;
    private final Map<String, String> environment;
    private Session session;
    private TickHandoff handoff;

    public LocalConnection(SessionConfig config, Map<String, String> environment) {
        this.config = config;
        this.environment = Map.copyOf(environment);
    }

    /** The local /proc at {@code rateHz}; {@code floorHz} null = FLOOR_HZ from the environment. */
    public static LocalConnection live(int rateHz, Integer floorHz) {
        return new LocalConnection(config(SystemRoots.live(), rateHz, floorHz), System.getenv());
    }

    /** A session over {@code roots} without a cgroup target, the throttle's ceiling the CPU count. */
    public static SessionConfig config(SystemRoots roots, int rateHz, Integer floorHz) {
        return new SessionConfig(roots, rateHz, floorHz == null ? OptionalInt.empty() : OptionalInt.of(floorHz), null,
                SessionConfig.defaultCeiling());
    }

    /** Whether this machine has a readable /proc (macOS and Windows do not: the app starts on "connect"). */
    public static boolean available() {
        return Files.isReadable(SystemRoots.LIVE_PROC.resolve("stat"));
    }

    public int rateHz() {
        return config.rateHz();
    }

    @Override
    public String title() {
        SystemRoots roots = config.roots();
        return roots.isLive() ? "this machine" : "board tree " + roots.proc().getParent();
    }

    @Override
    public synchronized void start(LineSink sink, Consumer<ConnectionEvent> events) {
        try {
            session = Session.open(config, environment);
            // the tick thread only copies each line into the hand-off's ring: decoding, the store, the charts'
            // locks, the spool and a recording run on its consumer thread (docs/workbench-intake.md)
            handoff = new TickHandoff(sink, msg -> events.accept(new ConnectionEvent.Failed(msg)));
            session.sampler().addSink(handoff);
            session.sampler().start();
            events.accept(new ConnectionEvent.Connected("sampling " + title() + " at " + config.rateHz() + " Hz"));
        } catch (CgroupException | RuntimeException e) {
            stop();
            events.accept(new ConnectionEvent.Failed("Could not start the sampler on " + title() + ": " + e.getMessage()));
        }
    }

    @Override
    public synchronized void close() {
        stop();
    }

    /** The sampler first (it joins its tick thread), then the consumer, after it handed on what was offered. */
    private void stop() {
        if (session != null) {
            session.close();
            session = null;
        }
        if (handoff != null) {
            handoff.close();
            handoff = null;
        }
    }

    /** The running sampler's last seq (0 before the first tick, -1 when stopped): what the tick thread has produced. */
    public synchronized long lastSeq() {
        return session == null ? -1 : session.sampler().lastSeq();
    }

    /** The running session's triggers, to arm and disarm live (docs/triggers.md); null when it is not running. */
    public synchronized dev.tickbench.core.trigger.TriggerSet triggers() {
        return session == null ? null : session.triggers();
    }

    /** Samples the hand-off dropped because its consumer fell a whole ring behind (each in a gap line). */
    public synchronized long droppedSamples() {
        return handoff == null ? 0 : handoff.droppedSamples();
    }
}
