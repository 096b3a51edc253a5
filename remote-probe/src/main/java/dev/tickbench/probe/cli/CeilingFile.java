package dev.tickbench.probe.cli;

import dev.tickbench.core.throttle.Throttle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.function.Consumer;

/**
 * {@code throttle run --ceiling-file FILE}: the live ceiling, re-read once a second (docs/throttle.md,
 * "throttle run"). The file holds one whole number from 0 to {@link ThrottleOptions#MAX_CEILING}
 * (whitespace around it ignored); 0 pauses. A file that is missing, unreadable or holds anything else
 * keeps the ceiling in force, and the runner says so once on stderr (again only after the file was
 * good in between): a half-written file never stops the runner.
 */
final class CeilingFile {
    private final Path file;
    private final Consumer<String> notes;
    private String lastProblem;

    CeilingFile(Path file, Consumer<String> notes) {
        this.file = file;
        this.notes = notes;
    }

    Path path() {
        return file;
    }

    /** The ceiling the file names now, or empty when it names none (kept as it is). */
    OptionalInt read() {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (NoSuchFileException e) {
            return problem("no such file");
        } catch (IOException e) {
            return problem("cannot be read (" + e.getMessage() + ")");
        }
        int n;
        try {
            n = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return problem("does not hold one whole number");
        }
        if (n < Throttle.MIN_CEILING || n > ThrottleOptions.MAX_CEILING) {
            return problem(n + " is not a ceiling from " + Throttle.MIN_CEILING + " to " + ThrottleOptions.MAX_CEILING);
        }
        lastProblem = null;
        return OptionalInt.of(n);
    }

    private OptionalInt problem(String what) {
        if (!what.equals(lastProblem)) {
            notes.accept("--ceiling-file " + file + ": " + what + "; the ceiling stays as it is");
            lastProblem = what;
        }
        return OptionalInt.empty();
    }
}
