package dev.tickbench.app.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ExportSelectionTest {
    @Test
    void derivedSeriesExportTheirRawCounters() {
        assertEquals("stat.cpu.*", ExportSelection.column("stat.busy"));
        assertEquals("cgroup_cpu./kubepods|*", ExportSelection.column("cgroup_cpu./kubepods|throttled_ratio"));
        assertEquals("thermal_zone0.temp", ExportSelection.column("thermal_zone0.temp"));
        assertEquals("pressure.io.some_total", ExportSelection.column("pressure.io.some_total"));
    }
}
