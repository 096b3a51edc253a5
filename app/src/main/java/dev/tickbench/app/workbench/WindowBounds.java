package dev.tickbench.app.workbench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * Where the main window opens: where and how large it was when it last closed (remembered in
 * {@code ui.properties} with the other preferences), else the whole of the primary screen's usable
 * area. A remembered place no screen shows any more (a monitor unplugged) is not used; one larger
 * than the screen it is on is shrunk to fit.
 */
public record WindowBounds(double x, double y, double width, double height, boolean maximized) {
    private static final String X = "window.x";
    private static final String Y = "window.y";
    private static final String W = "window.width";
    private static final String H = "window.height";
    private static final String MAX = "window.maximized";
    /** Smaller than this is not a size anyone meant to keep. */
    private static final double MIN_SIZE = 400;

    /** The place saved in {@code prefs}; empty when none (or an unreadable one: a preference, not data). */
    public static Optional<WindowBounds> load(Path prefs) {
        Properties p = UiPrefs.load(prefs);
        try {
            double w = Double.parseDouble(p.getProperty(W, ""));
            double h = Double.parseDouble(p.getProperty(H, ""));
            if (!(w >= MIN_SIZE && h >= MIN_SIZE)) {
                return Optional.empty();
            }
            return Optional.of(new WindowBounds(
                    Double.parseDouble(p.getProperty(X, "0")),
                    Double.parseDouble(p.getProperty(Y, "0")),
                    w,
                    h,
                    Boolean.parseBoolean(p.getProperty(MAX, "false"))));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The primary screen's usable area (without panels and docks). FX thread. */
    public static WindowBounds screen() {
        Rectangle2D r = Screen.getPrimary().getVisualBounds();
        return new WindowBounds(r.getMinX(), r.getMinY(), r.getWidth(), r.getHeight(), false);
    }

    /** Where to open: the remembered place when a screen shows it (shrunk to that screen), else the screen's. FX thread. */
    public static WindowBounds forStart(Path prefs) {
        Optional<WindowBounds> last = load(prefs);
        if (last.isPresent()) {
            WindowBounds b = last.get();
            var screens = Screen.getScreensForRectangle(b.x(), b.y(), b.width(), b.height());
            if (!screens.isEmpty()) {
                Rectangle2D r = screens.get(0).getVisualBounds();
                double w = Math.min(b.width(), r.getWidth());
                double h = Math.min(b.height(), r.getHeight());
                double x = Math.max(r.getMinX(), Math.min(b.x(), r.getMaxX() - w));
                double y = Math.max(r.getMinY(), Math.min(b.y(), r.getMaxY() - h));
                return new WindowBounds(x, y, w, h, b.maximized());
            }
        }
        return screen();
    }

    /** Places {@code stage} here (before it is shown). */
    public void applyTo(Stage stage) {
        stage.setX(x);
        stage.setY(y);
        stage.setWidth(width);
        stage.setHeight(height);
        stage.setMaximized(maximized);
    }

    /** {@code stage}'s place now (a maximised window keeps the size it had before, as the window manager restores it). */
    public static WindowBounds of(Stage stage) {
        return new WindowBounds(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight(), stage.isMaximized());
    }

    /** Saves this place in {@code prefs}, keeping the file's other keys. */
    public void save(Path prefs) throws IOException {
        Map<String, String> values = new HashMap<>();
        values.put(X, number(x));
        values.put(Y, number(y));
        values.put(W, number(width));
        values.put(H, number(height));
        values.put(MAX, Boolean.toString(maximized));
        UiPrefs.putAll(prefs, values);
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.0f", v);
    }
}
