package dev.tickbench.core.capture;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A file written so that nothing else is ever destroyed: the bytes go to a new temporary file in the
 * target's directory (created by this process, never opened through a name someone else can point
 * elsewhere), and only once complete is it renamed into place ({@link #commit}). Right before the rename
 * the target, as it is then, is compared with the inputs by device and inode (on their opened
 * descriptors, {@link InputFile}): an output that is an input under another name is refused. The rename
 * replaces the target's name, never the file it pointed to, so no relinking of the target can make it
 * overwrite an input. Without replace, the temporary file is linked to the target, which fails if
 * anything is there. A file never committed is removed on close.
 */
public final class OutputFile implements Closeable {
    /** The output is one of the inputs (under any name): refused, nothing written to it. */
    public static final class IsInputException extends IOException {
        IsInputException(Path out, Path in) {
            super(out + " is the input " + in);
        }
    }

    private final Path target;
    private final Path temp;
    private boolean committed;

    private OutputFile(Path target, Path temp) {
        this.target = target;
        this.temp = temp;
    }

    /**
     * Creates the temporary file beside {@code target}.
     *
     * @throws NoSuchFileException the target's directory does not exist
     */
    public static OutputFile create(Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new NoSuchFileException(String.valueOf(dir), null, "the directory does not exist");
        }
        for (int attempt = 0; ; attempt++) {
            Path temp = dir.resolve("." + target.getFileName() + "." + Long.toHexString(RANDOM.nextLong() >>> 16) + ".part");
            try {
                return new OutputFile(target, Files.createFile(temp)); // O_EXCL, the umask's modes, as any new file
            } catch (FileAlreadyExistsException taken) {
                if (attempt == 100) {
                    throw taken;
                }
            }
        }
    }

    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    /** Writes {@code bytes} as the whole of {@code target}, replacing what is there, by way of a temporary file. */
    public static void replace(Path target, byte[] bytes) throws IOException {
        try (OutputFile f = create(target)) {
            try (OutputStream out = f.stream()) {
                out.write(bytes);
            }
            f.commit(true);
        }
    }

    /** The stream to write (closing it does not commit). */
    public OutputStream stream() throws IOException {
        return Files.newOutputStream(temp);
    }

    public Path target() {
        return target;
    }

    /**
     * Puts the file in place. Refuses ({@link IsInputException}) when the target is, now, one of
     * {@code inputs}; without {@code replace}, fails with {@link FileAlreadyExistsException} when the
     * target exists.
     */
    public void commit(boolean replace, InputFile... inputs) throws IOException {
        InputFile.Identity now;
        try {
            now = InputFile.Identity.of(target);
        } catch (NoSuchFileException nothingThere) {
            now = null; // (a dangling link is nothing either: the rename replaces the link)
        }
        for (InputFile in : inputs) {
            if (now != null && now.equals(in.identity())) {
                throw new IsInputException(target, in.path());
            }
        }
        if (replace) {
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } else {
            try {
                Files.createLink(target, temp); // link(2) fails if the name exists: nothing is replaced
                Files.delete(temp);
            } catch (UnsupportedOperationException | java.nio.file.FileSystemException e) {
                if (e instanceof FileAlreadyExistsException exists) {
                    throw exists;
                }
                if (Files.exists(target)) { // a file system without hard links: check, then rename
                    throw new FileAlreadyExistsException(target.toString());
                }
                Files.move(temp, target);
            }
        }
        committed = true;
    }

    @Override
    public void close() throws IOException {
        if (!committed) {
            Files.deleteIfExists(temp);
        }
    }
}
