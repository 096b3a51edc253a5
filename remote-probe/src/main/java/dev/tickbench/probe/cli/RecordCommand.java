package dev.tickbench.probe.cli;

import dev.tickbench.core.capture.CaptureWriter;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.derived.PlottedValues;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.probe.common.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code record}: a capture file (the stream, saved); gzip when the name ends in .gz. */
@Command(
        name = "record",
        mixinStandardHelpOptions = true,
        description = {
            "Record a capture (NDJSON, gzip when FILE ends in .gz) for a duration;",
            "or, with --trigger EXPR --dir DIR, keep a ring of the last seconds and write a capture around each trigger."
        })
public final class RecordCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    SamplerOptions sampling;

    @Mixin
    SessionOptions session;

    @Mixin
    FormatOption format;

    @Mixin
    TriggerOptions triggers;

    @Mixin
    RecorderOptions recorder;

    @Option(names = "--out", paramLabel = "FILE", description = "capture file to write (without --trigger)")
    Path out;

    @Option(
            names = "--duration",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "how long to record: the ticks scheduled within it, none after (default: 30s;"
                    + " with --trigger: until stopped)")
    Duration duration;

    @Option(
            names = "--force",
            description = "replace FILE if it exists (default: refuse, a capture is never overwritten)")
    boolean force;

    @Override
    public Integer call() throws Exception {
        sampling.validate();
        session.validate();
        format.format();
        if (triggers.given() || recorder.given()) {
            return new TriggeredRecording(spec, sampling, session, format, triggers, recorder, out, duration).run();
        }
        if (out == null) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "record needs --out FILE (a capture of --duration), or --trigger EXPR --dir DIR (a capture around each trigger)");
        }
        Duration duration = this.duration == null ? Duration.ofSeconds(30) : this.duration;
        long tickNs = 1_000_000_000L / sampling.rateHz();
        if (duration.toNanos() < tickNs) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--duration " + duration.toMillis() + "ms is shorter than one tick at --rate " + sampling.rateHz()
                            + " Hz (" + tickNs / 1_000_000.0 + " ms): the capture would hold no sample");
        }
        if (!force && Files.exists(out, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            throw new UserError(out + " exists: not overwriting a capture; choose another --out, or add --force", 2);
        }
        Path dir = out.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new UserError("cannot write " + out + ": directory " + dir + " does not exist", 2);
        }
        CountDownLatch done = new CountDownLatch(1);
        AtomicReference<IOException> failure = new AtomicReference<>();
        CaptureWriter writer;
        try {
            writer = CaptureWriter.open(out, force);
            // its index beside it: the capture opens at once whatever its length (FORMAT.md, "Seekable captures")
            writer.indexTo(CaptureWriter.indexPath(out), new PlottedValues(SeriesCatalogue.standard()));
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw new UserError(out + " exists: not overwriting a capture; choose another --out, or add --force", 2);
        } catch (IOException e) {
            throw new UserError("cannot create " + out + ": " + e.getMessage(), 1);
        }
        CountDownLatch finished = new CountDownLatch(1);
        // Ctrl-C: stop sampling and let the main thread close the file (gzip trailer) before the JVM exits
        Thread hook = new Thread(() -> {
            done.countDown();
            try {
                finished.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(hook);
        try (Sampler sampler = format.apply(session.createSampler(sampling))) {
            sampler.addSink((b, o, l) -> {
                try {
                    writer.line(b, o, l);
                } catch (IOException e) {
                    failure.set(e);
                    done.countDown();
                    throw e;
                }
            });
            // the sampler ends itself at the last tick within the duration: a main thread that wakes
            // late on a busy machine does not let more ticks in
            sampler.endAfter(duration.toNanos(), done::countDown);
            sampler.start();
            // the slack only matters if the tick thread died: the capture is closed either way
            done.await(duration.toNanos() + TimeUnit.SECONDS.toNanos(60), TimeUnit.NANOSECONDS);
            sampler.close();
            long samples = sampler.lastSeq();
            closeQuietly(writer, failure);
            if (failure.get() != null) {
                // only what reached the file before the failure is counted, not what the sampler produced
                throw new UserError(
                        failure.get().getMessage() + " (the " + writer.readableSamples()
                                + " samples before it are kept in " + out + ")",
                        1);
            }
            spec.commandLine()
                    .getErr()
                    .printf("recorded %d samples, %d bytes to %s%n", samples, writer.bytesWritten(), out);
            if (writer.indexError() != null) { // the capture is whole; it opens without the index, read through
                spec.commandLine().getErr().println("warning: " + writer.indexError());
            }
        } finally {
            closeQuietly(writer, failure);
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down already
            }
        }
        return 0;
    }

    private static void closeQuietly(CaptureWriter writer, AtomicReference<IOException> failure) {
        try {
            writer.close();
        } catch (IOException e) {
            failure.compareAndSet(null, e);
        }
    }
}
