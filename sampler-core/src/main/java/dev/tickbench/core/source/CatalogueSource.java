package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;
import dev.tickbench.core.catalogue.AttributeEntry;
import dev.tickbench.core.catalogue.FileSet;
import dev.tickbench.core.catalogue.NaturalOrder;
import dev.tickbench.core.catalogue.Reading;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SourceEntry;
import dev.tickbench.core.catalogue.Unit;
import dev.tickbench.core.catalogue.ValueKind;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A source as its catalogue entry declares it (docs/catalogue.md, "Adding a source"): its name, kind and
 * cadence rule, which keys are levels and which may step back, whether idle rows are left out, its
 * files, found once at open and kept open, its attributes read from files, and why it is absent. What
 * is left to a reader is the parse of a text file: a static {@code parse(TextScanner, ValueTable)}, or
 * {@code parse(String file, TextScanner, ValueTable)} when it needs the key of the file it reads, in
 * the class the entry names. The few readers that find more at open (a cadence, attributes of their
 * own) or carry more than the file says (an unwrapped counter) extend this class and add a hook:
 * {@link #opened}, {@link #number}. The same entry that describes a series to every reader drives the
 * sampler's read of it: JMC's attribute, declared once and read by the object that declares it.
 */
public class CatalogueSource implements Source {
    private static final CadenceRule EVERY_TICK = new CadenceRule.EveryTick();
    private static final CadenceRule ON_CHANGE = new CadenceRule.OnChange();
    private static final MethodType OF_FILE =
            MethodType.methodType(void.class, String.class, TextScanner.class, ValueTable.class);
    private static final MethodType OF_TEXT = MethodType.methodType(void.class, TextScanner.class, ValueTable.class);

    /**
     * What a source is made of: the catalogue it belongs to (for its level keys), its entry, its name
     * (the entry's, or a family member's: {@code thermal_zone3}) and the roots it reads under.
     */
    public record Member(SeriesCatalogue catalogue, SourceEntry entry, String name, SystemRoots roots) {
        /** The source {@code name} of {@code catalogue}, read under {@code roots}. */
        public static Member of(SeriesCatalogue catalogue, String name, SystemRoots roots) {
            SourceEntry e = catalogue
                    .source(name)
                    .orElseThrow(() -> new IllegalArgumentException("the catalogue has no source " + name));
            return new Member(catalogue, e, name, roots);
        }
    }

    private final Member member;
    private final SourceEntry entry;
    protected final SystemRoots roots;
    protected final ValueTable values = new ValueTable();
    private final KeptFiles files;
    /** The static parse of text files, as {@link #OF_FILE}; null for one-number files and for a source read its own way. */
    private final MethodHandle parse;

    private Map<String, Object> attributes = Map.of();

    /** A source of {@code member}'s entry whose parse (if its files are text) is a static {@code parse} of this class. */
    protected CatalogueSource(Member member) {
        this(member, null);
    }

    /** A source of {@code member}'s entry whose text files {@code reader}'s static parse reads (this class's when null). */
    CatalogueSource(Member member, Class<?> reader) {
        this.member = member;
        this.entry = member.entry();
        this.roots = member.roots();
        Reading r = entry.reading();
        this.files = r == null ? null : new KeptFiles(r.files().content(), this);
        boolean text = r != null && r.files().content() == FileSet.Content.TEXT;
        this.parse = text ? staticParse(reader != null ? reader : getClass()) : null;
    }

    private static MethodHandle staticParse(Class<?> reader) {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        try {
            return lookup.findStatic(reader, "parse", OF_FILE);
        } catch (NoSuchMethodException e) {
            try {
                return MethodHandles.dropArguments(lookup.findStatic(reader, "parse", OF_TEXT), 0, String.class);
            } catch (NoSuchMethodException | IllegalAccessException again) {
                throw new IllegalStateException(
                        reader.getName() + " has no static parse(TextScanner, ValueTable)"
                                + " nor parse(String, TextScanner, ValueTable) in "
                                + CatalogueSource.class.getPackageName(),
                        again);
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(
                    reader.getName() + ".parse cannot be called from " + CatalogueSource.class.getName(), e);
        }
    }

    @Override
    public final String name() {
        return member.name();
    }

    @Override
    public final SourceKind kind() {
        return entry.kind() == ValueKind.COUNTER
                ? SourceKind.COUNTER
                : entry.kind() == ValueKind.EVENT ? SourceKind.EVENT : SourceKind.LEVEL;
    }

    /** The entry's read rule; a reader that finds its parameter at open (a zone's polling delay) overrides it. */
    @Override
    public CadenceRule cadenceRule() {
        return switch (entry.rule()) {
            case EVERY_TICK -> EVERY_TICK;
            case CHANGE -> ON_CHANGE;
            case BUDGET -> new CadenceRule.SlabInfo();
            case CHANGE_PUBLISHED_AS_RATE -> new CadenceRule.BuddyInfo();
            case PERIODIC_BUDGET -> new CadenceRule.Mtd();
            case DECLARED -> new CadenceRule.Thermal(0); // none declared, until the reader finds the zone's
            case CHANGE_OR_POLICY -> new CadenceRule.CpuFreq(false);
            case CHOSEN -> throw new IllegalStateException(name() + ": a chosen cadence is its reader's to say");
            case HEARTBEAT, OWN_LINE, TOP_N ->
                throw new IllegalStateException(name() + " is not read as a file set: " + entry.rule());
        };
    }

    @Override
    public final ValueTable values() {
        return values;
    }

    @Override
    public final boolean rowFiltered() {
        return entry.omitsIdleRows();
    }

    /** The keys the catalogue declares LEVEL inside a counter source ({@code stat.procs_running}). */
    @Override
    public final boolean isLevelKey(int index) {
        return member.catalogue().isLevel(name(), values.key(index));
    }

    @Override
    public final boolean mayStepBack(int index) {
        Reading r = entry.reading();
        return r != null && r.stepsBack() != null && r.stepsBack().matches(values.key(index));
    }

    @Override
    public final Map<String, Object> attributes() {
        return attributes;
    }

    /**
     * Finds the entry's files, opens and checks each (a file that does not exist is passed over, one that
     * cannot be read gives the reason), reads them once, then reads the attributes.
     */
    @Override
    public Presence open() {
        close(); // re-opening starts afresh
        attributes = Map.of();
        List<FileSetPaths.Found> found = find();
        String failure = null;
        for (FileSetPaths.Found f : found) {
            try {
                files.add(key(f), f.path());
            } catch (IOException | RuntimeException e) {
                if (failure == null && !(e instanceof NoSuchFileException)) {
                    failure = reason(f.path(), e);
                }
            }
        }
        if (files.isEmpty()) {
            return Presence.absent(failure != null ? failure : missing());
        }
        Map<String, Object> a = readAttributes();
        String where = files.describe();
        try {
            read();
            opened(a);
        } catch (IOException | RuntimeException e) {
            close();
            return Presence.absent(reason(where, e, "no " + where));
        }
        attributes = Attributes.frozen(a);
        return Presence.PRESENT;
    }

    /** Publishes {@code a} as the capabilities attributes: a reader that opens its own way says what it found. */
    protected final void publish(Map<String, Object> a) {
        attributes = Attributes.frozen(a);
    }

    /** The entry's files of this source, in the natural order of their keys. */
    protected List<FileSetPaths.Found> find() {
        FileSet set = entry.reading().files();
        List<FileSetPaths.Found> out = new ArrayList<>();
        for (FileSetPaths.Found f : FileSetPaths.expand(root(set), set)) {
            if (entry.name().isLiteral() || entry.name().format(f.captures()).equals(name())) {
                out.add(f);
            }
        }
        out.sort(Comparator.comparing(this::key, NaturalOrder.NATURAL));
        return out;
    }

    private String key(FileSetPaths.Found f) {
        return entry.reading().files().key().format(f.captures());
    }

    /** After the first read: a reader adds what it finds (attributes, a cadence); a failure makes the source absent. */
    protected void opened(Map<String, Object> attributes) throws IOException {}

    /**
     * Parses one text file into {@code out} with the reader's static parse: the keys of file {@code file}
     * (its key in the entry, empty when it has none), which go under that key.
     */
    final void parseFile(String file, TextScanner s, ValueTable out) throws IOException {
        try {
            parse.invokeExact(file, s, out);
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** The value of one-number file {@code index} (in key order) as carried; a reader may unwrap it. */
    protected long number(int index, long value) {
        return value;
    }

    @Override
    public void read() throws IOException {
        files.read(values);
    }

    @Override
    public void close() {
        if (files != null) {
            files.close();
        }
    }

    /** Why no file was found: the entry's reason, or where they were looked for. */
    private String missing() {
        Reading r = entry.reading();
        if (r.missing() != null) {
            return r.missing()
                    .replace("<proc>", roots.proc().toString())
                    .replace("<sys>", roots.sys().toString());
        }
        FileSet set = r.files();
        Path root = root(set);
        if (set.root() == FileSet.Root.CPUFREQ_POLICY) {
            Path cpu = root.resolve(FileSetPaths.CPU_DIR);
            return "no " + cpu + "/cpufreq/policy*/" + set.path().braceGlob() + " nor " + cpu + "/cpu*/cpufreq/"
                    + set.path().braceGlob() + " on this system";
        }
        return "no " + root + "/" + set.path().braceGlob()
                + (set.where() == null
                        ? ""
                        : " whose " + root + "/" + set.where().path().glob() + " is "
                                + set.where().text().pattern())
                + " on this system";
    }

    /** One precise line saying why {@code path} could not be read, with what a refusal means for this source. */
    final String reason(Path path, Exception e) {
        if (e instanceof AccessDeniedException && entry.reading().denied() != null) {
            return "permission denied reading " + path + ": " + entry.reading().denied();
        }
        return reason(path.toString(), e, "no " + path);
    }

    /** One precise line saying why {@code path} (a file, or where the files are) could not be read. */
    static String reason(String path, Exception e, String missing) {
        if (e instanceof NoSuchFileException) {
            return missing;
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied reading " + path + " (needs root)";
        }
        String m = e.getMessage();
        if (m != null && m.startsWith(path + " holds ")) {
            return m; // a file without what it should hold: "/proc/stat holds no values"
        }
        return "cannot read " + path + ": " + (m == null ? e.getClass().getSimpleName() : m);
    }

    private Path root(FileSet set) {
        return set.root() == FileSet.Root.PROC ? roots.proc() : roots.sys();
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
            List<FileSetPaths.Found> found = new ArrayList<>(FileSetPaths.expand(root(a.file()), a.file()));
            found.sort(Comparator.comparing(f -> a.file().key().format(f.captures()), NaturalOrder.NATURAL));
            for (FileSetPaths.Found f : found) {
                Object v =
                        a.read() == AttributeEntry.Read.LINK_NAME ? SysAttr.linkName(f.path()) : SysAttr.text(f.path());
                if (v != null && a.unit() != Unit.TEXT) {
                    v = SysAttr.parseLong((String) v);
                }
                if (v != null) {
                    Attributes.putNested(out, a.file().key().format(f.captures()), v);
                }
            }
        }
        return out;
    }
}
