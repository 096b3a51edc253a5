package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.intake.Intake;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.trigger.TriggersViewModel;
import dev.tickbench.core.recorder.SavedCapture;
import dev.tickbench.core.trigger.TriggerStatus;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Triggers panel's model on a probe's stream (docs/triggers.md, "For the workbench"): armed over a
 * real OpenSSH link by writing to the stream's stdin, read back from its lines, saved around its firing
 * by the flight recorder; armed again under the same name when the stream starts again — a remote probe
 * killed and reconnected, and this machine's probe process killed and restarted.
 */
class TriggersOverStreamsTest {
    private static final String BUSY = "busy: cpu.busy_pct >= 0"; // never negative: fires once its 1 s window is full

    @TempDir
    Path tmp;

    /** The model's UI thread: one thread, as the FX thread is; every read of its state goes through it. */
    private final ExecutorService ui = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() {
        ui.shutdownNow();
    }

    @Test
    void armedOverSshFiresIsSavedAndIsArmedAgainAfterTheProbeIsKilled() throws Exception {
        BundledProbe probe = OpenSshd.requireSshdAndProbe();
        KeyPair hostKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        KeyPair clientKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        Path keyFile = InProcessSshd.writeKey(tmp.resolve("id_ed25519"), clientKey, null);
        try (OpenSshd sshd = new OpenSshd(tmp.resolve("sshd"), hostKey, clientKey.getPublic())) {
            SshTarget target = new SshTarget(
                    "127.0.0.1", "127.0.0.1", sshd.port, System.getProperty("user.name"), List.of(keyFile));
            SshProbeConnection c = new SshProbeConnection(
                    target, StreamRequest.of(20, 0), new RecordingPrompts(), tmp.resolve("known_hosts"), probe);
            Intake intake = new Intake(c, SeriesStore.live(), msg -> {});
            TriggersViewModel vm = new TriggersViewModel(ui, tmp.resolve("triggered"), p -> {});
            Path captures = tmp.resolve("triggered");
            onUi(() -> {
                vm.recorder(captures, Duration.ofSeconds(1), Duration.ofSeconds(1));
                vm.connection(intake);
                return null;
            });
            try {
                intake.start(ev -> {});
                assertTrue(onUi(() -> vm.availableProperty().get()), "an SSH session takes triggers");
                assertEquals(
                        "Armed on " + c.title() + "'s session: evaluated on every tick by its probe, each firing a red"
                                + " line on every track.",
                        onUi(() -> vm.whereProperty().get()));
                until("the stream's hello", intake::hasHello);

                assertTrue(onUi(() -> vm.arm(BUSY)));
                until(
                        "the remote probe's set lists it, fired once",
                        () -> onUi(() -> vm.armed().size() == 1
                                && vm.armed().get(0).fired() == 1
                                && vm.fired().size() == 1));
                TriggerStatus s = onUi(() -> vm.armed().get(0));
                assertEquals("busy", s.name());
                assertEquals(BUSY, s.expression());
                assertEquals("busy", onUi(() -> vm.fired().get(0).trigger()));

                // the probe's own refusal, shown with the request it answers
                assertTrue(onUi(() -> vm.arm("busy: cpu.iowait_pct > 1")), "checked here, refused there");
                until(
                        "the refusal shown",
                        () -> !onUi(() -> vm.errorProperty().get()).isEmpty());
                String refusal = onUi(() -> vm.errorProperty().get());
                assertTrue(
                        refusal.startsWith(c.title() + "'s probe refused 'arm busy: cpu.iowait_pct > 1': "), refusal);
                assertTrue(refusal.contains("a trigger named 'busy' is armed already"), refusal);

                until(
                        "the capture saved around the firing",
                        () -> onUi(() -> vm.saved().size()) == 1);
                SavedCapture saved = onUi(() -> vm.saved().get(0));
                assertEquals(captures, saved.file().getParent());
                assertEquals(List.of("busy"), saved.triggers());
                assertTrue(saved.samples() > 0 && saved.error() == null, saved.toString());

                // the remote probe dies: the connection reconnects, and the new stream gets the trigger again
                List<ProcessHandle> probes = sshd.sessionProcesses().stream()
                        .filter(p -> p.info().commandLine().orElse("").contains(probe.remoteName()))
                        .toList();
                assertEquals(1, probes.size(), "one remote probe");
                probes.get(0).destroyForcibly();
                until(
                        "armed again on the new stream and fired there",
                        () -> onUi(() -> vm.fired().size() == 2
                                && vm.fired().get(1).count() == 1
                                && vm.armed().size() == 1
                                && vm.armed().get(0).name().equals("busy")));
                assertEquals(BUSY, onUi(() -> vm.armed().get(0).expression()), "under the same name, as armed");
                assertTrue(
                        onUi(() -> vm.noticeProperty().get()).contains("sent to it again: arm " + BUSY),
                        onUi(() -> vm.noticeProperty().get()));

                assertTrue(onUi(() -> vm.disarm("busy")));
                until(
                        "disarmed on the remote probe",
                        () -> onUi(() -> vm.armed().isEmpty()));
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "\nsshd log:\n" + Files.readString(sshd.log), e);
            } finally {
                onUi(vm::close)
                        .get(
                                Waits.DEADLINE.toSeconds(),
                                java.util.concurrent.TimeUnit.SECONDS); // its capture written before the directory goes
                intake.close();
            }
        }
    }

    @Test
    void thisMachinesProbeProcessKilledAndRestartedIsArmedAgain() throws Exception {
        Prerequisites.require(LocalConnection.available(), "no /proc on this machine: a local session needs Linux");
        Prerequisites.require(
                BundledProbe.fromResources() != null,
                "the app carries no probe jar: build with `mvn package`"
                        + "/`verify` so that remote-probe/target/tickbench-probe.jar is bundled");
        LocalConnection local = new LocalConnection(
                LocalConnection.config(dev.tickbench.core.source.SystemRoots.live(), 20, null),
                System.getenv(),
                LocalConnection.Mode.PROBE_PROCESS);
        Intake intake = new Intake(local, SeriesStore.live(), msg -> {});
        TriggersViewModel vm = new TriggersViewModel(ui, tmp.resolve("triggered"), p -> {});
        onUi(() -> {
            vm.connection(intake);
            return null;
        });
        try {
            intake.start(ev -> {});
            until("the probe process's hello", intake::hasHello);
            assertFalse(local.samplesInThisJvm(), "sampled by a probe process");
            assertTrue(onUi(() -> vm.arm("t1: cpu.busy_pct >= 0")));
            until(
                    "armed and fired on the probe process",
                    () -> onUi(() -> vm.fired().size() == 1));
            long pid = probeProcess().orElseThrow();
            ProcessHandle.of(pid).orElseThrow().destroyForcibly();
            until(
                    "a new probe process, the trigger armed on it and fired again",
                    () -> probeProcess().filter(p -> p != pid).isPresent()
                            && onUi(() -> vm.fired().size() == 2
                                    && vm.armed().size() == 1
                                    && vm.armed().get(0).name().equals("t1")));
        } finally {
            onUi(vm::close)
                    .get(
                            Waits.DEADLINE.toSeconds(),
                            java.util.concurrent.TimeUnit.SECONDS); // its capture written before the directory goes
            intake.close();
        }
    }

    @Test
    void aNewSamplerOfThisMachineReplacingTheLastIsArmedAgain() throws Exception {
        Prerequisites.require(LocalConnection.available(), "no /proc on this machine: a local session needs Linux");
        LocalConnection first = new LocalConnection(
                LocalConnection.config(dev.tickbench.core.source.SystemRoots.live(), 20, null), System.getenv());
        Intake firstIntake = new Intake(first, SeriesStore.live(), msg -> {});
        TriggersViewModel vm = new TriggersViewModel(ui, tmp.resolve("triggered"), p -> {});
        onUi(() -> {
            vm.connection(firstIntake);
            return null;
        });
        firstIntake.start(ev -> {});
        LocalConnection second = new LocalConnection(
                LocalConnection.config(dev.tickbench.core.source.SystemRoots.live(), 25, null), System.getenv());
        try {
            until("the first sampler's hello", firstIntake::hasHello);
            assertTrue(onUi(() -> vm.arm(BUSY)));
            until(
                    "armed and fired on the first sampler",
                    () -> onUi(() -> vm.fired().size() == 1 && vm.armed().size() == 1));
            Intake secondIntake = new Intake(second, SeriesStore.live(), msg -> {});
            // what SessionController.restartLocal does for a new Rate: the old one ends, the new one follows
            onUi(() -> {
                firstIntake.close();
                vm.connection(null);
                vm.connection(secondIntake);
                return null;
            });
            secondIntake.start(ev -> {});
            until(
                    "armed again on the new sampler and fired there",
                    () -> onUi(() -> vm.fired().size() == 2
                            && vm.armed().size() == 1
                            && vm.armed().get(0).name().equals("busy")));
        } catch (AssertionError e) {
            throw new AssertionError(
                    e.getMessage() + "; armed " + onUi(() -> List.copyOf(vm.armed())) + ", notice "
                            + onUi(() -> vm.noticeProperty().get()) + ", error "
                            + onUi(() -> vm.errorProperty().get()),
                    e);
        } finally {
            onUi(vm::close)
                    .get(
                            Waits.DEADLINE.toSeconds(),
                            java.util.concurrent.TimeUnit.SECONDS); // its capture written before the directory goes
            firstIntake.close(); // closed already unless an assertion failed before the switch
            second.close();
        }
    }

    private <T> T onUi(Callable<T> c) throws Exception {
        return ui.submit(c).get();
    }

    private static void until(String what, Check c) {
        Waits.until(Waits.DEADLINE, () -> what, () -> {
            try {
                return c.ok();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @FunctionalInterface
    private interface Check {
        boolean ok() throws Exception;
    }

    /** The pid of this JVM's probe process (its one child that streams), if one runs. */
    private static java.util.Optional<Long> probeProcess() {
        return ProcessHandle.current()
                .children()
                .filter(h -> h.isAlive() && h.info().commandLine().orElse("").contains(" stream "))
                .map(ProcessHandle::pid)
                .findFirst();
    }
}
