package dev.tickbench.probe.cli;

import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.session.Session;
import dev.tickbench.core.trigger.TriggerControl;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code stream}: the NDJSON stream on stdout until killed or stdin closes. Triggers armed with
 * {@code --trigger}, or live by the lines {@code arm EXPR} / {@code disarm NAME} / {@code list} on stdin,
 * write their lines into the stream (docs/triggers.md): over SSH, this is how a client sets them.
 */
@Command(
        name = "stream",
        mixinStandardHelpOptions = true,
        description = {
            "Stream samples as NDJSON on stdout (hello line first) until killed or stdin closes.",
            "Triggers: --trigger EXPR, or the lines 'arm EXPR', 'disarm NAME', 'list' on stdin (docs/triggers.md)."
        })
public final class StreamCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    SamplerOptions sampling;

    @Mixin
    SessionOptions session;

    @Mixin
    FormatOption format;

    @Mixin
    TriggerOptions triggers;

    @Override
    public Integer call() throws Exception {
        sampling.validate();
        session.validate();
        format.format();
        triggers.validate();
        CountDownLatch done = new CountDownLatch(1);
        Thread hook = new Thread(done::countDown);
        try (Session s = session.createSession(sampling)) {
            Sampler sampler = format.apply(s.sampler());
            triggers.arm(s.triggers(), spec.commandLine().getErr(), "stream", false); // the stream says the rest
            sampler.addSink(new StdoutSink(done::countDown));
            StdinWatch.onLines(
                    line -> TriggerControl.apply(s.triggers(), line),
                    () -> TriggerControl.tooLong(s.triggers()),
                    TriggerControl.MAX_LINE,
                    done::countDown);
            Runtime.getRuntime().addShutdownHook(hook);
            sampler.start();
            done.await();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook); // serve runs many streams in one JVM
            } catch (IllegalStateException e) {
                // the JVM is shutting down already
            }
        }
        return 0;
    }
}
