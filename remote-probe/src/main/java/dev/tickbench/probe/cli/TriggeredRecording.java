package dev.tickbench.probe.cli;

import dev.tickbench.core.recorder.FlightRecorder;
import dev.tickbench.core.recorder.RecorderConfig;
import dev.tickbench.core.recorder.RecorderStats;
import dev.tickbench.core.recorder.SavedCapture;
import dev.tickbench.core.session.Session;
import dev.tickbench.core.text.InertText;
import dev.tickbench.core.trigger.TriggerLine;
import dev.tickbench.core.trigger.TriggerStatus;
import dev.tickbench.probe.common.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;

/**
 * {@code record --trigger EXPR… --dir DIR}: the session with its triggers armed and the flight recorder
 * on its stream, until stopped (SIGTERM, Ctrl-C) or {@code --duration}; each trigger's capture is
 * written into DIR (docs/triggers.md). Fires and saved captures are reported on stderr, from a thread
 * of their own: a slow terminal never holds up a tick.
 */
final class TriggeredRecording {
    private static final DateTimeFormatter CLOCK =
            DateTimeFormatter.ofPattern("HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
    private final CommandLine.Model.CommandSpec spec;
    private final SamplerOptions sampling;
    private final SessionOptions session;
    private final FormatOption format;
    private final TriggerOptions triggers;
    private final RecorderOptions recorder;
    private final Path out;
    private final Duration duration;

    TriggeredRecording(
            CommandLine.Model.CommandSpec spec,
            SamplerOptions sampling,
            SessionOptions session,
            FormatOption format,
            TriggerOptions triggers,
            RecorderOptions recorder,
            Path out,
            Duration duration) {
        this.spec = spec;
        this.sampling = sampling;
        this.session = session;
        this.format = format;
        this.triggers = triggers;
        this.recorder = recorder;
        this.out = out;
        this.duration = duration;
    }

    int run() throws InterruptedException {
        if (!triggers.given() || !recorder.given()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "a triggered recording needs --trigger EXPR and --dir DIR (the captures go there)");
        }
        if (out != null) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--out and --trigger are exclusive: a triggered recording writes one file per trigger into --dir");
        }
        triggers.validate();
        RecorderConfig config = recorder.config();
        PrintWriter err = spec.commandLine().getErr();
        ExecutorService log = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "tickbench-record-log");
            t.setDaemon(true);
            return t;
        });
        CountDownLatch stop = new CountDownLatch(1);
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(
                () -> {
                    stop.countDown();
                    try {
                        finished.await(30, TimeUnit.SECONDS); // the open capture is closed and renamed first
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "tickbench-record-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try (Session s = session.createSession(sampling)) {
            format.apply(s.sampler());
            int live = triggers.arm(s.triggers(), err, "record");
            if (live == 0) {
                throw new UserError(
                        "no trigger can fire on this machine (see the warnings above): nothing to record", 1);
            }
            FlightRecorder rec;
            try {
                rec = new FlightRecorder(config, saved -> log.execute(() -> saved(err, saved)));
            } catch (IOException e) {
                throw new UserError("--dir " + config.dir() + ": " + e.getMessage(), 2);
            }
            rec.onTrouble(trouble -> log.execute(() -> {
                err.println("tickbench-probe record: " + (trouble.over() ? "" : "warning: ")
                        + InertText.line(trouble.message()));
                err.flush();
            }));
            try {
                rec.onReady(() -> log.execute(() -> {
                    err.println("tickbench-probe record: ready: the ring holds the " + seconds(config.preNs())
                            + " before a trigger (ring " + seconds(config.ringNs()) + ", captures into " + config.dir()
                            + ")");
                    err.flush();
                }));
                s.sampler().addSink(rec);
                s.sampler().addSink((b, o, l) -> {
                    if (TriggerLine.is(b, o, l)) {
                        TriggerLine t = TriggerLine.parse(b, o, l);
                        log.execute(() -> {
                            err.println("tickbench-probe record: trigger " + t.trigger() + " fired (" + t.kind() + ", #"
                                    + t.fired() + "): " + t.values());
                            err.flush();
                        });
                    }
                });
                if (duration != null) {
                    s.sampler().endAfter(duration.toNanos(), stop::countDown);
                }
                s.sampler().start();
                stop.await();
                s.sampler().close();
            } finally {
                rec.close();
            }
            RecorderStats st = rec.stats();
            long fired =
                    s.triggers().list().stream().mapToLong(TriggerStatus::fired).sum();
            log.shutdown();
            log.awaitTermination(10, TimeUnit.SECONDS);
            err.printf(
                    "tickbench-probe record: %d trigger firing(s), %d capture(s) written into %s (%d merged, %d in the"
                            + " cool-down, %d removed by --max-disk%s)%n",
                    fired,
                    st.captures(),
                    config.dir(),
                    st.merged(),
                    st.suppressed(),
                    st.deleted(),
                    st.errors() > 0 ? ", " + st.errors() + " failed" : "");
            for (TriggerStatus t : s.triggers().list()) {
                String saw = t.fired() > 0 ? "" : t.outlook(v -> DiffTable.number(v, false), TriggeredRecording::clock);
                if (!saw.isEmpty()) {
                    err.println(
                            "tickbench-probe record: trigger " + t.name() + " did not fire: " + InertText.line(saw));
                }
            }
            err.flush();
            if (st.errors() > 0) {
                throw new UserError(
                        st.errors() + " capture(s) failed while writing (see the warning above); what was"
                                + " written of them is kept",
                        1);
            }
            return 0;
        } finally {
            log.shutdownNow();
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is what stopped us
            }
        }
    }

    private static void saved(PrintWriter err, SavedCapture s) {
        err.println("tickbench-probe record: saved " + s.file() + " (" + String.join(", ", s.triggers()) + "; "
                + s.samples() + " samples, " + s.bytes() + " bytes" + (s.truncated() ? "; cut short" : "")
                + (s.error() != null ? "; " + s.error() : "") + ")");
        err.flush();
    }

    /** A wall time as the probe writes it in capture names: UTC, to the millisecond. */
    private static String clock(long wallNs) {
        return CLOCK.format(Instant.ofEpochSecond(0, wallNs));
    }

    private static String seconds(long ns) {
        double s = ns / 1e9;
        return (s == Math.rint(s) ? String.valueOf((long) s) : String.valueOf(s)) + " s";
    }
}
