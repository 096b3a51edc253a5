package dev.tickbench.app.workbench;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javafx.scene.Node;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;

/** Saves a node's snapshot as PNG (without javafx-swing: the pixels are copied into an AWT image). */
public final class PngWriter {
    private PngWriter() {}

    /** FX thread only. */
    public static void save(Node node, Path file) throws IOException {
        write(node.snapshot(null, null), file);
    }

    /**
     * Saves {@code node} as the charts look, without the controls on them (buttons, pickers, combo
     * boxes, fields): they are hidden for the snapshot, keeping their space so nothing moves, and shown
     * again after. FX thread only.
     */
    public static void saveWithoutControls(Node node, Path file) throws IOException {
        java.util.List<Node> hidden = new java.util.ArrayList<>();
        hideControls(node, hidden);
        WritableImage img;
        try {
            img = node.snapshot(null, null);
        } finally {
            hidden.forEach(n -> n.setVisible(true));
        }
        write(img, file);
    }

    /** Whether {@code n} is something to click or type in rather than something to read. */
    static boolean isControl(Node n) {
        return n instanceof javafx.scene.control.ButtonBase
                || n instanceof javafx.scene.control.ComboBoxBase
                || n instanceof javafx.scene.control.ChoiceBox
                || n instanceof javafx.scene.control.TextInputControl
                || n instanceof javafx.scene.control.Spinner
                || n instanceof javafx.scene.control.Slider
                || n instanceof org.controlsfx.control.CheckComboBox;
    }

    private static void hideControls(Node n, java.util.List<Node> hidden) {
        if (isControl(n)) {
            if (n.isVisible()) {
                n.setVisible(false);
                hidden.add(n);
            }
            return;
        }
        if (n instanceof javafx.scene.Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                hideControls(child, hidden);
            }
        }
    }

    public static void write(WritableImage img, Path file) throws IOException {
        int w = (int) img.getWidth();
        int h = (int) img.getHeight();
        int[] argb = new int[w * h];
        img.getPixelReader().getPixels(0, 0, w, h, PixelFormat.getIntArgbInstance(), argb, 0, w);
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        out.setRGB(0, 0, w, h, argb, 0, w);
        if (!ImageIO.write(out, "png", file.toFile())) {
            throw new IOException("no PNG writer in this Java runtime");
        }
    }
}
