package dev.tickbench.app.walk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tickbench.core.cgroup.WalkJson;
import dev.tickbench.core.cgroup.WalkResult;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A remote walk (the probe's walk JSON, read back by core's {@link WalkJson}) gives the same rows, verdict and
 * warnings in the Path walk tab as the local walk it was written from.
 */
class RemoteWalkRowsTest {
    @TempDir
    Path tree;

    private static final Duration WINDOW = Duration.ofSeconds(2);

    private WalkViewModel vm(CgroupFixture f) {
        return new WalkViewModel(f.roots(), f.podThrottles(), WINDOW, Runnable::run);
    }

    @Test
    void aWalkWrittenByTheProbeReadsBackToTheSameRowsAndVerdict() throws Exception {
        CgroupFixture f = new CgroupFixture(tree);
        WalkViewModel local = vm(f);
        WalkResult r = local.localWalker().walk(local.resolve("4242"), WINDOW);
        local.apply(r);

        WalkViewModel remote = vm(f);
        remote.apply(WalkJson.read(WalkJson.render(r), "board-7"));

        assertEquals(local.rows(), remote.rows());
        assertEquals(local.verdictProperty().get(), remote.verdictProperty().get());
        assertEquals(local.warnings(), remote.warnings());
        assertEquals(CgroupFixture.POD, remote.resultProperty().get().enforcing());
        assertEquals(r.k8s(), remote.resultProperty().get().k8s());
        assertEquals(0.75, remote.history().get(CgroupFixture.POD).get(0)[1], 1e-9);
    }

    @Test
    void warningsKeepTheirKindAndV1WeightsTheirShares() throws Exception {
        WalkViewModel local = vm(new CgroupFixture(tree));
        // a v1 level: the JSON's weight is the one its shares map to; the row shows both mappings again
        String json = "{\"version\":1,\"target\":\"/a\",\"window_s\":2.0,\"levels\":[{\"path\":\"/a\",\"cpu_max\":"
                + "{\"quota_us\":50000,\"period_us\":100000},\"cpus\":0.5,\"burst_us\":null,\"weight\":100,\"shares\":1024,"
                + "\"weight_linear\":39,\"nr_periods\":10,\"nr_throttled\":5,\"throttled_usec\":200000,\"nr_bursts\":null,"
                + "\"burst_usec\":null,\"usage_usec\":null,\"ratio\":0.5,\"throttled_rate\":0.1,\"burst_rate\":null,"
                + "\"psi\":null,\"throttling\":true}],\"enforcing\":\"/a\",\"k8s\":null,"
                + "\"warnings\":[\"v1 units normalised\"],\"warning_kinds\":[\"V1_UNITS\"],\"vanished\":[],\"system_psi\":null}";
        local.apply(WalkJson.read(json, "board-7"));
        assertEquals(java.util.List.of("v1 units: v1 units normalised"), local.warnings());
        LevelRow row = local.rows().get(0);
        assertEquals("100 (linear 39)", row.weight());
        assertEquals("50 %", row.ratio());
        assertEquals("0.100 s/s", row.throttledRate());
        assertEquals("—", row.burst(), "a null in the JSON stays missing");
        assertEquals("—", row.psiSome());
    }
}
