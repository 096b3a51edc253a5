package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;
import dev.tickbench.core.catalogue.AttributeEntry;
import dev.tickbench.core.catalogue.FileSet;
import dev.tickbench.core.catalogue.NaturalOrder;
import dev.tickbench.core.catalogue.ReadRule;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SourceEntry;
import dev.tickbench.core.catalogue.ValueKind;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The generic reader of a catalogue file set (docs/catalogue.md, "File sets"): every file its path
 * pattern matches under the proc or sys root, each a kept-open one-number file under the key the
 * catalogue forms from the path. Counters are read every tick (reason rate), levels every tick and
 * stored when one moves (reason change), docs/cadence.md. Files are found once, at open: one that
 * appears later is read from the next session on. Its attribute files (a cooling device's type) are
 * read once, at open, into its capabilities attributes.
 */
public final class FileSetSource implements Source {
    private final SourceEntry entry;
    private final SeriesCatalogue catalogue;
    private final Path root;
    private final Path sysRoot;
    private final Path procRoot;
    private final ValueTable values = new ValueTable();
    private final NumberFiles files = new NumberFiles();
    private Map<String, Object> attributes = Map.of();

    public FileSetSource(SourceEntry entry, SystemRoots roots, SeriesCatalogue catalogue) {
        if (entry.fileSet() == null) {
            throw new IllegalArgumentException(entry.name() + " has no file set");
        }
        this.entry = entry;
        this.catalogue = catalogue;
        this.root = entry.fileSet().root() == FileSet.Root.PROC ? roots.proc() : roots.sys();
        this.sysRoot = roots.sys();
        this.procRoot = roots.proc();
    }

    @Override
    public String name() {
        return entry.name().text();
    }

    @Override
    public SourceKind kind() {
        return entry.kind() == ValueKind.COUNTER ? SourceKind.COUNTER : SourceKind.LEVEL;
    }

    @Override
    public CadenceRule cadenceRule() {
        return entry.rule() == ReadRule.CHANGE ? new CadenceRule.OnChange() : new CadenceRule.EveryTick();
    }

    @Override
    public Presence open() {
        close(); // re-opening starts afresh
        FileSet set = entry.fileSet();
        List<FileSetPaths.Found> found = new ArrayList<>(FileSetPaths.expand(root, set));
        found.sort(Comparator.comparing(f -> set.key().format(f.captures()), NaturalOrder.NATURAL));
        String firstFailure = null;
        for (FileSetPaths.Found f : found) {
            try {
                files.add(set.key().format(f.captures()), f.path());
            } catch (IOException | RuntimeException e) {
                if (firstFailure == null && !(e instanceof NoSuchFileException)) {
                    firstFailure = FileSource.reason(f.path(), e, "no " + f.path());
                }
            }
        }
        if (files.isEmpty()) {
            return Presence.absent(firstFailure != null ? firstFailure : missing(set));
        }
        try {
            read();
        } catch (IOException e) {
            close();
            return Presence.absent("cannot read " + root + "/" + set.path().glob() + ": " + e.getMessage());
        }
        attributes = readAttributes();
        return Presence.PRESENT;
    }

    /** Why no file of the set was found, naming where they were looked for. */
    private String missing(FileSet set) {
        if (set.root() == FileSet.Root.CPUFREQ_POLICY) {
            Path cpu = root.resolve(FileSetPaths.CPU_DIR);
            return "no " + cpu + "/cpufreq/policy*/" + set.path().braceGlob() + " nor " + cpu + "/cpu*/cpufreq/"
                    + set.path().braceGlob() + " on this system";
        }
        return "no " + root + "/" + set.path().braceGlob() + (set.where() == null ? "" : " whose " + root + "/"
                + set.where().path().glob() + " is " + set.where().text().pattern()) + " on this system";
    }

    /**
     * The entry's attribute files, read once (docs/catalogue.md, "Attributes of a file set"): each under
     * its key, nested at its dots; one that cannot be read is left out.
     */
    private Map<String, Object> readAttributes() {
        Map<String, Object> out = new LinkedHashMap<>();
        for (AttributeEntry a : entry.attributes()) {
            if (a.file() == null) {
                continue;
            }
            Path r = a.file().root() == FileSet.Root.PROC ? procRoot : sysRoot;
            List<FileSetPaths.Found> found = new ArrayList<>(FileSetPaths.expand(r, a.file()));
            found.sort(Comparator.comparing(f -> a.file().key().format(f.captures()), NaturalOrder.NATURAL));
            for (FileSetPaths.Found f : found) {
                Object v = a.read() == AttributeEntry.Read.LINK_NAME ? SysAttr.linkName(f.path()) : SysAttr.text(f.path());
                if (v != null && a.unit() != dev.tickbench.core.catalogue.Unit.TEXT) {
                    v = SysAttr.parseLong((String) v);
                }
                if (v != null) {
                    Attributes.putNested(out, a.file().key().format(f.captures()), v);
                }
            }
        }
        return Attributes.frozen(out);
    }

    @Override
    public Map<String, Object> attributes() {
        return attributes;
    }

    @Override
    public void read() throws IOException {
        files.read(values);
    }

    @Override
    public ValueTable values() {
        return values;
    }

    @Override
    public boolean rowFiltered() {
        return entry.omitsIdleRows();
    }

    /** A key the catalogue declares LEVEL inside a counter file set is carried absolute. */
    @Override
    public boolean isLevelKey(int index) {
        return catalogue.isLevel(name(), values.key(index));
    }

    @Override
    public void close() {
        files.close();
    }
}
