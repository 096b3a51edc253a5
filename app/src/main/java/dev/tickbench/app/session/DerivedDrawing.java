package dev.tickbench.app.session;

import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SeriesMatch;
import dev.tickbench.core.derived.DerivedKind;
import dev.tickbench.core.derived.DerivedValue;
import dev.tickbench.core.derived.DerivedWindow;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Where the store's derived values go (busy %, PSI %, cgroup usage, the PMU's ratios): the series of the
 * catalogue entry each is named after, with its badge's note (the window it is taken over). Each kind
 * and subject is named, looked up and noted once, not on every line: at 100 Hz the names and notes
 * built for every value of every line were a good part of what the store allocated of it. The
 * values drawn are the values as computed. Receiving thread only.
 */
final class DerivedDrawing {
    /** The catalogue's entry for a derived name, or empty: not drawn. */
    private final Function<String, Optional<SeriesMatch>> entry;
    /** The store's series of an entry, made with its first value. */
    private final Function<SeriesMatch, Series> series;
    /** Told each derived name once with its kind (the store notes them all again when the window changes). */
    private final BiConsumer<String, DerivedKind> named;

    private final Map<DerivedKind, Map<String, Target>> targets = new HashMap<>();
    private final Map<String, Optional<SeriesMatch>> entries = new HashMap<>();
    /** Where a named process's or cgroup's rates go: no chart draws them, the Who panel reads them. */
    private final WhoLog who;

    /** One kind and subject: its name, its entry and its last note. */
    private static final class Target {
        final String name;
        final Optional<SeriesMatch> match;
        DerivedWindow noteWindow;
        String noteQuantised;
        String note;

        Target(String name, Optional<SeriesMatch> match) {
            this.name = name;
            this.match = match;
        }
    }

    DerivedDrawing(
            SeriesCatalogue catalogue,
            Function<SeriesMatch, Series> series,
            BiConsumer<String, DerivedKind> named,
            WhoLog who) {
        this.entry = catalogue::series;
        this.who = who;
        this.series = series;
        this.named = named;
    }

    /** The values of one line, at {@code x}, noted as taken over {@code window} ({@code quantised}: the CPU's note, or null). */
    void draw(List<DerivedValue> values, DerivedWindow window, String quantised, double x) {
        for (DerivedValue v : values) {
            if (v.kind().entry().group() == null) {
                who.derived(v, x); // no chart draws it: a process's or a cgroup's rates, for the Who panel
                continue;
            }
            Target t = target(v);
            if (t.note == null || t.noteWindow != window || !java.util.Objects.equals(t.noteQuantised, quantised)) {
                t.noteWindow = window;
                t.noteQuantised = quantised;
                t.note = CadenceBadges.windowNote(t.name, v.kind(), window, quantised);
            }
            draw(t.match, v.value(), t.note, x);
        }
    }

    /** A value named by its catalogue name (the PMU's), with its note. */
    void draw(String name, double value, String note, double x) {
        Optional<SeriesMatch> m = entries.get(name);
        if (m == null) {
            m = entry.apply(name);
            if (entries.size() < 4096) { // the PMU names a fixed set; a hostile capture does not grow this
                entries.put(name, m);
            }
        }
        draw(m, value, note, x);
    }

    private void draw(Optional<SeriesMatch> m, double value, String note, double x) {
        if (m.isEmpty() || m.get().group() == null) {
            return;
        }
        Series s = series.apply(m.get());
        s.note(note);
        s.add(x, m.get().toDisplay(value), false);
    }

    private Target target(DerivedValue v) {
        Map<String, Target> bySubject = targets.computeIfAbsent(v.kind(), k -> new HashMap<>());
        String subject = v.subject() == null ? "" : v.subject(); // the CPU's series have none; no subject is empty
        Target t = bySubject.get(subject);
        if (t == null) {
            String name = v.name();
            t = new Target(name, entry.apply(name));
            named.accept(name, v.kind());
            if (bySubject.size()
                    < 4096) { // cgroup levels are few; a hostile capture naming thousands does not grow this
                bySubject.put(subject, t);
            }
        }
        return t;
    }
}
