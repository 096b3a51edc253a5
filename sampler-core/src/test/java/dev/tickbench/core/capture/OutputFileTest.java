package dev.tickbench.core.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Outputs that never destroy a file, and inputs that stay the file that was opened. */
class OutputFileTest {
    @TempDir
    Path dir;

    private static void write(OutputFile f, String text) throws IOException {
        try (OutputStream o = f.stream()) {
            o.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    private long partFiles() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".part")).count();
        }
    }

    @Test
    void theTargetAppearsWholeOrNotAtAll() throws IOException {
        Path target = dir.resolve("out.csv");
        Files.writeString(target, "old");
        try (OutputFile f = OutputFile.create(target)) {
            write(f, "new");
            assertEquals("old", Files.readString(target), "nothing changes until the commit");
        } // not committed: gone
        assertEquals("old", Files.readString(target));
        assertEquals(0, partFiles());
        try (OutputFile f = OutputFile.create(target)) {
            write(f, "new");
            f.commit(true);
        }
        assertEquals("new", Files.readString(target));
        assertEquals(0, partFiles());
    }

    @Test
    void withoutReplaceAnExistingTargetIsKept() throws IOException {
        Path target = dir.resolve("out.ndjson");
        try (OutputFile f = OutputFile.create(target)) {
            write(f, "mine");
            Files.writeString(target, "theirs"); // appeared meanwhile
            assertThrows(FileAlreadyExistsException.class, () -> f.commit(false));
        }
        assertEquals("theirs", Files.readString(target));
        assertEquals(0, partFiles());
    }

    @Test
    void aTargetThatIsTheInputUnderAnotherNameIsRefusedAndTheInputKept() throws IOException {
        Path in = dir.resolve("in.ndjson");
        Files.writeString(in, "capture");
        Path hard = dir.resolve("hard.csv");
        Path soft = dir.resolve("soft.csv");
        try (InputFile input = InputFile.open(in)) {
            for (Path target : new Path[] {in, hard, soft}) {
                try (OutputFile f = OutputFile.create(target)) {
                    write(f, "csv");
                    if (target == hard) {
                        Files.createLink(hard, in);
                    } else if (target == soft) {
                        Files.createSymbolicLink(soft, in);
                    }
                    OutputFile.IsInputException e =
                            assertThrows(OutputFile.IsInputException.class, () -> f.commit(true, input));
                    assertEquals(target + " is the input " + in, e.getMessage());
                }
                assertEquals("capture", Files.readString(in));
            }
        }
    }

    @Test
    void anInputIsTheFileThatWasOpenedWhateverItsNameBecomes() throws IOException {
        Path in = dir.resolve("in.ndjson");
        Files.writeString(in, "first");
        try (InputFile input = InputFile.open(in)) {
            InputFile.Identity id = input.identity();
            Files.move(in, dir.resolve("elsewhere"));
            Files.writeString(in, "second"); // another file under the name now
            try (InputStream s = input.newStream()) {
                assertEquals("first", new String(s.readAllBytes(), StandardCharsets.UTF_8));
            }
            assertEquals(id, input.identity());
            assertFalse(id.equals(InputFile.Identity.of(in)));
            try (OutputFile f = OutputFile.create(in)) {
                write(f, "out");
                f.commit(true, input); // the name is not the opened input any more: replacing it destroys nothing read
            }
            assertEquals("first", Files.readString(dir.resolve("elsewhere")));
        }
    }

    /**
     * The temporary file's name replaced by a symbolic link to the input (someone who can write the
     * directory): the file was opened again by its name to be written, so the input was overwritten.
     * Now nothing is written through the name, the commit refuses, and the input and the link stay.
     */
    @Test
    void aTemporaryNameReplacedByALinkToTheInputWritesNothingThroughIt() throws IOException {
        Path in = dir.resolve("in.ndjson");
        Files.writeString(in, "capture");
        Path target = dir.resolve("out.csv");
        try (InputFile input = InputFile.open(in);
                OutputFile f = OutputFile.create(target)) {
            Path temp = onlyPartFile();
            Files.delete(temp);
            Files.createSymbolicLink(temp, in);
            write(f, "csv");
            assertEquals("capture", Files.readString(in), "written through the name");
            OutputFile.ReplacedException e =
                    assertThrows(OutputFile.ReplacedException.class, () -> f.commit(true, input));
            assertEquals(
                    temp + " was replaced by another file while " + target + " was written; not put in place",
                    e.getMessage());
        }
        assertEquals("capture", Files.readString(in));
        assertFalse(Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS));
        assertEquals(1, partFiles(), "the link is not ours to remove");
        assertTrue(Files.isSymbolicLink(onlyPartFile()));
    }

    /** Another file put at the temporary name: never removed as ours, never renamed into place. */
    @Test
    void aTemporaryNameTakenByAnotherFileIsNeitherRemovedNorPutInPlace() throws IOException {
        Path target = dir.resolve("out.ndjson");
        try (OutputFile f = OutputFile.create(target)) {
            Path temp = onlyPartFile();
            Files.delete(temp);
            Files.writeString(temp, "theirs");
            write(f, "mine");
            assertThrows(OutputFile.ReplacedException.class, () -> f.commit(false));
        }
        assertFalse(Files.exists(target));
        assertEquals("theirs", Files.readString(onlyPartFile()));
    }

    private Path onlyPartFile() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> parts =
                    s.filter(p -> p.getFileName().toString().endsWith(".part")).toList();
            assertEquals(1, parts.size(), parts.toString());
            return parts.get(0);
        }
    }

    @Test
    void aMissingOrUnreadableInputSaysSo() {
        assertThrows(java.nio.file.NoSuchFileException.class, () -> InputFile.open(dir.resolve("nope")));
        IOException e = assertThrows(IOException.class, () -> InputFile.open(dir));
        assertTrue(
                e.getMessage().contains("not a regular file") || e.getMessage().contains("directory"), e.getMessage());
    }
}
