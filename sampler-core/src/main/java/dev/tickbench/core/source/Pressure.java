package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code /proc/pressure/{cpu,io,memory}} (PSI): {@code <res>.some_total} and {@code <res>.full_total},
 * cumulative stall time in µs. Absent when {@code /proc/pressure} is missing (kernel before 4.20 or
 * built without PSI) or when no resource file can be read (booted with psi=0); a resource file that
 * cannot be read is left out.
 *
 * <p>There is no {@code cpu.full_total}: system-wide, "all non-idle tasks stalled on the CPU" is
 * undefined (some task is always running on a CPU that has work), and the {@code full} line the kernel
 * prints in {@code /proc/pressure/cpu} since 5.13 is always zero, written for the format's
 * compatibility only (kernel docs, accounting/psi). Carried, it would read as a measured 0 %; it is
 * left out, so it is absent from the stream, the derived series and {@code /metrics} (a cgroup's
 * {@code cpu.pressure} full, which is defined, is read by the walk).
 */
public final class Pressure implements Source {
    static final String[] RESOURCES = {"cpu", "io", "memory"};
    /** {@code KEYS[r][0]} = some_total, {@code [1]} = full_total of RESOURCES[r]: constants, no per-tick concatenation. */
    private static final String[][] KEYS = {
        {"cpu.some_total", "cpu.full_total"}, {"io.some_total", "io.full_total"}, {"memory.some_total", "memory.full_total"}
    };

    private final Path dir;
    private final TextScanner scanner = new TextScanner();
    private final ValueTable values = new ValueTable();
    private final List<KernelFile> files = new ArrayList<>();
    private final List<String> fileResources = new ArrayList<>();

    public Pressure(SystemRoots roots) {
        this.dir = roots.proc("pressure");
    }

    @Override
    public String name() {
        return "pressure";
    }

    @Override
    public SourceKind kind() {
        return SourceKind.COUNTER;
    }

    @Override
    public CadenceRule cadenceRule() {
        return new CadenceRule.EveryTick();
    }

    @Override
    public Presence open() {
        closeAll(); // re-opening starts afresh
        if (!Files.isDirectory(dir)) {
            return Presence.absent("no " + dir + " (kernel without PSI)");
        }
        String firstFailure = null;
        for (String res : RESOURCES) {
            Path p = dir.resolve(res);
            KernelFile f = null;
            try {
                f = KernelFile.open(p);
                f.verifyFresh();
                files.add(f);
                fileResources.add(res);
            } catch (IOException e) {
                closeQuietly(f);
                if (firstFailure == null) {
                    firstFailure = FileSource.reason(p, e, "no " + p);
                }
            }
        }
        try {
            if (!files.isEmpty()) {
                read();
            }
        } catch (IOException e) {
            firstFailure = "cannot read " + dir + ": " + e.getMessage();
        }
        if (files.isEmpty() || values.size() == 0) {
            closeAll();
            return Presence.absent(firstFailure != null ? firstFailure : "no PSI totals in " + dir);
        }
        return Presence.PRESENT;
    }

    @Override
    public void read() throws IOException {
        values.begin();
        for (int i = 0; i < files.size(); i++) {
            KernelFile f = files.get(i);
            f.read();
            parse(fileResources.get(i), scanner.reset(f), values);
        }
    }

    /** Parses one resource file ({@code some avg10=… total=N} / {@code full …}) into {@code <res>.some_total} and {@code <res>.full_total}. */
    static void parse(String resource, TextScanner s, ValueTable out) {
        int r = RESOURCES.length - 1;
        while (r >= 0 && !RESOURCES[r].equals(resource)) {
            r--;
        }
        if (r < 0) {
            throw new IllegalArgumentException("not a PSI resource: " + resource);
        }
        byte[] b = s.bytes();
        while (s.nextLine()) {
            if (!s.nextToken()) {
                continue;
            }
            int kind = s.tokenIs("some") ? 0 : s.tokenIs("full") ? 1 : -1;
            if (kind < 0 || (r == 0 && kind == 1)) {
                continue; // system-wide cpu "full" is undefined: the kernel's 0 is not a reading
            }
            while (s.nextToken()) {
                int ts = s.tokenStart();
                if (s.tokenEnd() - ts > 6 && TextScanner.regionEquals(b, ts, ts + 6, "total=")
                        && TextScanner.isNumber(b, ts + 6, s.tokenEnd())) {
                    out.put(KEYS[r][kind], TextScanner.parseLong(b, ts + 6, s.tokenEnd()));
                }
            }
        }
    }

    @Override
    public ValueTable values() {
        return values;
    }

    @Override
    public void close() {
        closeAll();
    }

    private void closeAll() {
        for (KernelFile f : files) {
            closeQuietly(f);
        }
        files.clear();
        fileResources.clear();
    }

    private static void closeQuietly(KernelFile f) {
        NumberFiles.closeQuietly(f);
    }
}
