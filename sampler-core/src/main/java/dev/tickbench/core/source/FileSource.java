package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A source that is one kernel text file kept open: {@link #open()} opens it, checks once that
 * kept-open re-reads are fresh, and parses a first read; {@link #read()} re-reads it from offset 0
 * and parses into {@link #values()}.
 */
abstract class FileSource implements Source {
    private final String name;
    private final SourceKind kind;
    private final CadenceRule rule;
    protected final Path path;
    protected final TextScanner scanner = new TextScanner();
    protected final ValueTable values = new ValueTable();
    private KernelFile file;

    FileSource(String name, SourceKind kind, CadenceRule rule, Path path) {
        this.name = name;
        this.kind = kind;
        this.rule = rule;
        this.path = path;
    }

    /** Parses the file content held by {@code s} into {@code out} (delegates to the static parse). */
    abstract void parseContent(TextScanner s, ValueTable out) throws IOException;

    /** The reason given when the file does not exist (e.g. "no /proc/yaffs: no YAFFS file system mounted"). */
    String missingReason() {
        return "no " + path + " on this system";
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final SourceKind kind() {
        return kind;
    }

    @Override
    public CadenceRule cadenceRule() {
        return rule;
    }

    @Override
    public Presence open() {
        closeQuietly(); // re-opening starts afresh
        try {
            file = KernelFile.open(path);
            file.verifyFresh();
            read();
            if (values.size() == 0) {
                close();
                return Presence.absent(path + " holds no values");
            }
            return Presence.PRESENT;
        } catch (IOException | RuntimeException e) {
            closeQuietly();
            return Presence.absent(reason(path, e, missingReason()));
        }
    }

    @Override
    public void read() throws IOException {
        if (file == null) {
            throw new IOException(path + " is not open");
        }
        file.read();
        values.begin();
        parseContent(scanner.reset(file), values);
    }

    @Override
    public ValueTable values() {
        return values;
    }

    /** Whether kept-open re-reads were fresh at open (false: the file is reopened on every read). */
    public boolean keptOpen() {
        return file != null && !file.reopensEachRead();
    }

    @Override
    public void close() throws IOException {
        if (file != null) {
            file.close();
            file = null;
        }
    }

    private void closeQuietly() {
        try {
            close();
        } catch (IOException ignored) {
            // already failing; the absent reason says why
        }
    }

    /** One precise line saying why {@code path} could not be read. */
    static String reason(Path path, Exception e, String missing) {
        if (e instanceof NoSuchFileException) {
            return missing;
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied reading " + path + " (needs root)";
        }
        String m = e.getMessage();
        return "cannot read " + path + ": " + (m == null ? e.getClass().getSimpleName() : m);
    }
}
