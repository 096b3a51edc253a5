package dev.tickbench.probe.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Turns the ways an input file can be unusable into one line that names it. */
final class InputFiles {
    private InputFiles() {}

    /** Fails early, before anything starts, when {@code file} is not a readable regular file. */
    static void requireReadable(String flag, Path file) {
        if (Files.isDirectory(file)) {
            throw new UserError(flag + " " + file + ": is a directory, expected a file");
        }
        if (!Files.exists(file)) {
            throw new UserError(flag + " " + file + ": no such file");
        }
        if (!Files.isReadable(file)) {
            throw new UserError(flag + " " + file + ": cannot be read (permission denied)");
        }
    }

    static UserError unreadable(String flag, Path file, IOException e) {
        if (e instanceof NoSuchFileException) {
            return new UserError(flag + " " + file + ": no such file");
        }
        if (e instanceof AccessDeniedException) {
            return new UserError(flag + " " + file + ": cannot be read (permission denied)");
        }
        return new UserError(flag + " " + file + ": cannot be read: " + e.getMessage());
    }
}
