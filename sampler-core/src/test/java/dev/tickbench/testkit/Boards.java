package dev.tickbench.testkit;

import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The fixture board trees (sampler-core/src/test/resources/boards: proc, sys and dev of boards we do
 * not have), for every module's tests. From sampler-core's own test classes they are read in place;
 * from the test-jar they are unpacked once per JVM into a temp directory (readers need real files).
 */
public final class Boards {
    public static final String ROUTER = "router-arm";
    public static final String SBC = "sbc";
    public static final String X86 = "x86-server";
    /** A mainline-kernel ARM board: thermal polling delays only in the device tree. */
    public static final String DT = "imx8mq-dt";
    /** A big.LITTLE ARM board on a mainline kernel: cpufreq cooling devices bound to a zone, a device tree. */
    public static final String ARM_COOLING = "arm-cooling";
    /** An x86 laptop: intel_pstate, thermal_throttle, RAPL, coretemp, cpuidle, ACPI Processor cooling. */
    public static final String LAPTOP = "x86-laptop";

    public static final List<String> ALL = List.of(ROUTER, SBC, X86, DT, ARM_COOLING, LAPTOP);
    /** A board's symbolic links, {@code PATH -> TARGET} per line: a test-jar (and so the unpacked copy) cannot hold them. */
    static final String LINKS = "links.txt";

    private static final Map<String, Path> UNPACKED = new ConcurrentHashMap<>();

    private Boards() {}

    /** The board's root directory (holding proc, sys, dev). */
    public static Path dir(String board) {
        URL url = Boards.class.getResource("/boards/" + board);
        if (url == null) {
            throw new IllegalStateException("no fixture board " + board + " on the test class path");
        }
        try {
            URI uri = url.toURI();
            if (!"jar".equals(uri.getScheme())) {
                Path inPlace = Path.of(uri);
                return Files.exists(inPlace.resolve(LINKS))
                        ? UNPACKED.computeIfAbsent(board, b -> copied(inPlace, b))
                        : inPlace;
            }
            return UNPACKED.computeIfAbsent(board, b -> unpack(uri, b));
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A board with symbolic links, copied once per JVM into a temp directory where its links are made. */
    private static Path copied(Path from, String board) {
        try {
            Path to = tempTop().resolve(board);
            copyTree(from, to);
            return to;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy fixture board " + board, e);
        }
    }

    private static Path tempTop() throws IOException {
        Path top = Files.createTempDirectory("tickbench-board-");
        Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteQuietly(top), "delete-" + top.getFileName()));
        return top;
    }

    /**
     * Makes the links a board's {@code links.txt} lists (paths relative to the board, targets as the
     * kernel writes them, relative to the link's directory), replacing whatever the copy holds there.
     */
    static void makeLinks(Path board) throws IOException {
        Path list = board.resolve(LINKS);
        if (!Files.exists(list)) {
            return;
        }
        for (String line : Files.readAllLines(list)) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            int arrow = l.indexOf(" -> ");
            if (arrow < 0) {
                throw new IOException(list + ": not PATH -> TARGET: " + l);
            }
            Path link = board.resolve(l.substring(0, arrow));
            if (Files.isDirectory(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                deleteTree(link);
            }
            Files.deleteIfExists(link);
            Files.createDirectories(link.getParent());
            Files.createSymbolicLink(link, Path.of(l.substring(arrow + 4)));
        }
    }

    /** The board's /proc and /sys as the sampler's roots. */
    public static SystemRoots roots(String board) {
        Path d = dir(board);
        return SystemRoots.of(d.resolve("proc"), d.resolve("sys"));
    }

    /** The probe's flags for the board: {@code --proc-root DIR --sys-root DIR}. */
    public static String[] rootArgs(String board) {
        Path b = dir(board);
        return new String[] {
            "--proc-root",
            b.resolve("proc").toString(),
            "--sys-root",
            b.resolve("sys").toString()
        };
    }

    private static Path unpack(URI jarUri, String board) {
        try (FileSystem jar = FileSystems.newFileSystem(
                URI.create(jarUri.toString().substring(0, jarUri.toString().indexOf("!/"))), Map.of())) {
            Path from = jar.getPath("/boards/" + board);
            Path to = tempTop().resolve(board);
            copyTree(from, to);
            return to;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack fixture board " + board + " from " + jarUri, e);
        }
    }

    /**
     * Copies a board tree (or any tree) to {@code to}, which may be on another file system; symbolic links
     * are copied as links, and the links a board's {@code links.txt} lists are made.
     */
    public static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path dest = to.resolve(from.relativize(p).toString());
                if (Files.isSymbolicLink(p)) {
                    Files.createSymbolicLink(dest, Files.readSymbolicLink(p));
                } else if (Files.isDirectory(p)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(p, dest);
                }
            }
        }
        makeLinks(to);
    }

    /** Deletes a tree, children first. */
    public static void deleteTree(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    static void deleteQuietly(Path top) {
        try {
            deleteTree(top);
        } catch (IOException e) {
            // a temp directory left behind is harmless
        }
    }
}
