package dev.tickbench.core.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.ChangeCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad captures: a clear error naming the file, or for a corrupt line the ranking of the lines before it. */
class CaptureDiffInputTest {
    @TempDir
    Path dir;

    @Test
    void aTruncatedCaptureIsComparedUpToItsBadLineAndSaysWhere() throws Exception {
        Path whole = ChangeCapture.write(dir.resolve("whole.ndjson"));
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = dir.resolve("cut.ndjson");
        int at = bytes.length * 3 / 4;
        byte[] truncated = Arrays.copyOf(bytes, at + 7);
        truncated[at] = '{';
        Files.write(cut, truncated); // the last line is half a line
        DiffResult r = CaptureDiff.compare(
                new CaptureDiff.Side(cut, KnownChangesTest.A), new CaptureDiff.Side(cut, KnownChangesTest.B));
        Long line = r.b().stoppedAtLine();
        assertTrue(line != null && line > 9000 && line < 12_002, "stopped at " + line);
        assertEquals(line - 2 - 6000, r.b().samples(), "B has every sample before the bad line");
        String w = r.b().warnings().get(0);
        assertTrue(w.startsWith(cut + " line " + line + ": "), w);
        assertTrue(w.endsWith("; compared the lines before it"), w);
        assertEquals("slabinfo.kmalloc-64", r.rows().get(0).name(), "still ranked");
    }

    @Test
    void aFileThatIsNotACaptureIsNamed() throws Exception {
        Path notes = dir.resolve("notes.ndjson");
        Files.writeString(notes, "{\"type\":\"sample\",\"seq\":1}\n");
        IOException e = assertThrows(IOException.class, () -> compareWhole(notes));
        assertEquals(
                notes
                        + ": line 1 is not a hello line; a Tickbench capture starts with one (record it with tickbench-probe record)",
                e.getMessage());
        Path empty = dir.resolve("empty.ndjson");
        Files.writeString(empty, "");
        assertTrue(assertThrows(IOException.class, () -> compareWhole(empty))
                .getMessage()
                .startsWith(empty + ": empty file"));
        Path garbage = dir.resolve("garbage.ndjson");
        Files.writeString(garbage, "not json\n");
        String m = assertThrows(IOException.class, () -> compareWhole(garbage)).getMessage();
        assertTrue(m.startsWith(garbage + " line 1: "), m);
        Path missing = dir.resolve("missing.ndjson");
        assertEquals(
                missing + ": no such file",
                assertThrows(IOException.class, () -> compareWhole(missing)).getMessage());
    }

    private static DiffResult compareWhole(Path f) throws IOException {
        return CaptureDiff.compare(
                new CaptureDiff.Side(f, DiffRange.whole()), new CaptureDiff.Side(f, DiffRange.whole()));
    }
}
