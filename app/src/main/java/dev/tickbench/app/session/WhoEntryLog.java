package dev.tickbench.app.session;

import dev.tickbench.app.session.WhoLog.Entry;
import dev.tickbench.app.session.WhoLog.Quantity;
import dev.tickbench.app.session.WhoLog.Table;

/** The writer's side of one entry of the {@link WhoLog}: its reads per quantity, its start and exit. */
final class WhoEntryLog {
    final Table table;
    final String who;
    final PointLog[] logs = new PointLog[Quantity.values().length];
    double startX = Double.NaN;
    double exitX = Double.NaN;
    double lastX = Double.NaN;

    WhoEntryLog(Table table, String who) {
        this.table = table;
        this.who = who;
        for (int i = 0; i < logs.length; i++) {
            logs[i] = new PointLog(16);
        }
    }

    int size() {
        int n = 0;
        for (PointLog l : logs) {
            n += l.size();
        }
        return n;
    }

    Entry view() {
        Points[] p = new Points[logs.length];
        for (int i = 0; i < logs.length; i++) {
            p[i] = logs[i].view();
        }
        return new Entry(table, who, p, startX, exitX);
    }
}
