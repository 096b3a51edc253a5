package dev.tickbench.app.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.catalogue.Scale;
import dev.tickbench.core.floors.CaptureSeries;
import dev.tickbench.core.floors.FloorAnalysisException;
import dev.tickbench.core.floors.FloorComparison;
import dev.tickbench.testkit.RouterCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Compare view-model without a toolkit, on the three asset captures. */
class CompareViewModelTest {
    static final Path ASSETS = Path.of(System.getProperty("user.dir"))
            .resolve("../assets/captures")
            .normalize();

    @TempDir
    Path dir;

    static List<Path> assets() throws Exception {
        try (Stream<Path> s = Files.list(ASSETS)) {
            return s.filter(p -> p.toString().endsWith(".ndjson.gz")).sorted().toList();
        }
    }

    @Test
    void threeAssetCapturesMakeThreeColumnsAndAnOverlay() throws Exception {
        CompareViewModel vm = new CompareViewModel();
        List<Path> files = vm.withAdded(assets());
        FloorComparison c = CompareViewModel.analyze(files);
        vm.show(files, c);
        assertEquals(3, c.captures().size());
        assertEquals(3, vm.files().size());
        assertTrue(
                vm.statusProperty().get().startsWith("3 captures"),
                vm.statusProperty().get());
        String sbc = CompareViewModel.header(c.captures().get(1).board());
        assertEquals("pi-lab-2\nRaspberry Pi 4 Model B Rev 1.4\n6.1.21-v8+\n50 Hz · floor 50 Hz", sbc);
        assertTrue(vm.overlayChoices().contains(vm.overlaySeriesProperty().get()));

        List<CaptureSeries> overlay =
                CompareViewModel.overlay(c, vm.overlaySeriesProperty().get());
        assertTrue(overlay.size() >= 1 && overlay.get(0).size() > 0);
        assertEquals(0.0, overlay.get(0).seconds()[0], 1.0, "relative time axis starts near 0");

        // adding a file already loaded does not make a fourth column
        assertEquals(3, vm.withAdded(List.of(files.get(0))).size());

        // the Pi's thermal cell as a sentence: why 12 Hz measured needs only 0.36 Hz, and why 1 Hz is OK
        assertEquals(
                "thermal_zone0 changed 12 times per second on pi-lab-2 ("
                        + c.cell("thermal_zone0", 1).changes()
                        + " changes in " + c.cell("thermal_zone0", 1).emissions()
                        + " reads); it needs a floor of 0.36 Hz"
                        + " (the curve's rate, not the jitter's); the probe ships 1 Hz (declared), so the shipped floor is enough"
                        + " and not wasteful → shipped floor OK.",
                CompareViewModel.explain(c.cell("thermal_zone0", 1), "pi-lab-2"));
    }

    @Test
    void theOverlayIsInTheChartsUnits() {
        assertEquals(
                new CompareViewModel.DisplayUnit("°C", Scale.per(1000)),
                CompareViewModel.displayUnit("thermal_zone0.temp"));
        assertEquals(
                new CompareViewModel.DisplayUnit("MHz", Scale.per(1000)), CompareViewModel.displayUnit("cpufreq.cpu0"));
        assertEquals(
                new CompareViewModel.DisplayUnit("as captured", Scale.ONE), CompareViewModel.displayUnit("mtd.mtd0"));
    }

    @Test
    void aCaptureWithoutOverrideIsRefusedWithTheAnalysisMessage() throws Exception {
        Path plain = RouterCapture.small(dir.resolve("edge-router-3.ndjson.gz"));
        CompareViewModel vm = new CompareViewModel();
        FloorAnalysisException e =
                assertThrows(FloorAnalysisException.class, () -> CompareViewModel.analyze(List.of(plain)));
        vm.refuse(e.getMessage());
        assertTrue(
                vm.errorProperty().get().contains("edge-router-3.ndjson.gz"),
                vm.errorProperty().get());
    }
}
