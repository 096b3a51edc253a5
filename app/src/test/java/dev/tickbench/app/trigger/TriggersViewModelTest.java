package dev.tickbench.app.trigger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.dirs.UserDirs;
import dev.tickbench.app.intake.Intake;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.trigger.TriggerState;
import dev.tickbench.testkit.Prerequisites;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Triggers panel's model without a window: where it arms, what it says when it cannot. */
class TriggersViewModelTest {
    @TempDir
    Path dir;

    private final List<Path> opened = new ArrayList<>();

    @Test
    void withoutThisMachineNothingIsArmedAndTheErrorSaysWhere() {
        TriggersViewModel vm = new TriggersViewModel(Runnable::run, dir.resolve("triggered"), opened::add);
        vm.connection(null);
        assertFalse(vm.availableProperty().get());
        assertFalse(vm.arm("cpu.busy_pct > 50"));
        assertTrue(
                vm.errorProperty()
                        .get()
                        .startsWith("Triggers are armed on a live session: connect to this machine or"
                                + " an SSH host first"),
                vm.errorProperty().get());
        assertEquals(TriggersViewModel.NOWHERE, vm.whereProperty().get());
        assertTrue(vm.armed().isEmpty());
        assertFalse(Files.exists(dir.resolve("triggered")), "no recorder started, no directory made");
    }

    @Test
    void aDirectoryThatCannotBeMadeLeavesTheTriggerArmedAndSaysSo() throws Exception {
        Prerequisites.require(LocalConnection.available(), "no /proc on this machine: a local session needs Linux");
        Path file = Files.writeString(dir.resolve("not-a-dir"), "x");
        TriggersViewModel vm = new TriggersViewModel(Runnable::run, file.resolve("triggered"), opened::add);
        // in process: the set answers at once (a probe process answers in its stream: TriggersPanelTest)
        LocalConnection local = new LocalConnection(
                LocalConnection.config(dev.tickbench.core.source.SystemRoots.live(), 100, null),
                System.getenv(),
                LocalConnection.Mode.IN_PROCESS);
        Intake intake = new Intake(local, SeriesStore.live(), msg -> {});
        try {
            intake.start(ev -> {});
            vm.connection(intake);
            assertTrue(vm.availableProperty().get());
            assertFalse(vm.arm("   "));
            assertTrue(
                    vm.errorProperty().get().startsWith("Type a trigger first"),
                    vm.errorProperty().get());

            assertTrue(vm.arm("hot: cpu.busy_pct > 1000"));
            assertTrue(
                    vm.errorProperty()
                            .get()
                            .startsWith("The trigger is armed, but no capture will be saved: cannot keep"
                                    + " captures in " + file.resolve("triggered")),
                    vm.errorProperty().get());
            assertEquals(1, vm.armed().size());
            assertEquals("hot", vm.armed().get(0).name());
            assertTrue(
                    List.of(TriggerState.ARMED, TriggerState.NO_DATA)
                            .contains(vm.armed().get(0).state()),
                    vm.armed().toString());

            assertFalse(vm.arm("hot: cpu.iowait_pct > 1"), "the name is taken");
            assertTrue(
                    vm.errorProperty().get().contains("a trigger named 'hot' is armed already"),
                    vm.errorProperty().get());
            assertFalse(vm.disarm("cold"));
            assertEquals(
                    "No trigger named 'cold' is armed on this session.",
                    vm.errorProperty().get());
            assertTrue(vm.disarm("hot"));
            assertTrue(vm.armed().isEmpty());
        } finally {
            vm.close().get(dev.tickbench.testkit.Waits.DEADLINE.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
            intake.close();
        }
    }

    @Test
    void armedAgainUnderTheNamesTheyHad() {
        List<dev.tickbench.core.trigger.TriggerStatus> set = List.of(
                new dev.tickbench.core.trigger.TriggerStatus(
                        "hot", "hot: thermal_zone0_c > 80", "condition", TriggerState.ARMED, 2, null, 0),
                new dev.tickbench.core.trigger.TriggerStatus(
                        "t2", "cpu.iowait_pct > 40 for 2s", "condition", TriggerState.ARMED, 0, null, 0));
        assertEquals(
                List.of("arm hot: thermal_zone0_c > 80", "arm t2: cpu.iowait_pct > 40 for 2s"),
                TriggerSession.rearmRequests(set),
                "a label kept as written; a name the probe gave made a label");
    }

    @Test
    void capturesAreKeptUnderTheDataHomeNotTheCache() {
        assertEquals(
                Path.of("/home/ann/.local/share/tickbench/triggered"),
                TriggersViewModel.defaultDir(UserDirs.from(Map.of("HOME", "/home/ann"), "/root")));
        assertEquals(
                Path.of("/data/tickbench/triggered"),
                TriggersViewModel.defaultDir(
                        UserDirs.from(Map.of("HOME", "/home/ann", "XDG_DATA_HOME", "/data"), "/root")));
        assertEquals(
                Path.of("/home/ann/.local/share/tickbench/triggered"),
                TriggersViewModel.defaultDir(
                        UserDirs.from(Map.of("HOME", "/home/ann", "XDG_DATA_HOME", "rel/data"), "/root")),
                "a relative value is ignored");
    }
}
