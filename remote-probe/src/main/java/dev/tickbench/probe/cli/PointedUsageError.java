package dev.tickbench.probe.cli;

import dev.tickbench.core.text.InertText;
import java.util.List;
import picocli.CommandLine;

/**
 * A usage error of several lines of our own (a message, then the bad text and a caret under the
 * column): each line is made inert on its own, so the structure stays and no outside text can start a
 * line ({@code ProbeMain.badUsage} prints them one by one; every other usage error is one line).
 */
final class PointedUsageError extends CommandLine.ParameterException {
    private static final long serialVersionUID = 1L;
    private final transient List<String> lines;

    PointedUsageError(CommandLine cl, List<String> lines) {
        super(cl, String.join(" ", lines));
        this.lines = lines.stream().map(InertText::line).toList();
    }

    /** The lines, each inert. */
    List<String> lines() {
        return lines;
    }
}
