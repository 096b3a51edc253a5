package dev.tickbench.core.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.cgroup.CpuConversions.ImpliedRequest;
import dev.tickbench.core.cgroup.CpuConversions.Mapping;
import org.junit.jupiter.api.Test;

class CpuConversionsTest {
    @Test
    void twoCpusLimitIsTwoPeriodsOfQuota() {
        assertEquals(new CpuMax(200_000L, 100_000L), CpuConversions.limitToCpuMax("2"));
        assertEquals("200000 100000", CpuConversions.limitToCpuMax("2").raw());
    }

    @Test
    void halfACpuLimit() {
        assertEquals(new CpuMax(50_000L, 100_000L), CpuConversions.limitToCpuMax("500m"));
        assertEquals(new CpuMax(25_000L, 50_000L), CpuConversions.limitToCpuMax("0.5", 50_000));
        assertEquals(1500, CpuConversions.millicores("1.5"));
        assertEquals(1, CpuConversions.millicores("0.0001"), "rounded up to a whole millicore");
    }

    @Test
    void badQuantities() {
        assertThrows(IllegalArgumentException.class, () -> CpuConversions.limitToCpuMax("two"));
        assertThrows(IllegalArgumentException.class, () -> CpuConversions.limitToCpuMax("-1"));
        assertThrows(IllegalArgumentException.class, () -> CpuConversions.limitToCpuMax(""));
    }

    @Test
    void linearMappingGives39For1024Shares() {
        assertEquals(39, CpuConversions.linearWeight(1024));
        assertEquals(1, CpuConversions.linearWeight(2));
        assertEquals(10_000, CpuConversions.linearWeight(262_144));
    }

    @Test
    void ociMappingGives100For1024Shares() {
        assertEquals(100, CpuConversions.ociWeight(1024));
        assertEquals(1, CpuConversions.ociWeight(2), "minimum shares map to 1, not 2");
        assertEquals(10_000, CpuConversions.ociWeight(262_144));
        // l = log2(512) = 9: (81 + 1125)/612 - 7/34 = 1.7647…; 10^that = 58.2 → 59
        assertEquals(59, CpuConversions.ociWeight(512));
    }

    @Test
    void requestToShares() {
        assertEquals(1024, CpuConversions.requestToShares(1000));
        assertEquals(2, CpuConversions.requestToShares(0), "BestEffort: minimum shares");
        assertEquals(102, CpuConversions.requestToShares(100));
    }

    @Test
    void ociWeightBackToTheRequestItImplies() {
        // weight 100 (the v2 default) ← shares 1012..1024+ ← requests from 989m: "about one CPU"
        assertEquals(new ImpliedRequest(1012, 989), CpuConversions.impliedRequest(100, Mapping.OCI));
        assertEquals(99, CpuConversions.ociWeight(1011));
        assertEquals(1012, CpuConversions.requestToShares(989));
        assertEquals(1011, CpuConversions.requestToShares(988));
        assertEquals(new ImpliedRequest(511, 500), CpuConversions.impliedRequest(59, Mapping.OCI));
        assertEquals(new ImpliedRequest(2, 0), CpuConversions.impliedRequest(1, Mapping.OCI), "weight 1: BestEffort");
        assertNull(CpuConversions.impliedRequest(10_001, Mapping.OCI), "no shares map above 10000");
    }

    @Test
    void linearWeightBackToTheRequestItImplies() {
        // the same weight means very different requests under the two mappings
        assertEquals(new ImpliedRequest(999, 976), CpuConversions.impliedRequest(39, Mapping.LINEAR));
        assertEquals(38, CpuConversions.linearWeight(998));
        assertEquals(new ImpliedRequest(2, 0), CpuConversions.impliedRequest(1, Mapping.LINEAR));
        ImpliedRequest hundred = CpuConversions.impliedRequest(100, Mapping.LINEAR);
        assertEquals(100, CpuConversions.linearWeight(hundred.shares()));
        assertEquals(99, CpuConversions.linearWeight(hundred.shares() - 1));
        assertEquals(2598, hundred.shares(), "2 + ceil(99 × 262142 / 9999)");
    }

    @Test
    void v1SharesImplyTheirRequestTheSameUnderBothMappings() {
        // v1: kubelet wrote the shares from the request (m x 1024 / 1000); no weight mapping is involved
        assertEquals(new CpuConversions.RequestRange(1000, 1000), CpuConversions.sharesToRequest(1024));
        assertEquals("1000m", CpuConversions.sharesToRequest(1024).label());
        assertEquals("500m", CpuConversions.sharesToRequest(512).label());
        assertEquals("250m", CpuConversions.sharesToRequest(256).label());
        assertEquals("<= 2m", CpuConversions.sharesToRequest(2).label(), "BestEffort and tiny requests");
        assertNull(CpuConversions.sharesToRequest(1023), "999m gives 1022, 1000m gives 1024: 1023 was written by hand");
        for (long m : new long[] {3, 100, 999, 1000, 1001, 1500, 4000, 64000}) {
            assertEquals(
                    new CpuConversions.RequestRange(m, m),
                    CpuConversions.sharesToRequest(CpuConversions.requestToShares(m)),
                    m + "m round trip");
        }
    }

    @Test
    void aV2WeightImpliesARangeThatDependsOnTheMapping() {
        CpuConversions.RequestRange oci = CpuConversions.weightToRequest(100, Mapping.OCI);
        assertEquals(989, oci.minMillicores(), "1012 shares, the first that map to 100");
        assertTrue(oci.minMillicores() <= 1000 && oci.maxMillicores() >= 1000, oci.label());
        assertEquals(100, CpuConversions.ociWeight(CpuConversions.requestToShares(oci.maxMillicores())));
        assertEquals(101, CpuConversions.ociWeight(CpuConversions.requestToShares(oci.maxMillicores() + 1)));
        CpuConversions.RequestRange linear = CpuConversions.weightToRequest(100, Mapping.LINEAR);
        assertEquals(100, CpuConversions.linearWeight(CpuConversions.requestToShares(linear.minMillicores())));
        assertEquals(99, CpuConversions.linearWeight(CpuConversions.requestToShares(linear.minMillicores() - 1)));
        assertEquals(100, CpuConversions.linearWeight(CpuConversions.requestToShares(linear.maxMillicores())));
        assertEquals(101, CpuConversions.linearWeight(CpuConversions.requestToShares(linear.maxMillicores() + 1)));
        assertTrue(linear.minMillicores() > 2500, "the old mapping reads weight 100 as 2.5 CPUs: " + linear.label());
        assertNull(CpuConversions.weightToRequest(10_001, Mapping.OCI));
        assertEquals(0, CpuConversions.weightToRequest(1, Mapping.OCI).minMillicores());
        System.out.println("weight 100: old " + linear.label() + ", new " + oci.label()
                + "; weight 39: old "
                + CpuConversions.weightToRequest(39, Mapping.LINEAR).label()
                + ", new " + CpuConversions.weightToRequest(39, Mapping.OCI).label());
    }

    @Test
    void aV1LevelOf1024SharesImplies1000mUnderBothMappings() {
        // the walk table's "implied request" of a v1 level: read from its shares, not from the weight
        // the shares map to (which read 2538m / 989m before)
        WalkLevel v1 = new WalkLevel(new LevelLimits("/a", null, null, null, 1024L), null, null, null, 1);
        assertEquals("1000m", v1.impliedRequest(Mapping.LINEAR).label());
        assertEquals("1000m", v1.impliedRequest(Mapping.OCI).label());
        WalkLevel v2 = new WalkLevel(new LevelLimits("/a", null, null, 100, null), null, null, null, 1);
        assertTrue(v2.impliedRequest(Mapping.LINEAR).minMillicores() > 2500);
        assertEquals(989, v2.impliedRequest(Mapping.OCI).minMillicores());
        assertNull(new WalkLevel(new LevelLimits("/a", null, null, null, null), null, null, null, 1)
                .impliedRequest(Mapping.OCI));
    }
}
