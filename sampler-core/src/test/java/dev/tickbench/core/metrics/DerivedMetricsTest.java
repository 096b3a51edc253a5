package dev.tickbench.core.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.LineDecoder;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** /metrics serves the derived series of the latest sample as gauges with their window, at 2 Hz (window 2 ticks). */
class DerivedMetricsTest {
    private static final String HELLO = "{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"0.1.0\"},"
            + "\"host\":{\"hostname\":\"h\",\"board\":null,\"kernel\":\"6.1\",\"cores\":2,\"user_hz\":100},"
            + "\"rate_hz\":2,\"floor_hz\":0,\"started_wall_ns\":1,\"started_mono_ns\":0,"
            + "\"capabilities\":{\"sources\":{\"stat\":true}}}";

    private final MetricsState state = new MetricsState();
    private final LineDecoder decoder = new LineDecoder();

    private void feed(String line) throws IOException {
        state.accept(decoder.decode(line), 0);
    }

    private static String sample(int seq, int user, int idle, int iowait) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + seq * 500_000_000L + ",\"wall_ns\":1,"
                + "\"dt_ns\":500000000,\"stat\":{\"cpu.user\":" + user + ",\"cpu.idle\":" + idle + ",\"cpu.iowait\":"
                + iowait
                + ",\"cpu.nice\":0,\"cpu.system\":0},\"pressure\":{\"io.some_total\":125000},\"cgroup_cpu\":{\"/db|usage_usec\":750000,"
                + "\"/db|nr_periods\":5,\"/db|nr_throttled\":1,\"/db|throttled_usec\":30000}}";
    }

    private String render() {
        Exposition e = new Exposition();
        state.render(e, null, 0);
        return e.text();
    }

    @Test
    void derivedGaugesCarryTheirWindowAndAppearOnlyOnceItIsFull() throws IOException {
        feed(HELLO);
        feed(sample(1, 20, 70, 10));
        assertFalse(render().contains("tickbench_cpu_busy_ratio"), "half a window: no value, not 0");
        feed(sample(2, 60, 30, 10));
        String text = render();
        // user 80, idle 100, iowait 20 -> 200: busy 0.4, iowait 0.1
        assertTrue(text.contains("tickbench_cpu_busy_ratio{window=\"1s\"} 0.4\n"), text);
        assertTrue(text.contains("tickbench_cpu_iowait_ratio{window=\"1s\"} 0.1\n"), text);
        // 250 000 us stalled in 1 s
        assertTrue(
                text.contains("tickbench_pressure_stalled_ratio{resource=\"io\",kind=\"some\",window=\"1s\"} 0.25\n"),
                text);
        // 1 500 000 us of CPU in 1 s; 2 of 10 periods; 60 000 us throttled in 1 s
        assertTrue(text.contains("tickbench_cgroup_cpu_usage_cpus{cgroup=\"/db\",window=\"1s\"} 1.5\n"), text);
        assertTrue(
                text.contains("tickbench_cgroup_cpu_throttled_periods_ratio{cgroup=\"/db\",window=\"1s\"} 0.2\n"),
                text);
        assertTrue(
                text.contains("tickbench_cgroup_cpu_throttled_seconds_per_second{cgroup=\"/db\",window=\"1s\"} 0.06\n"),
                text);
        feed("{\"type\":\"gap\",\"from_seq\":3,\"to_seq\":9,\"reason\":\"reconnect\"}");
        assertFalse(render().contains("tickbench_cpu_busy_ratio"), "after a gap the old window is not served");
    }

    /**
     * A process's or a cgroup's rates are derived for the workbench and the CSV but are not on /metrics
     * (bounded cardinality, docs/who.md): /metrics leaves them out. It threw on them instead, and the probe
     * closed the request without an answer whenever a table read had just given its rates.
     */
    @Test
    void theTablesRatesAreDerivedButNotServed() throws IOException {
        feed(HELLO.replace(
                "\"capabilities\":{\"sources\":{\"stat\":true}}",
                "\"capabilities\":{\"sources\":{\"stat\":true,\"procs\":true},"
                        + "\"cadences\":{\"procs\":{\"hz\":2,\"reason\":\"policy\",\"every_ticks\":1}}}"));
        for (int seq = 1; seq <= 4; seq++) {
            feed(sample(seq, 20 * seq, 70 * seq, 10 * seq)
                    .replace(
                            "\"stat\":{",
                            "\"procs\":{\"hog/4242@9001|cpu_user\":40,\"hog/4242@9001|cpu_system\":10,"
                                    + "\"hog/4242@9001|read_ns\":500000000,\"rest|cpu_user\":5,\"rest|cpu_system\":0,"
                                    + "\"rest|read_ns\":500000000},\"stat\":{"));
        }
        String text = render();
        assertTrue(text.contains("tickbench_cpu_busy_ratio{window=\"1s\"}"), text);
        // the process's own counters are served (the table's top N); its rates, derived over a window, are not
        assertTrue(text.lines().anyMatch(l -> l.contains("comm=\"hog\"") && !l.contains("window=")), text);
        assertEquals(
                List.of(),
                text.lines()
                        .filter(l -> l.contains("hog") && l.contains("window="))
                        .toList());
    }
}
