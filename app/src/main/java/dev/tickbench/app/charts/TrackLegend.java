package dev.tickbench.app.charts;

import dev.tickbench.app.session.Selection;
import dev.tickbench.app.session.Series;
import dev.tickbench.core.catalogue.ChartGroup;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Rectangle;
import org.controlsfx.control.CheckComboBox;

/**
 * A track's label column (docs/workbench-charts.md, "Tracks"): the title with the group's unit, ▾ and
 * PNG, the coloured cadence badge of every drawn series, and for a group that draws its top picks
 * "+N more" and a picker, right under the title. What is drawn is the {@link Selection}'s; the picker
 * is how the user changes it.
 */
final class TrackLegend extends VBox {
    private final VBox badges = new VBox(1);
    private final Button collapse = new Button("▾");
    private final Hyperlink more = new Hyperlink();
    private final Map<String, Label> badgeOf = new LinkedHashMap<>();
    private final CheckComboBox<String> picker;
    private boolean updatingPicker;

    TrackLegend(ChartGroup group, Selection selection, Runnable savePng, Runnable toggleCollapsed) {
        super(1);
        Label title = new Label(group.title() + " (" + group.axisUnit() + ")");
        title.getStyleClass().add("chart-title");
        // one line: a wrapped title made the track taller and its height flip between two layouts
        title.setStyle("-fx-font-size: 11.5px;");
        title.setMinWidth(0);
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
        getChildren().addAll(header, badges);
        more.setStyle("-fx-font-size: 11px; -fx-padding: 0 2 0 2;");
        more.setVisible(false);
        more.setManaged(false);
        if (!group.picks().all()) {
            picker = new CheckComboBox<>();
            picker.setTitle("Pick…");
            picker.setStyle("-fx-font-size: 11px;");
            picker.setPrefWidth(90);
            picker.getCheckModel().getCheckedItems().addListener((ListChangeListener<String>) c -> {
                if (!updatingPicker) {
                    selection.pick(group, new TreeSet<>(picker.getCheckModel().getCheckedItems()));
                }
            });
            more.setOnAction(e -> picker.show());
            HBox pick = new HBox(4, more, picker);
            pick.setAlignment(Pos.CENTER_LEFT);
            getChildren().add(1, pick); // under the title: a long legend is cut at the bottom, never the picker
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

    /** A new series of the group: its badge in its colour, and a place in the picker. */
    void add(Series s, String colour) {
        Label badge = new Label(s.label());
        badge.getStyleClass().add("cadence-badge");
        badge.setStyle("-fx-border-color: " + colour + "; -fx-border-width: 0 0 0 4; -fx-font-size: 10px; -fx-padding: 0 4 0 4;");
        badge.setMaxWidth(ChartView.LABEL_WIDTH - 8);
        badgeOf.put(s.name(), badge);
        if (picker != null) {
            updatingPicker = true;
            picker.getItems().add(s.name());
            updatingPicker = false;
        }
    }

    /** The legend lists what is drawn, in the series' order; the rest is one "+N more" away. */
    void drawn(Set<String> drawn) {
        if (picker != null) {
            updatingPicker = true;
            picker.getCheckModel().clearChecks();
            drawn.forEach(n -> picker.getCheckModel().check(n));
            updatingPicker = false;
        }
        List<Label> legend = new ArrayList<>();
        badgeOf.forEach((name, b) -> { if (drawn.contains(name)) { legend.add(b); } });
        badges.getChildren().setAll(legend);
        int hidden = badgeOf.size() - legend.size();
        more.setText("+" + hidden + " more");
        more.setVisible(picker != null && hidden > 0);
        more.setManaged(more.isVisible());
    }

    /** A new session may publish other cadences: the badges say what is true now. */
    void refresh(Map<String, Series> all) {
        all.forEach((name, s) -> badgeOf.get(name).setText(s.label()));
    }

    /** Collapsed: the title only. */
    void collapsed(boolean on) {
        collapse.setText(on ? "▸" : "▾");
        for (Node n : getChildren().subList(1, getChildren().size())) {
            n.setVisible(!on);
            n.setManaged(!on);
        }
    }

    List<String> badgeTexts() {
        List<String> out = new ArrayList<>();
        badgeOf.values().forEach(b -> out.add(b.getText()));
        return out;
    }

    List<String> legendTexts() {
        List<String> out = new ArrayList<>();
        badges.getChildren().forEach(n -> out.add(((Label) n).getText()));
        if (more.isVisible()) {
            out.add(more.getText());
        }
        return out;
    }

    boolean openPicker() {
        if (picker == null) {
            return false;
        }
        picker.show();
        return true;
    }
}
