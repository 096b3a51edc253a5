package dev.tickbench.app.workbench;

import javafx.beans.property.StringProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * The rows under the main window's toolbar that speak to the user, each shown only while it has
 * something to say: the error and the confirmation (until dismissed or replaced), and what a long task
 * is doing, with Cancel.
 */
final class Banners {
    private Banners() {}

    /** The error or confirmation row, shown while its text is not empty, until dismissed or replaced. */
    static HBox message(String styleClass, StringProperty text, String id) {
        Label label = new Label();
        if (id != null) {
            label.setId(id);
        }
        label.textProperty().bind(text);
        label.setWrapText(true);
        Button dismiss = new Button("✕");
        dismiss.setOnAction(e -> text.set(""));
        HBox row = new HBox(8, label, dismiss);
        row.getStyleClass().add(styleClass);
        row.setAlignment(Pos.CENTER_LEFT);
        row.setPadding(new Insets(4, 8, 4, 8));
        HBox.setHgrow(label, Priority.ALWAYS);
        row.visibleProperty().bind(text.isNotEmpty());
        row.managedProperty().bind(row.visibleProperty());
        return row;
    }

    /** What a long task (open, export) is doing, with Cancel; shown while one runs. */
    static HBox progress(MainViewModel vm) {
        ProgressBar progress = new ProgressBar(0);
        Label text = new Label();
        Button cancel = new Button("Cancel");
        progress.setPrefWidth(300);
        HBox row = new HBox(8, text, progress, cancel);
        row.setAlignment(Pos.CENTER_LEFT);
        row.setPadding(new Insets(4, 8, 4, 8));
        progress.progressProperty().bind(vm.taskProgressProperty());
        text.textProperty().bind(vm.taskMessageProperty());
        row.visibleProperty().bind(vm.taskBusyProperty());
        row.managedProperty().bind(row.visibleProperty());
        cancel.setOnAction(e -> vm.cancelTask());
        return row;
    }
}
