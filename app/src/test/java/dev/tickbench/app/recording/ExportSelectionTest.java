package dev.tickbench.app.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ExportSelectionTest {
    @Test
    void derivedSeriesExportTheirRawCounters() {
        assertEquals("stat.cpu.*", ExportSelection.column("cpu.busy_pct"));
        assertEquals("cgroup_cpu./kubepods.slice|*", ExportSelection.column("cgroup./kubepods.slice.throttled_pct"));
        assertEquals("cgroup_cpu./|*", ExportSelection.column("cgroup./.usage_cpus"));
        assertEquals("thermal_zone0.temp", ExportSelection.column("thermal_zone0.temp"));
        assertEquals("pressure.io.some_total", ExportSelection.column("psi.io.some_pct"));
    }
}
