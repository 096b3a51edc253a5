package dev.tickbench.app.trigger;

import dev.tickbench.app.intake.Intake;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.OtherLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.recorder.FlightRecorder;
import dev.tickbench.core.recorder.RecorderConfig;
import dev.tickbench.core.recorder.SavedCapture;
import dev.tickbench.core.trigger.TriggerLine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The triggers' place on the live session's intake (docs/triggers.md, "For the workbench"). It reads
 * the decoded lines with core's trigger lines — a hello begins a new stream, a {@code trigger} line is
 * a firing, a {@code triggers} line the armed set and the answers — for the {@link TriggerSession}; and
 * it runs the flight recorder on the bytes, so the recorder keeps the lines the charts draw. The
 * recorder keeps its ring until the tap leaves (the connection ends), an open capture then closed with
 * what it has. UI thread, except the lines (the intake's thread).
 */
final class TriggerTap {
    private final TriggerSession session;
    private final Consumer<SavedCapture> saved;
    private final Consumer<FlightRecorder.Trouble> trouble;
    private Intake intake;
    private FlightRecorder recorder;

    /**
     * @param saved told of each capture the recorder saved, and {@code trouble} of its trouble writing
     *     (both from the recorder's thread)
     */
    TriggerTap(TriggerSession session, Consumer<SavedCapture> saved, Consumer<FlightRecorder.Trouble> trouble) {
        this.session = session;
        this.saved = saved;
        this.trouble = trouble;
    }

    /** Reads {@code in}'s lines from the next one on; without a recorder until {@link #startRecorder}. */
    void join(Intake in) {
        intake = in;
        in.triggerLinesTo(this::line);
    }

    /** The intake's thread: each decoded line, read without decoding it again. */
    private void line(StreamLine line) {
        if (line instanceof Hello) {
            session.newStream();
        } else if (line instanceof OtherLine o && TriggerLine.TYPE.equals(o.type())) {
            try {
                session.fired(TriggerLine.of(o.raw()));
            } catch (IOException e) {
                // not a trigger line after all: the store passes it over too
            }
        } else if (line instanceof OtherLine o && TriggerLine.SET_TYPE.equals(o.type())) {
            session.setLine(o.raw());
        }
    }

    boolean recording() {
        return recorder != null;
    }

    /**
     * Starts the flight recorder on the joined intake, unless one runs: its ring runs from now, captures
     * written into {@code dir} (made now) around each firing.
     *
     * @throws IOException when {@code dir} cannot be made
     */
    void startRecorder(Path dir, long preNs, long postNs) throws IOException {
        if (recorder != null || intake == null) {
            return;
        }
        Files.createDirectories(dir);
        long ringBytes =
                Math.max(1L << 20, Math.min(64L << 20, Runtime.getRuntime().maxMemory() / 16));
        RecorderConfig config = new RecorderConfig(
                dir,
                preNs,
                postNs,
                Math.max(RecorderConfig.DEFAULT_RING_NS, preNs),
                ringBytes,
                RecorderConfig.DEFAULT_COOLDOWN_NS,
                RecorderConfig.DEFAULT_MAX_DISK_BYTES,
                Math.max(RecorderConfig.DEFAULT_MAX_CAPTURE_NS, preNs + postNs));
        FlightRecorder r = new FlightRecorder(config, saved);
        r.onTrouble(trouble);
        try {
            intake.flightRecorderTo(r);
        } catch (IOException | RuntimeException e) {
            r.close();
            throw e;
        }
        recorder = r;
    }

    /**
     * Leaves the intake: no line is read from now on; done when the recorder has written what it had (at
     * once without one), so that whoever closes can wait for a capture rather than cut it off.
     */
    CompletableFuture<Void> leave() {
        Intake in = intake;
        FlightRecorder r = recorder;
        intake = null;
        recorder = null;
        if (in != null) {
            in.triggerLinesTo(null);
            try {
                in.flightRecorderTo(null);
            } catch (IOException e) {
                throw new UncheckedIOException(e); // leaving writes nothing
            }
        }
        if (r == null) {
            return CompletableFuture.completedFuture(null);
        }
        // an open capture is closed with what it has; the writer may take a moment on a busy disk
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread closing = new Thread(
                () -> {
                    try {
                        r.close();
                    } finally {
                        done.complete(null);
                    }
                },
                "tickbench-recorder-close");
        closing.setDaemon(true);
        closing.start();
        return done;
    }

    /** The recorder in words, {@code saved} the captures listed (the recorder counts one only after it told of it); null without one. */
    String describe(int saved) {
        FlightRecorder r = recorder;
        if (r == null) {
            return null;
        }
        var s = r.stats();
        return String.format(
                Locale.ROOT,
                "Flight recorder: %.1f s of stream in the ring (%.1f MB); %s; %d saved to %s",
                s.ringSpanNs() / 1e9,
                s.ringBytes() / 1e6,
                s.capturing() ? "writing a capture" : "waiting for a trigger",
                saved,
                r.config().dir());
    }
}
