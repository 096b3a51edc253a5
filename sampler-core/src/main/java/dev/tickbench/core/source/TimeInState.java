package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The kernel's time-per-state tables, one small file per device, each line {@code <state> <time>}:
 * cpufreq's {@code policyN/stats/time_in_state} ({@code 1800000 4711}: kHz, USER_HZ ticks) as source
 * {@code cpufreq_time_in_state} with keys {@code policyN.<kHz>}, and a cooling device's
 * {@code stats/time_in_state_ms} ({@code state0\t1234}: ms) as {@code cooling_time_in_state} with keys
 * {@code cooling_deviceN.stateS}. Counters. Both tables exist only where the kernel keeps the
 * statistics (CONFIG_CPU_FREQ_STAT, CONFIG_THERMAL_STATISTICS).
 */
public final class TimeInState implements Source {
    private final String name;
    private final Devices devices;
    private final String missing;
    private final List<KernelFile> files = new ArrayList<>();
    private final List<String> prefixes = new ArrayList<>();
    /** Per file: the table's own keys of the last read, and the source keys made from them (no allocation when steady). */
    private final List<ValueTable> raw = new ArrayList<>();
    private final List<String[]> rawKeys = new ArrayList<>();
    private final List<String[]> fullKeys = new ArrayList<>();
    private final TextScanner scanner = new TextScanner();
    private final ValueTable values = new ValueTable();

    /** One device's table: its key prefix ({@code policy4}) and the file. */
    private record Table(String prefix, Path path) {}

    /** The devices that may have a table, listed at open. */
    @FunctionalInterface
    private interface Devices {
        List<Table> list() throws IOException;
    }

    private TimeInState(String name, Devices devices, String missing) {
        this.name = name;
        this.devices = devices;
        this.missing = missing;
    }

    /**
     * {@code cpufreq_time_in_state}: each policy's {@code stats/time_in_state}, in either layout
     * ({@link CpuFreqLayout}: {@code <sys>/devices/system/cpu/cpufreq/policyN}, or {@code cpuN/cpufreq}).
     */
    public static TimeInState cpufreq(SystemRoots roots) {
        Path cpuDir = roots.sys("devices/system/cpu");
        return new TimeInState("cpufreq_time_in_state", () -> {
            List<Table> out = new ArrayList<>();
            for (CpuFreqLayout.Policy p : CpuFreqLayout.of(cpuDir).policies()) {
                out.add(new Table(p.name(), p.dir().resolve("stats/time_in_state")));
            }
            return out;
        }, "no " + cpuDir + "/cpufreq/policyN/stats/time_in_state (nor cpuN/cpufreq/stats/time_in_state) on this system"
                + " (no cpufreq policies, or a kernel without CONFIG_CPU_FREQ_STAT)");
    }

    /** {@code cooling_time_in_state}: {@code <sys>/class/thermal/cooling_deviceN/stats/time_in_state_ms}. */
    public static TimeInState cooling(SystemRoots roots) {
        Path classDir = roots.sys("class/thermal");
        return new TimeInState("cooling_time_in_state", () -> {
            List<Table> out = new ArrayList<>();
            for (int n : SysAttr.numbered(classDir, "cooling_device")) {
                out.add(new Table("cooling_device" + n, classDir.resolve("cooling_device" + n).resolve("stats/time_in_state_ms")));
            }
            return out;
        }, "no " + classDir + "/cooling_deviceN/stats/time_in_state_ms on this system"
                + " (no cooling devices, or a kernel without CONFIG_THERMAL_STATISTICS)");
    }

    @Override
    public String name() {
        return name;
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
        close(); // re-opening starts afresh
        List<Table> tables;
        try {
            tables = devices.list();
        } catch (IOException e) {
            return Presence.absent("cannot list the devices of " + name + ": " + e.getMessage());
        }
        String firstFailure = null;
        for (Table table : tables) {
            Path p = table.path();
            KernelFile f = null;
            try {
                f = KernelFile.open(p);
                f.verifyFresh();
                ValueTable t = new ValueTable();
                parse(scanner.reset(f), t);
                if (t.size() == 0) {
                    throw new IOException(p + " holds no states");
                }
                files.add(f);
                prefixes.add(table.prefix());
                raw.add(t);
                rawKeys.add(new String[0]);
                fullKeys.add(new String[0]);
            } catch (IOException | RuntimeException e) {
                NumberFiles.closeQuietly(f);
                if (firstFailure == null && !(e instanceof NoSuchFileException)) {
                    firstFailure = FileSource.reason(p, e, "no " + p);
                }
            }
        }
        if (files.isEmpty()) {
            return Presence.absent(firstFailure != null ? firstFailure : missing);
        }
        try {
            read();
        } catch (IOException e) {
            close();
            return Presence.absent("cannot read " + name + ": " + e.getMessage());
        }
        return Presence.PRESENT;
    }

    /** Lines {@code <state> <time>} (space or tab): the state's token as key, the time as value; others skipped. */
    static void parse(TextScanner s, ValueTable out) {
        byte[] b = s.bytes();
        out.begin();
        while (s.nextLine()) {
            if (!s.nextToken()) {
                continue;
            }
            int ks = s.tokenStart();
            int ke = s.tokenEnd();
            if (s.nextToken() && s.tokenIsNumber()) {
                out.put(b, ks, ke, s.tokenLong());
            }
        }
    }

    @Override
    public void read() throws IOException {
        for (int i = 0; i < files.size(); i++) { // indexed: an iterator would allocate on every tick
            files.get(i).read();
            parse(scanner.reset(files.get(i)), raw.get(i));
        }
        values.begin();
        for (int i = 0; i < files.size(); i++) {
            ValueTable t = raw.get(i);
            String[] rk = rawKeys.get(i);
            String[] fk = fullKeys.get(i);
            if (rk.length < t.size()) {
                rk = java.util.Arrays.copyOf(rk, t.size());
                fk = java.util.Arrays.copyOf(fk, t.size());
                rawKeys.set(i, rk);
                fullKeys.set(i, fk);
            }
            for (int j = 0; j < t.size(); j++) {
                if (rk[j] != t.key(j)) { // the table reuses its key instances while its lines stay the same
                    rk[j] = t.key(j);
                    fk[j] = prefixes.get(i) + "." + t.key(j);
                }
                values.put(fk[j], t.value(j));
            }
        }
    }

    @Override
    public ValueTable values() {
        return values;
    }

    @Override
    public void close() {
        for (KernelFile f : files) {
            NumberFiles.closeQuietly(f);
        }
        files.clear();
        prefixes.clear();
        raw.clear();
        rawKeys.clear();
        fullKeys.clear();
    }
}
