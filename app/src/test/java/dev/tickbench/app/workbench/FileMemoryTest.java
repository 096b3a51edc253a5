package dev.tickbench.app.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the file dialogs open: the folder last chosen, else the recordings folder, never the start directory. */
class FileMemoryTest {
    @TempDir
    Path tmp;

    @Test
    void theFirstDialogOpensInTheRecordingsFolderMadeForIt() throws Exception {
        FileMemory m = new FileMemory();
        Path recordings = tmp.resolve("data/tickbench/recordings");
        m.persistIn(tmp.resolve("ui.properties"), recordings);
        assertEquals(recordings.toFile(), m.initialDirectory());
        assertTrue(Files.isDirectory(recordings));
    }

    @Test
    void afterAFileIsChosenDialogsOpenInItsFolderAgainInTheNextRun() throws Exception {
        Path prefs = tmp.resolve("ui.properties");
        Path chosen = Files.createDirectories(tmp.resolve("captures"));
        FileMemory m = new FileMemory();
        m.persistIn(prefs, tmp.resolve("recordings"));
        m.chose(chosen.resolve("board.ndjson.gz"));
        FileMemory next = new FileMemory();
        next.persistIn(prefs, tmp.resolve("recordings"));
        assertEquals(chosen.toFile(), next.initialDirectory());
        Files.delete(chosen);
        assertEquals(
                tmp.resolve("recordings").toFile(), next.initialDirectory(), "a folder since removed: the recordings");
    }

    @Test
    void aRecordingsFolderThatCannotBeMadeLeavesTheDialogItsOwnDefault() throws Exception {
        Path file = Files.writeString(tmp.resolve("not-a-dir"), "x");
        FileMemory m = new FileMemory();
        m.persistIn(tmp.resolve("ui.properties"), file.resolve("recordings"));
        assertNull(m.initialDirectory());
    }
}
