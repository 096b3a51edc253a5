package dev.tickbench.app.view;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.scene.Node;

/**
 * A view's updates, run only while the view can be seen ({@link TreeShowing}: its window is up and no
 * ancestor is hidden, as a tab that is not selected is). An update asked for while it cannot be seen
 * waits and runs once when the view shows again, before that frame is drawn: the view shows what is
 * true now at once.
 *
 * <p>Why not just draw hidden nodes: JavaFX's renderer repaints the WHOLE window in a pulse whose
 * changes all lie where nothing can be seen. It finds no dirty region to paint, and no region means
 * "everything" to it (docs/measurements.md, 2026-12-04: the hidden Live tab's overview strip, redrawn
 * on every follow step, cost two whole-window repaints a second on the Compare tab). FX thread.
 */
public final class WhenShown {
    private final TreeShowing showing;
    /** The updates waiting, each once (callers pass the same Runnable for the same update), in order. */
    private final Set<Runnable> waiting = new LinkedHashSet<>();

    public WhenShown(Node view) {
        showing = new TreeShowing(view);
        showing.showingProperty().addListener((o, was, on) -> {
            if (on) {
                List<Runnable> now = new ArrayList<>(waiting);
                waiting.clear();
                now.forEach(Runnable::run);
            }
        });
    }

    /** Runs {@code update} now if the view shows, else once when it shows again (asked twice: still once). */
    public void run(Runnable update) {
        if (showing.isShowing()) {
            update.run();
        } else {
            waiting.add(update);
        }
    }

    public boolean isShowing() {
        return showing.isShowing();
    }

    public ReadOnlyBooleanProperty showingProperty() {
        return showing.showingProperty();
    }
}
