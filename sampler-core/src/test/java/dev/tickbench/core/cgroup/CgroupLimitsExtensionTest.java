package dev.tickbench.core.cgroup;

import static dev.tickbench.core.cgroup.Fixtures.V2_LEAF;
import static dev.tickbench.core.cgroup.Fixtures.V2_POD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.core.capture.JsonLineWriter;
import dev.tickbench.core.sampler.TickExtension.TickInfo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CgroupLimitsExtensionTest {
    @TempDir
    Path tree;

    private final List<String> lines = new ArrayList<>();
    private final JsonLineWriter out =
            new JsonLineWriter((b, off, len) -> lines.add(new String(b, off, len, StandardCharsets.UTF_8)));

    private static TickInfo tick(long seq, long monoNs) {
        return new TickInfo(seq, monoNs, monoNs, 10);
    }

    @Test
    void limitsAtStartAndWhenAnInPlaceResizeChangesCpuMax() throws Exception {
        Fixtures.copy("k8s-v2-systemd", tree);
        CgroupTarget t = TargetResolver.of(Fixtures.roots(tree)).forPid(4242);
        CgroupLimitsExtension ext = new CgroupLimitsExtension(t);
        ext.start(tick(1, 1_000_000_000L), out);
        assertEquals(1, lines.size());
        JsonNode first = new ObjectMapper().readTree(lines.get(0));
        assertEquals("cgroup_limits", first.get("type").asText());
        assertEquals(V2_LEAF, first.get("target").asText());
        assertEquals(2, first.get("version").asInt());
        assertEquals(5, first.get("levels").size());
        JsonNode leaf = first.get("levels").get(0);
        assertTrue(leaf.get("quota_us").isNull(), "max → null");
        assertEquals(100000, leaf.get("period_us").asLong());
        assertEquals(0, leaf.get("burst_us").asLong());
        assertEquals(20, leaf.get("weight").asInt());
        assertTrue(leaf.get("shares").isNull());
        JsonNode pod = first.get("levels").get(1);
        assertEquals(50000, pod.get("quota_us").asLong());
        JsonNode root = first.get("levels").get(4);
        assertTrue(root.get("quota_us").isNull() && root.get("weight").isNull(), "the v2 root has no limits files");

        // the pod is resized in place to 1 CPU; within the same second it is not re-read
        Fixtures.write(Fixtures.v2(tree, V2_POD).resolve("cpu.max"), "100000 100000\n");
        ext.afterTick(tick(2, 1_500_000_000L), out);
        assertEquals(1, lines.size(), "limits are re-read about once a second, not every tick");
        ext.afterTick(tick(3, 2_000_000_000L), out);
        assertEquals(2, lines.size());
        JsonNode second = new ObjectMapper().readTree(lines.get(1));
        assertEquals(2_000_000_000L, second.get("mono_ns").asLong());
        assertEquals(100000, second.get("levels").get(1).get("quota_us").asLong());

        // nothing changed: nothing written
        ext.afterTick(tick(4, 3_100_000_000L), out);
        assertEquals(2, lines.size());
    }

    @Test
    void aRemovedLevelDropsOutOfTheNextLine() throws Exception {
        Fixtures.copy("k8s-v2-systemd", tree);
        CgroupLimitsExtension ext = new CgroupLimitsExtension(
                TargetResolver.of(Fixtures.roots(tree)).forPid(4242));
        ext.start(tick(1, 0), out);
        PathWalkTest.deleteTree(Fixtures.v2(tree, V2_LEAF));
        ext.afterTick(tick(11, 1_000_000_000L), out);
        assertEquals(2, lines.size());
        JsonNode second = new ObjectMapper().readTree(lines.get(1));
        assertEquals(4, second.get("levels").size());
        assertEquals(V2_POD, second.get("levels").get(0).get("path").asText());
    }
}
