package dev.tickbench.app.workbench;

import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.concurrent.Task;
import javafx.concurrent.Worker;

/**
 * One long task at a time for a view-model (open a capture, export CSV), run on the shared background
 * executor, with its progress, its message and whether it runs as properties a view binds to. FX thread
 * only, as {@link Task} requires.
 */
final class TaskSlot {
    private final Executor work;
    private final BooleanProperty busy = new SimpleBooleanProperty(false);
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty message = new SimpleStringProperty("");
    private Task<?> current;

    TaskSlot(Executor work) {
        this.work = work;
    }

    ReadOnlyBooleanProperty busyProperty() {
        return busy;
    }
    /** 0 to 1, or -1 while the total is not known. */
    ReadOnlyDoubleProperty progressProperty() {
        return progress;
    }

    ReadOnlyStringProperty messageProperty() {
        return message;
    }

    boolean busy() {
        Task<?> t = current;
        return t != null && !finished(t.getState());
    }

    /**
     * Whether the task's state (set on the FX thread) says it ended. Not {@code Task.isDone()}: that is
     * the worker thread's future, which may complete after or before the state changes.
     */
    private static boolean finished(Worker.State state) {
        return state == Worker.State.SUCCEEDED || state == Worker.State.FAILED || state == Worker.State.CANCELLED;
    }

    /** Starts {@code task} on the executor; false (and nothing started) when another one still runs. */
    boolean start(Task<?> task) {
        if (busy()) {
            return false;
        }
        current = task;
        progress.bind(task.progressProperty());
        message.bind(task.messageProperty());
        busy.set(true);
        task.stateProperty().addListener((o, was, state) -> {
            if (finished(state) && current == task) { // succeeded, failed or cancelled (even before it ran)
                busy.set(false);
                // its last progress and message stay shown; the task, and what it read into, is let go
                progress.unbind();
                message.unbind();
                current = null;
            }
        });
        work.execute(task);
        return true;
    }

    /** Cancels the running task (its own cancelled handler says so); nothing when idle. */
    void cancel() {
        Task<?> t = current;
        if (t != null && !finished(t.getState())) {
            t.cancel();
        }
    }
}
