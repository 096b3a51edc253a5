package dev.tickbench.app.view;

import java.lang.reflect.Method;
import javafx.scene.Scene;

/**
 * Styles what asked for CSS after a pulse's CSS pass in that same pulse, before it is handed to the
 * renderer. JavaFX leaves such a request to the next pulse: it marks the root dirty at the end of the
 * pulse, and when that next pulse's CSS pass changes nothing visible (the node was taken out meanwhile,
 * as a track's legend does with the badges of a new ranking, or its style was the same), the root is
 * all that pulse syncs, the renderer finds no dirty region, and it repaints the WHOLE window
 * (docs/measurements.md, 2026-12-04). While the follow step drew every track twice, the second drawing
 * hid those pulses; drawn once, they showed.
 *
 * <p>Runs the scene's own CSS pass ({@code Scene.doCSSPass}, which does nothing when the root is
 * clean) as the last of the scene's post-layout pulse listeners. JavaFX has no public call for it:
 * found reflectively, and where it cannot be (JavaFX on the module path, a later JavaFX) nothing is
 * installed and JavaFX behaves as before. FX thread.
 */
public final class CssInPulse {
    private static final Method CSS_PASS = cssPass();

    private CssInPulse() {}

    private static Method cssPass() {
        try {
            Method m = Scene.class.getDeclaredMethod("doCSSPass");
            m.setAccessible(true);
            return m;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // no such method, or not open to us: leave JavaFX as it is
        }
    }

    /** Whether the pass can be run here (tests). */
    public static boolean available() {
        return CSS_PASS != null;
    }

    /** Installs the pass on {@code scene}, kept the last of its post-layout listeners (others may ask for CSS). */
    public static void install(Scene scene) {
        if (CSS_PASS == null) {
            return;
        }
        Runnable pass = () -> {
            try {
                CSS_PASS.invoke(scene);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("the scene's CSS pass failed", e);
            }
        };
        scene.addPostLayoutPulseListener(pass);
        // listeners added later (a chart's, made with a new session) run after it: put it last again before each pulse
        scene.addPreLayoutPulseListener(() -> {
            scene.removePostLayoutPulseListener(pass);
            scene.addPostLayoutPulseListener(pass);
        });
    }
}
