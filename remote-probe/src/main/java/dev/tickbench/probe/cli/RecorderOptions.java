package dev.tickbench.probe.cli;

import dev.tickbench.core.recorder.RecorderConfig;
import dev.tickbench.probe.common.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The flight recorder's flags (docs/triggers.md, "The recorder"), for {@code record --trigger} and
 * {@code serve --trigger}: where captures go, how much before and after a trigger, the ring, the
 * cool-down and the disk bound.
 */
public final class RecorderOptions {
    /** The ring's memory bound: a quarter of the heap, within 1–64 MiB. */
    static final long MAX_RING_BYTES = 64L << 20;

    @Spec(Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--dir", paramLabel = "DIR", description = "write a capture here on each trigger (with --trigger)")
    Path dir;

    @Option(
            names = "--pre",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "how much before a trigger a capture holds (default: 10s)")
    Duration pre = Duration.ofNanos(RecorderConfig.DEFAULT_PRE_NS);

    @Option(
            names = "--post",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "how much after the last trigger merged into it (default: 10s)")
    Duration post = Duration.ofNanos(RecorderConfig.DEFAULT_POST_NS);

    @Option(
            names = "--ring",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "how much of the stream the ring keeps, at least --pre (default: 30s)")
    Duration ring = Duration.ofNanos(RecorderConfig.DEFAULT_RING_NS);

    @Option(
            names = "--cooldown",
            paramLabel = "DURATION",
            description = "after a capture ends, triggers start no new one for this long; 0 for none (default: 30s)")
    String cooldown = "30s";

    @Option(
            names = "--max-disk",
            paramLabel = "SIZE",
            converter = SizeConverter.class,
            description = "the captures in DIR take at most this much; the oldest are removed (default: 1G)")
    Long maxDisk = RecorderConfig.DEFAULT_MAX_DISK_BYTES;

    public boolean given() {
        return dir != null;
    }

    /** The recorder's configuration, its ring a quarter of the heap ({@code record}: nothing else buffers). */
    public RecorderConfig config() {
        return config(ringBytes());
    }

    /**
     * The recorder's configuration with its ring bounded by {@code ringBytes} (its writer's queue is
     * bounded by as much again); a bad combination or directory is a usage error (exit 2).
     */
    public RecorderConfig config(long ringBytes) {
        if (!Files.isDirectory(dir)) {
            throw new UserError("--dir " + dir + ": no such directory; create it first", 2);
        }
        if (!Files.isWritable(dir)) {
            throw new UserError("--dir " + dir + ": not writable by this user", 2);
        }
        long cool;
        String c = cooldown.trim();
        if (c.equals("0") || c.equals("0s")) {
            cool = 0;
        } else {
            try {
                cool = DurationConverter.parse(c).toNanos();
            } catch (CommandLine.TypeConversionException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--cooldown: " + e.getMessage());
            }
        }
        try {
            return new RecorderConfig(
                    dir,
                    pre.toNanos(),
                    post.toNanos(),
                    ring.toNanos(),
                    ringBytes,
                    cool,
                    maxDisk,
                    Math.max(RecorderConfig.DEFAULT_MAX_CAPTURE_NS, pre.toNanos() + post.toNanos()));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    static long ringBytes() {
        return Math.max(1L << 20, Math.min(MAX_RING_BYTES, Runtime.getRuntime().maxMemory() / 4));
    }
}
