package dev.tickbench.app.connect;

import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.StageStyle;
import javafx.stage.Window;

/** A small non-modal window while the probe jar goes to the host; closes itself when done. */
final class UploadProgressWindow {
    private final Window owner;
    private final String title;
    private Stage stage;
    private ProgressBar bar;
    private Label label;

    UploadProgressWindow(Window owner, String title) {
        this.owner = owner;
        this.title = title;
    }

    /** FX thread only. */
    void update(long sent, long total) {
        if (sent >= total) {
            if (stage != null) {
                stage.close();
                stage = null;
            }
            return;
        }
        if (stage == null) {
            bar = new ProgressBar(0);
            bar.setPrefWidth(320);
            label = new Label();
            VBox box = new VBox(8, new Label("Uploading the probe to " + title + " (~/.cache/tickbench)"), bar, label);
            box.setPadding(new Insets(12));
            stage = new Stage(StageStyle.UTILITY);
            if (owner != null) {
                stage.initOwner(owner);
            }
            stage.setTitle("Uploading probe");
            stage.setScene(new Scene(box));
            stage.show();
        }
        bar.setProgress(total == 0 ? -1 : (double) sent / total);
        label.setText(String.format("%.1f of %.1f MB", sent / 1e6, total / 1e6));
    }
}
