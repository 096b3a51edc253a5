package dev.tickbench.app.view;

import static dev.tickbench.app.view.FxThread.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.geometry.Bounds;
import javafx.geometry.Pos;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Region;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A room of its own holds what changes inside it: a content that grows past the room (the clock verdict's
 * column taller than the tracks beside it) changes neither the room's bounds nor its ancestors', so the
 * renderer repaints the room and nothing around it.
 */
class FixedRoomTest {
    @BeforeAll
    static void toolkit() throws Exception {
        FxThread.start();
    }

    @Test
    void aContentGrownPastTheRoomLeavesTheAncestorsBoundsAsTheyWere() throws Exception {
        fx(() -> {
            Region content = new Region();
            content.setMinSize(100, 300);
            FixedRoom room = new FixedRoom(content, Pos.TOP_RIGHT).heightFromParent();
            BorderPane area = new BorderPane();
            area.setRight(room);
            area.resize(400, 200);
            area.layout();
            Bounds roomBefore = room.getBoundsInParent();
            Bounds areaBefore = area.getBoundsInLocal();

            content.setMinSize(100, 500); // a verdict of more lines
            area.layout();
            assertTrue(content.getHeight() >= 500, "the content at its size: " + content.getHeight());
            assertEquals(roomBefore, room.getBoundsInParent(), "the room's bounds");
            assertEquals(areaBefore, area.getBoundsInLocal(), "its parent's");
            assertEquals(200, areaBefore.getHeight(), 1e-9, "within the room: " + areaBefore);
            return null;
        });
    }
}
