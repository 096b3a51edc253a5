package dev.tickbench.core.source;

import dev.tickbench.core.catalogue.FileSet;
import dev.tickbench.core.catalogue.NaturalOrder;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SourceEntry;
import dev.tickbench.core.source.pmu.PmuGroup;
import dev.tickbench.core.source.pmu.PmuSource;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** The sources of one system (live or fixture board), as the series catalogue declares them. */
public final class Sources {
    private Sources() {}

    /** Every polled source of the standard catalogue: {@link #discover(SystemRoots, SeriesCatalogue)}. */
    public static List<Source> discover(SystemRoots roots) {
        return discover(roots, SeriesCatalogue.standard());
    }

    /**
     * One source per entry of {@code catalogue} read from files, not yet opened, in the catalogue's order
     * (docs/catalogue.md): for a family ({@code thermal_zone{n}}), one per member its files name, in
     * natural order, or one saying why there is none. Which are present is only known after
     * {@link Source#open()}.
     */
    public static List<Source> discover(SystemRoots roots, SeriesCatalogue catalogue) {
        List<Source> list = new ArrayList<>();
        for (SourceEntry e : catalogue.readFromFiles()) {
            for (String name : names(e, roots)) {
                list.add(reader(new CatalogueSource.Member(catalogue, e, name, roots)));
            }
        }
        return list;
    }

    /** The entry's name, or a family's members (the names its files give), or the name it is absent as. */
    private static List<String> names(SourceEntry e, SystemRoots roots) {
        if (e.name().isLiteral()) {
            return List.of(e.name().text());
        }
        FileSet files = e.reading().files();
        TreeSet<String> members = new TreeSet<>(NaturalOrder.NATURAL);
        for (FileSetPaths.Found f :
                FileSetPaths.expand(files.root() == FileSet.Root.PROC ? roots.proc() : roots.sys(), files)) {
            members.add(e.name().format(f.captures()));
        }
        return members.isEmpty() ? List.of(e.reading().absentAs()) : List.copyOf(members);
    }

    /**
     * The reader of one source: the entry's one-number files read as they are, or the class its entry
     * names in this package: a {@link CatalogueSource} of its own, or a class with a static parse.
     */
    private static Source reader(CatalogueSource.Member m) {
        String parse = m.entry().reading().parse();
        if (parse == null) {
            return new CatalogueSource(m);
        }
        Class<?> c;
        try {
            c = Class.forName(Sources.class.getPackageName() + "." + parse);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(
                    "the catalogue's " + m.entry().name() + " is read by " + parse + ", which is not a class of "
                            + Sources.class.getPackageName(),
                    e);
        }
        if (!CatalogueSource.class.isAssignableFrom(c)) {
            return new CatalogueSource(m, c);
        }
        try {
            return (Source)
                    c.getDeclaredConstructor(CatalogueSource.Member.class).newInstance(m);
        } catch (NoSuchMethodException | InstantiationException | IllegalAccessException e) {
            throw new IllegalStateException(c.getName() + " needs a constructor of a CatalogueSource.Member", e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(c.getName() + " could not be made for " + m.name(), e.getCause());
        }
    }

    /** The kernel log reader (an event source with its own thread; not in {@link #discover}). */
    public static Kmsg kmsg(SystemRoots roots) {
        return new Kmsg(roots);
    }

    /** The probe's own cgroup memory limit (a constant). */
    public static MemoryMax memoryMax(SystemRoots roots) {
        return MemoryMax.read(roots);
    }

    /**
     * The perf event groups per CPU ({@code pmu_hw}, {@code pmu_sw}), read {@code hz} times a second:
     * present only when the roots are the running kernel and the probe may open system-wide events;
     * otherwise absent with the reason.
     */
    public static List<Source> pmu(SystemRoots roots, double hz) {
        return List.of(new PmuSource(PmuGroup.HARDWARE, roots, hz), new PmuSource(PmuGroup.SOFTWARE, roots, hz));
    }
}
