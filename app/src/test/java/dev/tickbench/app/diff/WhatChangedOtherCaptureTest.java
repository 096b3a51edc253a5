package dev.tickbench.app.diff;

import static dev.tickbench.app.diff.WhatChangedWindowTest.fx;
import static dev.tickbench.app.diff.WhatChangedWindowTest.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.diff.CaptureDiff;
import dev.tickbench.core.diff.DiffRange;
import dev.tickbench.core.diff.DiffResult;
import dev.tickbench.core.diff.SeriesChange;
import dev.tickbench.testkit.ChangeCapture;
import dev.tickbench.testkit.SyntheticCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import javafx.scene.control.ComboBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A side in another capture, aligned at an event (docs/diff.md): two builds whose start is a kernel log
 * record, 20 s into the capture the workbench shows and 50 s into another one recorded a day later; from its
 * start the second build's slab cache is 3× and its zone 6 °C warmer. "The 30 s after the build started" in
 * each ranks as the core ranks the same wall-clock ranges, with the known top series; counted from the first
 * samples instead, the same FROM and TO see no change. A capture that cannot be read is said in the window,
 * and the last ranking stays.
 */
@ExtendWith(ApplicationExtension.class)
class WhatChangedOtherCaptureTest {
    static final long DAY_NS = 86_400_000_000_000L;
    static final long THIRTY_S = 30_000_000_000L;

    @TempDir
    static Path dir;
    /** The capture the workbench shows: its build starts 20 s in, and nothing changes. */
    static Path shown;
    /** Another capture, a day later: its build starts 50 s in, and from then on B's changes hold. */
    static Path other;

    static long shownBuild;
    static long otherBuild;
    static SeriesStore store;
    private DiffViewModel vm;
    private DiffView view;

    @BeforeAll
    static void write() throws Exception {
        shown = dir.resolve("build-1.ndjson.gz");
        other = dir.resolve("build-2.ndjson.gz");
        shownBuild = ChangeCapture.writeAroundEvent(shown, SyntheticCapture.START_WALL_NS, 20, 90, false);
        otherBuild = ChangeCapture.writeAroundEvent(other, SyntheticCapture.START_WALL_NS + DAY_NS, 50, 120, true);
        store = WhatChangedWindowTest.loaded(shown);
    }

    @Start
    void start(Stage stage) throws Exception {
        view = WhatChangedWindowTest.show(stage, dir, shown, store);
        vm = view.model();
    }

    @Test
    void theThirtySecondsAfterEachBuildStartedRankAsTheCoreRanksThem(FxRobot robot) throws Exception {
        // A: the capture shown, from its charts' marks (epoch seconds in a double: within a microsecond)
        fx(() -> {
            vm.refreshEvents();
            return null;
        });
        DiffOrigin a = fx(() -> build(vm.a()));
        assertEquals(shownBuild, a.wallNs(), 1_000, "the kernel log record's time on the charts");
        assertEquals(
                "+19.995 s  kmsg: " + ChangeCapture.BUILD_STARTED,
                a.text(),
                "20 s after the first sample, half a tick before");
        // B: the other capture, its events read from the file in the background
        fx(() -> {
            vm.otherCapture(vm.b(), other);
            return null;
        });
        until("B's events", () -> !vm.busyProperty().get() && vm.b().origins().size() > 1);
        DiffOrigin b = fx(() -> build(vm.b()));
        assertEquals(otherBuild, b.wallNs(), "from the file: exact");
        assertEquals("+49.995 s  kmsg: " + ChangeCapture.BUILD_STARTED, b.text());
        assertEquals(
                "build-2.ndjson.gz",
                fx(() -> String.valueOf(((ComboBox<?>) view.lookup("#diff-b-capture")).getValue())));
        assertEquals("1 event", fx(() -> vm.b().noteProperty().get()));

        fx(() -> {
            vm.a().originProperty().set(a);
            vm.b().originProperty().set(b);
            for (DiffSide side : List.of(vm.a(), vm.b())) {
                side.fromProperty().set("0");
                side.toProperty().set("30");
            }
            return null;
        });
        robot.clickOn("#diff-rank");
        until("the ranking", () -> !vm.rows().isEmpty());
        DiffResult window = fx(() -> vm.resultProperty().get());
        DiffResult core = CaptureDiff.compare(
                new CaptureDiff.Side(shown, DiffRange.wall(shownBuild, shownBuild + THIRTY_S)),
                new CaptureDiff.Side(other, DiffRange.wall(otherBuild, otherBuild + THIRTY_S)));
        assertEquals(
                core.rows().stream().map(SeriesChange::name).toList(),
                window.rows().stream().map(SeriesChange::name).toList());
        assertEquals(core.rows(), window.rows(), "every number too");
        List<String> top =
                window.rows().stream().limit(4).map(SeriesChange::name).toList();
        // PSI io (its share and its stall counter) went from 2 to 8 %; the zone warmed by a tenth of its level
        // (KnownChangesTest)
        assertEquals("slabinfo.kmalloc-64", top.get(0));
        assertEquals(Set.of("psi.io.some_pct", "pressure.io.some_total"), Set.copyOf(top.subList(1, 3)));
        assertEquals("thermal_zone0.temp", top.get(3));
        assertEquals(
                3000, window.a().samples(), "30 s at 100 Hz after the record, which is half a tick from any sample");
        assertEquals(3000, window.b().samples());
        assertEquals(
                DiffRange.wall(otherBuild, otherBuild + THIRTY_S), window.b().range());
        assertEquals(
                other.toString(),
                window.b().label().substring(0, window.b().label().indexOf('@')));

        // the overlay draws A from the charts and says why B, in the other capture, is not drawn
        fx(() -> {
            view.table().getSelectionModel().select(0);
            return null;
        });
        until("the overlay", () -> view.overlay().chart().isVisible());
        long reads = fx(() -> vm.rows().get(0).a().observations());
        assertTrue(fx(() -> view.overlay().legendA().getText()).endsWith("(" + reads + " points)"));
        assertTrue(fx(() -> view.overlay().legendB().getText())
                .endsWith("(in build-2.ndjson.gz: not drawn, the charts hold only the capture the workbench shows)"));

        // the same FROM and TO counted from each capture's first sample: both before the builds, nothing changed
        fx(() -> {
            vm.a().originProperty().set(DiffOrigin.FIRST_SAMPLE);
            vm.b().originProperty().set(DiffOrigin.FIRST_SAMPLE);
            return vm.rank();
        });
        until(
                "the ranking from the first samples",
                () -> vm.resultProperty().get() != window && vm.resultProperty().get() != null);
        List<SeriesChange> unaligned =
                fx(() -> List.copyOf(vm.resultProperty().get().rows()));
        SeriesChange slab = unaligned.stream()
                .filter(r -> r.name().equals("slabinfo.kmalloc-64"))
                .findFirst()
                .orElseThrow();
        assertFalse(slab.aboveNoise(), "the slab cache did not change before the build: effect " + slab.effect());
    }

    @Test
    void anEventAlignedRangeMayStartBeforeTheEvent() throws Exception {
        fx(() -> {
            vm.otherCapture(vm.b(), other);
            return null;
        });
        until("B's events", () -> !vm.busyProperty().get() && vm.b().origins().size() > 1);
        DiffRange r = fx(() -> {
            vm.b().originProperty().set(build(vm.b()));
            vm.b().fromProperty().set("-10");
            vm.b().toProperty().set("20.5");
            return vm.b().range(store);
        });
        assertEquals(DiffRange.wall(otherBuild - 10_000_000_000L, otherBuild + 20_500_000_000L), r);
        // counted from the first sample, a time before it is refused
        fx(() -> {
            vm.b().originProperty().set(DiffOrigin.FIRST_SAMPLE);
            return vm.rank();
        });
        assertEquals(
                "Range B from: '-10' is not a time; type seconds since the capture's first sample (90, 90.5), or leave it"
                        + " empty for the capture's start.",
                fx(() -> vm.errorProperty().get()));
        // the charts' window and "just before B" are ranges of one capture: said, not ranked
        fx(() -> {
            vm.b().fromProperty().set("0");
            vm.bIsWindowProperty().set(true);
            return vm.rank();
        });
        assertEquals(
                "\"B = the charts' window\" is a range of the capture the charts show, and B is in build-2.ndjson.gz: choose"
                        + " \"this capture\" for B, or type B's range.",
                fx(() -> vm.errorProperty().get()));
        fx(() -> {
            vm.bIsWindowProperty().set(false);
            vm.aJustBeforeProperty().set(true);
            return vm.rank();
        });
        assertEquals(
                "\"A = the same length just before B\" needs A in B's capture (A is in this capture, B in build-2.ndjson.gz):"
                        + " choose the same capture for both, or type A's range.",
                fx(() -> vm.errorProperty().get()));
        assertNull(fx(() -> vm.resultProperty().get()), "nothing was ranked");
    }

    @Test
    void aCaptureThatCannotBeReadIsSaidAndTheRankingKept() throws Exception {
        fx(() -> {
            vm.aToProperty().set("59.99");
            vm.bFromProperty().set("60");
            return vm.rank();
        });
        until("the ranking", () -> !vm.rows().isEmpty());
        List<SeriesChange> ranked = fx(() -> List.copyOf(vm.rows()));
        DiffResult result = fx(() -> vm.resultProperty().get());

        // a file that is not there: said when picked, and B stays in the capture shown
        Path missing = dir.resolve("gone.ndjson.gz");
        fx(() -> {
            vm.otherCapture(vm.b(), missing);
            return null;
        });
        until(
                "the error",
                () -> !vm.busyProperty().get() && !vm.errorProperty().get().isEmpty());
        assertEquals(
                "B's capture cannot be read: " + missing
                        + ": no such file. B stays in this capture: pick a Tickbench capture"
                        + " (.ndjson or .ndjson.gz) with Other capture….",
                fx(() -> vm.errorProperty().get()));
        assertTrue(fx(() -> view.lookup("#diff-error").isVisible()));
        assertEquals(DiffCapture.SHOWN, fx(() -> vm.b().captureProperty().get()));
        assertEquals(List.of(DiffCapture.SHOWN), fx(() -> List.copyOf(vm.captures())), "the file is not offered");

        // a file read fine when picked, no capture by the time it is ranked: said, and the last ranking kept
        Path spoilt = dir.resolve("spoilt.ndjson.gz");
        Files.copy(other, spoilt);
        fx(() -> {
            vm.otherCapture(vm.b(), spoilt);
            return null;
        });
        until("B's events", () -> !vm.busyProperty().get() && vm.b().origins().size() > 1);
        Files.writeString(spoilt, "not a capture\n");
        fx(vm::rank);
        until(
                "the error",
                () -> !vm.busyProperty().get() && !vm.errorProperty().get().isEmpty());
        String error = fx(() -> vm.errorProperty().get());
        assertTrue(error.startsWith("Could not rank A against B: " + spoilt + ": not a gzip file ("), error);
        assertTrue(error.endsWith(". The last ranking is kept: check that file, or pick another capture."), error);
        assertEquals(ranked, fx(() -> List.copyOf(vm.rows())));
        assertEquals(result, fx(() -> vm.resultProperty().get()));
        assertEquals(ranked.size(), fx(() -> view.table().getItems().size()));
    }

    @Test
    void aSelectedRangeStaysWhenTheEventsAreListedAgain() throws Exception {
        double first = store.firstX();
        fx(() -> {
            vm.selection(() -> first + 5, () -> first + 15);
            return vm.pickA();
        });
        // the window is shown again, or an event list opened: the lists are rebuilt under their controls
        fx(() -> {
            vm.refreshEvents();
            vm.refreshEvents();
            vm.bFromProperty().set("30");
            return vm.rank();
        });
        until("the ranking", () -> vm.resultProperty().get() != null);
        DiffRange a = fx(() -> vm.resultProperty().get().a().range());
        assertEquals(
                DiffRange.wall(Math.round((first + 5) * 1e9), Math.round((first + 15) * 1e9)),
                a,
                "the selection, on the wall clock");
        assertEquals(DiffOrigin.FIRST_SAMPLE, fx(() -> ((ComboBox<?>) view.lookup("#diff-a-origin")).getValue()));
    }

    /** The side's "build started" entry. */
    private static DiffOrigin build(DiffSide side) {
        return side.origins().stream()
                .filter(o -> o.text().endsWith(ChangeCapture.BUILD_STARTED))
                .findFirst()
                .orElseThrow();
    }
}
