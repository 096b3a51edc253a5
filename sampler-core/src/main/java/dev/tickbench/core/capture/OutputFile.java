package dev.tickbench.core.capture;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A file written so that nothing else is ever destroyed: the bytes go to a new temporary file in the
 * target's directory, and only once complete is it renamed into place ({@link #commit}).
 *
 * <p>The temporary file is created exclusively ({@code O_CREAT|O_EXCL}: a name that exists, or is a
 * symbolic link, fails) and written through the descriptor that created it, never opened again by its
 * name: someone who can write the directory and replaces the name meanwhile with a link to the input
 * (an inotify watcher does so as soon as the name appears) gets nothing written through it. Right
 * before the rename the temporary name must still be the file created (else the commit fails and
 * nothing is put in place), and the target, as it is then, is compared with the inputs by device and
 * inode (on their opened descriptors, {@link InputFile}): an output that is an input under another name
 * is refused. The rename replaces the target's name, never a file it pointed to, and is atomic.
 * Without replace, the temporary file is linked to the target, which fails if anything is there, and
 * what was linked is checked again after it. A file never committed is removed on close, if its name is
 * still it. Nothing is ever written through a name, so whatever is swapped, no other file is written.
 *
 * <p>On Linux the file is created with libc's {@code open(2)} and known by its descriptor (as
 * {@link InputFile}); elsewhere (the workbench on macOS) Java creates it as exclusively, and its identity
 * is read by its name right after, which is as good as the platform allows.
 */
public final class OutputFile implements Closeable {
    /** The output is one of the inputs (under any name): refused, nothing written to it. */
    public static final class IsInputException extends IOException {
        IsInputException(Path out, Path in) {
            super(out + " is the input " + in);
        }
    }

    /** The temporary file's name stopped naming the file written (it was replaced): nothing put in place. */
    public static final class ReplacedException extends IOException {
        ReplacedException(Path temp, Path target) {
            super(temp + " was replaced by another file while " + target + " was written; not put in place");
        }
    }

    private final Path target;
    private final Path temp;
    private final FileChannel channel;
    private final InputFile.Identity identity;
    private boolean committed;

    private OutputFile(Path target, Path temp, FileChannel channel, InputFile.Identity identity) {
        this.target = target;
        this.temp = temp;
        this.channel = channel;
        this.identity = identity;
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
            Path temp = dir.resolve(
                    "." + target.getFileName() + "." + Long.toHexString(RANDOM.nextLong() >>> 16) + ".part");
            try {
                return FileCalls.available() && Files.isDirectory(PROC_FD)
                        ? createByDescriptor(target, temp)
                        : createByName(target, temp);
            } catch (FileAlreadyExistsException taken) {
                if (attempt == 100) {
                    throw taken;
                }
            }
        }
    }

    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();
    private static final Path PROC_FD = Path.of("/proc/self/fd");

    /** libc's exclusive create; written through {@code /proc/self/fd/N}, the descriptor's own file. */
    private static OutputFile createByDescriptor(Path target, Path temp) throws IOException {
        int fd = FileCalls.open(FileCalls.name(temp), FileCalls.O_CREATE_NEW_CLOEXEC, 0666); // the umask's modes
        if (fd < 0) {
            int errno = FileCalls.errno();
            throw errno == FileCalls.EEXIST
                    ? new FileAlreadyExistsException(temp.toString())
                    : new IOException(temp + ": cannot be created (errno " + errno + ")");
        }
        try {
            Path opened = PROC_FD.resolve(Integer.toString(fd));
            return new OutputFile(
                    target, temp, FileChannel.open(opened, StandardOpenOption.WRITE), InputFile.Identity.of(opened));
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        } finally {
            FileCalls.close(fd); // the channel holds the file open
        }
    }

    private static OutputFile createByName(Path target, Path temp) throws IOException {
        FileChannel channel = FileChannel.open(
                temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        try {
            return new OutputFile(target, temp, channel, InputFile.Identity.ofName(temp));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Writes {@code bytes} as the whole of {@code target}, replacing what is there, by way of a temporary file. */
    public static void replace(Path target, byte[] bytes) throws IOException {
        try (OutputFile f = create(target)) {
            try (OutputStream out = f.stream()) {
                out.write(bytes);
            }
            f.commit(true);
        }
    }

    /** The stream to write, onto the file created (closing it does not commit). */
    public OutputStream stream() {
        return Channels.newOutputStream(channel);
    }

    public Path target() {
        return target;
    }

    /**
     * Puts the file in place. Refuses ({@link IsInputException}) when the target is, now, one of
     * {@code inputs}; without {@code replace}, fails with {@link FileAlreadyExistsException} when the
     * target exists; fails with {@link ReplacedException} when the temporary name no longer names the file
     * written.
     */
    public void commit(boolean replace, InputFile... inputs) throws IOException {
        channel.close();
        if (!isStillTemp()) {
            throw new ReplacedException(temp, target);
        }
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
        if (!replace && !identity.equals(identityOf(target))) {
            // the temporary name was replaced between the check and the link: the link made where nothing
            // was is not the file written (nothing was written through it), and is taken back. After a
            // rename no such check is made: the target's name can be changed by anyone who can write the
            // directory as soon as the rename is done (a loop relinking it does), so a different file there
            // says nothing of the rename, and nothing is written after it.
            Files.deleteIfExists(target);
            throw new ReplacedException(temp, target);
        }
    }

    /** Whether the temporary name still names the file created (not a link, not another file). */
    private boolean isStillTemp() throws IOException {
        return identity != null && identity.equals(identityOf(temp));
    }

    private static InputFile.Identity identityOf(Path name) throws IOException {
        try {
            return InputFile.Identity.ofName(name);
        } catch (NoSuchFileException gone) {
            return null;
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
        if (!committed && isStillTemp()) {
            Files.deleteIfExists(temp); // only ours: a file put at its name by someone else is theirs
        }
    }
}
