package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.RouterCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * What the real window's Record and Export CSV dialogs propose, read from the choosers as they would
 * open (the native dialog is not shown): the capture's own name, in the folder the dialogs use. Where
 * that folder is before any file was chosen (the recordings folder) is FileMemoryTest's; the names are
 * RecordingNameTest's.
 */
@ExtendWith(ApplicationExtension.class)
class FileDialogsTest {
    private WindowFixture w;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1200, 800);
    }

    @Test
    void exportCsvOffersTheCapturesOwnNameAndRecordItsHostAndTime() throws Exception {
        Path captures = Files.createDirectories(dir.resolve("captures"));
        Path file = RouterCapture.small(captures.resolve("edge-router-3-2026-12-06_043012.ndjson.gz"));
        fx(() -> {
            w.vm.files().chose(file); // as the Open dialog does: the dialogs open in its folder from now on
            return null;
        });
        w.replayed(fx(() -> w.view.openCapture(file)));

        FileDialogs dialogs = new FileDialogs(w.vm, w.view);
        FileChooser csv = fx(dialogs::csvChooser);
        assertEquals("edge-router-3-2026-12-06_043012.csv", fx(csv::getInitialFileName));
        assertEquals(captures.toFile(), fx(csv::getInitialDirectory));
        FileChooser record = fx(dialogs::recordChooser);
        String name = fx(record::getInitialFileName);
        assertTrue(name.matches("edge-router-3-\\d{4}-\\d{2}-\\d{2}_\\d{6}\\.ndjson\\.gz"), name);
        assertEquals(captures.toFile(), fx(record::getInitialDirectory));
    }
}
