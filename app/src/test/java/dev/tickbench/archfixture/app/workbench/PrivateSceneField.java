package dev.tickbench.archfixture.app.workbench;

import java.lang.reflect.Field;
import javafx.scene.Scene;

/** Breaks the rule on reflection on purpose (never run): reads a private field of JavaFX's Scene. */
public final class PrivateSceneField {
    private PrivateSceneField() {}

    static Object dirtyNodes(Scene scene) throws ReflectiveOperationException {
        Field f = Scene.class.getDeclaredField("dirtyNodes");
        f.setAccessible(true);
        return f.get(scene);
    }
}
