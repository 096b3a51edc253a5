package dev.tickbench.probe.cli;

import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.core.sampler.Sampler;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code --format}: the stream format {@code stream}, {@code record} and {@code serve} write (FORMAT.md). */
public final class FormatOption {
    @Spec(Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--format",
            paramLabel = "N",
            description = "stream format: 2 names each source's keys once and sends values by position;"
                    + " 1 names every value, for consumers that predate format 2 (default: 2)")
    String format = String.valueOf(StreamFormat.DEFAULT.number());

    public StreamFormat format() {
        try {
            return StreamFormat.of(Integer.parseInt(format.trim()));
        } catch (NumberFormatException e) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--format must be 1 or 2, got '" + format + "'");
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--" + e.getMessage());
        }
    }

    /** Sets the format on a sampler that has not started; returns it. */
    public Sampler apply(Sampler sampler) {
        sampler.format(format());
        return sampler;
    }
}
