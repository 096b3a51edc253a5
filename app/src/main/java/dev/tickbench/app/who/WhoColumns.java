package dev.tickbench.app.who;

import dev.tickbench.app.charts.Readout;
import dev.tickbench.app.session.WhoLog;
import dev.tickbench.app.session.WhoLog.Quantity;
import dev.tickbench.app.session.WhoRows;
import dev.tickbench.core.text.Numbers;
import java.util.function.BooleanSupplier;
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

    /** The name column: each line named as it names itself (a cgroup in its tree: {@link CgroupTree#label}). */
    TableColumn<WhoLine, String> nameColumn() {
        TableColumn<WhoLine, String> c = new TableColumn<>("Name");
        c.setPrefWidth(80);
        c.setCellValueFactory(f -> f.getValue().name());
        c.setCellFactory(col -> new TableCell<>() {
            /** One a cell, its text set at each update: a tooltip is a popup window's worth of objects. */
            private final Tooltip life = new Tooltip();

            {
                // written again as it opens: a line's reads change while its name (what updates the cell) does not
                life.setOnShowing(e -> {
                    TableRow<WhoLine> row = getTableRow();
                    if (row != null && row.getItem() != null) {
                        life.setText(life(row.getItem().row()));
                    }
                });
            }

            @Override
            protected void updateItem(String item, boolean none) {
                super.updateItem(item, none);
                TableRow<WhoLine> row = getTableRow();
                if (none || item == null || row == null || row.getItem() == null) {
                    setText(null);
                    setTooltip(null);
                    return;
                }
                setText(item);
                life.setText(life(row.getItem().row()));
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

    TableColumn<WhoLine, WhoLine.Cell> column(String name, Quantity q, double per, String what, double width) {
        TableColumn<WhoLine, WhoLine.Cell> c = new TableColumn<>(name);
        Label header = new Label(name);
        header.setTooltip(new Tooltip(what + "; a dash: not read there (not 0)"));
        c.setText(null);
        c.setGraphic(header);
        c.setPrefWidth(width);
        c.setCellValueFactory(f -> f.getValue().cell(q));
        c.setComparator((a, b) -> missingLast(a, b, c.getSortType() == TableColumn.SortType.ASCENDING));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(WhoLine.Cell item, boolean none) {
                super.updateItem(item, none);
                if (none || item == null) {
                    setText(null);
                    return;
                }
                String mean = number(item.value() / per);
                setText(ranged.getAsBoolean() ? mean + "\n" + number(item.peak() / per) : mean);
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
    private static int missingLast(WhoLine.Cell a, WhoLine.Cell b, boolean ascending) {
        boolean na = a == null || Double.isNaN(a.value());
        boolean nb = b == null || Double.isNaN(b.value());
        if (na || nb) {
            return na == nb ? 0 : (na == ascending ? 1 : -1);
        }
        return Double.compare(a.value(), b.value());
    }
}
