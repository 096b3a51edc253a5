package dev.tickbench.core.capture;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;

/**
 * An input file held open by its descriptor, so that what is read, however many times, and what is
 * compared with an output ({@link OutputFile}) is the file that was opened, whatever its name is made to
 * point to meanwhile (a loop relinking the output to the input made {@code csv} overwrite it). On Linux
 * the descriptor is libc's and its file is read again through {@code /proc/self/fd}; elsewhere (the
 * workbench on macOS) the name is used, which is as good as the platform allows.
 */
public final class InputFile implements Closeable {
    /** A file's identity: its device and inode, as {@code stat(2)} gives them. */
    public record Identity(Object dev, Object ino) {
        /** The identity of the file {@code p} names (a symbolic link followed). */
        static Identity of(Path p) throws IOException {
            return of(p, new LinkOption[0]);
        }

        /** The identity of {@code p} itself, a symbolic link not followed ({@code lstat(2)}). */
        static Identity ofName(Path p) throws IOException {
            return of(p, LinkOption.NOFOLLOW_LINKS);
        }

        private static Identity of(Path p, LinkOption... options) throws IOException {
            try {
                Map<String, Object> a = Files.readAttributes(p, "unix:dev,ino", options);
                return new Identity(a.get("dev"), a.get("ino"));
            } catch (UnsupportedOperationException | IllegalArgumentException e) {
                Object key = Files.readAttributes(p, java.nio.file.attribute.BasicFileAttributes.class, options)
                        .fileKey();
                return key == null ? null : new Identity(key, key);
            }
        }
    }

    private final Path file;
    private final Path readable;
    private final Identity identity;
    private final int fd;

    private InputFile(Path file, Path readable, Identity identity, int fd) {
        this.file = file;
        this.readable = readable;
        this.identity = identity;
        this.fd = fd;
    }

    /** Opens {@code file} for reading; the messages of a missing or unreadable file are Java's. */
    public static InputFile open(Path file) throws IOException {
        if (FileCalls.available() && Files.isDirectory(Path.of("/proc/self/fd"))) {
            int fd = FileCalls.open(FileCalls.name(file), FileCalls.O_RDONLY_CLOEXEC, 0);
            if (fd < 0) {
                int errno = FileCalls.errno();
                throw errno == FileCalls.ENOENT
                        ? new NoSuchFileException(file.toString())
                        : errno == FileCalls.EACCES
                                ? new AccessDeniedException(file.toString())
                                : new IOException(file + ": cannot be opened (errno " + errno + ")");
            }
            Path opened = Path.of("/proc/self/fd/" + fd);
            try {
                if (!Files.isRegularFile(opened)) {
                    throw new IOException(file + ": not a regular file");
                }
                return new InputFile(file, opened, Identity.of(opened), fd);
            } catch (IOException | RuntimeException e) {
                FileCalls.close(fd);
                throw e;
            }
        }
        try (InputStream probe = Files.newInputStream(file)) {
            return new InputFile(file, file, Identity.of(file), -1);
        }
    }

    /** The name it was opened by (for messages and to tell gzip by its name). */
    public Path path() {
        return file;
    }

    /** Device and inode of the opened file (null where the platform has neither). */
    public Identity identity() {
        return identity;
    }

    /** A new stream from the start of the opened file (a reader that reads it twice opens two). */
    public InputStream newStream() throws IOException {
        return Files.newInputStream(readable);
    }

    @Override
    public void close() {
        if (fd >= 0) {
            FileCalls.close(fd);
        }
    }
}
