package dev.tickbench.testkit;

import dev.tickbench.core.capture.CaptureWriter;
import dev.tickbench.core.capture.LineSink;
import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.SamplerConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A scripted board's story run through the real sampler, tick by tick on a test clock (10 Hz), its
 * stream given to a sink or saved as a capture: what {@code tickbench-probe record} would have written
 * on that board, the same on every machine.
 */
public final class StoryCapture {
    public static final int RATE_HZ = 10;
    public static final long TICK_NS = 1_000_000_000L / RATE_HZ;
    public static final long START_WALL_NS = 1_764_446_400_000_000_000L;

    private StoryCapture() {}

    /** Plays the whole story into {@code sink} (the hello line first) and returns the board. */
    public static ScriptedBoard play(String board, Path dir, StreamFormat format, LineSink sink) throws IOException {
        return play(ScriptedBoard.open(board, dir), format, sink);
    }

    /** Plays the whole story of a board already opened into {@code sink} (the hello line first) and returns it. */
    public static ScriptedBoard play(ScriptedBoard b, StreamFormat format, LineSink sink) throws IOException {
        try (Sampler s = Sampler.create(new SamplerConfig(b.roots(), RATE_HZ, 0), List.of(), List.of())) {
            s.format(format);
            s.addSink(sink);
            byte[] hello = s.helloLine();
            sink.line(hello, 0, hello.length);
            long base = startedMonoNs(hello);
            for (int t = 1; t <= b.ticks(); t++) {
                b.beforeTick(t);
                s.tick(base + t * TICK_NS, START_WALL_NS + t * TICK_NS);
            }
        }
        return b;
    }

    /**
     * The hello's {@code started_mono_ns}: the sampler's baseline read, so that tick {@code t} at
     * {@code started + t × 100 ms} has a {@code dt_ns} of exactly 100 ms from the first one on.
     */
    public static long startedMonoNs(byte[] hello) throws IOException {
        return new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(hello)
                .path("started_mono_ns")
                .asLong();
    }

    /** Plays the story into the capture {@code file} (gzip when it ends in .gz). */
    public static ScriptedBoard record(String board, Path dir, StreamFormat format, Path file) throws IOException {
        return record(ScriptedBoard.open(board, dir), format, file);
    }

    /** Plays the story of a board already opened into the capture {@code file}. */
    public static ScriptedBoard record(ScriptedBoard b, StreamFormat format, Path file) throws IOException {
        try (CaptureWriter w = CaptureWriter.open(file)) {
            return play(b, format, w);
        }
    }

    /** The first and last {@code t_s} of a stage (seconds since the first sample, as the CSV and {@code clock --from} count). */
    public static double fromS(ScriptedBoard.Stage st) {
        return (st.firstTick() - 1) / (double) RATE_HZ;
    }

    public static double toS(ScriptedBoard.Stage st) {
        return (st.lastTick() - 1) / (double) RATE_HZ;
    }
}
