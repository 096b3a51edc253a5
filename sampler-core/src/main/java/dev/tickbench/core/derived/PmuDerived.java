package dev.tickbench.core.derived;

import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.catalogue.Derivation;
import dev.tickbench.core.catalogue.NamePattern;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SeriesEntry;
import dev.tickbench.core.catalogue.SourceEntry;
import dev.tickbench.core.source.pmu.PmuRatios;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The PMU's derived series, computed once from the stream's own counters (docs/pmu.md) for every reader
 * (the workbench's charts, {@code /metrics}), as the catalogue's PMU entries declare them (their inputs,
 * their {@link Derivation}, their names): each {@link Derivation#PMU_RATIO} (IPC, the cache miss ratio) per
 * CPU and over all CPUs over {@link PmuRatios}' window, and each {@link Derivation#PER_COUNTED_SECOND}
 * (a software event) per second of the time its group counted ({@code enabled_ns}), not of the tick's
 * nominal length. One thread.
 */
public final class PmuDerived {
    /** What each PMU ratio carries besides its value ("1 s window"). */
    public static final String WINDOW_NOTE = String.format(Locale.ROOT, "%.0f s window", PmuRatios.WINDOW_NS / 1e9);
    /** The ratios' window as a {@code /metrics} label value ("1s"). */
    public static final String WINDOW_LABEL = (PmuRatios.WINDOW_NS / 1_000_000_000L) + "s";

    /** Where a value goes: the derived series' name and its value (a raw ratio, a rate per second). */
    public interface Out {
        void value(String name, double value, String note);
    }

    /** One ratio's entries: per CPU ({@code {cpu}} in its name) and over all CPUs, either may be missing. */
    private record Ratio(PmuRatios.Pair pair, SeriesEntry perCpu, SeriesEntry all) {}

    /** One per-second rate: the key of its event and of the time counted, and its name. */
    private record PerSecond(NamePattern event, NamePattern counted, SeriesEntry entry) {}

    private final List<Ratio> ratioEntries = new ArrayList<>();
    private final List<PerSecond> perSecondEntries = new ArrayList<>();
    /** The sources their inputs are keys of (the catalogue's: pmu_hw, pmu_sw), or null when it declares none. */
    private final String hardwareSource;

    private final String softwareSource;
    private PmuRatios ratios;
    /** software key ({@code cpu0.page_faults}) → its rate's name and its time-counted key; empty for the rest. */
    private final Map<String, String[]> perSecond = new HashMap<>();

    /** The PMU series of the standard catalogue. */
    public PmuDerived() {
        this(SeriesCatalogue.standard());
    }

    /** The PMU series {@code catalogue} declares. */
    public PmuDerived(SeriesCatalogue catalogue) {
        String hw = null;
        String sw = null;
        for (SourceEntry s : catalogue.sources()) {
            for (SeriesEntry e : s.series()) {
                if (e.derivation() == Derivation.PMU_RATIO) {
                    hw = DerivedKind.inputSource(e);
                    ratio(e);
                } else if (e.derivation() == Derivation.PER_COUNTED_SECOND) {
                    sw = DerivedKind.inputSource(e);
                    perSecondEntries.add(
                            new PerSecond(DerivedKind.inputKey(e, 0, sw), DerivedKind.inputKey(e, 1, sw), e));
                }
            }
        }
        hardwareSource = hw;
        softwareSource = sw;
        reset();
    }

    /** A ratio entry, beside the other of its pair: its events are its inputs' last words ({@code pmu_hw.cpu{cpu}.cycles}). */
    private void ratio(SeriesEntry e) {
        PmuRatios.Pair pair =
                new PmuRatios.Pair(event(e.inputs().get(0)), event(e.inputs().get(1)));
        boolean perCpu = !e.name().isLiteral();
        for (int i = 0; i < ratioEntries.size(); i++) {
            Ratio r = ratioEntries.get(i);
            if (r.pair().equals(pair)) {
                ratioEntries.set(i, new Ratio(pair, perCpu ? e : r.perCpu(), perCpu ? r.all() : e));
                return;
            }
        }
        ratioEntries.add(new Ratio(pair, perCpu ? e : null, perCpu ? null : e));
    }

    private static String event(NamePattern input) {
        return input.text().substring(input.text().lastIndexOf('.') + 1);
    }

    /** A new session: the windows start empty. */
    public void reset() {
        ratios = new PmuRatios(ratioEntries.stream().map(Ratio::pair).toList());
    }

    /**
     * Takes a sample's values of {@code source} when the PMU's series are computed from it, giving their
     * values (the ratios over the window, the rates of this sample); false for any other source.
     */
    public boolean accept(String source, SourceValues v, long monoNs, Out out) {
        if (source.equals(hardwareSource)) {
            hardware(v, monoNs, out);
            return true;
        }
        if (source.equals(softwareSource)) {
            software(v, out);
            return true;
        }
        return false;
    }

    /** Adds a sample's values of {@code source} to the ratios' window when they are computed from it. */
    public void add(String source, SourceValues v, long monoNs) {
        if (source.equals(hardwareSource)) {
            add(v, monoNs);
        }
    }

    /** Adds a hardware sample's deltas to the window. */
    public void add(SourceValues hardware, long monoNs) {
        ratios.add(monoNs, hardware.keys(), hardware.values(), hardware.size());
    }

    /** Adds a hardware sample, then gives the ratios over the window. */
    public void hardware(SourceValues v, long monoNs, Out out) {
        add(v, monoNs);
        ratios(out);
    }

    /**
     * The ratios over the window: every CPU's IPC ({@code pmu_hw.cpu0.ipc}, {@code pmu_hw.all.ipc}),
     * then every CPU's cache miss ratio (one family after the other, as {@code /metrics} serves them).
     */
    public void ratios(Out out) {
        List<String> cpus = ratios.cpus();
        for (int p = 0; p < ratioEntries.size(); p++) {
            Ratio r = ratioEntries.get(p);
            for (String cpu : cpus) {
                boolean all = cpu.equals(PmuRatios.ALL);
                SeriesEntry e = all ? r.all() : r.perCpu();
                if (e != null) {
                    String name = all ? e.name().text() : e.name().format(Map.of("cpu", cpu));
                    ratios.ratio(cpu, p).ifPresent(v -> out.value(name, v, WINDOW_NOTE));
                }
            }
        }
    }

    /** A software sample's events per second of the time their group counted. */
    public void software(SourceValues v, Out out) {
        for (int i = 0; i < v.size(); i++) {
            String[] names = perSecond.computeIfAbsent(v.keys()[i], this::perSecondNames);
            if (names.length == 0) {
                continue;
            }
            Long enabledNs = v.get(names[1]);
            if (enabledNs != null && enabledNs > 0) {
                out.value(names[0], v.values()[i] * 1e9 / enabledNs, null);
            }
        }
    }

    /** {@code cpu0.context_switches} → {@code pmu_sw.cpu0.context_switches_per_s} and {@code cpu0.enabled_ns}; none for the rest. */
    private String[] perSecondNames(String key) {
        for (PerSecond p : perSecondEntries) {
            Map<String, String> captures = p.event().match(key);
            if (captures != null) {
                return new String[] {
                    p.entry().name().format(captures), p.counted().format(captures)
                };
            }
        }
        return new String[0];
    }
}
