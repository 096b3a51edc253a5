package dev.tickbench.core.source;

import dev.tickbench.core.catalogue.FileSet;
import dev.tickbench.core.catalogue.NamePattern;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The files a catalogue file set names under a root: its path pattern expanded one segment at a time,
 * a literal segment resolved, a segment with captures matched against the directory's entries
 * (docs/catalogue.md, "File sets").
 */
final class FileSetPaths {
    /** One file and the captured parts of its path. */
    record Found(Path path, Map<String, String> captures) {}

    /** Where the CPUs' directories are, under the sys root. */
    static final String CPU_DIR = "devices/system/cpu";

    private FileSetPaths() {}

    /**
     * The files of a file set under {@code root}: every file its path matches, and where it has a
     * condition, only those whose condition file's text matches (a file that cannot be read does not).
     * A set under each cpufreq policy ({@link FileSet.Root#CPUFREQ_POLICY}, {@code root} the sys root)
     * is matched in each policy's directory of {@link CpuFreqLayout}, the policy's number its capture.
     */
    static List<Found> expand(Path root, FileSet set) {
        if (set.root() == FileSet.Root.CPUFREQ_POLICY) {
            List<Found> out = new ArrayList<>();
            for (CpuFreqLayout.Policy p :
                    CpuFreqLayout.of(root.resolve(CPU_DIR)).policies()) {
                for (Found f : expand(p.dir(), set.path())) {
                    Map<String, String> c = new LinkedHashMap<>(f.captures());
                    c.put(FileSet.POLICY, Integer.toString(p.number()));
                    out.add(new Found(f.path(), c));
                }
            }
            return out;
        }
        List<Found> all = expand(root, set.path());
        if (set.where() == null) {
            return all;
        }
        List<Found> kept = new ArrayList<>();
        for (Found f : all) {
            String text = SysAttr.text(root.resolve(set.where().path().format(f.captures())));
            if (text != null && set.where().text().matcher(text).matches()) {
                kept.add(f);
            }
        }
        return kept;
    }

    /** Every existing file matching {@code pattern} under {@code root}; directories that cannot be listed are skipped. */
    static List<Found> expand(Path root, NamePattern pattern) {
        String[] segments = pattern.text().split("/");
        List<Found> at = List.of(new Found(root, Map.of()));
        for (int i = 0; i < segments.length; i++) {
            NamePattern seg = NamePattern.of(segments[i]);
            boolean last = i == segments.length - 1;
            List<Found> next = new ArrayList<>();
            for (Found f : at) {
                if (seg.isLiteral()) {
                    Path p = f.path().resolve(seg.text());
                    if (last ? Files.exists(p) : Files.isDirectory(p)) {
                        next.add(new Found(p, f.captures()));
                    }
                } else {
                    matching(f, seg, last, next);
                }
            }
            at = next;
        }
        return at;
    }

    private static void matching(Found dir, NamePattern seg, boolean last, List<Found> out) {
        if (!Files.isDirectory(dir.path())) {
            return;
        }
        List<Path> entries;
        try (Stream<Path> s = Files.list(dir.path())) {
            entries = s.sorted().toList();
        } catch (IOException e) {
            return; // unreadable: nothing found here; the source's reason says what is missing
        }
        for (Path p : entries) {
            Map<String, String> c = seg.match(p.getFileName().toString());
            if (c != null && (last || Files.isDirectory(p))) {
                Map<String, String> all = new LinkedHashMap<>(dir.captures());
                all.putAll(c);
                out.add(new Found(p, all));
            }
        }
    }
}
