package dev.tickbench.probe.cli;

import dev.tickbench.core.floors.FloorAnalysisException;
import dev.tickbench.core.floors.FloorComparison;
import dev.tickbench.core.floors.FloorCsv;
import dev.tickbench.core.floors.FloorJson;
import dev.tickbench.core.floors.FloorReport;
import dev.tickbench.core.text.InertText;
import dev.tickbench.probe.common.UserError;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code floors}: how often each level source really changed on each board, against the floor Tickbench ships. */
@Command(
        name = "floors",
        mixinStandardHelpOptions = true,
        description = {
            "Measure, from captures recorded with --floor-hz >= --rate, how often each level source"
                    + " changed on each board, the floor it would need and the floor Tickbench ships.",
            "Exit status: 0 fine; 1 bad data: a capture cannot be analysed (nothing printed), or one is truncated or"
                    + " corrupt (printed, analysed up to the bad line); 2 bad usage."
        })
public final class FloorsCommand implements Callable<Integer> {
    /** Bad data, as for every command (SECURITY.md "Exit status"); the analysis before the bad line is printed. */
    static final int TRUNCATED_EXIT = 1;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(
            arity = "1..*",
            paramLabel = "CAPTURE",
            description = "capture files (.ndjson or .ndjson.gz), one column each")
    List<Path> captures;

    @ArgGroup(exclusive = true)
    Format format = new Format();

    static final class Format {
        @Option(names = "--json", description = "print JSON (for tools) instead of a table")
        boolean json;

        @Option(names = "--csv", description = "print CSV, one line per source and capture (for tools)")
        boolean csv;
    }

    @Option(names = "--all", description = "in the table, also list slab caches and cores that never changed")
    boolean all;

    @Override
    public Integer call() {
        FloorComparison c;
        try {
            c = FloorComparison.analyze(captures);
        } catch (FloorAnalysisException e) {
            throw new UserError(e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (format.json) {
            out.println(FloorJson.render(c));
        } else if (format.csv) {
            out.print(FloorCsv.render(c));
        } else {
            out.print(FloorTable.render(c, all));
        }
        out.flush();
        PrintWriter err = spec.commandLine().getErr();
        boolean truncated = false;
        for (FloorReport r : c.captures()) {
            r.warnings().forEach(w -> err.println("warning: " + InertText.line(w)));
            truncated |= r.truncatedAtLine() != null;
        }
        err.flush();
        return truncated ? TRUNCATED_EXIT : 0;
    }
}
