package dev.tickbench.probe.cli;

import dev.tickbench.probe.common.UserError;
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

    /**
     * Refuses to write {@code out} when it is {@code input} under another name (a symlink, a hard link,
     * {@code ./x} for {@code x}), before any work is done. An output that does not exist yet is compared by
     * its directory's real path and its name. Not the last word: a name can be relinked meanwhile, which
     * is why the writers never open an existing output for writing (see {@link #isTheInput}).
     */
    static void refuseOverwritingInput(String outFlag, Path out, Path input) {
        try {
            Path in = input.toRealPath();
            boolean same = Files.exists(out)
                    ? Files.isSameFile(out, input)
                    : out.toAbsolutePath().getParent() != null
                            && Files.isDirectory(out.toAbsolutePath().getParent())
                            && out.toAbsolutePath()
                                    .getParent()
                                    .toRealPath()
                                    .resolve(out.getFileName())
                                    .equals(in);
            if (same) {
                throw isTheInput(outFlag, out, input);
            }
        } catch (IOException e) {
            // cannot resolve one of them: the read or the write fails next, with its own message
        }
    }

    /**
     * The refusal of an output that is the input. Said early by {@link #refuseOverwritingInput}, and again
     * if the output became the input while it was written: outputs are written to a new file and renamed
     * into place, and the target is compared with the opened input then (core's OutputFile).
     */
    static UserError isTheInput(String outFlag, Path out, Path input) {
        return new UserError(
                outFlag + " " + out + " is the input " + input + ": refusing to overwrite it; "
                        + "choose another output file",
                2);
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
