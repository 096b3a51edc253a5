package dev.tickbench.app.session;

import java.util.ArrayDeque;
import java.util.List;

/**
 * The newest marks of a store, at most a bound of them: a kernel log flood must not grow the heap
 * without end; the older ones are counted. Written by the receiving thread, read by any.
 */
final class MarkLog {
    private final int max;
    private final ArrayDeque<TimeMark> marks = new ArrayDeque<>();
    private volatile long dropped;

    MarkLog(int max) {
        this.max = max;
    }

    void add(TimeMark m) {
        synchronized (marks) {
            marks.addLast(m);
            if (marks.size() > max) {
                marks.removeFirst();
                dropped++;
            }
        }
    }

    List<TimeMark> all() {
        synchronized (marks) {
            return List.copyOf(marks);
        }
    }

    /** Marks dropped to keep the bound. */
    long dropped() {
        return dropped;
    }
}
