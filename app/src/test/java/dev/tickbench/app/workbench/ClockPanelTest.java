package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.clock.ClockPanel;
import dev.tickbench.app.clock.ClockSeen;
import dev.tickbench.app.clock.ClockState;
import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.testkit.Boards;
import dev.tickbench.testkit.ScriptedBoard;
import dev.tickbench.testkit.StoryCapture;
import java.nio.file.Path;
import java.util.List;
import javafx.concurrent.Worker;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * "Why is the clock low?" in the real window, on the scripted laptop's story (boards/x86-laptop.story:
 * thermal, then power, then policy, then idle, then none): from its capture, a Shift+drag range per
 * stage; and live, the story played stage by stage into the window while the panel follows the last
 * 2 s. Each stage's verdict is the one the story was written to give, with the evidence the core finds
 * (ClockStoryTest), in the panel's words.
 */
@ExtendWith(ApplicationExtension.class)
class ClockPanelTest {
    private static final double START_S = StoryCapture.START_WALL_NS / 1e9;
    private static final List<String> POLICIES = List.of("policy0", "policy1", "policy2", "policy3");
    /** The hot stage's policy1 card: cooling_device1 (the Processor device of cpu1) at state 2 clamps it. */
    private static final List<String> THERMAL_CARD = List.of(
            "policy1 · CPU 1",
            "THERMAL",
            "2100 MHz of 3500 MHz (60 %) · cap 2100 MHz",
            "at the cap 100 % · idle 0 % · peak 2100 MHz · powersave, intel_pstate",
            "because cooling_device1 (Processor) at state 2 of 3, bound to thermal_zone0 (acpitz) at 97 °C, above trip 1 (passive, 95 °C)",
            "because scaling_max_freq is 2100 MHz of 3500 MHz, lowered by cooling_device1 (Processor)");

    private WindowFixture w;
    private StoryConnection live;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1600, 1000);
    }

    @AfterEach
    void stop() {
        if (live != null) {
            live.close();
        }
    }

    @Test
    void aCaptureRangePerStageNamesWhatHoldsTheClock() throws Exception {
        Path file = dir.resolve("laptop-story.ndjson.gz");
        List<ScriptedBoard.Stage> stages = StoryCapture.record(
                        Boards.LAPTOP, dir.resolve("board"), StreamFormat.V2, file)
                .stages();
        var task = fx(() -> w.view.openCapture(file));
        until(
                "the replay",
                () -> task.getState() == Worker.State.SUCCEEDED
                        && w.vm.replayProperty().get());
        ClockPanel panel = panel();

        for (ScriptedBoard.Stage st : stages) {
            // the Shift+drag range over the stage's ticks: (tick before its first, its last]
            double from = START_S + (st.firstTick() - 1) / (double) StoryCapture.RATE_HZ;
            double to = START_S + st.lastTick() / (double) StoryCapture.RATE_HZ;
            fx(() -> {
                w.view.charts().crosshair().select(from, to);
                return null;
            });
            until(st.name() + "'s verdict", () -> judged(panel, "selected range ", st.expect()));
            ClockState s = fx(() -> ClockSeen.shown(panel));
            assertEquals("2.0 s · 20 samples at 10 Hz", s.summary(), st.name());
            assertEquals(
                    POLICIES,
                    s.policies().stream().map(ClockState.PolicyRow::policy).toList(),
                    st.name());
            for (String p : POLICIES) {
                assertEquals(
                        st.expect().toUpperCase(java.util.Locale.ROOT), fx(() -> word(panel, p)), st.name() + " " + p);
            }
            List<String> texts = fx(panel::texts);
            switch (st.name()) {
                case "thermal" -> assertTrue(inOrder(texts, THERMAL_CARD), texts.toString());
                case "power" ->
                    assertTrue(
                            texts.contains(
                                    "because intel-rapl:0 (package-0) drew 15.0 W, 100 % of its long_term limit of 15.0 W"),
                            texts.toString());
                case "policy" ->
                    assertTrue(
                            texts.contains(
                                    "because scaling_max_freq is 1600 MHz of 3500 MHz, set by hand or by a tool (no cooling device is above state 0)"),
                            texts.toString());
                case "idle" ->
                    assertTrue(
                            texts.stream().anyMatch(t -> t.startsWith("because ") && t.contains("idle 90 %")),
                            texts.toString());
                default ->
                    assertTrue(
                            texts.stream()
                                    .anyMatch(t -> t.startsWith("because ") && t.contains("nothing holds it down")),
                            texts.toString());
            }
        }
        assertTrue(
                fx(() -> w.vm.errorProperty().get()).isEmpty(),
                fx(() -> w.vm.errorProperty().get()));
    }

    @Test
    void aBoardWithOnlyPerCpuDirectoriesIsJudgedPerPolicy() throws Exception {
        // boards/router-arm-cooled.story: cpuN/cpufreq only, its clusters told by related_cpus; an older kernel's
        // cooling device at 2 of 4 holds every CPU at 1050 of 1400 MHz, cpu-thermal 3 C above its passive trip
        Path board = dir.resolve("router");
        Boards.copyTree(Boards.dir(Boards.ROUTER), board);
        ScriptedBoard b = ScriptedBoard.of(
                board,
                "router-arm-cooled.story",
                ScriptedBoard.story("router-arm-cooled") + "stage hot 20\nstat 0-3 10 0\n");
        Path file = dir.resolve("router.ndjson");
        StoryCapture.record(b, StreamFormat.V2, file);
        var task = fx(() -> w.view.openCapture(file));
        until(
                "the replay",
                () -> task.getState() == Worker.State.SUCCEEDED
                        && w.vm.replayProperty().get());
        ClockPanel panel = panel();
        fx(() -> {
            w.view.charts().crosshair().select(START_S, START_S + 2.0);
            return null;
        });
        until("the router's verdict", () -> {
            ClockState s = ClockSeen.shown(panel);
            return s != null
                    && s == panel.model().state()
                    && s.busy() == null
                    && s.report() != null
                    && s.scope().startsWith("selected range ")
                    && !s.policies().isEmpty();
        });
        ClockState s = fx(() -> ClockSeen.shown(panel));
        assertEquals(
                List.of("policy0", "policy2"),
                s.policies().stream().map(ClockState.PolicyRow::policy).toList(),
                "two clusters, not four CPUs");
        List<String> texts = fx(panel::texts);
        for (String p : List.of("policy0", "policy2")) {
            assertEquals("THERMAL", fx(() -> word(panel, p)), p);
        }
        assertTrue(
                inOrder(
                        texts,
                        List.of(
                                "policy2 · CPU 2-3",
                                "THERMAL",
                                "1050 MHz of 1400 MHz (75 %) · cap 1050 MHz",
                                "at the cap 100 % · idle 0 % · peak 1050 MHz · userspace, cpufreq-dt",
                                "because cooling_device0 (thermal-cpufreq-0) at state 2 of 4, bound to thermal_zone0 (cpu-thermal) at 88 °C,"
                                        + " above trip 0 (passive, 85 °C)",
                                "because scaling_max_freq is 1050 MHz of 1400 MHz, lowered by cooling_device0 (thermal-cpufreq-0)")),
                texts.toString());
    }

    @Test
    void liveThePanelFollowsTheStoryAsItComes() throws Exception {
        live = new StoryConnection(Boards.LAPTOP, dir.resolve("live-board"));
        List<ScriptedBoard.Stage> stages =
                ScriptedBoard.open(Boards.LAPTOP, dir.resolve("story")).stages();
        fx(() -> {
            w.vm.connect(live);
            w.vm.window().span(2);
            w.vm.window().follow(true);
            return null;
        });
        ClockPanel panel = panel();
        for (ScriptedBoard.Stage st : stages) {
            live.playNextStage();
            until(
                    st.name() + "'s verdict, live",
                    () -> judged(panel, "last 2 s, live", st.expect())
                            && ClockSeen.shown(panel).summary().equals("2.0 s · 20 samples at 10 Hz"));
            List<String> texts = fx(panel::texts);
            if (st.name().equals("thermal")) {
                assertTrue(inOrder(texts, THERMAL_CARD), texts.toString());
            }
        }
        assertTrue(fx(() -> panel.model().isLive()));
    }

    private ClockPanel panel() throws Exception {
        return fx(() -> (ClockPanel) w.view.getScene().lookup("#clock-panel"));
    }

    /**
     * The panel shows a verdict for the range named {@code scope} (a prefix), every policy held by {@code
     * expect}, nothing running: the model judged it and the panel drew it (at the ticker's next turn).
     */
    private static boolean judged(ClockPanel panel, String scope, String expect) {
        ClockState s = ClockSeen.shown(panel);
        if (s == null || s != panel.model().state()) {
            return false;
        }
        return s.busy() == null
                && s.report() != null
                && s.scope().startsWith(scope)
                && s.policies().size() == POLICIES.size()
                && s.policies().stream().allMatch(p -> p.limiter().label().equals(expect));
    }

    private static String word(ClockPanel panel, String policy) {
        return ((javafx.scene.control.Label) panel.lookup("#clock-limiter-" + policy)).getText();
    }

    /** Whether {@code want} appear in {@code texts} one after the other. */
    private static boolean inOrder(List<String> texts, List<String> want) {
        for (int i = 0; i + want.size() <= texts.size(); i++) {
            if (texts.subList(i, i + want.size()).equals(want)) {
                return true;
            }
        }
        return false;
    }
}
