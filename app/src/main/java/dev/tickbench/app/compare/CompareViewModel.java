package dev.tickbench.app.compare;

import dev.tickbench.core.catalogue.Scale;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SeriesEntry;
import dev.tickbench.core.catalogue.SeriesMatch;
import dev.tickbench.core.catalogue.ValueKind;
import dev.tickbench.core.floors.BoardInfo;
import dev.tickbench.core.floors.CaptureSeries;
import dev.tickbench.core.floors.FloorAnalysisException;
import dev.tickbench.core.floors.FloorComparison;
import dev.tickbench.core.floors.FloorReport;
import dev.tickbench.core.floors.FloorRow;
import dev.tickbench.core.floors.FloorRules;
import dev.tickbench.core.floors.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Compare tab's state: the captures loaded, their floor comparison (rows = sources, columns =
 * boards), the series chosen for the overlay and each capture's copy of it, and the reason a load
 * was refused. The reading itself ({@link #analyze}, {@link #overlay}) runs on the caller's thread:
 * the view runs it in a background task.
 */
public final class CompareViewModel {
    private final ObservableList<Path> files = FXCollections.observableArrayList();
    private final ObjectProperty<FloorComparison> comparison = new SimpleObjectProperty<>();
    private final ObservableList<String> overlayChoices = FXCollections.observableArrayList();
    private final StringProperty overlaySeries = new SimpleStringProperty();
    private final ObjectProperty<List<CaptureSeries>> overlays = new SimpleObjectProperty<>(List.of());
    private final StringProperty error = new SimpleStringProperty("");
    private final StringProperty status =
            new SimpleStringProperty("load captures recorded with FLOOR_HZ ≥ rate (Load… or drop files here)");

    public ObservableList<Path> files() {
        return files;
    }

    public ObjectProperty<FloorComparison> comparisonProperty() {
        return comparison;
    }

    public ObservableList<String> overlayChoices() {
        return overlayChoices;
    }

    public StringProperty overlaySeriesProperty() {
        return overlaySeries;
    }

    public ObjectProperty<List<CaptureSeries>> overlaysProperty() {
        return overlays;
    }

    public StringProperty errorProperty() {
        return error;
    }

    public StringProperty statusProperty() {
        return status;
    }

    /** The files after adding {@code more} to those loaded (a file already loaded is not added twice). */
    public List<Path> withAdded(List<Path> more) {
        LinkedHashSet<Path> all = new LinkedHashSet<>(files);
        for (Path p : more) {
            all.add(p.toAbsolutePath().normalize());
        }
        return new ArrayList<>(all);
    }

    /** Analyses the captures; throws with the analysis' message (it names the file) when one is refused. */
    public static FloorComparison analyze(List<Path> captures) throws FloorAnalysisException {
        return FloorComparison.analyze(captures);
    }

    /** One series from each capture, for the overlay; a capture without it is left out. */
    public static List<CaptureSeries> overlay(FloorComparison c, String series) throws FloorAnalysisException {
        List<CaptureSeries> out = new ArrayList<>();
        if (series == null) {
            return out;
        }
        for (FloorReport r : c.captures()) {
            CaptureSeries s = CaptureSeries.read(r.file(), series);
            if (s.size() > 0) {
                out.add(s);
            }
        }
        return out;
    }

    /**
     * The series a row can be overlaid as ({@code <source>.<key>}): a member row is one already
     * (slabinfo.nf_conntrack, cpufreq.cpu0); a whole-source row is the one level its catalogue entry
     * reads, when it reads one (a thermal zone's {@code temp}); one with many (slabinfo, cpufreq,
     * buddyinfo) has no single series and is left out.
     */
    static List<String> overlaySeries(List<String> rows) {
        List<String> out = new ArrayList<>();
        for (String r : rows) {
            if (r.indexOf('.') > 0) {
                out.add(r);
            } else {
                onlyLevel(r).ifPresent(out::add);
            }
        }
        return out;
    }

    /** The name of the one level series {@code source}'s catalogue entry declares, made from the source's name. */
    private static Optional<String> onlyLevel(String source) {
        return SeriesCatalogue.standard().source(source).flatMap(e -> {
            List<SeriesEntry> levels =
                    e.series().stream().filter(x -> x.kind() == ValueKind.LEVEL).toList();
            Map<String, String> captures = e.name().match(source);
            if (levels.size() != 1
                    || captures == null
                    || !captures.keySet().containsAll(levels.get(0).name().captures())) {
                return Optional.empty();
            }
            return Optional.of(levels.get(0).name().format(captures));
        });
    }

    /** Shows an analysed comparison (on the UI thread). */
    public void show(List<Path> loaded, FloorComparison c) {
        files.setAll(loaded);
        comparison.set(c);
        error.set("");
        List<String> choices = overlaySeries(c.changingRows().isEmpty() ? c.rows() : c.changingRows());
        overlayChoices.setAll(choices);
        if (overlaySeries.get() == null || !choices.contains(overlaySeries.get())) {
            overlaySeries.set(choices.isEmpty() ? null : choices.get(0));
        }
        List<String> warnings = new ArrayList<>();
        for (FloorReport r : c.captures()) {
            for (String w : r.warnings()) {
                warnings.add(r.file().getFileName() + ": " + w);
            }
        }
        status.set(c.captures().size() + " captures · " + c.rows().size() + " sources"
                + (warnings.isEmpty() ? "" : " · " + String.join(" · ", warnings)));
    }

    /** A refused or unreadable load: the message in the view, the captures already shown kept. */
    public void refuse(String message) {
        error.set(message);
    }

    /** Column header: hostname, board, kernel (and the rate), one per line. */
    public static String header(BoardInfo b) {
        return b.hostname() + "\n" + (b.board() == null ? "board not reported" : b.board()) + "\n" + b.kernel() + "\n"
                + b.rateHz() + " Hz · floor " + b.floorHz() + " Hz";
    }

    /** Cell text: measured / need / shipped, the verdict, and the fastest member when there is one. */
    public static String cell(FloorRow r) {
        if (r == null) {
            return "—";
        }
        String s = String.format(
                Locale.ROOT,
                "measured %s · need %s · shipped %s Hz\n%s",
                hz(r.hz()),
                hz(r.needHz()),
                hz(r.shippedHz()),
                verdict(r.verdict()));
        if (r.fastest() != null) {
            s += "\nfastest " + r.fastest().member() + " " + hz(r.fastest().hz());
        }
        return s;
    }

    /** What the three numbers and the verdict of every cell mean, in words (the table's legend). */
    public static final String LEGEND = "Each cell: measured = how many times per second the source really changed in"
            + " the capture · need = the floor this board needs (the measured rate rounded up to two digits; for a thermal"
            + " zone the rate of its curve, not of its one-step jitter) · shipped = how often the probe reads it by default"
            + " (FLOOR_HZ 0), all in Hz. Verdict: OK when shipped is within need ÷ " + FloorRules.TOO_SLOW_FACTOR
            + " … need × "
            + FloorRules.WASTEFUL_FACTOR + "; too slow when need > shipped × " + FloorRules.TOO_SLOW_FACTOR
            + " (changes are missed); wastefully fast when shipped > need × " + FloorRules.WASTEFUL_FACTOR
            + " (reads that see nothing new). Hover a cell for its sentence.";

    /** One cell as a sentence: what was measured, what that needs, what ships, and why that is the verdict. */
    public static String explain(FloorRow r, String board) {
        if (r == null) {
            return "not in this capture";
        }
        String why = switch (r.verdict()) {
            case OK -> "so the shipped floor is enough and not wasteful";
            case TOO_SLOW ->
                "more than " + FloorRules.TOO_SLOW_FACTOR + " × the shipped " + hz(r.shippedHz())
                        + " Hz, so changes are missed";
            case WASTEFUL ->
                "and the shipped " + hz(r.shippedHz()) + " Hz is over " + FloorRules.WASTEFUL_FACTOR
                        + " × that, so most reads see nothing new";
        };
        return r.key() + " changed " + hz(r.hz()) + " times per second on " + board + " (" + r.changes()
                + " changes in "
                + r.emissions() + " reads); it needs a floor of " + hz(r.needHz()) + " Hz"
                + (r.key().startsWith("thermal_zone") && r.member() == null
                        ? " (the curve's rate, not the jitter's)"
                        : "")
                + "; the probe ships " + hz(r.shippedHz()) + " Hz ("
                + r.shippedReason().label() + "), " + why
                + " → " + verdict(r.verdict()) + ".";
    }

    /**
     * The overlay's y axis in the unit the workbench's charts show, as the catalogue says
     * (docs/catalogue.md): the track's axis unit and the series' scale (thermal zones in °C from m°C,
     * cpufreq in MHz from kHz); a series no chart draws is shown as captured.
     */
    public record DisplayUnit(String label, Scale scale) {
        public double shown(double raw) {
            return scale.apply(raw);
        }
    }

    public static DisplayUnit displayUnit(String series) {
        Optional<SeriesMatch> m =
                series == null ? Optional.empty() : SeriesCatalogue.standard().series(series);
        if (m.isEmpty() || m.get().group() == null) {
            return new DisplayUnit("as captured", Scale.ONE);
        }
        return new DisplayUnit(
                m.get().group().axisUnit(), m.get().entry().display().scale());
    }

    /** The verdict in the words of the floors table. */
    public static String verdict(Verdict v) {
        return switch (v) {
            case OK -> "shipped floor OK";
            case TOO_SLOW -> "too slow for this board";
            case WASTEFUL -> "wastefully fast";
        };
    }

    static String hz(double v) {
        return v >= 10 || v == Math.rint(v)
                ? String.format(Locale.ROOT, "%.0f", v)
                : String.format(Locale.ROOT, "%.2f", v);
    }
}
