package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * What {@link Repaints} calls styling left to the next pulse, on a scene of its own: a node added during
 * a pulse's layout is left; a control added before the pulse, whose new skin builds its text while the
 * CSS pass styles it, is not.
 */
@ExtendWith(ApplicationExtension.class)
class RepaintsTest {
    /** A pane that adds {@link #late} to its children in its layout, once asked to. */
    private static final class AddsInLayout extends Pane {
        final Label late = new Label("added in layout");
        boolean addNext;

        @Override
        protected void layoutChildren() {
            super.layoutChildren();
            if (addNext) {
                addNext = false;
                getChildren().add(late);
            }
        }
    }

    private AddsInLayout root;
    private Scene scene;

    @Start
    void start(Stage stage) {
        root = new AddsInLayout();
        scene = new Scene(root, 400, 300);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void aControlAddedBeforeThePulseIsStyledInIt() throws Exception {
        Repaints r = watched();
        Label early = new Label("added before the pulse");
        fx(() -> {
            root.getChildren().add(early);
            return null;
        });
        until(
                "the label drawn with its skin",
                () -> fx(() -> early.getSkin() != null && !r.pulses().isEmpty()));
        List<Repaints.Change> built = stop(r, c -> c.skinBuilt());

        assertEquals(1, built.size(), "the label's text, built by its new skin: " + r.pulses());
        assertEquals("added", built.get(0).what());
        assertTrue(built.get(0).inPasses(), "built while the pulse's CSS pass styled the label");
        assertEquals(List.of(), r.styleLeft(), "nothing left to the next pulse");
    }

    @Test
    void aNodeAddedDuringLayoutIsLeftToTheNextPulse() throws Exception {
        Repaints r = watched();
        fx(() -> {
            root.addNext = true;
            root.requestLayout();
            return null;
        });
        until("the label added and drawn", () -> fx(() -> root.late.getSkin() != null));
        stop(r, c -> true);

        assertEquals(1, r.styleLeft().size(), "the pulse that added the label in its layout: " + r.pulses());
        List<Repaints.Change> left = r.styleLeft().get(0).styleLeft();
        assertEquals(1, left.size(), left.toString());
        assertTrue(left.get(0).node() == root.late && left.get(0).what().equals("added"), left.toString());
    }

    private Repaints watched() throws Exception {
        Repaints r = new Repaints(scene);
        fx(() -> {
            r.start();
            return null;
        });
        return r;
    }

    private static List<Repaints.Change> stop(Repaints r, java.util.function.Predicate<Repaints.Change> which)
            throws Exception {
        return fx(() -> {
            r.stop();
            return r.changes(which);
        });
    }
}
