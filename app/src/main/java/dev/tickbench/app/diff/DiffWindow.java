package dev.tickbench.app.diff;

import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;

/**
 * The What changed? window, one per workbench window, made when first asked for and kept: the ranges typed
 * stay, the ranking is let go when it closes (a ranking of a long capture holds every series' statistics).
 */
public final class DiffWindow {
    private final DiffViewModel vm;
    private Stage stage;
    private DiffView view;

    public DiffWindow(DiffViewModel vm) {
        this.vm = vm;
    }

    public DiffViewModel model() {
        return vm;
    }

    /** Shows the window (in front), in the workbench's colours. FX thread. */
    public DiffView show(Window owner) {
        if (stage == null) {
            view = new DiffView(vm);
            // a window of its own, not one the workbench owns: a window manager draws an owned one as a
            // transient without a title bar of its own on top of the charts, where it could not be moved away
            stage = new Stage();
            stage.setTitle("What changed? — Tickbench");
            Scene scene = new Scene(view, 1100, 820);
            if (owner != null) {
                place(stage, owner, scene.getWidth(), scene.getHeight());
                owner.addEventHandler(WindowEvent.WINDOW_HIDDEN, e -> stage.close()); // it goes with its workbench
            }
            if (owner != null && owner.getScene() != null) { // the workbench's sheets and theme (dark is a root class)
                scene.getStylesheets().setAll(owner.getScene().getStylesheets());
                if (owner.getScene().getRoot().getStyleClass().contains("dark")) {
                    view.getStyleClass().add("dark");
                }
            }
            stage.setScene(scene);
            stage.setOnHidden(e -> vm.forget());
        }
        vm.refreshEvents(); // the charts' marks may have grown since the window was last shown
        stage.show();
        stage.toFront();
        return view;
    }

    /**
     * Beside the workbench when the screen has room (right of it, else left of it), else over its right
     * part, below its tool bar: the charts' left part and the workbench's menus stay in view.
     */
    static void place(Stage stage, Window owner, double width, double height) {
        Rectangle2D screen =
                Screen.getScreensForRectangle(owner.getX(), owner.getY(), owner.getWidth(), owner.getHeight()).stream()
                        .findFirst()
                        .orElse(Screen.getPrimary())
                        .getVisualBounds();
        double x;
        if (owner.getX() + owner.getWidth() + width <= screen.getMaxX()) {
            x = owner.getX() + owner.getWidth();
        } else if (owner.getX() - width >= screen.getMinX()) {
            x = owner.getX() - width;
        } else {
            x = Math.max(screen.getMinX(), Math.min(screen.getMaxX(), owner.getX() + owner.getWidth()) - width);
        }
        stage.setX(x);
        stage.setY(Math.max(screen.getMinY(), Math.min(owner.getY() + 60, screen.getMaxY() - height)));
    }
}
