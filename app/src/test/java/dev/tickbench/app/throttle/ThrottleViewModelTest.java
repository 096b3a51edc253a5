package dev.tickbench.app.throttle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.throttle.ThrottleBands;
import dev.tickbench.core.throttle.ThrottleReplay;
import dev.tickbench.testkit.RouterCapture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Throttle view-model without a toolkit: captures with and without throttle lines, status, what-if. */
class ThrottleViewModelTest {
    static final Path ASSETS = Path.of(System.getProperty("user.dir"))
            .resolve("../assets/captures")
            .normalize();

    @TempDir
    Path dir;

    @Test
    void aCaptureWithThrottleLinesShowsItsStatusAndAWhatIfReplay() throws Exception {
        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson.gz"));
        ThrottleViewModel vm = new ThrottleViewModel();
        vm.traceProperty().set(ThrottleViewModel.read(file));

        ThrottleTrace t = vm.traceProperty().get();
        assertEquals(29, t.size(), "one throttle line a second for 30 s, one lost in the fixture's gap");
        assertEquals(0.0, t.t()[0], 1e-9);
        assertTrue(
                vm.effectiveProperty().get().endsWith("of ceiling 8"),
                vm.effectiveProperty().get());
        assertEquals(16, vm.whatIfProperty().get(), "the first what-if is twice the real ceiling");
        List<ThrottleReplay.Step> at16 = vm.replayProperty().get();
        assertEquals(29, at16.size());

        vm.whatIfProperty().set(1);
        List<ThrottleReplay.Step> at1 = vm.replayProperty().get();
        assertTrue(at1.stream().allMatch(s -> s.effective() == 1), "ceiling 1 never grows");
        assertNotEquals(
                at16.stream().map(ThrottleReplay.Step::effective).toList(),
                at1.stream().map(ThrottleReplay.Step::effective).toList());
    }

    @Test
    void anAssetCaptureWithNeitherThrottleLinesNorCpuTicksSaysSo() {
        // the fixture boards' stat counters never move: no iowait to derive, and the reason names the file
        Path sbc = ASSETS.resolve("fixture-sbc-50hz-floor50.ndjson.gz");
        IOException e = assertThrows(IOException.class, () -> ThrottleViewModel.read(sbc));
        assertTrue(e.getMessage().startsWith(sbc + ": the capture has no throttle lines"), e.getMessage());
    }

    @Test
    void theLiveSessionsThrottleSeriesMakeATrace() throws Exception {
        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson.gz"));
        SeriesStore store = SeriesStore.replay();
        assertNull(ThrottleViewModel.fromStore(store), "no throttle lines yet: no trace, not an empty one");
        try (CaptureReader r = CaptureReader.open(file)) {
            for (StreamLine l = r.next(); l != null; l = r.next()) {
                store.accept(l);
            }
        }
        store.flush();
        ThrottleTrace live = ThrottleViewModel.fromStore(store);
        ThrottleTrace capture = ThrottleViewModel.read(file);
        assertEquals(capture.size(), live.size());
        assertEquals(8, live.ceiling()[live.size() - 1]);
        assertArrayEquals(capture.effective(), live.effective());
        assertArrayEquals(capture.iowait(), live.iowait(), 1e-9);
        assertEquals(capture.t()[live.size() - 1], live.t()[live.size() - 1], 1e-3);
    }

    @Test
    void countdownFollowsTheSpreadAfterTheLastChange() {
        // throttled at 1 s (spread 2 s), grew at 3 s (spread 4 s): at 5 s the next growth is 2 s away
        ThrottleTrace t = trace(new int[] {4, 3, 3, 4, 4, 4}, 8);
        assertEquals("next growth in 2 s (spread 4 s)", ThrottleViewModel.countdown(t));
        assertEquals("4 → 3 at 1 s (4 s before the end)", ThrottleViewModel.lastThrottle(t));
        assertEquals("at the ceiling: no growth pending", ThrottleViewModel.countdown(trace(new int[] {4, 3, 4}, 4)));
        assertEquals("none in this record", ThrottleViewModel.lastThrottle(trace(new int[] {4, 4}, 4)));
    }

    private static ThrottleTrace trace(int[] effective, int ceiling) {
        int n = effective.length;
        double[] t = new double[n];
        int[] c = new int[n];
        for (int i = 0; i < n; i++) {
            t[i] = i;
            c[i] = ceiling;
        }
        return new ThrottleTrace("test", t, new double[n], new double[n], effective, c, null, null, null);
    }

    @Test
    void aCapturesZonesAreTheOnesItsHelloPublished() throws Exception {
        String hello =
                "{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"0.1.0\"},\"host\":{\"hostname\":\"b7\","
                        + "\"board\":null,\"kernel\":\"6.1.0\",\"cores\":2,\"user_hz\":100},\"rate_hz\":10,\"floor_hz\":0,"
                        + "\"started_wall_ns\":1000000000000,\"started_mono_ns\":500000000000,\"capabilities\":{\"rate_hz\":10%s}}\n";
        Path tuned = dir.resolve("tuned.ndjson");
        java.nio.file.Files.writeString(
                tuned, String.format(hello, ",\"throttle\":{\"red_pct\":80.0,\"yellow_pct\":35.0}"));
        Path none = dir.resolve("no-throttle.ndjson");
        java.nio.file.Files.writeString(none, String.format(hello, ""));
        Path text = dir.resolve("iowait.txt");
        java.nio.file.Files.writeString(text, "12\n80\n");

        assertEquals(new ThrottleBands(35, 80), ThrottleViewModel.bandsOf(tuned));
        assertEquals(ThrottleBands.CONTROLLER, ThrottleViewModel.bandsOf(none), "no throttle ran: the replay's own");
        assertEquals(ThrottleBands.CONTROLLER, ThrottleViewModel.bandsOf(text), "a plain iowait series has no hello");
        assertEquals(
                ThrottleBands.CONTROLLER,
                new ThrottleViewModel().bandsProperty().get());
    }
}
