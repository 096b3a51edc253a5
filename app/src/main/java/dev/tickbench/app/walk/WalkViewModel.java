package dev.tickbench.app.walk;

import dev.tickbench.app.Background;
import dev.tickbench.core.cgroup.CgroupException;
import dev.tickbench.core.cgroup.CgroupTarget;
import dev.tickbench.core.cgroup.K8sPath;
import dev.tickbench.core.cgroup.PathWalk;
import dev.tickbench.core.cgroup.WalkLevel;
import dev.tickbench.core.cgroup.WalkResult;
import dev.tickbench.core.cgroup.WalkWarning;
import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * The Path walk tab's state: the process list and search, the target, the last walk worded as table
 * rows, a verdict and the warnings, and the throttled-time history per level for the chart. Walks run
 * on a background thread, one window after the other, until stopped, through a {@link Walker}: this
 * machine in-process, or the connected target's probe.
 */
public final class WalkViewModel {
    private static final String PICK = "pick a process or type a cgroup path, then Walk";

    private final LocalWalker local;
    private final Duration duration;
    private final Executor ui;

    private final ObservableList<ProcessRow> processes = FXCollections.observableArrayList();
    private final FilteredList<ProcessRow> shown = new FilteredList<>(processes);
    private final StringProperty search = new SimpleStringProperty("");
    private final StringProperty target = new SimpleStringProperty("");
    private final ObservableList<LevelRow> rows = FXCollections.observableArrayList();
    private final StringProperty verdict = new SimpleStringProperty(PICK);
    private final StringProperty error = new SimpleStringProperty("");
    private final StringProperty note = new SimpleStringProperty("");
    private final ObservableList<String> warnings = FXCollections.observableArrayList();
    private final ObjectProperty<WalkResult> result = new SimpleObjectProperty<>();
    private final BooleanProperty running = new SimpleBooleanProperty(false);
    /** Throttled time rate per level path: (seconds since the first walk, s/s) points. */
    private final Map<String, List<double[]>> history = new LinkedHashMap<>();

    private long firstNs = -1;
    private volatile Walker walker;
    private volatile Thread thread;

    public WalkViewModel(SystemRoots roots, PathWalk.Window window, Duration duration, Executor ui) {
        this.local = new LocalWalker(roots, window);
        this.duration = duration;
        this.ui = ui;
        this.walker = local;
        note.set(local.note(duration));
        search.addListener((o, a, b) -> shown.setPredicate(p -> p.matches(b)));
    }

    public ObservableList<ProcessRow> processes() {
        return shown;
    }

    public StringProperty searchProperty() {
        return search;
    }

    public StringProperty targetProperty() {
        return target;
    }

    public ObservableList<LevelRow> rows() {
        return rows;
    }

    public StringProperty verdictProperty() {
        return verdict;
    }

    public StringProperty errorProperty() {
        return error;
    }
    /** What is walked and how (this machine, or a target through its probe). */
    public StringProperty noteProperty() {
        return note;
    }

    public ObservableList<String> warnings() {
        return warnings;
    }

    public ObjectProperty<WalkResult> resultProperty() {
        return result;
    }

    public BooleanProperty runningProperty() {
        return running;
    }

    public Duration duration() {
        return duration;
    }

    public Walker walker() {
        return walker;
    }
    /** This machine's walker (also the one used when no remote target is connected). */
    public LocalWalker localWalker() {
        return local;
    }

    /**
     * Walks with {@code w} from now on (UI thread): a new connection brings its own walker. What the
     * old one showed is cleared, so a row of one host is never read as another's.
     */
    public void useWalker(Walker w) {
        if (w == walker) {
            return;
        }
        stop();
        walker = w;
        note.set(w.note(duration));
        processes.clear();
        rows.clear();
        warnings.clear();
        clearHistory();
        result.set(null);
        error.set("");
        verdict.set(PICK);
    }

    /** A copy of the chart's history: level path → points (t s, throttled s/s), leaf first. */
    public synchronized Map<String, List<double[]>> history() {
        Map<String, List<double[]>> copy = new LinkedHashMap<>();
        history.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        return copy;
    }

    /** Re-reads the process list: at once here; on the app's background executor when it waits for a link. */
    public void refreshProcesses() {
        Walker w = walker;
        if (!w.remote()) {
            listInto(w);
            return;
        }
        Background.shared().execute(() -> listInto(w));
    }

    private void listInto(Walker w) {
        try {
            List<ProcessRow> list = w.processes();
            ui.execute(() -> {
                if (walker == w) {
                    processes.setAll(list);
                }
            });
        } catch (IOException e) {
            ui.execute(() -> {
                if (walker == w) {
                    error.set(e.getMessage());
                }
            });
        }
    }

    /** Resolves the target text on this machine: digits are a pid, anything else a cgroup path. */
    public CgroupTarget resolve(String spec) throws CgroupException {
        return local.resolve(checked(spec));
    }

    /** Starts walking the target one window after the other on a background thread. */
    public void start() {
        stop();
        String spec = target.get();
        clearHistory();
        error.set("");
        running.set(true);
        Walker w = walker;
        // its own thread, not the shared executor: it walks window after window until stopped
        Thread t = new Thread(() -> loop(w, spec), "path-walk");
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    public void stop() {
        Thread t = thread;
        thread = null;
        if (t != null) {
            t.interrupt();
        }
        running.set(false);
    }

    private void loop(Walker w, String spec) {
        try {
            String next = checked(spec);
            while (thread == Thread.currentThread()) {
                WalkResult r = w.walk(next, duration);
                ui.execute(() -> {
                    if (walker == w) {
                        apply(r);
                    }
                });
                if (r.targetVanished()) {
                    break;
                }
                // later windows walk the cgroup the first one found: a pid may exit, its cgroup stays
                if (r.target() != null) {
                    next = r.target();
                }
            }
        } catch (CgroupException e) {
            if (thread == Thread.currentThread()) { // a remote walk cut short by Stop is not an error
                ui.execute(() -> error.set(e.getMessage()));
            }
        } catch (InterruptedException e) {
            return; // stopped
        } catch (RuntimeException e) { // a bug or a library's surprise: said, not a dead thread and a stuck "running"
            if (thread == Thread.currentThread()) {
                String why = e.getMessage() == null ? e.toString() : e.getMessage();
                ui.execute(() -> error.set("the walk stopped: " + why));
            }
        }
        Thread me = Thread.currentThread();
        ui.execute(() -> {
            if (thread == null || thread == me) {
                running.set(false);
            }
        }); // not a newer walk's flag
    }

    /** A pid without the spaces around it; a cgroup path as typed (a name may end in a space). */
    private static String checked(String spec) throws CgroupException {
        String s = spec == null ? "" : spec;
        if (s.isBlank()) {
            throw new CgroupException("no target: pick a process or type a cgroup path such as /kubepods.slice");
        }
        return Walker.isPid(s.strip()) ? s.strip() : s;
    }

    private synchronized void clearHistory() {
        history.clear();
        firstNs = -1;
    }

    /** Shows one walk: rows, verdict, warnings, and a point per level in the history. */
    public void apply(WalkResult r) {
        synchronized (this) {
            long now = System.nanoTime();
            if (firstNs < 0) {
                firstNs = now - r.windowNs();
            }
            double t = (now - firstNs) / 1e9;
            for (WalkLevel l : r.levels()) {
                if (l.throttledRate() != null) {
                    history.computeIfAbsent(l.path(), k -> new ArrayList<>()).add(new double[] {t, l.throttledRate()});
                }
            }
        }
        List<LevelRow> out = new ArrayList<>();
        for (WalkLevel l : r.levels()) {
            out.add(LevelRow.of(l, l.path().equals(r.enforcing())));
        }
        rows.setAll(out);
        verdict.set(verdict(r));
        List<String> w = new ArrayList<>();
        for (WalkWarning ww : r.warnings()) {
            w.add(ww.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ": " + ww.message());
        }
        warnings.setAll(w);
        result.set(r);
    }

    /**
     * The one-line verdict: which level throttles, its quota, the share of periods throttled, and
     * whether the leaf's own counters moved ("container-level zero does not rule out parent throttling").
     */
    public static String verdict(WalkResult r) {
        String window = String.format(Locale.ROOT, "%.0f s", r.windowNs() / 1e9);
        if (r.levels().isEmpty()) {
            return "nothing to read: every level vanished";
        }
        WalkLevel leaf = r.levels().get(0);
        if (r.enforcing() == null) {
            return "no level throttled in the last " + window + " ("
                    + r.levels().size() + " levels read)";
        }
        WalkLevel e = r.level(r.enforcing());
        StringBuilder s = new StringBuilder(levelName(e.path())).append(" level throttles: ");
        s.append(e.cpus() == null ? "no quota of its own" : String.format(Locale.ROOT, "%s CPU quota", trim(e.cpus())));
        if (e.ratio() != null) {
            s.append(String.format(Locale.ROOT, ", %.0f %% of periods throttled", e.ratio() * 100));
        } else if (e.throttledRate() != null) {
            s.append(String.format(Locale.ROOT, ", %.3f s/s throttled", e.throttledRate()));
        }
        s.append(" in the last ").append(window);
        if (e != leaf) {
            s.append(
                    leaf.throttling()
                            ? "; the " + levelName(leaf.path()) + " throttles too"
                            : "; the " + levelName(leaf.path()) + "'s own counters are flat");
        }
        return s.toString();
    }

    /** "pod", "container", "QoS burstable", or the path's last part outside Kubernetes. */
    static String levelName(String path) {
        return K8sPath.decode(path)
                .map(k -> {
                    if (k.containerId() != null) {
                        return "container";
                    }
                    if (k.podUid() != null) {
                        return "pod";
                    }
                    return k.qos() != null ? "QoS " + k.qos().label() : "kubepods";
                })
                .orElseGet(() -> path.equals("/") ? "root" : path.substring(path.lastIndexOf('/') + 1));
    }

    private static String trim(double v) {
        return v == Math.rint(v)
                ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.2f", v).replaceAll("0+$", "");
    }
}
