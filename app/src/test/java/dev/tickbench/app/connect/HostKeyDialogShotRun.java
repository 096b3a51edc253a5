package dev.tickbench.app.connect;

import dev.tickbench.app.dirs.UserDirs;
import dev.tickbench.app.workbench.PngWriter;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.apache.sshd.common.config.keys.KeyUtils;

/**
 * The README's picture of the host-key question ({@code assets/screenshots/host-key-dialog.png}): a
 * 1600×1000 window on a real display (run under Xvfb), the question over it as a connection shows it,
 * the question's own scene written to {@code args[0]}, the whole display to {@code args[1]} if given.
 * Not a test: run by hand when the dialog changes, {@code java -cp <the app's test class path>
 * dev.tickbench.app.connect.HostKeyDialogShotRun OUT.png [SCREEN.png]}.
 */
public final class HostKeyDialogShotRun {
    private HostKeyDialogShotRun() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        CompletableFuture<Void> started = new CompletableFuture<>();
        Platform.startup(() -> started.complete(null));
        started.get(1, TimeUnit.MINUTES);
        CompletableFuture<Stage> owner = new CompletableFuture<>();
        Platform.runLater(() -> {
            Stage s = new Stage();
            s.setScene(new Scene(new StackPane(), 1600, 1000));
            s.setTitle("Tickbench");
            s.show();
            owner.complete(s);
        });
        Stage stage = owner.get(1, TimeUnit.MINUTES);
        String fp =
                HostKeyCheck.sha256(KeyUtils.generateKeyPair("ssh-ed25519", 256).getPublic());
        HostKeyPrompt prompt = new FxConnectPrompts(stage, "board-7")
                .askHostKey(new HostKeyQuestion(
                        "board-7:22",
                        "ssh-ed25519",
                        fp,
                        UserDirs.current().ssh().resolve("known_hosts"),
                        SshTimeouts.DEFAULT.hostKeyAnswer()));
        CompletableFuture<Void> saved = new CompletableFuture<>();
        Runnable shoot = new Runnable() {
            @Override
            public void run() {
                Window question = Window.getWindows().stream()
                        .filter(w -> w != stage && w.isShowing())
                        .findFirst()
                        .orElse(null);
                if (question == null) {
                    Platform.runLater(this); // not shown yet
                    return;
                }
                // one more pulse so that it is laid out and drawn at its size
                Platform.runLater(() -> {
                    try {
                        PngWriter.save(question.getScene().getRoot(), out);
                    } catch (Exception e) {
                        saved.completeExceptionally(e);
                        return;
                    }
                    if (args.length < 2) {
                        saved.complete(null);
                        return;
                    }
                    // the whole display as the user sees it, once the X server has the windows' pixels
                    javafx.animation.PauseTransition later =
                            new javafx.animation.PauseTransition(javafx.util.Duration.seconds(2));
                    later.setOnFinished(e -> {
                        try {
                            PngWriter.write(
                                    new javafx.scene.robot.Robot()
                                            .getScreenCapture(
                                                    null,
                                                    javafx.stage.Screen.getPrimary()
                                                            .getBounds()),
                                    Path.of(args[1]));
                            saved.complete(null);
                        } catch (Exception x) {
                            saved.completeExceptionally(x);
                        }
                    });
                    later.play();
                });
            }
        };
        Platform.runLater(shoot);
        saved.get(1, TimeUnit.MINUTES);
        prompt.answer(HostKeyDecision.REJECT);
        Platform.exit();
    }
}
