package dev.tickbench.probe.cli;

import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.text.JsonOutput;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/** {@code capabilities}: which sources exist here and at which cadence, with reasons, as JSON. */
@Command(
        name = "capabilities",
        mixinStandardHelpOptions = true,
        description = "Print the capabilities JSON: sources, cadences {hz, reason, every_ticks}, limits.")
public final class CapabilitiesCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    SamplerOptions sampling;

    @Mixin
    SessionOptions session;

    @Override
    public Integer call() throws Exception {
        sampling.validate();
        session.validate();
        try (Sampler sampler = session.createSampler(sampling)) {
            String json =
                    JsonOutput.newMapper().writerWithDefaultPrettyPrinter().writeValueAsString(sampler.capabilities());
            spec.commandLine().getOut().println(json);
            spec.commandLine().getOut().flush();
        }
        return 0;
    }
}
