package dev.tickbench.probe.cli;

import dev.tickbench.core.diff.CaptureDiff;
import dev.tickbench.core.diff.DiffCsv;
import dev.tickbench.core.diff.DiffJson;
import dev.tickbench.core.diff.DiffResult;
import dev.tickbench.core.diff.RangeClock;
import dev.tickbench.core.diff.RangeSummary;
import dev.tickbench.probe.common.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code diff}: what changed between two ranges — every series ranked by how much, against its noise (docs/diff.md). */
@Command(
        name = "diff",
        mixinStandardHelpOptions = true,
        description = {
            "Rank every series, raw and derived, by how much it changed between range A and range B: two ranges"
                    + " of one capture (name it twice) or one range in each of two captures.",
            "CAPTURE@FROM..TO: FROM and TO are " + DiffArgument.FORMS + "; both ends in one clock, both"
                    + " inclusive; leave one out for the start or the end (@90.., @..1m); no @ is the whole capture.",
            "Each row: mean and p99 in the series' shown unit (a counter as a rate per second, a level weighted by how long"
                    + " each value held), the change, and the effect: the change over the series' spread (how much it moves from"
                    + " one second to the next in either range, its resolution and a tenth of its level); rows are ranked by it,"
                    + " and 1 or more is above noise. Rules: docs/diff.md.",
            "Exit status: 0 fine; 1 bad data (a file cannot be read; a corrupt or truncated capture is ranked up to its"
                    + " bad line, which is named); 2 bad usage (a bad range, a range with no samples in a capture read to its end)."
        })
public final class DiffCommand implements Callable<Integer> {
    /** A capture cut short: ranked up to its bad line, and bad data all the same (SECURITY.md "Exit status"). */
    static final int TRUNCATED_EXIT = 1;
    /** Rows the table shows without --top. */
    static final int TABLE_ROWS = 20;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CAPTURE[@FROM..TO]", description = "range A (.ndjson or .ndjson.gz)")
    String a;

    @Parameters(index = "1", paramLabel = "CAPTURE[@FROM..TO]", description = "range B")
    String b;

    @ArgGroup(exclusive = true)
    Format format = new Format();

    static final class Format {
        @Option(names = "--json", description = "print JSON (for tools): every row with both ranges' statistics")
        boolean json;

        @Option(names = "--csv", description = "print CSV (for tools), one line per row")
        boolean csv;
    }

    @Option(
            names = "--top",
            paramLabel = "N",
            description = "only the first N rows (default: " + TABLE_ROWS + " in the table, all with --json or --csv)")
    Integer top;

    @Override
    public Integer call() {
        if (top != null && top < 1) {
            throw new UserError("--top " + top + ": give 1 or more rows", 2);
        }
        CaptureDiff.Side sa = DiffArgument.parse(a);
        CaptureDiff.Side sb = DiffArgument.parse(b);
        DiffResult r;
        try {
            r = CaptureDiff.compare(sa, sb);
        } catch (IOException e) {
            throw new UserError(e.getMessage());
        }
        PrintWriter err = spec.commandLine().getErr();
        boolean truncated = false;
        for (RangeSummary s : sa.file().equals(sb.file()) ? List.of(r.a()) : List.of(r.a(), r.b())) {
            s.warnings().forEach(w -> err.println("tickbench-probe diff: warning: " + TableText.escape(w)));
            truncated |= s.stoppedAtLine() != null;
        }
        err.flush();
        requireSamples(r.a());
        requireSamples(r.b());
        PrintWriter out = spec.commandLine().getOut();
        int rows = top == null ? r.rows().size() : top;
        try {
            if (format.json) {
                DiffJson.write(out, r, rows); // a row at a time: a capture may hold as many series as a reader accepts
                out.println();
            } else if (format.csv) {
                DiffCsv.write(out, r, rows);
            } else {
                out.print(DiffTable.render(r, top == null ? TABLE_ROWS : top));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a PrintWriter does not throw
        }
        out.flush();
        return truncated ? TRUNCATED_EXIT : 0;
    }

    /**
     * A range that holds no sample is a range given wrong (bad usage, 2): say what the capture holds. When the
     * capture stopped at a bad line, though, the samples the range asked for may be behind it: bad data, 1.
     */
    private static void requireSamples(RangeSummary s) {
        if (s.samples() > 0) {
            return;
        }
        var f = s.feed();
        String holds = f.samples() == 0
                ? "it has no samples"
                : s.range().clock() == RangeClock.WALL
                        ? "its samples run from " + DiffArgument.utc(f.firstWallNs()) + " to "
                                + DiffArgument.utc(f.lastWallNs())
                        : String.format(Locale.ROOT, "its samples run from 0 to %.2f s since the first", f.lastS());
        boolean cut = s.stoppedAtLine() != null;
        throw new UserError(
                TableText.escape(s.label()) + ": no samples in that range; " + holds
                        + (cut ? " before its bad line " + s.stoppedAtLine() : ""),
                cut ? TRUNCATED_EXIT : 2);
    }
}
