package dev.tickbench.app.charts;

import dev.tickbench.app.session.ExpectedTracks;
import dev.tickbench.app.session.Selection;
import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.app.session.StoreListener;
import dev.tickbench.app.session.TimeMark;
import dev.tickbench.app.session.TimeWindow;
import dev.tickbench.app.view.TreeShowing;
import dev.tickbench.core.catalogue.ChartGroup;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The tracks of one store, all on the one {@link TimeWindow} (docs/workbench-charts.md), each drawing
 * what the store's {@link Selection} says is drawn: an overview
 * strip of the whole session or capture with the visible range as a draggable rectangle and the
 * session's published vs achieved rate beside it; below, the compact tracks in a scroll pane. The
 * wheel scrolls the tracks; Ctrl+wheel zooms time around the pointer (following: the followed span);
 * a drag-zoom on any chart becomes the window's range (and pauses follow). The window's range is
 * pushed to the charts on screen; a chart off screen or on a hidden tab is left alone and redraws
 * once when it shows again. The store's batches reach the charts once per FX pulse at most, whatever
 * the rate: each chart takes the new points and redraws only when it shows them.
 *
 * <p>Overlays spanning every track (a crosshair) go on {@link #overlay()} and map time to scene x
 * with {@link ChartView#timeAtScene} (and its x axis the other way) of any track in {@link #tracks()}.
 */
public final class ChartsPane extends VBox {
    private final TimeWindow window;
    private final TimeZoom zoom;
    private final Consumer<ChartGroup> savePng;
    private final TrackStack stack = new TrackStack();
    final ScrollPane scroll = new ScrollPane(stack);
    private final Pane overlay = new Pane();
    final OverviewRow overview;
    private final Map<String, ChartView> charts = new LinkedHashMap<>();
    /** Seconds of samples after which a track still waiting for its series goes (the slowest budget cadence is ~1 s). */
    private static final double WAIT_FOR_SERIES_S = 2;

    private final Crosshair crosshair = new Crosshair();
    private final TreeShowing showing;
    private SeriesStore store;
    private Selection selection;
    private Runnable onFirstCurves = () -> {};
    private boolean syncing;
    /** A batch of the store waits for the charts: one FX turn takes every batch that came meanwhile. */
    private final AtomicBoolean syncPending = new AtomicBoolean();

    /** {@code savePng} saves one track (its group) as PNG. */
    public ChartsPane(TimeWindow window, Consumer<ChartGroup> savePng) {
        this.window = window;
        this.zoom = new TimeZoom(window);
        this.savePng = savePng;
        getStyleClass().add("charts-pane");
        overview = new OverviewRow(window);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        overlay.setMouseTransparent(true);
        overlay.setPickOnBounds(false);
        StackPane body = new StackPane(scroll, overlay);
        VBox.setVgrow(body, Priority.ALWAYS);
        getChildren().addAll(overview, body);

        window.addListener(w -> pushWindow());
        // the wheel scrolls the tracks; Ctrl+wheel zooms time (a filter: it runs before any chart sees it)
        scroll.addEventFilter(ScrollEvent.SCROLL, e -> zoom.wheel(e, charts.values(), store));
        showing = new TreeShowing(this);
        showing.showingProperty().addListener((o, a, b) -> {
            updateOnScreen();
            if (b) {
                refreshOverview(); // not refreshed while hidden: what the session did meanwhile, at once
            }
        });
        scroll.viewportBoundsProperty().addListener((o, a, b) -> updateOnScreen());
        scroll.vvalueProperty().addListener((o, a, b) -> updateOnScreen()); // a scroll brings tracks on screen
        stack.heightProperty().addListener((o, a, b) -> updateOnScreen());
    }

    /** Shows {@code sel}'s store; everything it already holds and, from now on, what arrives (FX thread). */
    public void attach(Selection sel) {
        SeriesStore s = sel.store();
        store = s;
        selection = sel;
        charts.clear();
        crosshair.show(sel);
        stack.clear(s.catalogue().groups());
        expect(s.session());
        overview.attach(s);
        s.addListener(new StoreListener() {
            @Override
            public void seriesAdded(Series series) {
                Platform.runLater(() -> {
                    if (selection == sel) {
                        add(series);
                    }
                });
            }

            @Override
            public void sessionStarted(SessionInfo session) {
                Platform.runLater(() -> {
                    if (selection == sel) {
                        overlays(session);
                        expect(session);
                    }
                });
            }

            /** Marks that came since the last pulse took them: drawn together, one change per track. */
            private final java.util.concurrent.ConcurrentLinkedQueue<TimeMark> marks =
                    new java.util.concurrent.ConcurrentLinkedQueue<>();

            private final AtomicBoolean marksPending = new AtomicBoolean();

            @Override
            public void marked(TimeMark mark) {
                marks.add(mark);
                if (!marksPending.getAndSet(true)) {
                    Platform.runLater(() -> {
                        marksPending.set(false);
                        List<TimeMark> batch = new java.util.ArrayList<>();
                        for (TimeMark m = marks.poll(); m != null; m = marks.poll()) {
                            batch.add(m);
                        }
                        if (selection == sel && !batch.isEmpty()) {
                            charts.values().forEach(c -> c.marks(batch));
                        }
                    });
                }
            }

            @Override
            public void flushed() {
                if (!syncPending.getAndSet(true)) {
                    Platform.runLater(() -> {
                        syncPending.set(false);
                        if (selection == sel) {
                            charts.values().forEach(ChartView::sync);
                            stopWaiting();
                        }
                    });
                }
            }
        });
        sel.addListener(group -> Platform.runLater(() -> {
            ChartView v = charts.get(group.id());
            if (selection == sel && v != null) {
                v.drawnChanged();
            }
        }));
        s.series().forEach(this::add);
        if (s.session() != null) {
            overlays(s.session());
        }
        List<TimeMark> marks = s.marks();
        charts.values().forEach(c -> c.marks(marks));
    }

    /** Nothing is shown any more (a first connection failed): no tracks, the listeners of the old store ignored. */
    public void detach() {
        store = null;
        selection = null;
        crosshair.detachAll();
        charts.clear();
        stack.clear(List.of());
        overview.attach(null);
    }

    /**
     * The tracks the session is expected to draw ({@link ExpectedTracks}), titled, each waiting for its
     * first series; a waiting track whose sources the hello says are absent goes.
     */
    private void expect(SessionInfo session) {
        String what = session == null ? "waiting for the session to start…" : "waiting for the first samples…";
        stack.expect(ExpectedTracks.of(store.catalogue(), session), charts.keySet(), what);
    }

    /**
     * Once the store spans {@link #WAIT_FOR_SERIES_S} (a capture at once), every source present was read:
     * a track still waiting gets no series, so it goes rather than wait forever.
     */
    private void stopWaiting() {
        if (stack.isWaiting() && store != null && store.latestX() - store.firstX() >= WAIT_FOR_SERIES_S) {
            stack.stopWaiting();
        }
    }

    /** What the session's hello says: the badges' cadences, the fixed lines (critical trips, the throttle's zones). */
    private void overlays(SessionInfo session) {
        charts.values().forEach(ChartView::refreshBadges);
        charts.values().forEach(c -> c.overlays(session));
    }

    private void add(Series s) {
        ChartView view = charts.get(s.group().id());
        if (view == null) {
            ChartGroup g = s.group();
            view = new ChartView(g, selection, () -> savePng.accept(g));
            view.onFirstCurve(() -> onFirstCurves.run());
            charts.put(g.id(), view);
            crosshair.attach(view);
            stack.add(view);
            ChartView added = view;
            view.xAxis().minProperty().addListener((o, a, b) -> fromChart(added));
            view.xAxis().maxProperty().addListener((o, a, b) -> fromChart(added));
            view.boundsInParentProperty().addListener((o, a, b) -> updateOnScreen());
            if (store != null) {
                view.marks(store.marks());
                if (store.session() != null) {
                    view.overlays(store.session());
                }
            }
            pushTo(view);
        }
        view.addSeries(s);
    }

    private void fromChart(ChartView v) {
        if (syncing) {
            return;
        }
        window.userRange(v.xAxis().getMin(), v.xAxis().getMax());
    }

    private void pushWindow() {
        charts.values().forEach(v -> {
            if (v.isOnScreen()) {
                pushTo(v);
            }
        });
    }

    private void pushTo(ChartView v) {
        double min = window.min();
        double max = window.max();
        if (Double.isNaN(min) || Double.isNaN(max) || !(max > min)) {
            return;
        }
        syncing = true;
        try {
            v.xAxis().set(min, max);
            v.xAxis().requestAxisLayout();
        } finally {
            syncing = false;
        }
        v.sync(); // the newest points, drawn with the new range
        v.rangeY(min, max);
        v.updateMarks(min, max);
    }

    /**
     * Which tracks can be seen: the pane shows (its tab is selected, the window is up) and the track
     * lies at least partly inside the viewport and is not collapsed. A track coming on screen gets the
     * current window and redraws once.
     */
    private void updateOnScreen() {
        // where the view is scrolled to, from the scroll bar's value: the viewport's bounds do not move with it
        Bounds port = scroll.getViewportBounds();
        double top = scroll.getVvalue() * Math.max(0, stack.getHeight() - port.getHeight());
        double bottom = top + port.getHeight();
        boolean paneShows = showing.isShowing();
        for (ChartView v : charts.values()) {
            Bounds b = v.getBoundsInParent();
            boolean on = paneShows && !v.isCollapsed() && b.getMaxY() > top && b.getMinY() < bottom;
            if (on != v.isOnScreen()) {
                v.setOnScreen(on);
                if (on) {
                    pushTo(v);
                }
            }
        }
    }

    /** Redraws the overview strip and the rates (every 2 s: they summarise the whole session). */
    public void refresh() {
        refreshOverview();
    }

    /** The overview strip's trace and the published vs achieved rate. */
    public void refreshOverview() {
        if (!showing.isShowing()) {
            return;
        }
        overview.refresh();
    }

    /**
     * Scrolls to the first chart with a series of {@code source} (thermal_zone0, stat, pressure, …),
     * its top at the top of the view when the stack allows. False when no chart shows that source.
     */
    public boolean showSource(String source) {
        return reveal(v -> v.hasSource(source));
    }

    /** Scrolls to the track that has the series {@code name}; false when no track has it. */
    public boolean showSeries(String name) {
        return reveal(v -> v.series.series().containsKey(name));
    }

    /** Scrolls to the first track, in display order, that {@code which} accepts; false when none does. */
    private boolean reveal(java.util.function.Predicate<ChartView> which) {
        for (ChartView v : stack.tracks()) {
            if (which.test(v)) {
                reveal(v);
                return true;
            }
        }
        return false;
    }

    /** Scrolls to {@code v}, its top at the top of the view when the stack allows (it comes on screen and draws). */
    public void reveal(ChartView v) {
        applyCss(); // a track added in this pulse has no size before its style (a plotted process's)
        layout();
        scroll.layout();
        double content = stack.getHeight();
        double viewport = scroll.getViewportBounds().getHeight();
        double y = v.getBoundsInParent().getMinY();
        scroll.setVvalue(content > viewport ? Math.min(1, y / (content - viewport)) : 0);
    }

    /** Runs {@code r} (FX thread) when a track on screen has drawn a line of two points or more, for each track once. */
    public void onFirstCurves(Runnable r) {
        onFirstCurves = r;
    }

    /** What the pane says while it has no track: why it is empty and what to do (the window decides). */
    public void emptyText(String text) {
        stack.emptyText(text);
    }

    public String emptyText() {
        return stack.emptyText();
    }

    /** The tracks by their group's id ({@code thermal}, {@code cpu}), in the order they appeared. */
    public Map<String, ChartView> charts() {
        return charts;
    }

    /** The track of the group {@code id} ({@code thermal}, {@code slab}); null while it has no series. */
    public ChartView chart(String id) {
        return charts.get(id);
    }

    /** The cursor, pins and range shared by these charts (docs/crosshair.md). */
    public Crosshair crosshair() {
        return crosshair;
    }

    /** The title of every track shown, in display order: the charts' and those still waiting for their series. */
    public List<String> trackTitles() {
        return stack.titles();
    }

    /** The tracks in display order. */
    public List<ChartView> tracks() {
        return stack.tracks();
    }

    /** The stack of tracks (all of them, as a PNG of "all charts" shows them). */
    public Node getContent() {
        return stack;
    }

    public double getVvalue() {
        return scroll.getVvalue();
    }

    /** A mouse-transparent layer over the tracks' viewport for overlays spanning every track. */
    public Pane overlay() {
        return overlay;
    }

    /** What the tracks and the overview strip did to draw, since they were made. */
    public ChartDiagnostics diagnostics() {
        Map<String, ChartDiagnostics.Track> tracks = new LinkedHashMap<>();
        charts.forEach((id, v) -> tracks.put(id, v.diagnostics()));
        return new ChartDiagnostics(tracks, overview.strip().draws());
    }

    /** "100 Hz · 82 Hz achieved · 1,204 missed", or empty before two samples. */
    public String rateText() {
        return overview.rateText();
    }
}
