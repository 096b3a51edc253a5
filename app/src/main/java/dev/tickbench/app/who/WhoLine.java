package dev.tickbench.app.who;

import dev.tickbench.app.session.WhoLog;
import dev.tickbench.app.session.WhoLog.Quantity;
import dev.tickbench.app.session.WhoRows;
import java.util.function.Function;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableValue;

/**
 * One line of the Who table, kept for as long as its process or cgroup stays in the table: each read
 * gives it its new {@link WhoRows}, and only the cells that show it write their text again; rows replaced
 * at each read would empty every cell and fill it again (docs/who.md, "In the workbench"). FX thread.
 */
public final class WhoLine {
    /** What a number cell shows: the value, and over a range the peak under it (equal when both are). */
    record Cell(double value, double peak) {}

    private final String key;
    private final ReadOnlyObjectWrapper<WhoRows> row;
    /** Each quantity's cell, for its column (made once: a cell listens to it while it shows it). */
    private final ObservableValue<Cell>[] cells;
    /** The name as the table writes it, with what else it depends on (a cgroup's place in its tree). */
    private final ObservableValue<String> name;

    @SuppressWarnings("unchecked")
    WhoLine(WhoRows first, Function<WhoRows, String> named, Observable namedWith) {
        key = key(first);
        row = new ReadOnlyObjectWrapper<>(first);
        cells = new ObservableValue[Quantity.values().length];
        for (Quantity q : Quantity.values()) {
            cells[q.ordinal()] = Bindings.createObjectBinding(
                    () -> new Cell(row.get().value(q), row.get().peak(q)), row);
        }
        name = Bindings.createStringBinding(() -> named.apply(row.get()), row, namedWith);
    }

    /** What a line stands for: its table and its process's or cgroup's {@code who}, the same for its whole life. */
    static String key(WhoRows r) {
        return r.entry().table().name() + " " + r.entry().who();
    }

    String key() {
        return key;
    }

    /** Its values at the time or over the range the table shows. */
    public WhoRows row() {
        return row.get();
    }

    /** The values of the next draw (the same process or cgroup). */
    void show(WhoRows next) {
        row.set(next);
    }

    public WhoLog.Entry entry() {
        return row.get().entry();
    }

    public double value(Quantity q) {
        return row.get().value(q);
    }

    ObservableValue<Cell> cell(Quantity q) {
        return cells[q.ordinal()];
    }

    ObservableValue<String> name() {
        return name;
    }

    @Override
    public String toString() {
        return "WhoLine[" + row.get() + "]";
    }
}
