package dev.tickbench.probe.cli;

import dev.tickbench.core.capture.OutputFile;
import dev.tickbench.core.capture.SeriesGlob;
import dev.tickbench.core.derived.DerivedSeries;
import dev.tickbench.core.export.CsvExport;
import dev.tickbench.core.text.InertText;
import dev.tickbench.probe.common.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code csv}: a capture as wide CSV, one row per tick, with a cadence sidecar. */
@Command(
        name = "csv",
        mixinStandardHelpOptions = true,
        description = {
            "Export a capture as wide CSV: t_s, wall (ISO-8601 UTC), one column per series <source>.<key>.",
            "Counters are per-tick deltas; a level not emitted on a tick is an empty cell unless --fill-held.",
            "Each series' cadence and reason go to FILE.cadences.csv (series,hz,reason,every_ticks,from_t_s)."
        })
public final class CsvCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CAPTURE", description = "capture file (NDJSON, .gz for gzip)")
    Path capture;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "CSV file to write")
    Path out;

    @Option(
            names = "--series",
            arity = "1..*",
            paramLabel = "GLOB",
            description = "series to export, e.g. 'stat.cpu.*' thermal_zone0.temp (default: all)")
    List<String> series = new ArrayList<>();

    @Option(names = "--fill-held", description = "fill a level's empty cells with the value it held")
    boolean fillHeld;

    @Option(names = "--from", paramLabel = "SECONDS", description = "first t_s to export (default: start)")
    Double fromS;

    @Option(names = "--to", paramLabel = "SECONDS", description = "last t_s to export (default: end)")
    Double toS;

    @Override
    public Integer call() {
        if (!Files.isRegularFile(capture)) {
            throw new UserError(capture + ": no such capture file");
        }
        InputFiles.refuseOverwritingInput("--out", out, capture);
        InputFiles.refuseOverwritingInput("--out", CsvExport.cadenceFileFor(out), capture);
        if (fromS != null && toS != null && fromS > toS) {
            throw new UserError("--from " + fromS + " is after --to " + toS, 2);
        }
        List<SeriesGlob> globs = series.stream().map(SeriesGlob::of).toList();
        CsvExport.Summary s;
        try {
            s = CsvExport.export(capture, out, new CsvExport.Options(globs, fillHeld, fromS, toS), f -> {});
        } catch (OutputFile.IsInputException e) {
            throw InputFiles.isTheInput("--out", out, capture); // it became the input while being written
        } catch (NoSuchFileException e) {
            throw new UserError("cannot write " + out + ": its directory does not exist");
        } catch (IOException e) {
            throw new UserError("cannot export " + capture + " to " + out + ": " + e.getMessage());
        }
        var err = spec.commandLine().getErr();
        for (String g : s.unmatchedGlobs()) {
            err.println(
                    InertText.line("tickbench-probe csv: warning: --series " + g + " matches no series in " + capture));
        }
        if (s.derivedLeftOut() > 0) {
            err.println(InertText.line("tickbench-probe csv: warning: " + s.derivedLeftOut() + " derived series of "
                    + capture
                    + " left out: their windows take more than a reader's " + (DerivedSeries.FILE_WINDOW_BYTES >> 20)
                    + " MiB (FORMAT.md \"Reader limits\")"));
        }
        spec.commandLine()
                .getOut()
                .println(InertText.line("wrote " + s.rows() + " rows x "
                        + s.columns().size() + " series to " + out + " (cadences in " + s.cadenceFile() + ")"));
        if (s.error() != null) {
            throw new UserError(
                    capture + " " + s.error().getMessage() + "; the " + s.rows() + " rows before it are in " + out);
        }
        if (s.columns().isEmpty()) {
            throw new UserError("no series in " + capture + " matches --series " + String.join(" ", series));
        }
        return 0;
    }
}
