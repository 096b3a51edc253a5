package dev.tickbench.probe.cli;

import dev.tickbench.core.sampler.Sampler;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code stream}: the NDJSON stream on stdout until killed or stdin closes. */
@Command(name = "stream", mixinStandardHelpOptions = true,
        description = "Stream samples as NDJSON on stdout (hello line first) until killed or stdin closes.")
public final class StreamCommand implements Callable<Integer> {
    @Mixin
    SamplerOptions sampling;

    @Mixin
    SessionOptions session;

    @Mixin
    FormatOption format;

    @Override
    public Integer call() throws Exception {
        sampling.validate();
        session.validate();
        format.format();
        CountDownLatch done = new CountDownLatch(1);
        Thread hook = new Thread(done::countDown);
        try (Sampler sampler = format.apply(session.createSampler(sampling))) {
            sampler.addSink(new StdoutSink(done::countDown));
            StdinWatch.onClose(done::countDown);
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
