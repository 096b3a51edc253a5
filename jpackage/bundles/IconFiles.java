import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * The desktop icons of the macOS and Windows bundles, made from one large PNG of the project's icon
 * (assets/icons/tickbench-1024.png), with the JDK alone:
 *
 * <pre>java jpackage/bundles/IconFiles.java SOURCE.png OUT.icns OUT.ico</pre>
 *
 * Each size is the source halved step by step (a single bicubic step from 1024 to 16 pixels drops whole
 * lines), written as PNG. An .icns is the four bytes "icns" and its length, then one entry per size:
 * its type, its length (8 + data) and the PNG (macOS reads PNG entries since 10.7). An .ico is a
 * little-endian directory (reserved 0, type 1, count) of 16-byte entries (width and height, 0 meaning
 * 256, 32 bits per pixel, data length and offset) followed by the PNGs (Windows reads PNG entries since
 * Vista). Both are written to a temporary name and renamed.
 */
public final class IconFiles {
    private IconFiles() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: java IconFiles.java SOURCE.png OUT.icns OUT.ico");
            System.exit(2);
        }
        BufferedImage source = ImageIO.read(Path.of(args[0]).toFile());
        if (source == null || source.getWidth() != 1024 || source.getHeight() != 1024) {
            System.err.println("IconFiles: " + args[0] + " is not a 1024×1024 PNG");
            System.exit(1);
        }
        Map<Integer, byte[]> png = new LinkedHashMap<>();
        for (int size : new int[] {1024, 512, 256, 128, 64, 48, 32, 24, 16}) {
            png.put(size, png(scaled(source, size)));
        }
        // type → pixel size (the @2x types hold twice their point size)
        Map<String, Integer> icns = new LinkedHashMap<>();
        icns.put("icp4", 16);
        icns.put("ic11", 32);
        icns.put("icp5", 32);
        icns.put("ic12", 64);
        icns.put("icp6", 64);
        icns.put("ic07", 128);
        icns.put("ic08", 256);
        icns.put("ic13", 256);
        icns.put("ic09", 512);
        icns.put("ic14", 512);
        icns.put("ic10", 1024);
        write(Path.of(args[1]), icns(icns, png));
        write(Path.of(args[2]), ico(new int[] {16, 24, 32, 48, 64, 128, 256}, png));
    }

    private static BufferedImage scaled(BufferedImage source, int size) {
        BufferedImage img = source;
        while (img.getWidth() / 2 >= size) {
            img = resize(img, img.getWidth() / 2);
        }
        return img.getWidth() == size ? img : resize(img, size);
    }

    private static BufferedImage resize(BufferedImage img, int size) {
        BufferedImage out = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = out.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
        g.drawImage(img, 0, 0, size, size, null);
        g.dispose();
        return out;
    }

    private static byte[] png(BufferedImage img) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(img, "png", out);
        return out.toByteArray();
    }

    private static byte[] icns(Map<String, Integer> types, Map<Integer, byte[]> png) {
        int length = 8;
        for (int size : types.values()) {
            length += 8 + png.get(size).length;
        }
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.BIG_ENDIAN);
        b.put("icns".getBytes(StandardCharsets.US_ASCII)).putInt(length);
        types.forEach((type, size) -> {
            byte[] data = png.get(size);
            b.put(type.getBytes(StandardCharsets.US_ASCII)).putInt(8 + data.length).put(data);
        });
        return b.array();
    }

    private static byte[] ico(int[] sizes, Map<Integer, byte[]> png) {
        int offset = 6 + 16 * sizes.length;
        int length = offset;
        for (int size : sizes) {
            length += png.get(size).length;
        }
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort((short) 0).putShort((short) 1).putShort((short) sizes.length);
        for (int size : sizes) {
            byte[] data = png.get(size);
            b.put((byte) (size % 256)).put((byte) (size % 256)).put((byte) 0).put((byte) 0)
                    .putShort((short) 1).putShort((short) 32).putInt(data.length).putInt(offset);
            offset += data.length;
        }
        for (int size : sizes) {
            b.put(png.get(size));
        }
        return b.array();
    }

    private static void write(Path file, byte[] bytes) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".part");
        Files.write(tmp, bytes);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
