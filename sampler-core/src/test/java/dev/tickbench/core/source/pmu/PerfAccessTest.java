package dev.tickbench.core.source.pmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reasons a user reads when a group is absent, for each way the kernel says no. */
class PerfAccessTest {
    private static final List<String> VM = List.of("breakpoint", "msr", "software", "tracepoint", "uprobe");

    @Test
    void refusedWithoutPrivilegesNamesParanoidAndCapabilities() {
        PerfAccess a = new PerfAccess(2, 0, VM);
        assertEquals(
                "perf_event_open(cpu_clock_ns, cpu 0) failed with EACCES (13): perf_event_paranoid is 2 and the "
                        + "probe has neither CAP_PERFMON nor CAP_SYS_ADMIN: system-wide per-CPU counting needs "
                        + "perf_event_paranoid <= 0, or CAP_PERFMON (or root)",
                a.explain(PmuEvent.CPU_CLOCK, 0, 13));
    }

    @Test
    void refusedDespiteCapPerfmonPointsAtOldKernelsAndSeccomp() {
        PerfAccess a = new PerfAccess(2, 1L << PerfAccess.CAP_PERFMON, VM);
        assertTrue(a.has(PerfAccess.CAP_PERFMON));
        assertFalse(a.has(PerfAccess.CAP_SYS_ADMIN));
        assertEquals(
                "perf_event_open(cycles, cpu 1) failed with EPERM (1): the probe has CAP_PERFMON and was still "
                        + "refused: a kernel older than 5.8 needs CAP_SYS_ADMIN, or a seccomp or LSM policy (container runtime) "
                        + "blocks perf_event_open",
                a.explain(PmuEvent.CYCLES, 1, 1));
    }

    @Test
    void noPmuDriverIsTheVmReason() {
        PerfAccess vm = new PerfAccess(2, ~0L, VM);
        assertFalse(vm.hasCpuPmu());
        assertEquals(
                "perf_event_open(cycles, cpu 0) failed with ENOENT (2): no hardware PMU on this machine "
                        + "(/sys/bus/event_source/devices lists only breakpoint, msr, software, tracepoint, uprobe; a virtual "
                        + "machine without a virtual PMU?)",
                vm.explain(PmuEvent.CYCLES, 0, 2));
    }

    @Test
    void aMissingEventOnARealPmuIsTheCpusLack() {
        for (List<String> devices : List.of(
                List.of("cpu", "software"), List.of("cpu_atom", "cpu_core"), List.of("armv8_pmuv3_0", "software"))) {
            PerfAccess a = new PerfAccess(-1, ~0L, devices);
            assertTrue(a.hasCpuPmu(), devices.toString());
            assertEquals(
                    "perf_event_open(branch_misses, cpu 3) failed with EOPNOTSUPP (95): this CPU's PMU does not "
                            + "have the event",
                    a.explain(PmuEvent.BRANCH_MISSES, 3, 95));
        }
    }

    @Test
    void effectiveCapabilitiesAreReadFromStatus(@TempDir Path tmp) throws IOException {
        Path status = tmp.resolve("status");
        // root in a container that dropped everything but CAP_PERFMON (bit 38)
        Files.writeString(
                status,
                "Name:\tjava\nCapInh:\t0000000000000000\nCapPrm:\t0000004000000000\n"
                        + "CapEff:\t0000004000000000\nCapBnd:\t000001ffffffffff\n");
        long eff = PerfAccess.capEff(status);
        assertEquals(1L << 38, eff);
        assertEquals(0, PerfAccess.capEff(tmp.resolve("missing")));
    }
}
