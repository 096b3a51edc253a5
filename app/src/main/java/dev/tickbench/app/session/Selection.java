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
 * others. Default picks settle once (docs/derived-series.md, "Default picks"): a line keeps what it
 * means while the session lasts, and a series that ranks among the top later is offered
 * ({@link #candidates}), never swapped in. The charts, the crosshair's readout, pins and range
 * statistics, and the CSV export all read this one model: what the export writes is what the charts
 * draw. Thread-safe: series arrive on the store's receiving thread, the user picks on the UI thread;
 * listeners are told on either.
 */
public final class Selection {
    /** Rankings with values after which a group's default picks settle even if they still move. */
    static final int SETTLE_AFTER = 3;

    /** Told when what a group draws or offers changed (a new series, a pick, a new ranking). */
    public interface Listener {
        void drawnChanged(ChartGroup group);
    }

    private static final class Group {
        final ChartGroup group;
        final List<Series> all = new ArrayList<>();
        Set<String> drawn = Set.of();
        boolean userPicked;
        /** The default picks hold from now on; later rankings only offer candidates. */
        boolean settled;
        /** Rankings asked for ({@link #refreshDefaults}) while some series of the group had a value. */
        int rankingsWithValues;
        /** Series the ranking puts among the top now that are not drawn. */
        Set<String> candidates = Set.of();
        /** The top picks when the user picked: known to the user, so never offered. */
        Set<String> topWhenPicked = Set.of();

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
            if (!rank(group, false)) {
                return;
            }
        }
        told(g);
    }

    /**
     * Ranks a group again; true when what it draws or offers changed. Holding the monitor. A group that
     * draws all draws every series; one not settled draws the ranking, and settles when a ranking asked
     * for ({@code asked}) finds the same picks, or after {@link #SETTLE_AFTER} such rankings with values;
     * a settled or user-picked group keeps what it draws and offers what ranks among the top now.
     */
    private boolean rank(Group group, boolean asked) {
        Set<String> next = DefaultPicks.pick(group.group, group.all, facts());
        if (group.group.picks().all()) {
            return drawn(group, next);
        }
        if (group.settled || group.userPicked) {
            Set<String> offered = new TreeSet<>(next);
            offered.removeAll(group.drawn);
            offered.removeAll(group.topWhenPicked);
            if (offered.equals(group.candidates)) {
                return false;
            }
            group.candidates = Set.copyOf(offered);
            return true;
        }
        if (asked && group.all.stream().anyMatch(s -> !Double.isNaN(s.line().lastRead()))) {
            group.rankingsWithValues++;
            group.settled = next.equals(group.drawn) || group.rankingsWithValues >= SETTLE_AFTER;
        }
        return drawn(group, next);
    }

    private DefaultPicks.Facts facts() {
        SessionInfo info = store.session();
        return info == null ? DefaultPicks.Facts.NONE : info.memory();
    }

    private static boolean drawn(Group group, Set<String> next) {
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
            g.topWhenPicked = DefaultPicks.pick(g.group, g.all, facts());
            boolean changed = !known.equals(g.drawn) || !g.candidates.isEmpty();
            g.drawn = Set.copyOf(known);
            g.candidates = Set.of();
            if (!changed) {
                return;
            }
        }
        told(group);
    }

    /**
     * Draws {@code names} beside what their tracks draw now (a find's matches: docs/workbench.md); a track
     * that draws all its series draws them already. Returns the names drawn that were not.
     */
    public List<String> drawToo(Collection<String> names) {
        Map<ChartGroup, Set<String>> next = new LinkedHashMap<>();
        List<String> added = new ArrayList<>();
        synchronized (this) {
            for (Group g : groups.values()) {
                for (Series s : g.all) {
                    if (names.contains(s.name()) && !g.drawn.contains(s.name())) {
                        next.computeIfAbsent(g.group, k -> new TreeSet<>(g.drawn))
                                .add(s.name());
                        added.add(s.name());
                    }
                }
            }
        }
        next.forEach(this::pick);
        return added;
    }

    /**
     * Ranks every group on the series' latest values (the slab caches holding most memory now:
     * docs/derived-series.md, "Default picks"), a few times a second at most: a group not settled yet
     * draws the ranking, a settled one offers what is new among the top.
     */
    public void refreshDefaults() {
        ranked(false);
    }

    /**
     * Ranks every group the user did not pick once more and settles it on that ranking: a capture
     * whose every sample is read picks on its end.
     */
    public void settleDefaults() {
        ranked(true);
    }

    private void ranked(boolean settle) {
        List<ChartGroup> changed = new ArrayList<>();
        synchronized (this) {
            for (Group g : groups.values()) {
                boolean c = false;
                boolean settling = settle && !g.userPicked; // a user's pick holds; it is not settled again
                if (settling) {
                    g.settled = false;
                    c = !g.candidates.isEmpty(); // an offer made while loading is gone
                    g.candidates = Set.of();
                }
                c |= rank(g, true);
                if (settling) {
                    g.settled = true;
                }
                if (c) {
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

    /**
     * The series of {@code group} that rank among its top picks now and are not drawn: offered to the
     * user (the picker marks them), never drawn in place of a line that already means something.
     */
    public synchronized Set<String> candidates(ChartGroup group) {
        Group g = groups.get(group.id());
        return g == null ? Set.of() : g.candidates;
    }

    /** Whether the user chose what {@code group} draws (its default picks no longer apply). */
    synchronized boolean userPicked(ChartGroup group) {
        Group g = groups.get(group.id());
        return g != null && g.userPicked;
    }
}
