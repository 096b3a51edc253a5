package dev.tickbench.core.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Derived columns after the raw ones, at 2 Hz (a 1 s window = 2 ticks of 0.5 s), values worked out in comments. */
class CsvDerivedColumnsTest {
    private static final String HELLO = "{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"t\"},"
            + "\"host\":{\"hostname\":\"h\",\"board\":null,\"kernel\":\"6.1\",\"cores\":2,\"user_hz\":100},"
            + "\"rate_hz\":2,\"floor_hz\":0,\"started_wall_ns\":0,\"started_mono_ns\":0,"
            + "\"capabilities\":{\"sources\":{\"stat\":true,\"cgroup_cpu\":true},"
            + "\"cadences\":{\"stat\":{\"hz\":2.0,\"reason\":\"rate\",\"every_ticks\":1},"
            + "\"cgroup_cpu\":{\"hz\":2.0,\"reason\":\"rate\",\"every_ticks\":1}}}}";

    @TempDir
    Path tmp;

    private static String sample(int seq, long user, long idle, long iowait, long usageUs) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + seq * 500_000_000L + ",\"wall_ns\":"
                + seq * 500_000_000L + ",\"dt_ns\":500000000,\"stat\":{\"cpu.user\":" + user + ",\"cpu.nice\":0,"
                + "\"cpu.system\":0,\"cpu.idle\":" + idle + ",\"cpu.iowait\":" + iowait + ",\"cpu.guest\":" + user
                + "},"
                + "\"cgroup_cpu\":{\"/web|usage_usec\":" + usageUs + "}}";
    }

    @Test
    void derivedColumnsCarryTheirUnitAndAreEmptyUntilTheWindowIsFull() throws Exception {
        Path cap = tmp.resolve("c.ndjson");
        Files.writeString(
                cap,
                String.join(
                                "\n",
                                HELLO,
                                sample(1, 50, 40, 10, 300_000),
                                sample(2, 30, 50, 20, 700_000),
                                sample(3, 100, 0, 0, 1_300_000))
                        + "\n");
        Path out = tmp.resolve("c.csv");
        CsvExport.Summary s = CsvExport.export(cap, out, CsvExport.Options.all(), f -> {});
        assertEquals(
                List.of(
                        "stat.cpu.user",
                        "stat.cpu.nice",
                        "stat.cpu.system",
                        "stat.cpu.idle",
                        "stat.cpu.iowait",
                        "stat.cpu.guest",
                        "cgroup_cpu./web|usage_usec",
                        "cpu.busy_pct",
                        "cpu.iowait_pct",
                        "cgroup./web.usage_cpus"),
                s.columns());
        assertEquals(
                List.of(
                        String.join(
                                ",",
                                List.of(
                                        "t_s",
                                        "wall",
                                        "stat.cpu.user",
                                        "stat.cpu.nice",
                                        "stat.cpu.system",
                                        "stat.cpu.idle",
                                        "stat.cpu.iowait",
                                        "stat.cpu.guest",
                                        "cgroup_cpu./web|usage_usec",
                                        "cpu.busy_pct",
                                        "cpu.iowait_pct",
                                        "cgroup./web.usage_cpus")),
                        "0.000000,1970-01-01T00:00:00.500Z,50,0,0,40,10,50,300000,,,",
                        // ticks 1+2: user 80, idle 90, iowait 30 -> total 200 (guest is in user): busy 40 %, iowait 15
                        // %;
                        // usage 1 000 000 us in 1 s = 1 CPU
                        "0.500000,1970-01-01T00:00:01.000Z,30,0,0,50,20,30,700000,40,15,1",
                        // ticks 2+3: user 130, idle 50, iowait 20 -> 200: busy 65 %, iowait 10 %; 2 000 000 us in 1 s
                        "1.000000,1970-01-01T00:00:01.500Z,100,0,0,0,0,100,1300000,65,10,2"),
                Files.readAllLines(out));
        assertEquals(
                List.of(
                        "series,hz,reason,every_ticks,from_t_s",
                        "stat.cpu.user,2.0,rate,1,0.000000",
                        "stat.cpu.nice,2.0,rate,1,0.000000",
                        "stat.cpu.system,2.0,rate,1,0.000000",
                        "stat.cpu.idle,2.0,rate,1,0.000000",
                        "stat.cpu.iowait,2.0,rate,1,0.000000",
                        "stat.cpu.guest,2.0,rate,1,0.000000",
                        "cgroup_cpu./web|usage_usec,2.0,rate,1,0.000000",
                        "cpu.busy_pct,2.0,rate,1,0.000000",
                        "cpu.iowait_pct,2.0,rate,1,0.000000",
                        "cgroup./web.usage_cpus,2.0,rate,1,0.000000"),
                Files.readAllLines(s.cadenceFile()));
    }
}
