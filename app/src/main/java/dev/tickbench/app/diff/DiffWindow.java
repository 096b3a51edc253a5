package dev.tickbench.app.diff;

import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;

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
            stage = new Stage();
            stage.setTitle("What changed? — Tickbench");
            if (owner != null) {
                stage.initOwner(owner);
            }
            Scene scene = new Scene(view, 1100, 820);
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
}
