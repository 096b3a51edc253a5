package dev.tickbench.app.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.testkit.RouterCapture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an export of drawn series holds: each series, its column in the shown unit, and for a derived one
 * exactly the raw counters its catalogue entry says it is computed from (docs/catalogue.md, "Series").
 */
class ExportSelectionTest {
    @TempDir
    Path dir;

    private SeriesStore store() throws Exception {
        SeriesStore s = SeriesStore.replay();
        LineDecoder d = new LineDecoder();
        for (String line : Files.readAllLines(RouterCapture.small(dir.resolve("r.ndjson")), StandardCharsets.UTF_8)) {
            s.accept(d.decode(line));
        }
        s.flush();
        return s;
    }

    private static List<String> columns(SeriesStore s, String... names) {
        List<Series> drawn = java.util.Arrays.stream(names).map(s::series).toList();
        return ExportSelection.columns(drawn);
    }

    @Test
    void derivedSeriesExportTheRawCountersTheyAreComputedFrom() throws Exception {
        SeriesStore s = store();
        assertEquals(
                List.of(
                        "cpu.busy_pct",
                        "stat.cpu.user",
                        "stat.cpu.nice",
                        "stat.cpu.system",
                        "stat.cpu.idle",
                        "stat.cpu.iowait",
                        "stat.cpu.irq",
                        "stat.cpu.softirq",
                        "stat.cpu.steal"),
                columns(s, "cpu.busy_pct"));
        assertEquals(List.of("psi.io.some_pct", "pressure.io.some_total"), columns(s, "psi.io.some_pct"));
        assertEquals(
                List.of(
                        "cpu.busy_pct",
                        "stat.cpu.user",
                        "stat.cpu.nice",
                        "stat.cpu.system",
                        "stat.cpu.idle",
                        "stat.cpu.iowait",
                        "stat.cpu.irq",
                        "stat.cpu.softirq",
                        "stat.cpu.steal",
                        "cpu.iowait_pct"),
                columns(s, "cpu.busy_pct", "cpu.iowait_pct"),
                "an input shared by two series is exported once");
    }

    @Test
    void aCgroupSeriesExportsTheCountersOfItsOwnLevel() throws Exception {
        SeriesStore s = SeriesStore.replay();
        LineDecoder d = new LineDecoder();
        s.accept(d.decode(
                "{\"type\":\"hello\",\"format\":1,\"host\":{\"hostname\":\"b7\",\"kernel\":\"6.1.0\",\"cores\":2,"
                        + "\"user_hz\":100},\"rate_hz\":10,\"floor_hz\":0,\"started_wall_ns\":1000000000000,\"started_mono_ns\":500000000000,"
                        + "\"capabilities\":{\"sources\":{\"cgroup_cpu\":true}}}"));
        for (int seq = 1; seq <= 10; seq++) {
            s.accept(
                    d.decode(
                            "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":"
                                    + (500_000_000_000L + seq * 100_000_000L)
                                    + ",\"wall_ns\":" + (1_000_000_000_000L + seq * 100_000_000L)
                                    + ",\"dt_ns\":100000000,\"cgroup_cpu\":{"
                                    + "\"/kubepods.slice|nr_periods\":10,\"/kubepods.slice|nr_throttled\":4,\"/kubepods.slice|throttled_usec\":30000}}"));
        }
        s.flush();
        assertEquals(
                List.of(
                        "cgroup./kubepods.slice.throttled_pct",
                        "cgroup_cpu./kubepods.slice|nr_throttled",
                        "cgroup_cpu./kubepods.slice|nr_periods"),
                columns(s, "cgroup./kubepods.slice.throttled_pct"),
                "a dot in the cgroup's name is its name's, and only the two counters of the ratio go with it");
        assertEquals(
                List.of(
                        "cgroup./kubepods.slice.throttled_s_per_s",
                        "cgroup_cpu./kubepods.slice|throttled_usec",
                        "cgroup_cpu./kubepods.slice|read_ns"),
                columns(s, "cgroup./kubepods.slice.throttled_s_per_s"),
                "a time rate goes with the level's own read times it divides by");
    }

    @Test
    void levelsAreTheirOwnColumnAndTheirColumnInTheShownUnit() throws Exception {
        SeriesStore s = store();
        assertEquals(List.of("thermal_zone0.temp", "thermal_zone0_c"), columns(s, "thermal_zone0.temp"));
        assertEquals(List.of("cpufreq.cpu0", "cpufreq.cpu0_mhz"), columns(s, "cpufreq.cpu0"));
        assertEquals(List.of("slabinfo.dentry"), columns(s, "slabinfo.dentry"));
        assertEquals(List.of(), columns(s, "throttle.iowait"), "the throttle's own line is not a sample column");
    }
}
