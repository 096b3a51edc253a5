package dev.tickbench.probe.cli;

import dev.tickbench.core.capture.CaptureConverter;
import dev.tickbench.core.capture.CaptureIndexBuilder;
import dev.tickbench.core.capture.CaptureWriter;
import dev.tickbench.core.capture.OutputFile;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.derived.PlottedValues;
import dev.tickbench.core.text.InertText;
import dev.tickbench.probe.common.UserError;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code convert}: a capture re-encoded in format 2 (smaller) or format 1 (for older consumers). */
@Command(
        name = "convert",
        mixinStandardHelpOptions = true,
        description = {
            "Re-encode a capture in another stream format (FORMAT.md), every value and absence kept:",
            "format 2 (default) for a smaller file, format 1 for a consumer that reads only format 1.",
            "A gzip FILE is written in blocks, and its index (FILE.idx) beside it in a second pass:",
            "the workbench opens it at once whatever its length."
        })
public final class ConvertCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CAPTURE", description = "capture file (NDJSON, .gz for gzip)")
    Path capture;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "FILE",
            description = "capture to write (gzip when FILE ends in .gz)")
    Path out;

    @Option(names = "--force", description = "replace FILE if it exists (default: refuse)")
    boolean force;

    @Mixin
    FormatOption format;

    @Override
    public Integer call() {
        if (!Files.isRegularFile(capture)) {
            throw new UserError(capture + ": no such capture file");
        }
        InputFiles.refuseOverwritingInput("--out", out, capture);
        CaptureConverter.Summary s;
        try {
            s = CaptureConverter.convert(capture, out, format.format(), force);
        } catch (OutputFile.IsInputException e) {
            throw InputFiles.isTheInput("--out", out, capture); // it became the input while being written
        } catch (FileAlreadyExistsException e) {
            throw new UserError(out + " exists: not overwriting a capture; choose another --out, or add --force", 2);
        } catch (NoSuchFileException e) {
            throw new UserError("cannot write " + out + ": its directory does not exist");
        } catch (IOException e) {
            throw new UserError("cannot convert " + capture + " to " + out + ": " + e.getMessage());
        }
        spec.commandLine()
                .getOut()
                .println(InertText.line("wrote " + s.samples() + " samples in format "
                        + format.format().number() + " to " + out));
        index();
        if (s.error() != null) {
            throw new UserError(capture + " " + s.error().getMessage() + "; the " + s.samples()
                    + " samples before it are in " + out);
        }
        return 0;
    }

    /**
     * The index beside the capture written, in a pass of its own (FORMAT.md, "Seekable captures"): the
     * conversion's memory is free by then. Without it the capture is whole and every reader reads it.
     */
    private void index() {
        try {
            int blocks = CaptureIndexBuilder.build(
                    out, new PlottedValues(SeriesCatalogue.standard()), (read, size) -> {}, () -> false);
            spec.commandLine()
                    .getOut()
                    .println(InertText.line("indexed " + blocks + " blocks in " + CaptureWriter.indexPath(out)));
        } catch (IOException e) {
            spec.commandLine()
                    .getErr()
                    .println(InertText.line("no index written beside " + out + " (the capture is whole; it opens"
                            + " without one, read whole): " + e.getMessage()));
        }
    }
}
