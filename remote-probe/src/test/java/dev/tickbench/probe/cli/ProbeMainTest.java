package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Only the named subcommand is built at start-up; it behaves exactly as in the full command line. */
class ProbeMainTest {
    private static final List<String> ALL = List.of(
            "capabilities",
            "stream",
            "record",
            "bench",
            "csv",
            "convert",
            "walk",
            "clock",
            "procs",
            "throttle",
            "floors",
            "diff",
            "serve");

    @Test
    void aNamedSubcommandIsBuiltAloneAndAnythingElseGetsThemAll() {
        assertEquals(
                List.of("stream"),
                List.copyOf(ProbeMain.commandLine("stream").getSubcommands().keySet()));
        assertEquals(
                List.of("throttle"),
                List.copyOf(ProbeMain.commandLine("throttle").getSubcommands().keySet()));
        for (String first : new String[] {null, "--help", "-V", "nope", "STREAM"}) {
            assertEquals(
                    ALL,
                    List.copyOf(ProbeMain.commandLine(first).getSubcommands().keySet()),
                    String.valueOf(first));
        }
    }

    @Test
    void theLoneSubcommandHasTheSameFlagsAndHelpAsInTheFullCommandLine() {
        CommandLine full = ProbeMain.commandLine();
        for (String name : ALL) {
            CommandLine alone = ProbeMain.commandLine(name).getSubcommands().get(name);
            CommandLine inFull = full.getSubcommands().get(name);
            assertEquals(inFull.getUsageMessage(), alone.getUsageMessage(), name);
            assertEquals(
                    inFull.getSubcommands().keySet(), alone.getSubcommands().keySet(), name);
        }
    }
}
