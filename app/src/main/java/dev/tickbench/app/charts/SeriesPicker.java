package dev.tickbench.app.charts;

import dev.tickbench.app.session.DefaultPicks;
import dev.tickbench.app.session.Selection;
import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.core.catalogue.ChartGroup;
import dev.tickbench.core.text.Numbers;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.control.cell.CheckBoxListCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Popup;

/**
 * The picker of a track that draws its top picks (slab caches, buddy orders): every series of the
 * group with the memory it holds now, largest first (docs/derived-series.md, "Default picks"), a filter
 * field, and a check box each; what is checked is drawn (the {@link Selection}'s pick). A board lists
 * hundreds of slab caches: sorted and filtered, the one wanted is a few keys away.
 */
public final class SeriesPicker {
    /** One series in the list: its name, what it shows, the memory it holds (bytes; NaN unknown). */
    record Item(String name, String text, double bytes) {
        @Override
        public String toString() {
            return text;
        }
    }

    private final ChartGroup group;
    private final Selection selection;
    private final Button button = new Button("Pick…");
    private final TextField filter = new TextField();
    private final ObservableList<Item> items = FXCollections.observableArrayList();
    final FilteredList<Item> shown = new FilteredList<>(items, i -> true);
    private final ListView<Item> list = new ListView<>(shown);
    private final Map<String, BooleanProperty> checked = new LinkedHashMap<>();
    private final Label count = new Label();
    private final Popup popup = new Popup();
    private boolean updating;

    SeriesPicker(ChartGroup group, Selection selection) {
        this.group = group;
        this.selection = selection;
        button.getStyleClass().add("small");
        button.setOnAction(e -> show());
        filter.setPromptText("filter by name");
        filter.textProperty().addListener((o, a, b) -> {
            String q = b == null ? "" : b.trim().toLowerCase(Locale.ROOT);
            shown.setPredicate(i -> q.isEmpty()
                    || i.name().toLowerCase(Locale.ROOT).contains(q)
                    || i.text().toLowerCase(Locale.ROOT).contains(q));
            count();
        });
        list.setCellFactory(CheckBoxListCell.forListView(this::checkedOf));
        list.setPrefSize(360, 320);
        count.setStyle("-fx-font-size: 11px; -fx-text-fill: -tb-muted;");
        Button none = new Button("None");
        none.getStyleClass().add("small");
        none.setOnAction(e -> checked.values().forEach(p -> p.set(false)));
        Button close = new Button("Close");
        close.getStyleClass().add("small");
        close.setOnAction(e -> popup.hide());
        HBox foot = new HBox(8, count, none, close);
        Label filterName = new Label("Filter");
        filterName.setLabelFor(filter);
        HBox filterRow = new HBox(4, filterName, filter);
        filterRow.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        HBox.setHgrow(filter, javafx.scene.layout.Priority.ALWAYS);
        VBox box = new VBox(
                4,
                new Label(group.title() + ": drawn when checked, largest memory first;\n"
                        + "▲ ranks among the top now and is not drawn"),
                filterRow,
                list,
                foot);
        box.setPadding(new Insets(6));
        box.getStyleClass().add("series-picker");
        box.setStyle(
                "-fx-background-color: -tb-bg; -fx-border-color: -tb-rule; -fx-effect: dropshadow(gaussian, rgba(0,0,0,0.3), 8, 0, 0, 2);");
        popup.getContent().add(box);
        popup.setAutoHide(true);
        popup.setOnShown(e -> filter.requestFocus());
    }

    /** The button that opens it, under the track's title. */
    Button button() {
        return button;
    }

    private BooleanProperty checkedOf(Item i) {
        return checked.computeIfAbsent(i.name(), n -> {
            BooleanProperty p = new SimpleBooleanProperty();
            p.addListener((o, a, b) -> {
                if (!updating) {
                    pick();
                }
            });
            return p;
        });
    }

    private void pick() {
        Set<String> names = new TreeSet<>();
        checked.forEach((n, p) -> {
            if (p.get()) {
                names.add(n);
            }
        });
        selection.pick(group, names);
        count();
    }

    /** What is drawn now: the check boxes say it. */
    void drawn(Set<String> drawn) {
        updating = true;
        try {
            for (Series s : selection.series(group)) {
                checkedOf(new Item(s.name(), s.name(), Double.NaN)).set(drawn.contains(s.name()));
            }
        } finally {
            updating = false;
        }
        count();
    }

    /** Opens the list, sorted on the series' values now, under the button. */
    public void show() {
        refresh();
        if (button.getScene() != null) {
            javafx.geometry.Bounds b = button.localToScreen(button.getBoundsInLocal());
            popup.show(button, b.getMinX(), b.getMaxY());
        }
    }

    /** What ranks among the top picks now and is not drawn (the {@link Selection}'s offer). */
    Set<String> candidates() {
        return selection.candidates(group);
    }

    /**
     * The series with the memory each holds at its newest value, largest first, unknown sizes last;
     * those offered marked ▲.
     */
    public void refresh() {
        SessionInfo info = selection.store().session();
        DefaultPicks.Facts facts = info == null ? DefaultPicks.Facts.NONE : info.memory();
        Set<String> offered = candidates();
        List<Item> out = new ArrayList<>();
        for (Series s : selection.series(group)) {
            double bytes = bytes(s, facts);
            double v = s.line().lastRead();
            String value = Double.isNaN(v) ? "no value yet" : Numbers.value(v) + " " + s.unit();
            out.add(new Item(
                    s.name(),
                    (offered.contains(s.name()) ? "▲ " : "") + s.displayName() + "  —  "
                            + (Double.isNaN(bytes) ? value : size(bytes) + " · " + value),
                    bytes));
            checkedOf(out.get(out.size() - 1));
        }
        out.sort(Comparator.comparingDouble((Item i) -> Double.isNaN(i.bytes()) ? 1 : 0)
                .thenComparingDouble(i -> Double.isNaN(i.bytes()) ? 0 : -i.bytes())
                .thenComparing(Item::name));
        items.setAll(out);
        drawn(selection.drawnNames(group));
    }

    /** Memory a series holds now: slab active objects × object size; buddy free blocks × block size; NaN unknown. */
    private double bytes(Series s, DefaultPicks.Facts facts) {
        double v = s.line().lastRead();
        String key = s.match().captures().get("key");
        if (Double.isNaN(v) || key == null) {
            return Double.NaN;
        }
        ChartGroup.Ranking r = group.picks().ranking();
        if (r == ChartGroup.Ranking.MEMORY) {
            Long size = facts.slabObjsize().get(key);
            return size == null ? Double.NaN : v * size;
        }
        if (r == ChartGroup.Ranking.ZONE_FREE_MEMORY) {
            int dot = key.lastIndexOf('.');
            try {
                int order = Integer.parseInt(key.substring(dot + 1));
                long page = facts.pageSize() == null ? 4096 : facts.pageSize();
                return v * page * Math.pow(2, order);
            } catch (NumberFormatException notAnOrder) {
                return Double.NaN;
            }
        }
        return Double.NaN;
    }

    private static String size(double bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        int u = 0;
        double v = bytes;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, v >= 100 || u == 0 ? "%.0f %s" : "%.1f %s", v, units[u]);
    }

    private void count() {
        long on = checked.values().stream().filter(BooleanProperty::get).count();
        count.setText(on + " drawn · " + shown.size() + " of " + items.size() + " listed");
    }

    public TextField filter() {
        return filter;
    }

    /** Checks or unchecks {@code name} as a click on its box does (tests). */
    public void check(String name, boolean on) {
        BooleanProperty p = checked.get(name);
        if (p != null) {
            p.set(on);
        }
    }

    public boolean isShowing() {
        return popup.isShowing();
    }

    public void hide() {
        popup.hide();
    }
}
