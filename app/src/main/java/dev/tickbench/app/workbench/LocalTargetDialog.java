package dev.tickbench.app.workbench;

import dev.tickbench.app.connect.CgroupTarget;
import dev.tickbench.core.session.SessionConfig.CgroupChoice;
import java.util.Optional;
import javafx.event.ActionEvent;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.TextInputDialog;
import javafx.stage.Window;

/**
 * Connect ▾ ▸ This machine, one cgroup…: this machine's session with a cgroup target, as an SSH host's
 * form gives one (docs/sessions.md, "A cgroup target"). A PID or a cgroup path; what is neither is said
 * under the field and the dialog stays open with what was typed.
 */
final class LocalTargetDialog {
    private LocalTargetDialog() {}

    /** The target typed, empty when cancelled. */
    static Optional<CgroupChoice> ask(Window owner) {
        TextInputDialog d = new TextInputDialog();
        d.initOwner(owner);
        d.setTitle("This machine, one cgroup");
        d.setHeaderText("A PID (its cgroup) or a cgroup path such as /system.slice/nginx.service:\n"
                + "its CPU usage and throttling get tracks of their own.");
        d.getEditor().setId("local-target");
        d.getEditor().setPromptText("PID or /cgroup/path");
        Label error = new Label();
        error.setId("local-target-error");
        error.getStyleClass().add("walk-error");
        error.setWrapText(true);
        d.getDialogPane().setContent(new javafx.scene.layout.VBox(6, d.getEditor(), error));
        CgroupChoice[] chosen = {null};
        Button ok = (Button) d.getDialogPane().lookupButton(ButtonType.OK);
        ok.addEventFilter(ActionEvent.ACTION, e -> {
            try {
                chosen[0] = CgroupTarget.parse(d.getEditor().getText());
                if (chosen[0] == null) {
                    error.setText("Target: type a PID or a cgroup path (Cancel for none)");
                    e.consume();
                }
            } catch (IllegalArgumentException bad) {
                error.setText(bad.getMessage());
                e.consume();
            }
        });
        return d.showAndWait().map(typed -> chosen[0]);
    }
}
