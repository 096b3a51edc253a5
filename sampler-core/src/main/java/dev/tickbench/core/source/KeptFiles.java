package dev.tickbench.core.source;

import dev.tickbench.core.catalogue.FileSet;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The kept-open files of one {@link CatalogueSource}, each under its key, re-read from offset 0 on every
 * read: one-number files ({@link NumberFiles}), or text files its parse reads, whose keys go under the
 * file's key ({@code io} + {@code some_total} is {@code io.some_total}). The full keys are built once
 * per parsed key instance, so a steady read allocates nothing.
 */
final class KeptFiles {
    private final FileSet.Content content;
    private final CatalogueSource source;
    private final NumberFiles numbers = new NumberFiles();
    private final TextScanner scanner = new TextScanner();
    private final List<KernelFile> texts = new ArrayList<>();
    private final List<String> keys = new ArrayList<>();
    /** Per text file with a key: its parse's own keys of the last read, and the full keys made from them. */
    private final List<ValueTable> parsed = new ArrayList<>();

    private final List<String[]> parsedKeys = new ArrayList<>();
    private final List<String[]> fullKeys = new ArrayList<>();

    KeptFiles(FileSet.Content content, CatalogueSource source) {
        this.content = content;
        this.source = source;
    }

    /** Opens {@code p} under {@code key}, checks that kept-open reads are fresh and that it holds values; throws otherwise. */
    void add(String key, Path p) throws IOException {
        if (content == FileSet.Content.NUMBER) {
            numbers.add(key, p);
            return;
        }
        KernelFile f = KernelFile.open(p);
        try {
            f.verifyFresh();
            ValueTable t = new ValueTable();
            t.begin();
            source.parseFile(key, scanner.reset(f), t);
            if (t.size() == 0) {
                throw new IOException(p + " holds no values");
            }
            texts.add(f);
            keys.add(key);
            parsed.add(key.isEmpty() ? null : t);
            parsedKeys.add(new String[0]);
            fullKeys.add(new String[0]);
        } catch (IOException | RuntimeException e) {
            NumberFiles.closeQuietly(f);
            throw e;
        }
    }

    boolean isEmpty() {
        return numbers.isEmpty() && texts.isEmpty();
    }

    /** Reads every file into {@code out}; a failed read throws (one-number files: {@code out} untouched). */
    void read(ValueTable out) throws IOException {
        if (content == FileSet.Content.NUMBER) {
            numbers.read(out, source);
            return;
        }
        if (texts.size() == 1 && parsed.get(0) == null) { // one file, its keys standing alone: parsed in place
            KernelFile f = texts.get(0);
            f.read();
            out.begin();
            source.parseFile("", scanner.reset(f), out);
            return;
        }
        for (int i = 0; i < texts.size(); i++) { // indexed: an iterator would allocate on every tick
            KernelFile f = texts.get(i);
            f.read();
            ValueTable t = parsed.get(i);
            t.begin();
            source.parseFile(keys.get(i), scanner.reset(f), t);
        }
        out.begin();
        for (int i = 0; i < texts.size(); i++) {
            underKey(i, out);
        }
    }

    /** File {@code i}'s values under its key, the full key made once per parsed key instance. */
    private void underKey(int i, ValueTable out) {
        ValueTable t = parsed.get(i);
        String[] pk = parsedKeys.get(i);
        String[] fk = fullKeys.get(i);
        if (pk.length < t.size()) {
            pk = Arrays.copyOf(pk, t.size());
            fk = Arrays.copyOf(fk, t.size());
            parsedKeys.set(i, pk);
            fullKeys.set(i, fk);
        }
        for (int j = 0; j < t.size(); j++) {
            if (pk[j] != t.key(j)) { // the table reuses its key instances while its lines stay the same
                pk[j] = t.key(j);
                fk[j] = keys.get(i) + "." + t.key(j);
            }
            out.put(fk[j], t.value(j));
        }
    }

    /** Where the files are, for a message: the one file, or how many. */
    String describe() {
        List<Path> all = new ArrayList<>(numbers.paths());
        texts.forEach(f -> all.add(f.path()));
        return all.size() == 1 ? all.get(0).toString() : all.size() + " files from " + all.get(0);
    }

    void close() {
        numbers.close();
        for (KernelFile f : texts) {
            NumberFiles.closeQuietly(f);
        }
        texts.clear();
        keys.clear();
        parsed.clear();
        parsedKeys.clear();
        fullKeys.clear();
    }
}
