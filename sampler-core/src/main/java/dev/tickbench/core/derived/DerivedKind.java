package dev.tickbench.core.derived;

import dev.tickbench.core.catalogue.Derivation;
import dev.tickbench.core.catalogue.NamePattern;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SeriesEntry;
import dev.tickbench.core.catalogue.SourceEntry;
import dev.tickbench.core.catalogue.Unit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A derived series that {@link DerivedSeries} computes (docs/derived-series.md): a derived entry of the
 * series catalogue (docs/catalogue.md), which declares its name, unit, the stream source its cadence comes
 * from, its inputs and its {@link Derivation}. The standard catalogue's are the constants; another
 * catalogue's entries are kinds of their own. {@code <subject>} is what a value's key names beside its
 * input's literal tail: the PSI resource, the cgroup path, a CPU's idle state ({@code cpu0.state2}), a
 * RAPL zone; none for a name without captures.
 */
public final class DerivedKind {
    /** Δ(total − idle − iowait) / Δtotal of the aggregate cpu line ({@link CpuTime}). */
    public static final DerivedKind CPU_BUSY = standard("CPU_BUSY", "cpu.busy_pct");
    /** Δiowait / Δtotal. */
    public static final DerivedKind CPU_IOWAIT = standard("CPU_IOWAIT", "cpu.iowait_pct");
    /** Δ{@code <res>.some_total} µs / Δwall µs. */
    public static final DerivedKind PSI_SOME = standard("PSI_SOME", "psi.{resource}.some_pct");
    /** Δ{@code <res>.full_total} µs / Δwall µs; io and memory only (cpu full is undefined system-wide). */
    public static final DerivedKind PSI_FULL = standard("PSI_FULL", "psi.{resource}.full_pct");
    /** Δusage_usec / Δwall: CPUs used by the cgroup (v2 cpu.stat, v1 cpuacct.usage). */
    public static final DerivedKind CGROUP_USAGE = standard("CGROUP_USAGE", "cgroup.{cgroup:.+}.usage_cpus");
    /** Δnr_throttled / Δnr_periods: share of enforcement periods in which the cgroup was throttled. */
    public static final DerivedKind CGROUP_THROTTLED = standard("CGROUP_THROTTLED", "cgroup.{cgroup:.+}.throttled_pct");
    /** Δthrottled_usec / Δwall: throttled time per second (summed over CPUs, may exceed 1). */
    public static final DerivedKind CGROUP_THROTTLED_TIME =
            standard("CGROUP_THROTTLED_TIME", "cgroup.{cgroup:.+}.throttled_s_per_s");
    /** Δ{@code cpuN.stateS.time} µs / Δwall µs: the share of wall time a CPU spent in an idle state ({@code cpuN.stateS}). */
    public static final DerivedKind CPUIDLE_RESIDENCY =
            standard("CPUIDLE_RESIDENCY", "cpuidle.cpu{cpu:\\d+}.state{state:\\d+}.residency_pct");
    /** Δ{@code <zone>.energy_uj} µJ / Δwall µs: a RAPL zone's mean power in W. */
    public static final DerivedKind RAPL_POWER =
            standard("RAPL_POWER", "rapl.{zone:intel-rapl(?:-mmio)?(?::\\d+)+}.power_w");

    /** Δ{@code sectors_read} × 512 / Δwall: bytes a block device read per second. */
    public static final DerivedKind DISK_READ_BYTES = standard("DISK_READ_BYTES", "disk.{device:.+}.read_bytes_per_s");
    /** Δ{@code sectors_written} × 512 / Δwall: bytes a block device wrote per second. */
    public static final DerivedKind DISK_WRITE_BYTES =
            standard("DISK_WRITE_BYTES", "disk.{device:.+}.write_bytes_per_s");
    /** Δ(reads + writes) / Δwall: I/O operations a block device completed per second. */
    public static final DerivedKind DISK_IOPS = standard("DISK_IOPS", "disk.{device:.+}.ios_per_s");
    /** Δ{@code io_ms} / Δwall: the share of wall time a block device had I/O in flight. */
    public static final DerivedKind DISK_BUSY = standard("DISK_BUSY", "disk.{device:.+}.busy_pct");
    /** Δ(read_ms + write_ms) / Δ(reads + writes): the mean time an I/O took, queue included. */
    public static final DerivedKind DISK_AWAIT = standard("DISK_AWAIT", "disk.{device:.+}.await_ms");
    /** Δ{@code <iface>.<dir>_bytes} / Δwall: bytes an interface received or sent per second ({@code eth0.rx}). */
    public static final DerivedKind NET_BYTES = standard("NET_BYTES", "net.{iface:.+}.{dir:rx|tx}_bytes_per_s");
    /** Δ{@code <iface>.<dir>_packets} / Δwall: packets an interface received or sent per second. */
    public static final DerivedKind NET_PACKETS = standard("NET_PACKETS", "net.{iface:.+}.{dir:rx|tx}_packets_per_s");

    private static final DerivedKind[] STANDARD = {
        CPU_BUSY,
        CPU_IOWAIT,
        PSI_SOME,
        PSI_FULL,
        CGROUP_USAGE,
        CGROUP_THROTTLED,
        CGROUP_THROTTLED_TIME,
        CPUIDLE_RESIDENCY,
        RAPL_POWER,
        DISK_READ_BYTES,
        DISK_WRITE_BYTES,
        DISK_IOPS,
        DISK_BUSY,
        DISK_AWAIT,
        NET_BYTES,
        NET_PACKETS
    };

    /**
     * The default window ({@link DerivedWindow#DEFAULT}) in seconds: what CSV, {@code /metrics} and the
     * throttle use; see docs/derived-series.md for why 1 s. The workbench may choose another.
     */
    public static final double WINDOW_S = 1.0;

    private final String label;
    private final SeriesEntry entry;
    private final String source;
    private final String inputSource;
    /** Each input as a key of {@link #inputSource}, its captures as the name's (unless it narrows one). */
    private final NamePattern[] inputs;
    /** What a key names beside its input's literal tail; null when the name has no captures. */
    private final NamePattern subject;

    private DerivedKind(String label, SeriesEntry entry, String source) {
        this.label = label;
        this.entry = entry;
        this.source = source;
        Derivation how = entry.derivation();
        if (how == null || how.pmu()) {
            throw new IllegalArgumentException(entry.name() + " is not computed over the derived window (" + how + ")");
        }
        inputSource = inputSource(entry);
        inputs = new NamePattern[entry.inputs().size()];
        for (int i = 0; i < inputs.length; i++) {
            inputs[i] = inputKey(entry, i, inputSource);
            if (!inputs[i]
                    .withoutSuffix()
                    .text()
                    .equals(inputs[0].withoutSuffix().text())) {
                throw new IllegalArgumentException(
                        entry.name() + ": its inputs name different subjects: " + entry.inputs());
            }
        }
        NamePattern head = inputs[0].withoutSuffix();
        if (!head.captures().containsAll(entry.name().captures())) {
            throw new IllegalArgumentException(entry.name() + ": its inputs do not name every capture of its name");
        }
        subject = entry.name().isLiteral() ? null : head;
        checkArity(how);
    }

    private void checkArity(Derivation how) {
        int want = switch (how) {
            case CPU_BUSY, CPU_IOWAIT -> CpuTime.FIELDS.length;
            case WALL_SHARE, WALL_RATE -> 1;
            case COUNTER_RATE -> Math.max(1, inputs.length); // one counter, or several added up
            case READ_TIME_RATE -> Math.max(2, inputs.length); // counters added up, then their read time
            case RATIO -> inputs.length >= 2 && inputs.length % 2 == 0 ? inputs.length : 2; // a sum over a sum
            default -> 2;
        };
        if (inputs.length != want) {
            throw new IllegalArgumentException(entry.name() + ": " + how + " takes " + want + " inputs"
                    + (how == Derivation.RATIO ? " (or 2n: n added up over n)" : "") + ", not " + inputs.length);
        }
        for (int i = 0; how.cpuTime() && i < inputs.length; i++) {
            if (!inputs[i].text().equals(CpuTime.statKey(i))) {
                throw new IllegalArgumentException(
                        entry.name() + ": input " + i + " is " + inputs[i] + ", not " + CpuTime.statKey(i));
            }
        }
    }

    /** Input {@code i} of {@code e} as a key of its {@code source}, its captures matching what the name's do. */
    static NamePattern inputKey(SeriesEntry e, int i, String source) {
        return NamePattern.of(e.inputs().get(i).text().substring(source.length() + 1))
                .boundTo(e.name());
    }

    /** The one literal source every input of {@code e} is a key of. */
    static String inputSource(SeriesEntry e) {
        String source = null;
        for (NamePattern in : e.inputs()) {
            String prefix = in.literalPrefix();
            int dot = prefix.indexOf('.');
            String s = dot < 0 ? null : prefix.substring(0, dot);
            if (s == null || (source != null && !source.equals(s))) {
                throw new IllegalArgumentException(
                        e.name() + ": inputs are keys of one named source, not " + e.inputs());
            }
            source = s;
        }
        return source;
    }

    private static DerivedKind standard(String label, String pattern) {
        SeriesCatalogue c = SeriesCatalogue.standard();
        SeriesEntry e = c.declared(pattern)
                .orElseThrow(() -> new IllegalStateException("the catalogue declares no " + pattern));
        return new DerivedKind(
                label, e, c.sourceOf(e).map(SourceEntry::name).orElseThrow().text());
    }

    /**
     * The kinds {@link DerivedSeries} computes from {@code catalogue}: every derived entry but the PMU's,
     * the standard catalogue's as the constants.
     */
    static List<DerivedKind> of(SeriesCatalogue catalogue) {
        List<DerivedKind> out = new ArrayList<>();
        for (SourceEntry s : catalogue.sources()) {
            for (SeriesEntry e : s.series()) {
                if (e.derivation() != null && !e.derivation().pmu()) {
                    out.add(of(e, s));
                }
            }
        }
        return out;
    }

    private static DerivedKind of(SeriesEntry e, SourceEntry declaredUnder) {
        for (DerivedKind k : STANDARD) {
            if (k.entry.equals(e) && k.source.equals(declaredUnder.name().text())) {
                return k;
            }
        }
        return new DerivedKind(e.name().text(), e, declaredUnder.name().text());
    }

    /** The standard catalogue's kinds. */
    public static DerivedKind[] values() {
        return STANDARD.clone();
    }

    /**
     * The series name, e.g. {@code cpu.busy_pct}, {@code psi.io.some_pct}, {@code cgroup./a/b.usage_cpus},
     * {@code cpuidle.cpu0.state2.residency_pct} (subject {@code cpu0.state2}).
     */
    public String name(String subject) {
        if (this.subject == null) {
            return entry.name().text();
        }
        Map<String, String> parts = this.subject.match(String.valueOf(subject));
        if (parts == null) {
            throw new IllegalArgumentException(this + ": subject " + subject + " is not " + this.subject);
        }
        return entry.name().format(parts);
    }

    /** The subject of a series of this kind whose name has {@code captures} ({@code cpu0.state2}); null when it has none. */
    public String subject(Map<String, String> captures) {
        return subject == null ? null : subject.format(captures);
    }

    /** Its catalogue entry: unit, shown name, chart group, inputs, derivation, metric. */
    public SeriesEntry entry() {
        return entry;
    }

    public Derivation derivation() {
        return entry.derivation();
    }

    /** The stream source it is declared under (its cadence is the series' cadence). */
    public String source() {
        return source;
    }

    /** The stream source whose keys are its inputs. */
    String inputSource() {
        return inputSource;
    }

    /** Input {@code i} as a key of {@link #inputSource()}. */
    NamePattern input(int i) {
        return inputs[i];
    }

    int inputs() {
        return inputs.length;
    }

    /** Whether its entry's unit is {@code unit} (a % is capped at 100, CPUs at the host's). */
    boolean unitIs(Unit unit) {
        return entry.unit() == unit;
    }

    public String unit() {
        return entry.display().unit();
    }

    public String help() {
        return entry.description();
    }

    public double windowS() {
        return WINDOW_S;
    }

    /** The default window's length in ticks at a rate: {@code max(1, round(rate × 1 s))}. */
    public int windowTicks(int rateHz) {
        return DerivedWindow.DEFAULT.ticks(rateHz);
    }

    @Override
    public String toString() {
        return label;
    }
}
