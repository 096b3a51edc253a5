package dev.tickbench.app.clock;

import dev.tickbench.app.charts.Crosshair;
import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.app.session.Showing;
import dev.tickbench.app.session.Showing.Origin;
import dev.tickbench.app.view.FixedRoom;
import dev.tickbench.app.view.Ticker;
import dev.tickbench.app.view.WhenShown;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * "Why is the clock low?": a column at the right of the tracks, beside the thermal and cpufreq tracks at
 * their top, so the tracks keep their height (six on a 1600×1000 screen). Per policy the limiter in
 * one word, the clock against the maximum and the cap, and the evidence; the inputs absent with their
 * reasons; or why there is no verdict. It draws {@link ClockViewModel}'s state and tells it what the
 * user looks at: the store shown, the crosshair's Shift+drag range, whether a capture is still loading,
 * and whether the panel is open (▸ folds it to a strip; a folded panel judges nothing). With nothing to
 * judge — no session yet, or one that reads no cpufreq — it is one narrow line ("Clock: no cpufreq")
 * and the tracks have its width, until a session's hello lists cpufreq (docs/workbench.md).
 */
public final class ClockPanel extends VBox {
    static final double WIDTH = 330;
    /**
     * How often the model is asked whether to judge again (it judges live at most once a second), and how
     * often a new verdict is drawn: at the follow step's turns of the shared clock (Ticker), so that the
     * verdict's figures change in the pulse that moves the tracks, not in a pulse of their own.
     */
    private static final long PULSE_NS = 500_000_000L;

    private final ClockViewModel vm;
    private final Label scope = new Label();
    private final Label summary = new Label();
    private final Label busy = new Label();
    private final ProgressBar progress = new ProgressBar(0);
    private final HBox busyRow = new HBox(6, busy, progress);
    private final Label error = new Label();
    private final Label noVerdict = new Label();
    private final VBox policies = new VBox(0);
    private final VBox absent = new VBox(1);
    private final VBox body;
    private final Button fold = new Button("▸");
    private final Label title = new Label("WHY IS THE CLOCK LOW?");
    /** The one line the panel is while it has nothing to judge. */
    private final Label nothingLine = new Label();

    private boolean folded;
    /** Why there is nothing to judge, while there is not (no session yet, no cpufreq); null when there is. */
    private String nothing;
    /** What the cards and the absent rows show now: rebuilt only when that changes. */
    private List<ClockState.PolicyRow> cardsShown = List.of();

    private List<String> absentShown = List.of();
    private final WhenShown shown = new WhenShown(this);
    private final Runnable redraw = this::drawLatest;
    /** The model has a state not drawn yet: drawn at the next turn (FX thread). */
    private boolean stale;
    /** The state drawn last (FX thread). */
    ClockState drawn;

    /**
     * @param showing what the window shows (its store, and the capture when replaying)
     * @param loading true while a capture is being read into the shown store
     * @param session the shown session as its hello says (null before it comes): whether it reads cpufreq
     */
    public ClockPanel(
            ClockViewModel vm,
            Crosshair crosshair,
            ObservableValue<Showing> showing,
            ObservableValue<Boolean> loading,
            ObservableValue<SessionInfo> session) {
        this.vm = vm;
        setId("clock-panel");
        getStyleClass().add("clock-panel");
        setPadding(new Insets(4, 8, 4, 8));
        setSpacing(3);
        title.getStyleClass().add("panel-title");
        nothingLine.setId("clock-nothing");
        nothingLine.getStyleClass().add("clock-nothing");
        nothingLine.setMinWidth(Region.USE_PREF_SIZE);
        fold.getStyleClass().add("small");
        fold.setTooltip(new Tooltip("Fold or open the clock verdict"));
        fold.setOnAction(e -> setFolded(!folded));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox head = new HBox(4, nothingLine, title, spacer, fold);
        head.setAlignment(Pos.CENTER_LEFT);
        scope.getStyleClass().add("clock-scope");
        summary.getStyleClass().add("clock-muted");
        busy.getStyleClass().add("clock-muted");
        progress.setPrefWidth(90);
        busyRow.setAlignment(Pos.CENTER_LEFT);
        error.getStyleClass().add("walk-error");
        noVerdict.getStyleClass().add("clock-no-verdict");
        for (Label l : List.of(scope, summary, busy, error, noVerdict)) {
            l.setWrapText(true);
        }
        VBox content = new VBox(4, policies, absent);
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.getStyleClass().add("clock-scroll");
        VBox.setVgrow(scroll, Priority.ALWAYS);
        body = new VBox(3, scope, summary, busyRow, error, noVerdict, scroll);
        VBox.setVgrow(body, Priority.ALWAYS);
        getChildren().addAll(head, body);
        nothingToJudge(whyNothing(session.getValue()));
        // a hello decides (each cadence line brings the session again); between two sessions, before the
        // next hello, the panel stays as it is: not folded and opened again on every capture opened
        session.addListener((o, was, now) -> {
            if (now != null && !Objects.equals(whyNothing(now), nothing)) {
                nothingToJudge(whyNothing(now));
            }
        });

        // drawn at the ticker's next turn while it can be seen; hidden (another tab), once when it shows
        // again: a hidden node changed made JavaFX repaint the whole window (WhenShown)
        vm.addListener(s -> stale = true);
        draw(vm.state());
        showing.addListener((o, a, b) -> vm.show(b.store(), b.origin() == Origin.REPLAY ? b.replayFile() : null));
        loading.addListener((o, a, b) -> vm.loading(b));
        // the final Shift+drag range (its statistics are computed on release), not every step of the drag
        crosshair
                .rangeStatsProperty()
                .addListener((o, a, b) -> vm.range(
                        b == null ? Double.NaN : crosshair.rangeFromProperty().get(),
                        b == null ? Double.NaN : crosshair.rangeToProperty().get()));
        // judged at most once a second by the view-model; a Ticker while the window shows, not an AnimationTimer, which
        // kept
        // JavaFX pulsing 60 frames a second in every tab (docs/workbench-charts.md, "Redraws")
        new Ticker(PULSE_NS / 1_000_000, now -> {
                    vm.pulse(now);
                    if (stale) {
                        stale = false;
                        shown.run(redraw);
                    }
                })
                .whileShowing(this);
        // a panel nobody can see (another tab) judges nothing either: back in view it judges at once
        shown.showingProperty().addListener((o, a, on) -> {
            vm.active(judging(on));
            if (on) {
                vm.pulse(System.nanoTime());
            }
        });
        vm.active(judging(shown.isShowing()));
    }

    /** Whether the model judges: the panel open, with something to judge, and seen ({@code showing}). */
    private boolean judging(boolean showing) {
        return !folded && nothing == null && showing;
    }

    /** Why {@code info} gives the verdict nothing to judge: its cpufreq absent or not listed; null when it reads it. */
    private static String whyNothing(SessionInfo info) {
        if (info == null) {
            return "no session yet";
        }
        for (SessionInfo.SourceRow r : info.sources()) {
            if (r.name().equals("cpufreq")) {
                return r.present()
                        ? null
                        : "no cpufreq: " + (r.absentReason() == null ? "not reported" : r.absentReason());
            }
        }
        return "no cpufreq: the session does not list it";
    }

    /** Narrow while there is nothing to judge ({@code why}), open (or as the user folded it) once there is. */
    private void nothingToJudge(String why) {
        nothing = why;
        if (why != null) {
            nothingLine.setText(why.startsWith("no cpufreq") ? "Clock: no cpufreq" : "Clock: " + why);
            nothingLine.setTooltip(new Tooltip(
                    "No CPU clock to judge, " + why + ". The clock verdict opens here when a session reads cpufreq."));
        }
        apply();
        if (nothing == null && shown.isShowing()) {
            vm.pulse(System.nanoTime());
        }
    }

    /**
     * {@code tracks} with this panel at their right, {@code below} under it, in a room of their own as tall
     * as the tracks: its figures change every second and laid out the whole window up from here
     * (FixedRoom); its width (open or folded) is still asked of the parent when it changes. An open panel
     * shares the height with what is below it; its one line leaves them the rest.
     */
    public static Node beside(Node tracks, ClockPanel panel, Node... below) {
        BorderPane area = new BorderPane(tracks);
        VBox column = new VBox(panel);
        column.getChildren().addAll(below);
        column.getChildren().forEach(n -> VBox.setVgrow(n, Priority.ALWAYS));
        area.setRight(new FixedRoom(column, Pos.TOP_RIGHT).heightFromParent());
        return area;
    }

    /** Folded, only the ▸ strip is left and nothing is judged until it opens again. */
    public void setFolded(boolean on) {
        folded = on;
        apply();
    }

    /** The strip (folded by the user), the one line (nothing to judge) or the open column. */
    private void apply() {
        boolean narrow = folded || nothing != null;
        show(body, !narrow);
        show(title, !narrow);
        show(fold, nothing == null);
        show(nothingLine, nothing != null);
        fold.setText(folded ? "◂" : "▸");
        setPrefWidth(narrow ? Region.USE_COMPUTED_SIZE : WIDTH);
        setMinWidth(narrow ? Region.USE_PREF_SIZE : 220);
        setMaxWidth(narrow ? Region.USE_PREF_SIZE : WIDTH);
        setMaxHeight(narrow ? Region.USE_PREF_SIZE : Double.MAX_VALUE);
        vm.active(judging(shown.isShowing()));
    }

    /** What the panel draws (tests read the verdict it shows). */
    public ClockViewModel model() {
        return vm;
    }

    public boolean isFolded() {
        return folded;
    }

    private void drawLatest() {
        draw(vm.state());
    }

    private void draw(ClockState s) {
        drawn = s;
        scope.setText(s.scope());
        show(scope, !s.scope().isEmpty());
        summary.setText(s.summary());
        show(summary, !s.summary().isEmpty());
        busy.setText(s.busy() == null ? "" : s.busy());
        progress.setProgress(s.progress() < 0 ? ProgressBar.INDETERMINATE_PROGRESS : s.progress());
        show(busyRow, s.busy() != null);
        error.setText(s.error() == null ? "" : s.error());
        show(error, s.error() != null);
        noVerdict.setText(s.noVerdict() == null ? "" : s.noVerdict());
        show(noVerdict, s.noVerdict() != null);
        // new cards and rows only for a new verdict: new nodes are styled and laid out again, and with
        // nothing else changed in that pulse JavaFX repainted the whole window for them
        if (!s.policies().equals(cardsShown)) {
            cardsShown = s.policies();
            policies.getChildren()
                    .setAll(s.policies().stream().map(ClockPanel::card).toList());
        }
        if (!s.absent().equals(absentShown)) {
            absentShown = s.absent();
            absent.getChildren().setAll(absentRows(s.absent()));
        }
    }

    private static List<Node> absentRows(List<String> absent) {
        List<Node> rows = new ArrayList<>();
        if (!absent.isEmpty()) {
            Label head = new Label("Not read here (the verdict goes without them):");
            head.getStyleClass().add("clock-muted");
            head.setWrapText(true);
            rows.add(head);
            for (String a : absent) {
                rows.add(wrapped(a, "clock-absent"));
            }
        }
        return rows;
    }

    private static VBox card(ClockState.PolicyRow r) {
        Label title = new Label(r.title());
        title.getStyleClass().add("clock-policy");
        Label word = new Label(r.word());
        word.setId("clock-limiter-" + r.policy());
        word.getStyleClass()
                .addAll("clock-limiter", "clock-limiter-" + r.limiter().name().toLowerCase(Locale.ROOT));
        word.setMinWidth(Region.USE_PREF_SIZE);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox head = new HBox(6, title, spacer, word);
        head.setAlignment(Pos.CENTER_LEFT);
        VBox card = new VBox(1, head, wrapped(r.clock(), "clock-clock"), wrapped(r.detail(), "clock-muted"));
        for (String e : r.evidence()) {
            card.getChildren().add(wrapped("because " + e, "clock-evidence"));
        }
        for (String a : r.also()) {
            card.getChildren().add(wrapped("also: " + a, "clock-muted"));
        }
        card.getStyleClass().add("clock-card");
        card.setPadding(new Insets(4, 0, 5, 0));
        return card;
    }

    private static Label wrapped(String text, String style) {
        Label l = new Label(text);
        l.setWrapText(true);
        l.getStyleClass().add(style);
        return l;
    }

    private static void show(Node n, boolean on) {
        n.setVisible(on);
        n.setManaged(on);
    }

    /** Every text the panel shows now, top to bottom (what a user reads; tests compare it). */
    public List<String> texts() {
        List<String> out = new ArrayList<>();
        collect(this, out);
        return out;
    }

    private static void collect(Node n, List<String> out) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof Labeled l
                && !(n instanceof Button)
                && l.getText() != null
                && !l.getText().isEmpty()) {
            out.add(l.getText());
        }
        if (n instanceof ScrollPane sp && sp.getContent() != null) {
            collect(sp.getContent(), out);
        } else if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> collect(c, out));
        }
    }
}
