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
