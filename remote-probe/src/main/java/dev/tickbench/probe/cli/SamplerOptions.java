package dev.tickbench.probe.cli;

import dev.tickbench.core.cadence.Floors;
import dev.tickbench.core.source.SystemRoots;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The flags every sampling command shares: roots, rate and FLOOR_HZ. */
public final class SamplerOptions {
    @Spec(Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--proc-root", paramLabel = "DIR", description = "proc root (default: /proc)")
    Path procRoot = SystemRoots.LIVE_PROC;

    @Option(names = "--sys-root", paramLabel = "DIR", description = "sys root (default: /sys)")
    Path sysRoot = SystemRoots.LIVE_SYS;

    @Option(names = "--rate", paramLabel = "HZ", description = "sampler rate, 1-1000 Hz (default: 10)")
    String rate = "10";

    @Option(
            names = "--floor-hz",
            paramLabel = "HZ",
            description = "FLOOR_HZ override, 0-1000 (0 keeps the per-source floors; default: $FLOOR_HZ or 0)")
    String floorHz;

    public SystemRoots roots() {
        return SystemRoots.of(procRoot, sysRoot);
    }

    public int rateHz() {
        return bounded("--rate", rate, Floors.MIN_RATE_HZ, Floors.MAX_RATE_HZ, "Hz");
    }

    public int floorHz() {
        if (floorHz != null) {
            return bounded("--floor-hz", floorHz, Floors.MIN_FLOOR_HZ, Floors.MAX_FLOOR_HZ, "Hz");
        }
        try {
            return dev.tickbench.core.session.SessionConfig.floorHzFromEnvironment(System.getenv());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** {@code --floor-hz} when given (validated); empty = the session takes FLOOR_HZ from the environment. */
    public java.util.OptionalInt floorHzFlag() {
        return floorHz == null ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(floorHz());
    }

    public dev.tickbench.core.sampler.SamplerConfig config() {
        return new dev.tickbench.core.sampler.SamplerConfig(roots(), rateHz(), floorHz());
    }

    /** Validates every flag up front so that nothing starts with a bad value. */
    public void validate() {
        rateHz();
        floorHz();
        if (!java.nio.file.Files.isDirectory(procRoot)) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--proc-root " + procRoot + ": no such directory");
        }
        if (!java.nio.file.Files.isDirectory(sysRoot)) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--sys-root " + sysRoot + ": no such directory");
        }
    }

    private int bounded(String flag, String text, int min, int max, String unit) {
        int value;
        try {
            value = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    flag + " must be a whole number from " + min + " to " + max + " " + unit + ", got '" + text + "'");
        }
        if (value < min || value > max) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), flag + " must be from " + min + " to " + max + " " + unit + ", got " + value);
        }
        return value;
    }
}
