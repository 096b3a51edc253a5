package dev.tickbench.app.diff;

import dev.tickbench.core.text.InertText;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.StringProperty;
import javafx.concurrent.Task;

/**
 * The What changed? window's background work (a ranking, another file's events): run off the FX thread,
 * the window busy while any task runs and the status saying what the newest one does. A ranking and a
 * file's events can overlap, so busy counts them rather than following one task. FX thread only.
 */
final class DiffTasks {
    private final Executor work;
    private final StringProperty status;
    private final BooleanProperty busy = new SimpleBooleanProperty(false);
    private int running;

    /** {@code status} shows each task's message while it runs and is free again when it ends. */
    DiffTasks(Executor work, StringProperty status) {
        this.work = work;
        this.status = status;
    }

    BooleanProperty busyProperty() {
        return busy;
    }

    /** Runs {@code task} on the background executor, busy (and its message the status) until it ends. */
    <T> void run(Task<T> task, Consumer<T> done, Consumer<Throwable> failed) {
        running++;
        busy.set(true);
        status.bind(task.messageProperty());
        task.setOnSucceeded(e -> {
            finished();
            done.accept(task.getValue());
        });
        task.setOnFailed(e -> {
            finished();
            failed.accept(task.getException());
        });
        task.setOnCancelled(e -> finished());
        work.execute(task);
    }

    private void finished() {
        status.unbind();
        running--;
        busy.set(running > 0);
    }

    /** A failure's words (the core's name the file), escaped: a file name is text from outside. */
    static String message(Throwable t) {
        return InertText.line(t.getMessage() != null ? t.getMessage() : t.toString());
    }
}
