package dev.tickbench.app.session;

import dev.tickbench.core.catalogue.ChartGroup;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What is drawn: per chart group of a store, its series and which of them the track shows. A group that
 * draws all ({@link ChartGroup.Picks#all()}) shows every series; one with many (slab caches, buddy orders)
 * shows its default picks ({@link DefaultPicks}, ranked as the catalogue says) until the user picks
 * others. The charts, the crosshair's readout, pins and range statistics, and the CSV export all read
 * this one model: what the export writes is what the charts draw. Thread-safe: series arrive on the
 * store's receiving thread, the user picks on the UI thread; listeners are told on either.
 */
public final class Selection {
    /** Told when what a group draws changed (a new series, a pick, a new ranking). */
    public interface Listener {
        void drawnChanged(ChartGroup group);
    }

    private static final class Group {
        final ChartGroup group;
        final List<Series> all = new ArrayList<>();
        Set<String> drawn = Set.of();
        boolean userPicked;

        Group(ChartGroup group) {
            this.group = group;
        }
    }

    private final SeriesStore store;
    private final Map<String, Group> groups = new LinkedHashMap<>();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();

    /** The selection of {@code store}'s series: those it holds, and from now on those it adds. */
    public Selection(SeriesStore store) {
        this.store = store;
        store.addListener(new StoreListener() {
            @Override
            public void seriesAdded(Series series) {
                add(series);
            }
        });
        store.series().forEach(this::add);
    }

    public SeriesStore store() {
        return store;
    }

    public void addListener(Listener l) {
        listeners.add(l);
    }

    private void add(Series s) {
        ChartGroup g;
        synchronized (this) {
            Group group = groups.computeIfAbsent(s.group().id(), id -> new Group(s.group()));
            if (group.all.contains(s)) {
                return;
            }
            group.all.add(s);
            g = group.group;
            if (!rank(group)) {
                return;
            }
        }
        told(g);
    }

    /** Ranks a group the user did not pick again; true when what it draws changed. Holding the monitor. */
    private boolean rank(Group group) {
        if (group.userPicked) {
            return false;
        }
        SessionInfo info = store.session();
        Set<String> next =
                DefaultPicks.pick(group.group, group.all, info == null ? DefaultPicks.Facts.NONE : info.memory());
        if (next.equals(group.drawn)) {
            return false;
        }
        group.drawn = Set.copyOf(next);
        return true;
    }

    /** The user's pick for {@code group}: drawn from now on, whatever the ranking says. */
    public void pick(ChartGroup group, Collection<String> names) {
        synchronized (this) {
            Group g = groups.get(group.id());
            if (g == null) {
                return;
            }
            Set<String> known = new TreeSet<>();
            g.all.forEach(s -> {
                if (names.contains(s.name())) {
                    known.add(s.name());
                }
            });
            g.userPicked = true;
            if (known.equals(g.drawn)) {
                return;
            }
            g.drawn = Set.copyOf(known);
        }
        told(group);
    }

    /**
     * Ranks every group the user did not pick on the series' latest values (the slab caches holding most
     * memory now: docs/derived-series.md, "Default picks"); a few times a second at most.
     */
    public void refreshDefaults() {
        List<ChartGroup> changed = new ArrayList<>();
        synchronized (this) {
            for (Group g : groups.values()) {
                if (rank(g)) {
                    changed.add(g.group);
                }
            }
        }
        changed.forEach(this::told);
    }

    private void told(ChartGroup g) {
        for (Listener l : listeners) {
            l.drawnChanged(g);
        }
    }

    /** The groups that have series, in the catalogue's display order. */
    public synchronized List<ChartGroup> groups() {
        List<ChartGroup> order = store.catalogue().groups();
        List<ChartGroup> out = new ArrayList<>();
        groups.values().forEach(g -> out.add(g.group));
        out.sort(Comparator.comparingInt(g -> order.indexOf(g) < 0 ? Integer.MAX_VALUE : order.indexOf(g)));
        return out;
    }

    /** Every series of {@code group}, drawn or not, in the order they arrived. */
    public synchronized List<Series> series(ChartGroup group) {
        Group g = groups.get(group.id());
        return g == null ? List.of() : List.copyOf(g.all);
    }

    /** The series {@code group} draws, in the order they arrived. */
    public synchronized List<Series> drawn(ChartGroup group) {
        Group g = groups.get(group.id());
        if (g == null) {
            return List.of();
        }
        List<Series> out = new ArrayList<>();
        g.all.forEach(s -> {
            if (g.drawn.contains(s.name())) {
                out.add(s);
            }
        });
        return out;
    }

    /** The names {@code group} draws. */
    public synchronized Set<String> drawnNames(ChartGroup group) {
        Group g = groups.get(group.id());
        return g == null ? Set.of() : new LinkedHashSet<>(g.drawn);
    }

    /** Every drawn series, group by group in display order: what the readout lists and the export writes. */
    public List<Series> drawn() {
        List<Series> out = new ArrayList<>();
        for (ChartGroup g : groups()) {
            out.addAll(drawn(g));
        }
        return out;
    }

    /** Whether the user chose what {@code group} draws (its default picks no longer apply). */
    synchronized boolean userPicked(ChartGroup group) {
        Group g = groups.get(group.id());
        return g != null && g.userPicked;
    }
}
