package dev.tickbench.app.who;

import dev.tickbench.app.charts.Readout;
import dev.tickbench.app.session.WhoLog;
import dev.tickbench.app.session.WhoLog.Quantity;
import dev.tickbench.app.session.WhoRows;
import dev.tickbench.core.text.Numbers;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.Tooltip;

/**
 * The Who table's columns: the name with its life in the tooltip, and a number column per quantity that
 * writes a value not read as a dash, sorts it last either way, and over a range writes the peak under
 * the mean ({@code ranged}). FX thread.
 */
final class WhoColumns {
    private final BooleanSupplier ranged;

    WhoColumns(BooleanSupplier ranged) {
        this.ranged = ranged;
    }

    /** The name column: each row named by {@code name} (a cgroup in its tree: {@link CgroupTree#label}). */
    TableColumn<WhoRows, String> nameColumn(Function<WhoRows, String> name) {
        TableColumn<WhoRows, String> c = new TableColumn<>("Name");
        c.setPrefWidth(80);
        c.setCellValueFactory(f -> new ReadOnlyObjectWrapper<>(name.apply(f.getValue())));
        c.setCellFactory(col -> new TableCell<>() {
            /** One a cell, its text set at each update: a tooltip is a popup window's worth of objects. */
            private final Tooltip life = new Tooltip();

            @Override
            protected void updateItem(String item, boolean none) {
                super.updateItem(item, none);
                TableRow<WhoRows> row = getTableRow();
                if (none || item == null || row == null || row.getItem() == null) {
                    setText(null);
                    setTooltip(null);
                    return;
                }
                setText(item);
                life.setText(life(row.getItem()));
                if (getTooltip() != life) {
                    setTooltip(life);
                }
            }
        });
        return c;
    }

    /** Its whole name, when it started and exited where the stream said, and how many reads named it. */
    private String life(WhoRows r) {
        WhoLog.Entry e = r.entry();
        StringBuilder b = new StringBuilder(e.who());
        if (!Double.isNaN(e.startX())) {
            b.append("\nstarted ").append(Readout.clock(e.startX()));
        }
        if (!Double.isNaN(e.exitX())) {
            b.append("\nexited ").append(Readout.clock(e.exitX()));
        }
        if (ranged.getAsBoolean()) {
            b.append("\nnamed in ")
                    .append(r.reads())
                    .append(r.reads() == 1 ? " read" : " reads")
                    .append(" here");
        }
        return b.toString();
    }

    TableColumn<WhoRows, Double> column(String name, Quantity q, double per, String what, double width) {
        TableColumn<WhoRows, Double> c = new TableColumn<>(name);
        Label header = new Label(name);
        header.setTooltip(new Tooltip(what + "; a dash: not read there (not 0)"));
        c.setText(null);
        c.setGraphic(header);
        c.setPrefWidth(width);
        c.setCellValueFactory(f -> new ReadOnlyObjectWrapper<>(f.getValue().value(q)));
        c.setComparator((a, b) -> missingLast(a, b, c.getSortType() == TableColumn.SortType.ASCENDING));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Double item, boolean none) {
                super.updateItem(item, none);
                TableRow<WhoRows> row = getTableRow();
                if (none || item == null || row == null || row.getItem() == null) {
                    setText(null);
                    return;
                }
                String mean = number(item / per);
                setText(
                        ranged.getAsBoolean()
                                ? mean + "\n" + number(row.getItem().peak(q) / per)
                                : mean);
            }
        });
        c.getStyleClass().add("who-number");
        return c;
    }

    /**
     * A cell's number in a column 50 px wide or so: three significant digits from 1 up (2 510, 212, 9.33), three
     * decimals below (0.987, 0.014, 0.003); a dash for a value not read.
     */
    static String number(double v) {
        if (Double.isNaN(v)) {
            return "—";
        }
        return Math.abs(v) >= 1 ? Numbers.significant(v, 3) : Numbers.value(v);
    }

    /** By value, a value not read last whichever way the column is sorted (the table reverses a descending sort). */
    private static int missingLast(Double a, Double b, boolean ascending) {
        boolean na = a == null || a.isNaN();
        boolean nb = b == null || b.isNaN();
        if (na || nb) {
            return na == nb ? 0 : (na == ascending ? 1 : -1);
        }
        return Double.compare(a, b);
    }
}
