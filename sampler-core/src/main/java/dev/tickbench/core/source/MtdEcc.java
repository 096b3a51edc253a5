package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * MTD ECC counters: {@code mtd<N>.<file>} for the numeric files of every {@code /sys/class/mtd/mtdN}
 * (the {@code mtdNro} read-only aliases are the same partition and are skipped). A file a partition
 * lacks (NOR flash has no ECC files) leaves just that key out. Attributes: {@code mtd<N>} → {@code name}.
 */
public final class MtdEcc implements Source {
    static final String[] FILES = {
        "corrected_bits", "ecc_failures", "bad_blocks", "bbt_blocks", "bitflip_threshold", "ecc_strength"
    };

    private final Path classDir;
    private final ValueTable values = new ValueTable();
    private final NumberFiles files = new NumberFiles();
    private Map<String, Object> attributes = Map.of();

    public MtdEcc(SystemRoots roots) {
        this.classDir = roots.sys("class/mtd");
    }

    @Override
    public String name() {
        return "mtd";
    }

    @Override
    public SourceKind kind() {
        return SourceKind.LEVEL;
    }

    @Override
    public CadenceRule cadenceRule() {
        return new CadenceRule.Mtd();
    }

    @Override
    public Presence open() {
        close(); // re-opening starts afresh
        if (!Files.isDirectory(classDir)) {
            return Presence.absent("no " + classDir + " on this board");
        }
        List<Integer> parts = new ArrayList<>();
        try (Stream<Path> s = Files.list(classDir)) {
            s.map(p -> SysAttr.suffixNumber(p.getFileName().toString(), "mtd")) // mtd0ro is not a number: skipped
                    .filter(n -> n >= 0)
                    .sorted()
                    .forEach(parts::add);
        } catch (IOException e) {
            return Presence.absent("cannot list " + classDir + ": " + e.getMessage());
        }
        if (parts.isEmpty()) {
            return Presence.absent("no MTD partitions in " + classDir);
        }
        Map<String, Object> a = new LinkedHashMap<>();
        String firstFailure = null;
        for (int n : parts) {
            Path dir = classDir.resolve("mtd" + n);
            String part = "mtd" + n;
            for (String file : FILES) {
                Path p = dir.resolve(file);
                try {
                    files.add(part + "." + file, p);
                } catch (IOException e) {
                    if (firstFailure == null && !(e instanceof java.nio.file.NoSuchFileException)) {
                        firstFailure = FileSource.reason(p, e, "no " + p);
                    }
                }
            }
            String name = SysAttr.text(dir.resolve("name"));
            if (name != null) {
                a.put(part, Map.of("name", name));
            }
        }
        if (files.isEmpty()) {
            return Presence.absent(firstFailure != null ? firstFailure : "no ECC counter files under " + classDir + "/mtdN");
        }
        try {
            read();
        } catch (IOException e) {
            close();
            return Presence.absent("cannot read MTD counters: " + e.getMessage());
        }
        attributes = Collections.unmodifiableMap(a);
        return Presence.PRESENT;
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
    public Map<String, Object> attributes() {
        return attributes;
    }

    @Override
    public void close() {
        files.close();
    }
}
