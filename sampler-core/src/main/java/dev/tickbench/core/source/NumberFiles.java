package dev.tickbench.core.source;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A set of kept-open one-number files (sysfs attributes), each under its own key: what a
 * {@link CatalogueSource} of one-number files reads every tick.
 */
final class NumberFiles {
    private final List<KernelFile> files = new ArrayList<>();
    private final List<String> keys = new ArrayList<>();

    /** Opens {@code p}, checks freshness and that it holds a number; throws (and keeps nothing) otherwise. */
    void add(String key, Path p) throws IOException {
        KernelFile f = KernelFile.open(p);
        try {
            f.verifyFresh();
            SysAttr.number(f);
        } catch (IOException | RuntimeException e) {
            closeQuietly(f);
            throw e;
        }
        files.add(f);
        keys.add(key);
    }

    boolean isEmpty() {
        return files.isEmpty();
    }

    /**
     * Reads every file, then puts all values, each as {@code source} carries it ({@link CatalogueSource#number});
     * a failed read leaves {@code out} untouched.
     */
    void read(ValueTable out, CatalogueSource source) throws IOException {
        for (int i = 0; i < files.size(); i++) { // indexed: an iterator would allocate on every tick
            KernelFile f = files.get(i);
            f.read();
            SysAttr.number(f);
        }
        out.begin();
        for (int i = 0; i < files.size(); i++) {
            out.put(keys.get(i), source.number(i, SysAttr.number(files.get(i))));
        }
    }

    /** The files' paths, in key order. */
    List<Path> paths() {
        List<Path> out = new ArrayList<>();
        files.forEach(f -> out.add(f.path()));
        return out;
    }

    void close() {
        for (KernelFile f : files) {
            closeQuietly(f);
        }
        files.clear();
        keys.clear();
    }

    static void closeQuietly(KernelFile f) {
        if (f != null) {
            try {
                f.close();
            } catch (IOException ignored) {
                // a read-only descriptor: nothing to recover
            }
        }
    }
}
