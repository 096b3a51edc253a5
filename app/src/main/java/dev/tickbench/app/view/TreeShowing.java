package dev.tickbench.app.view;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.InvalidationListener;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.stage.Window;

/**
 * Whether a node can be seen at all: in a scene of a showing window and visible together with every
 * ancestor (a tab that is not selected hides its content with {@code visible = false}). Follows the
 * ancestor chain as it changes, with listeners only, no polling.
 */
public final class TreeShowing {
    private final Node node;
    private final ReadOnlyBooleanWrapper showing = new ReadOnlyBooleanWrapper(false);
    private final List<Node> watched = new ArrayList<>();
    private Scene scene;
    private Window window;
    private final InvalidationListener onChange = o -> rebuild();

    public TreeShowing(Node node) {
        this.node = node;
        node.sceneProperty().addListener(onChange);
        rebuild();
    }

    public ReadOnlyBooleanProperty showingProperty() {
        return showing.getReadOnlyProperty();
    }

    public boolean isShowing() {
        return showing.get();
    }

    private void rebuild() {
        for (Node n : watched) {
            n.visibleProperty().removeListener(onChange);
            n.parentProperty().removeListener(onChange);
        }
        watched.clear();
        boolean visible = true;
        for (Node n = node; n != null; n = n.getParent()) {
            watched.add(n);
            n.visibleProperty().addListener(onChange);
            n.parentProperty().addListener(onChange);
            visible &= n.isVisible();
        }
        Scene sc = node.getScene();
        if (sc != scene) {
            if (scene != null) {
                scene.windowProperty().removeListener(onChange);
            }
            scene = sc;
            if (sc != null) {
                sc.windowProperty().addListener(onChange);
            }
        }
        Window w = sc == null ? null : sc.getWindow();
        if (w != window) {
            if (window != null) {
                window.showingProperty().removeListener(onChange);
            }
            window = w;
            if (w != null) {
                w.showingProperty().addListener(onChange);
            }
        }
        showing.set(visible && w != null && w.isShowing());
    }
}
