package dev.tickbench.app.connect;

import dev.tickbench.core.capture.LineSink;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.SamplerConfig;
import dev.tickbench.core.source.SystemRoots;
import java.nio.file.Files;
import java.util.List;
import java.util.function.Consumer;

/** "This machine": the sampler runs in this process on the local /proc and /sys. */
public final class LocalConnection implements Connection {
    private final SystemRoots roots;
    private final int rateHz;
    private final int floorHz;
    private Sampler sampler;

    public LocalConnection(SystemRoots roots, int rateHz, int floorHz) {
        this.roots = roots;
        this.rateHz = rateHz;
        this.floorHz = floorHz;
    }

    public static LocalConnection live(int rateHz, int floorHz) {
        return new LocalConnection(SystemRoots.live(), rateHz, floorHz);
    }

    /** Whether this machine has a readable /proc (macOS and Windows do not: the app starts on "connect"). */
    public static boolean available() {
        return Files.isReadable(SystemRoots.LIVE_PROC.resolve("stat"));
    }

    public int rateHz() {
        return rateHz;
    }

    public int floorHz() {
        return floorHz;
    }

    @Override
    public String title() {
        return roots.isLive() ? "this machine" : "board tree " + roots.proc().getParent();
    }

    @Override
    public synchronized void start(LineSink sink, Consumer<ConnectionEvent> events) {
        try {
            sampler = Sampler.create(new SamplerConfig(roots, rateHz, floorHz), List.of(), List.of());
            sampler.addSink(sink);
            sampler.start();
            events.accept(new ConnectionEvent.Connected("sampling " + title() + " at " + rateHz + " Hz"));
        } catch (RuntimeException e) {
            events.accept(new ConnectionEvent.Failed("Could not start the sampler on " + title() + ": " + e.getMessage()));
        }
    }

    @Override
    public synchronized void close() {
        if (sampler != null) {
            sampler.close();
            sampler = null;
        }
    }
}
