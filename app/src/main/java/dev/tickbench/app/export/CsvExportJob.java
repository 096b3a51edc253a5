package dev.tickbench.app.export;

import dev.tickbench.app.recording.Spool;
import dev.tickbench.app.session.Series;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.export.CsvExport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;

/**
 * Export CSV of what the window shows (docs/csv.md): the drawn series (the selection) over the window's
 * visible time range, from the replayed capture or, live, from a copy of the session's spool (no
 * recording needed; a running {@code .gz} recording is not read, its last block is still open). Every
 * input is taken when the job is made, on the UI thread; {@link #run} reads files only, on a worker.
 *
 * @param capture the replayed capture, or null to export the live session's spool
 * @param spool the live session's spool (used when {@code capture} is null)
 * @param drawn the series the charts draw
 * @param fromEpochS the visible range (NaN: open)
 * @param catalogue the store's catalogue: units and shown columns as the charts have them
 */
public record CsvExportJob(
        Path capture,
        Spool spool,
        List<Series> drawn,
        double fromEpochS,
        double toEpochS,
        boolean fillHeld,
        Path out,
        SeriesCatalogue catalogue) {
    public CsvExportJob {
        drawn = List.copyOf(drawn);
        if (capture == null && (spool == null || spool.currentFile() == null)) {
            throw new IllegalStateException("Nothing to export yet: connect (the session is kept from its first line)"
                    + " or open a capture (Ctrl+O).");
        }
    }

    /**
     * Writes the CSV (and its cadence file beside it); {@code message} hears what it is doing,
     * {@code progress} 0 to 1. A damaged capture ends the rows before it: the summary's error says where.
     */
    public CsvExport.Summary run(Consumer<String> message, DoubleConsumer progress) throws IOException {
        Path from = capture;
        Path copy = null;
        if (from == null) {
            message.accept("Copying the session's spool…");
            copy = Files.createTempFile(spool.currentFile().getParent(), "export-", ".ndjson");
            spool.snapshot(copy);
            from = copy;
        }
        try {
            CsvExport.Options options = ExportSelection.options(drawn, fromEpochS, toEpochS, fillHeld);
            message.accept("Exporting " + options.series().size() + " series to " + out.getFileName() + "…");
            return CsvExport.export(from, out, options, catalogue, progress);
        } finally {
            if (copy != null) {
                Files.deleteIfExists(copy);
            }
        }
    }

    /** What the window says when it is done: "Exported 500 rows × 14 series to … (cadences in …)". */
    public static String statusText(CsvExport.Summary r, Path out) {
        return "Exported " + r.rows() + " rows × " + r.columns().size() + " series to " + out + " (cadences in "
                + r.cadenceFile().getFileName() + ")";
    }
}
