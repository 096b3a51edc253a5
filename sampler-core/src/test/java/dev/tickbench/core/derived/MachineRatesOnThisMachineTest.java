package dev.tickbench.core.derived;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.export.CsvExport;
import dev.tickbench.core.metrics.Exposition;
import dev.tickbench.core.metrics.MetricsState;
import dev.tickbench.testkit.MachineCapture;
import dev.tickbench.testkit.RequiresTool;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capture of this machine while the test sends itself {@value MachineCapture#SENT} bytes over the
 * loopback and dd writes {@value MachineCapture#WRITTEN} bytes to the disk under the test's directory:
 * the stream's deltas hold at least what was sent and written, and the derived rates, the CSV and
 * {@code /metrics} show them on {@code lo} and on that disk.
 */
@RequiresTool(value = "dd", debianPackage = "coreutils")
class MachineRatesOnThisMachineTest {
    @TempDir
    Path dir;

    @Test
    void aLoopbackTransferAndADdShowOnTheirInterfaceAndDisk() throws Exception {
        MachineCapture c = MachineCapture.record(dir);
        String disk = c.device();
        Map<String, Long> sums = new HashMap<>();
        Map<String, Double> peaks = new HashMap<>();
        long running = 0;
        DerivedSeries d = new DerivedSeries();
        MetricsState metrics = new MetricsState();
        LineDecoder decoder = new LineDecoder();
        for (String line : Files.readAllLines(c.file(), StandardCharsets.UTF_8)) {
            StreamLine l = decoder.decode(line);
            metrics.accept(l, 0);
            for (DerivedValue v : d.accept(l)) {
                peaks.merge(v.name(), v.value(), Math::max);
            }
            if (l instanceof SampleLine s) {
                add(sums, s.sources().get("netdev"), "lo.rx_bytes", "lo.tx_bytes");
                add(sums, s.sources().get("diskstats"), disk + ".sectors_written");
                SourceValues stat = s.sources().get("stat");
                running = Math.max(running, stat.get("procs_running"));
            }
        }
        assertTrue(
                sums.get("lo.rx_bytes") >= MachineCapture.SENT,
                "lo received " + sums + ", the test sent " + MachineCapture.SENT);
        assertTrue(sums.get("lo.tx_bytes") >= MachineCapture.SENT, sums.toString());
        assertTrue(sums.get(disk + ".sectors_written") * 512 >= MachineCapture.WRITTEN, disk + ": " + sums);
        assertTrue(peaks.get("net.lo.rx_bytes_per_s") > 0 && peaks.get("net.lo.tx_bytes_per_s") > 0, peaks.toString());
        assertTrue(peaks.get("net.lo.rx_packets_per_s") > 0, peaks.toString());
        assertTrue(peaks.get("disk." + disk + ".write_bytes_per_s") > 0, disk + ": " + peaks);
        assertTrue(peaks.get("disk." + disk + ".ios_per_s") > 0, peaks.toString());
        assertTrue(peaks.get("disk." + disk + ".busy_pct") > 0, peaks.toString());
        assertTrue(peaks.get("disk." + disk + ".await_ms") > 0, "dd's writes took time: " + peaks);
        assertTrue(running >= 1, "the sampler's own thread runs while it reads /proc/stat");

        Exposition e = new Exposition();
        metrics.render(e, null, 0);
        String scrape = e.text();
        assertTrue(
                scrape.contains("tickbench_network_bytes_per_second{interface=\"lo\",direction=\"rx\",window=\"1s\"} "),
                scrape);
        assertTrue(scrape.contains("tickbench_disk_written_bytes_total{device=\"" + disk + "\"} "), scrape);
        assertTrue(
                scrape.contains("tickbench_disk_bytes_per_second{device=\"" + disk + "\",op=\"write\",window=\"1s\"} "),
                scrape);

        Path csv = dir.resolve("machine.csv");
        CsvExport.export(c.file(), csv, CsvExport.Options.all(), f -> {});
        List<String> rows = Files.readAllLines(csv, StandardCharsets.UTF_8);
        List<String> header = Arrays.asList(rows.get(0).split(",", -1));
        int written = header.indexOf("disk." + disk + ".write_bytes_per_s");
        assertTrue(
                written > 0 && header.contains("net.lo.rx_bytes_per_s") && header.contains("netdev.lo.rx_bytes"),
                header.toString());
        double peak = 0;
        for (String row : rows.subList(1, rows.size())) {
            String cell = row.split(",", -1)[written];
            peak = cell.isEmpty() ? peak : Math.max(peak, Double.parseDouble(cell));
        }
        assertEquals(
                peaks.get("disk." + disk + ".write_bytes_per_s"),
                peak,
                1e-6 * peak,
                "the CSV's numbers are the derived ones");
    }

    private static void add(Map<String, Long> sums, SourceValues v, String... keys) {
        for (String k : keys) {
            Long x = v == null ? null : v.get(k);
            sums.merge(k, x == null ? 0 : x, Long::sum);
        }
    }
}
