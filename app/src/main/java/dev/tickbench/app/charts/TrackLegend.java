package dev.tickbench.app.charts;

import dev.tickbench.app.session.Selection;
import dev.tickbench.app.session.Series;
import dev.tickbench.core.catalogue.ChartGroup;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Rectangle;

/**
 * A track's label column (docs/workbench-charts.md, "Tracks"): the title with the group's unit, ▾ and
 * PNG, the coloured cadence badge of every drawn series, and for a group that draws its top picks
 * "+N more" and a picker, right under the title. What is drawn is the {@link Selection}'s; the picker
 * is how the user changes it. While the crosshair is on the track, each badge says its series' value
 * at the cursor instead (docs/crosshair.md): the readout sits beside the data, never over it. Badges
 * wrap rather than cut, and scroll when they do not fit the track's height.
 */
final class TrackLegend extends VBox {
    /** The drawn series' badges, side by side where their names are short. */
    private final FlowPane badges = new FlowPane(3, 1);
    /** "each · 100 Hz · rate · 1 s window": the cadence every drawn series shares, said once. */
    private final Label shared = new Label();
    /** The cadence and note every drawn series shares (" · 100 Hz · rate"), or null when they differ. */
    private String sharedSuffix;

    private final ScrollPane badgeScroll = new ScrollPane(badges);
    private final Button collapse = new Button("▾");
    private final Hyperlink more = new Hyperlink();
    /** Series that rank among the top now and are not drawn: offered, never swapped in. */
    private final Hyperlink newTop = new Hyperlink();

    private final Map<String, Label> badgeOf = new LinkedHashMap<>();
    private final Map<String, Series> series = new LinkedHashMap<>();
    /** Each series' {@link Series#labelChanges} as {@link #relabel} last saw it. */
    private final Map<String, Long> labelled = new java.util.HashMap<>();
    /** The readout's rows by series while the crosshair is on this track; null while it is not. */
    private Map<String, Readout.Row> readout;

    private boolean stale;
    /** The series drawn, listed on screen; {@code listStale}: not listed yet (it came off screen). */
    private Set<String> drawnNames = Set.of();

    private boolean listStale;
    private final SeriesPicker picker;

    TrackLegend(ChartGroup group, Selection selection, Runnable savePng, Runnable toggleCollapsed) {
        super(1);
        Label title = new Label(group.title() + " (" + group.axisUnit() + ")");
        title.getStyleClass().add("chart-title");
        title.setStyle("-fx-font-size: 11.5px;");
        // a long title wraps at the label column's fixed width rather than being cut; the track's height
        // is its chart's, so the title's lines take room from the badges (which scroll), never the track's
        title.setWrapText(true);
        title.setMinWidth(0);
        title.setMinHeight(Region.USE_PREF_SIZE);
        title.setTooltip(new Tooltip(title.getText()));
        collapse.getStyleClass().add("small");
        collapse.setStyle("-fx-background-color: transparent; -fx-padding: 0 3 0 0;");
        collapse.setTooltip(new Tooltip("Collapse / expand this group"));
        collapse.setOnAction(e -> toggleCollapsed.run());
        Button png = new Button("PNG");
        png.getStyleClass().add("small");
        png.setOnAction(e -> savePng.run());
        png.setMinWidth(Region.USE_PREF_SIZE); // the title gives way, not the button
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox.setHgrow(title, Priority.SOMETIMES);
        HBox header = new HBox(4, collapse, title, spacer, png);
        header.setAlignment(Pos.CENTER_LEFT);
        badgeScroll.setFitToWidth(true);
        badgeScroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        badgeScroll.setVbarPolicy(ScrollPane.ScrollBarPolicy.AS_NEEDED);
        badgeScroll.getStyleClass().add("badge-scroll");
        badgeScroll.setStyle("-fx-background-color: transparent; -fx-background: transparent; -fx-padding: 0;");
        badgeScroll.setMinHeight(0);
        VBox.setVgrow(badgeScroll, Priority.ALWAYS);
        shared.getStyleClass().add("shared-cadence");
        shared.setStyle("-fx-font-size: 10px; -fx-text-fill: -tb-muted;");
        shared.setWrapText(true);
        shared.setMinHeight(Region.USE_PREF_SIZE);
        shared.setVisible(false);
        shared.setManaged(false);
        badges.setPrefWrapLength(ChartView.LABEL_WIDTH - 20);
        getChildren().addAll(header, shared, badgeScroll);
        more.setStyle("-fx-font-size: 11px; -fx-padding: 0 2 0 2;");
        more.setVisible(false);
        more.setManaged(false);
        if (!group.picks().all()) {
            picker = new SeriesPicker(group, selection);
            more.setOnAction(e -> picker.show());
            newTop.setOnAction(e -> picker.show());
            newTop.setId("new-top-picks");
            newTop.setStyle("-fx-font-size: 11px; -fx-padding: 0 2 0 2;");
            newTop.setTooltip(new Tooltip());
            newTop.setVisible(false);
            newTop.setManaged(false);
            HBox pick = new HBox(4, more, picker.button(), newTop);
            pick.setAlignment(Pos.CENTER_LEFT);
            getChildren().add(1, pick); // under the title: a long legend scrolls, never the picker
        } else {
            picker = null;
        }
        setMinWidth(ChartView.LABEL_WIDTH);
        setPrefWidth(ChartView.LABEL_WIDTH);
        setMaxWidth(ChartView.LABEL_WIDTH);
        setPadding(new Insets(2, 6, 2, 0));
        Tooltip.install(this, new Tooltip("Double-click: taller / compact"));
        // the track is as tall as its chart: a label column with more lines is cut, not the screen's
        // six tracks (docs/workbench-charts.md)
        setMinHeight(0);
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(widthProperty());
        clip.heightProperty().bind(heightProperty());
        setClip(clip);
    }

    /** A new series of the group: its badge (coloured once it is drawn), and a place in the picker. */
    void add(Series s) {
        Label badge = new Label(s.label());
        badge.getStyleClass().add("cadence-badge");
        badge.setMaxWidth(ChartView.LABEL_WIDTH - 20); // room for the scroll bar
        badge.setWrapText(true); // a long name wraps: never cut
        badge.setMinHeight(Region.USE_PREF_SIZE);
        badge.setTooltip(new Tooltip(badge.getText()));
        badgeOf.put(s.name(), badge);
        series.put(s.name(), s);
    }

    /** The colour of {@code name}'s line, on its badge's left edge. */
    void colour(String name, String colour) {
        badgeOf.get(name)
                .setStyle("-fx-border-color: " + colour
                        + "; -fx-border-width: 0 0 0 4; -fx-font-size: 10px; -fx-padding: 0 4 0 4;");
    }

    /**
     * The legend lists what is drawn, in the series' order; the rest is one "+N more" away. Off screen,
     * it says so when the track comes on screen ({@link #onScreen}), as {@link #refresh} does.
     */
    void drawn(Set<String> drawn, boolean onScreen) {
        if (picker != null) {
            picker.drawn(drawn);
        }
        drawnNames = Set.copyOf(drawn);
        listStale = !onScreen;
        if (onScreen) {
            showDrawn();
        }
    }

    private void showDrawn() {
        List<Label> legend = new ArrayList<>();
        badgeOf.forEach((name, b) -> {
            if (drawnNames.contains(name)) {
                legend.add(b);
            }
        });
        if (!legend.equals(badges.getChildren())) { // the same badges set again would be restyled and laid out again
            badges.getChildren().setAll(legend);
        }
        if (!share()) {
            drawnNames.forEach(this::show); // a badge drawn now says what the others say
        }
        more.setText(moreText());
        more.setVisible(picker != null && legend.size() < badgeOf.size());
        more.setManaged(more.isVisible());
        if (picker != null) {
            offer(picker.candidates());
        }
    }

    private void offer(Set<String> offered) {
        String text = offered.isEmpty() ? "" : "▲ " + offered.size() + " now in the top";
        String tip = offeredText(offered);
        if (!text.equals(newTop.getText()) || !tip.equals(newTop.getTooltip().getText())) {
            newTop.setText(text);
            newTop.setVisible(!offered.isEmpty());
            newTop.setManaged(!offered.isEmpty());
            newTop.getTooltip().setText(tip);
        }
    }

    private String offeredText(Set<String> offered) {
        List<String> names = new ArrayList<>();
        offered.forEach(n -> names.add(series.containsKey(n) ? series.get(n).displayName() : n));
        return "Not drawn, now among the top picks: " + String.join(", ", names)
                + ". The lines drawn keep what they mean; Pick… draws these instead or beside them.";
    }

    private String moreText() {
        return "+"
                + badgeOf.keySet().stream().filter(n -> !drawnNames.contains(n)).count() + " more";
    }

    /**
     * A new session may publish other cadences: the badges say what is true now, or, off screen (scrolled
     * away, a hidden tab), when the track comes on screen ({@link #onScreen}): a text changed where
     * nothing can be seen, alone in a pulse, made JavaFX repaint the whole window.
     */
    void refresh(Map<String, Series> all, boolean onScreen) {
        series.putAll(all);
        stale = !onScreen;
        if (onScreen && !share()) {
            series.keySet().forEach(this::show);
        }
    }

    /**
     * After a batch: a series whose label changed without a new session (a long capture's run read in
     * place of its overview, or given back) has its badge say so.
     */
    void relabel(boolean onScreen) {
        boolean moved = false;
        for (Map.Entry<String, Series> e : series.entrySet()) {
            long now = e.getValue().labelChanges();
            Long before = labelled.put(e.getKey(), now);
            if (before == null || before != now) {
                moved = true;
            }
        }
        if (moved) {
            refresh(Map.of(), onScreen);
        }
    }

    /** The track came on screen: the badges say what came while it was not. */
    void onScreen() {
        if (listStale) {
            listStale = false;
            showDrawn();
        }
        if (stale) {
            refresh(Map.of(), true);
        }
    }

    /**
     * The crosshair's rows for this track's series ({@code null}: the cursor left): each drawn badge says
     * its value at the cursor, compact, with the whole row and the cadence in its tooltip.
     */
    void readout(List<Readout.Row> rows) {
        if (rows == null) {
            if (readout == null) {
                return;
            }
            readout = null;
        } else {
            readout = new LinkedHashMap<>();
            rows.forEach(r -> readout.put(r.series().name(), r));
        }
        badgeOf.keySet().forEach(this::show);
    }

    /**
     * Says once the cadence every drawn series shares ("each · 100 Hz · rate · 1 s window"), each badge then
     * its name alone, so that a track's lines fit beside its chart; when the cadences differ, each badge
     * says its own. True when that changed (every badge was shown again).
     */
    private boolean share() {
        String common = null;
        int n = 0;
        for (String name : drawnNames) {
            Series s = series.get(name);
            if (s == null) {
                continue;
            }
            String suffix = s.label().startsWith(s.displayName())
                    ? s.label().substring(s.displayName().length())
                    : "";
            if (n++ == 0) {
                common = suffix;
            } else if (!suffix.equals(common)) {
                common = null;
                break;
            }
        }
        String next = n >= 2 && common != null && !common.isEmpty() ? common : null;
        if (java.util.Objects.equals(next, sharedSuffix)) {
            return false;
        }
        sharedSuffix = next;
        shared.setText(next == null ? "" : "each" + next);
        boolean shown = next != null && !collapsed;
        shared.setVisible(shown); // a collapsed track shows its title only, whatever its cadences do
        shared.setManaged(shown);
        series.keySet().forEach(this::show);
        return true;
    }

    private void show(String name) {
        Label b = badgeOf.get(name);
        Readout.Row r = readout == null ? null : readout.get(name);
        Series s = series.get(name);
        String text = r != null ? r.compactText() : sharedSuffix != null ? s.displayName() : s.label();
        if (!text.equals(b.getText())) {
            b.setText(text);
            b.getTooltip().setText(r == null ? s.label() : r.text());
        }
        b.pseudoClassStateChanged(NO_DATA, r != null && !r.at().hasValue());
    }

    private static final javafx.css.PseudoClass NO_DATA = javafx.css.PseudoClass.getPseudoClass("no-data");

    /** The line that says the cadence every drawn series shares, when it is shown (tests). */
    List<String> sharedShown() {
        return shared.isVisible() ? List.of(shared.getText()) : List.of();
    }

    /** What the drawn badges say now: the cadence badges, or the readout at the cursor (tests). */
    List<String> shownTexts() {
        List<String> out = new ArrayList<>();
        badges.getChildren().forEach(n -> out.add(((Label) n).getText()));
        return out;
    }

    /** Collapsed: the title only (the shared cadence's line too stays hidden). */
    private boolean collapsed;

    /** Collapsed: the title only. */
    void collapsed(boolean on) {
        collapsed = on;
        collapse.setText(on ? "▸" : "▾");
        for (Node n : getChildren().subList(1, getChildren().size())) {
            boolean shown = !on && (n != shared || sharedSuffix != null);
            n.setVisible(shown);
            n.setManaged(shown);
        }
    }

    List<String> badgeTexts() {
        List<String> out = new ArrayList<>();
        series.values().forEach(s -> out.add(s.label()));
        return out;
    }

    /** What the legend lists (on screen, or once it comes on screen). */
    List<String> legendTexts() {
        List<String> out = new ArrayList<>();
        badgeOf.keySet().stream()
                .filter(drawnNames::contains)
                .forEach(n -> out.add(series.get(n).label()));
        if (picker != null && out.size() < badgeOf.size()) {
            out.add(moreText());
        }
        if (newTop.isVisible()) {
            out.add(newTop.getText());
        }
        return out;
    }

    /** The colour on {@code name}'s badge: null until it is drawn. */
    String badgeColour(String name) {
        String style = badgeOf.get(name).getStyle();
        int at = style.indexOf("-fx-border-color: ");
        return at < 0 ? null : style.substring(at + 18, style.indexOf(';', at));
    }

    /** What the offer of series new among the top says, and its tooltip; "" when nothing is offered. */
    String[] offered() {
        return new String[] {
            newTop.isVisible() ? newTop.getText() : "",
            newTop.getTooltip() == null ? "" : newTop.getTooltip().getText()
        };
    }

    /** The badges' scroll pane (tests: every line in reach). */
    ScrollPane badgeScroll() {
        return badgeScroll;
    }

    boolean openPicker() {
        if (picker == null) {
            return false;
        }
        picker.show();
        return true;
    }

    /** The picker, or null for a group that draws all its series. */
    SeriesPicker picker() {
        return picker;
    }
}
