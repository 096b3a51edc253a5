package dev.tickbench.app.diff;

import static dev.tickbench.app.diff.WhatChangedWindowTest.fx;
import static dev.tickbench.app.diff.WhatChangedWindowTest.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.diff.CaptureDiff;
import dev.tickbench.core.diff.SeriesChange;
import dev.tickbench.testkit.RealBursts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The What changed? window on the captures of real bursts (testkit RealBursts, captures/real/README.md): the
 * burst's capture open in the workbench, A in its quiet capture picked with Other capture… (or, for the one
 * capture with a burst in its middle, two typed ranges of it), Rank: the series the cause moves directly is
 * in the table's top 3 rows, in the core's order.
 */
@ExtendWith(ApplicationExtension.class)
class WhatChangedRealBurstsTest {
    @TempDir
    static Path dir;

    static Path real;

    @BeforeAll
    static void copy() throws Exception {
        real = RealBursts.copyTo(Files.createDirectory(dir.resolve("real")));
    }

    @ParameterizedTest
    @MethodSource("dev.tickbench.testkit.RealBursts#all")
    void theCauseIsInTheTopThreeRowsOfTheTable(RealBursts.Burst burst) throws Exception {
        CaptureDiff.Side a = burst.sideA(real);
        CaptureDiff.Side b = burst.sideB(real);
        Path work = Files.createDirectory(dir.resolve(burst.name()));
        DiffView view = fx(
                () -> WhatChangedWindowTest.show(new Stage(), work, b.file(), WhatChangedWindowTest.loaded(b.file())));
        DiffViewModel vm = view.model();
        if (!a.file().equals(b.file())) {
            fx(() -> {
                vm.otherCapture(vm.a(), a.file());
                return null;
            });
            until(
                    "A's capture",
                    () -> !vm.busyProperty().get() && !vm.a().capture().isShown());
        }
        fx(() -> {
            vm.a().fromProperty().set(seconds(burst.aFrom()));
            vm.a().toProperty().set(seconds(burst.aTo()));
            vm.b().fromProperty().set(seconds(burst.bFrom()));
            vm.b().toProperty().set(seconds(burst.bTo()));
            vm.rank();
            return null;
        });
        until("the ranking", () -> !vm.rows().isEmpty());
        List<String> table = fx(
                () -> view.table().getItems().stream().map(SeriesChange::name).toList());
        assertEquals(
                CaptureDiff.compare(a, b).rows().stream()
                        .map(SeriesChange::name)
                        .toList(),
                table,
                "the core's order");
        assertTrue(
                table.subList(0, 3).contains(burst.cause()), burst.cause() + " in the top 3: " + table.subList(0, 5));
        fx(() -> {
            view.getScene().getWindow().hide();
            return null;
        });
    }

    private static String seconds(Double s) {
        return s == null ? "" : String.format(Locale.ROOT, "%s", s);
    }
}
