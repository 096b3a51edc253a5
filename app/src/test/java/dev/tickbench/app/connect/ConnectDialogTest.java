package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.Waits;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Connect dialog as it opens: an empty form says nothing in red until the user leaves a field or
 * presses Connect, which then says what is missing and keeps the dialog open.
 */
@ExtendWith(ApplicationExtension.class)
class ConnectDialogTest {
    private static final String NO_HOST = "Host: enter a host name, address or ~/.ssh/config alias";

    @TempDir
    Path tmp;

    private Stage stage;
    private ConnectViewModel vm;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new StackPane(), 400, 300));
        stage.show();
    }

    @BeforeEach
    void open(FxRobot robot) throws Exception {
        vm = new ConnectViewModel(new RecentConnections(tmp.resolve("recent.json")), tmp.resolve("ssh"), () -> null);
        Platform.runLater(() -> ConnectDialog.show(stage, null, vm, null));
        try {
            WaitForAsyncUtils.waitFor(
                    Waits.DEADLINE.toSeconds(),
                    TimeUnit.SECONDS,
                    () -> robot.lookup("#form-error").tryQuery().isPresent());
        } catch (TimeoutException e) {
            throw new AssertionError("the Connect dialog did not appear", e);
        }
    }

    private static String said(FxRobot robot) throws Exception {
        Label error = robot.lookup("#form-error").queryAs(Label.class);
        return fx(() -> error.getText() == null ? "" : error.getText());
    }

    private static Button connect(FxRobot robot) {
        return robot.lookup((Node n) -> n instanceof Button b && "Connect".equals(b.getText()))
                .queryAs(Button.class);
    }

    @Test
    void anEmptyFormSaysNothingUntilTheHostFieldIsLeft(FxRobot robot) throws Exception {
        assertEquals("", said(robot), "nothing typed yet");
        assertFalse(fx(connect(robot)::isDisabled), "Connect says what is missing when pressed");

        robot.clickOn("#host").clickOn("#port"); // into Host and out of it, nothing typed
        assertEquals(NO_HOST, said(robot));
        assertTrue(fx(connect(robot)::isDisabled));

        robot.clickOn("#host").write("board-7");
        assertEquals("", said(robot));
        assertFalse(fx(connect(robot)::isDisabled));
        robot.clickOn("Cancel");
    }

    @Test
    void connectOnAnEmptyFormSaysWhatIsMissingAndStaysOpen(FxRobot robot) throws Exception {
        robot.clickOn(connect(robot));
        assertEquals(NO_HOST, said(robot));
        assertTrue(robot.lookup("#host").tryQuery().isPresent(), "the dialog is still open");
        robot.clickOn("Cancel");
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }
}
