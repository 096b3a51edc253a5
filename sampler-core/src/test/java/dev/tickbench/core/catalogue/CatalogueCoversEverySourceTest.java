package dev.tickbench.core.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.cadence.CadenceRule;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.cgroup.CgroupCpuSource;
import dev.tickbench.core.cgroup.CgroupTable;
import dev.tickbench.core.cgroup.TargetResolver;
import dev.tickbench.core.derived.DerivedKind;
import dev.tickbench.core.derived.DerivedSeries;
import dev.tickbench.core.derived.DerivedValue;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.SamplerConfig;
import dev.tickbench.core.source.Source;
import dev.tickbench.core.source.SourceKind;
import dev.tickbench.core.source.Sources;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.core.source.pmu.PmuSource;
import dev.tickbench.core.who.ProcessSource;
import dev.tickbench.core.who.WhoConfig;
import dev.tickbench.testkit.Boards;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The standard catalogue covers every series the probe streams: every source the readers open on each
 * fixture board, on this machine and on a cgroup target has an entry of its kind, read rule and row
 * rule; every key it reads and every attribute it publishes is declared; every derived value
 * DerivedSeries makes is declared with the cadence source it takes; every metric family is declared alike.
 */
class CatalogueCoversEverySourceTest {
    private final SeriesCatalogue c = SeriesCatalogue.standard();

    @TempDir
    Path tmp;

    @Test
    void everySourceOnEveryBoardAndThisMachine() throws IOException {
        List<SystemRoots> all = new ArrayList<>();
        Boards.ALL.forEach(b -> all.add(Boards.roots(b)));
        all.add(SystemRoots.live());
        int checked = 0;
        for (SystemRoots roots : all) {
            List<Source> sources = new ArrayList<>(Sources.discover(roots));
            sources.addAll(Sources.pmu(roots, PmuSource.DEFAULT_HZ));
            for (Source s : sources) {
                if (s.open().present()) {
                    check(s);
                    checked++;
                }
                s.close();
            }
        }
        assertTrue(checked > 40, "only " + checked + " sources were present");
    }

    @Test
    void theCgroupCountersOfAWalkTarget() throws Exception {
        Path tree = tmp.resolve("cgroup");
        Boards.copyTree(Path.of(getClass().getResource("/cgroup/k8s-v2-systemd").toURI()), tree);
        SystemRoots roots = SystemRoots.of(tree.resolve("proc"), tree.resolve("sys"));
        try (CgroupCpuSource s = new CgroupCpuSource(TargetResolver.of(roots).forPid(4242))) {
            assertTrue(s.open().present());
            check(s);
        }
    }

    @Test
    void theProcessAndCgroupTablesOfThisMachine() throws IOException {
        WhoConfig who = new WhoConfig(WhoConfig.MAX_TOP, 1);
        for (Source s : List.of(new ProcessSource(SystemRoots.live(), who), new CgroupTable(SystemRoots.live(), who))) {
            assertTrue(s.open().present(), s.name() + ": " + s.open().reason());
            s.read();
            s.read(); // a second read: a cgroup is named from its second on
            assertTrue(s.values().size() > 0, s.name());
            check(s);
            s.close();
        }
    }

    @Test
    void everyNameInTheCapabilitiesIsASource() throws IOException {
        for (String board : Boards.ALL) {
            try (Sampler sampler =
                    Sampler.create(new SamplerConfig(Boards.roots(board), 10, 0), List.of(), List.of())) {
                for (Iterator<String> it =
                                sampler.capabilities().path("sources").fieldNames();
                        it.hasNext(); ) {
                    String name = it.next();
                    // memory_max is where SourceDiscovery says why the sample's limits.memory_max is missing
                    String source =
                            name.equals("memory_max") ? "limits" : name.equals("thermal") ? "thermal_zone0" : name;
                    assertTrue(c.source(source).isPresent(), board + ": " + name + " is not in the catalogue");
                }
            }
        }
    }

    @Test
    void everyDerivedValueIsDeclaredWithItsCadenceSource() throws IOException {
        LineDecoder d = new LineDecoder();
        DerivedSeries derived = new DerivedSeries();
        derived.accept(d.decode("{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"t\"},"
                + "\"host\":{\"hostname\":\"h\",\"board\":null,"
                + "\"kernel\":\"6\",\"cores\":2,\"user_hz\":100},\"rate_hz\":1,\"floor_hz\":0,\"started_wall_ns\":1,\"started_mono_ns\":0,"
                + "\"capabilities\":{}}"));
        List<DerivedValue> values =
                derived.accept(d.decode("{\"type\":\"sample\",\"seq\":1,\"mono_ns\":1000000000,\"wall_ns\":1,"
                        + "\"dt_ns\":1000000000,\"stat\":{\"cpu.user\":30,\"cpu.nice\":0,\"cpu.system\":10,\"cpu.idle\":50,\"cpu.iowait\":10},"
                        + "\"pressure\":{\"io.some_total\":1000,\"io.full_total\":500},"
                        + "\"cgroup_cpu\":{\"/a.b/c|usage_usec\":500000,\"/a.b/c|nr_periods\":10,\"/a.b/c|nr_throttled\":2,"
                        + "\"/a.b/c|throttled_usec\":1000},"
                        + "\"cpuidle\":{\"cpu1.state2.usage\":40,\"cpu1.state2.time\":250000},"
                        + "\"rapl\":{\"intel-rapl:0.energy_uj\":9000000},"
                        + "\"diskstats\":{\"dm-0.reads\":3,\"dm-0.sectors_read\":24,\"dm-0.read_ms\":6,\"dm-0.writes\":1,"
                        + "\"dm-0.sectors_written\":8,\"dm-0.write_ms\":2,\"dm-0.io_ms\":7},"
                        + "\"netdev\":{\"eth0.100.rx_bytes\":1500,\"eth0.100.rx_packets\":1}}"));
        assertEquals(
                DerivedKind.values().length,
                values.stream().map(DerivedValue::kind).distinct().count(),
                values.toString());
        for (DerivedValue v : values) {
            SeriesMatch m =
                    c.series(v.name()).orElseThrow(() -> new AssertionError(v.name() + " is not in the catalogue"));
            assertEquals(ValueKind.DERIVED, m.kind(), v.name());
            assertEquals(v.kind().source(), m.cadenceSource(), v.name());
            assertEquals(v.kind().entry(), m.entry(), v.name());
        }
        assertEquals("cgroup./a.b/c.usage_cpus", DerivedKind.CGROUP_USAGE.name("/a.b/c"));
        assertEquals("psi.io.full_pct", DerivedKind.PSI_FULL.name("io"));
        assertEquals("CPUs", DerivedKind.CGROUP_USAGE.unit());
        assertEquals("%", DerivedKind.CPU_BUSY.unit());
        assertEquals("s/s", DerivedKind.CGROUP_THROTTLED_TIME.unit());
        assertEquals("cpuidle.cpu1.state2.residency_pct", DerivedKind.CPUIDLE_RESIDENCY.name("cpu1.state2"));
        assertEquals("rapl.intel-rapl:0:1.power_w", DerivedKind.RAPL_POWER.name("intel-rapl:0:1"));
        assertTrue(
                values.contains(new DerivedValue(DerivedKind.CPUIDLE_RESIDENCY, "cpu1.state2", 25.0, 1)),
                values.toString());
        assertTrue(
                values.contains(new DerivedValue(DerivedKind.RAPL_POWER, "intel-rapl:0", 9.0, 1)), values.toString());
        assertTrue(values.contains(new DerivedValue(DerivedKind.DISK_AWAIT, "dm-0", 2.0, 1)), values.toString());
        assertTrue(
                values.contains(new DerivedValue(DerivedKind.DISK_READ_BYTES, "dm-0", 24 * 512.0, 1)),
                values.toString());
        assertTrue(
                values.contains(new DerivedValue(DerivedKind.NET_BYTES, "eth0.100.rx", 1500.0, 1)), values.toString());
        assertEquals("net.eth0.100.rx_bytes_per_s", DerivedKind.NET_BYTES.name("eth0.100.rx"));
    }

    @Test
    void aMetricFamilyIsDeclaredAlikeWhereverItIsDeclared() {
        Map<String, Metric> families = new HashMap<>();
        for (SourceEntry s : c.sources()) {
            for (SeriesEntry e : s.series()) {
                Metric m = e.metric();
                if (m != null) {
                    Metric first = families.putIfAbsent(m.family(), m);
                    if (first != null) {
                        assertEquals(first.type(), m.type(), m.family());
                        assertEquals(first.help(), m.help(), m.family());
                    }
                }
            }
        }
    }

    private void check(Source s) {
        String name = s.name();
        SourceEntry e = c.source(name).orElseThrow(() -> new AssertionError(name + " is not in the catalogue"));
        assertEquals(kind(s.kind()), e.kind(), name);
        assertEquals(s.rowFiltered(), e.omitsIdleRows(), name);
        assertTrue(rules(s.cadenceRule()).contains(e.rule()), name + ": " + s.cadenceRule() + " is not " + e.rule());
        for (int i = 0; i < s.values().size(); i++) {
            String key = s.values().key(i);
            assertTrue(c.stream(name, key).isPresent(), name + "." + key + " is not in the catalogue");
            if (s.kind() == SourceKind.COUNTER) {
                assertEquals(s.isLevelKey(i), c.isLevel(name, key), name + "." + key);
            }
        }
        List<String> attributes = new ArrayList<>();
        flatten("", s.attributes(), attributes);
        for (String a : attributes) {
            assertTrue(
                    e.attributes().stream().anyMatch(x -> x.key().matches(a)),
                    name + " attribute " + a + " is not declared");
        }
    }

    private static void flatten(String prefix, Map<?, ?> m, List<String> out) {
        for (Map.Entry<?, ?> a : m.entrySet()) {
            String k = prefix + a.getKey();
            if (a.getValue() instanceof Map<?, ?> sub) {
                flatten(k + ".", sub, out);
            } else {
                out.add(k);
            }
        }
    }

    private static ValueKind kind(SourceKind k) {
        return switch (k) {
            case COUNTER -> ValueKind.COUNTER;
            case LEVEL -> ValueKind.LEVEL;
            case EVENT -> ValueKind.EVENT;
        };
    }

    /** The catalogue's rules a reader's cadence rule stands for: a chosen cadence is the tables' or the PMU's. */
    private static Set<ReadRule> rules(CadenceRule r) {
        if (r instanceof CadenceRule.EveryTick) {
            return Set.of(ReadRule.EVERY_TICK);
        } else if (r instanceof CadenceRule.Thermal) {
            return Set.of(ReadRule.DECLARED);
        } else if (r instanceof CadenceRule.CpuFreq) {
            return Set.of(ReadRule.CHANGE_OR_POLICY);
        } else if (r instanceof CadenceRule.SlabInfo) {
            return Set.of(ReadRule.BUDGET);
        } else if (r instanceof CadenceRule.BuddyInfo) {
            return Set.of(ReadRule.CHANGE_PUBLISHED_AS_RATE);
        } else if (r instanceof CadenceRule.Mtd) {
            return Set.of(ReadRule.PERIODIC_BUDGET);
        } else if (r instanceof CadenceRule.Chosen) {
            return Set.of(ReadRule.TOP_N, ReadRule.CHOSEN);
        }
        return Set.of(ReadRule.CHANGE);
    }
}
