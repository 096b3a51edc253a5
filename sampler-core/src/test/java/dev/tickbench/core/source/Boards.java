package dev.tickbench.core.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tickbench.testkit.Prerequisites;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The fixture boards (the test kit's {@link dev.tickbench.testkit.Boards}) and small helpers shared by the source tests. */
final class Boards {
    static final String ROUTER = dev.tickbench.testkit.Boards.ROUTER;
    static final String SBC = dev.tickbench.testkit.Boards.SBC;
    static final String X86 = dev.tickbench.testkit.Boards.X86;
    /** A mainline-kernel ARM board: thermal polling delays only in the device tree. */
    static final String DT = dev.tickbench.testkit.Boards.DT;

    static final String ARM_COOLING = dev.tickbench.testkit.Boards.ARM_COOLING;
    static final String LAPTOP = dev.tickbench.testkit.Boards.LAPTOP;

    private Boards() {}

    /** The board's root directory (holding proc, sys, dev). */
    static Path dir(String board) {
        return dev.tickbench.testkit.Boards.dir(board);
    }

    static SystemRoots roots(String board) {
        return dev.tickbench.testkit.Boards.roots(board);
    }

    static String text(String board, String relative) throws IOException {
        return Files.readString(dir(board).resolve(relative), StandardCharsets.ISO_8859_1);
    }

    static TextScanner scan(String text) {
        byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
        return new TextScanner().reset(b, b.length);
    }

    static long value(ValueTable t, String key) {
        int i = t.indexOf(key, -1);
        if (i < 0) {
            fail("no key " + key + " in " + t);
        }
        return t.value(i);
    }

    /** The source {@code name} of the standard catalogue under {@code roots}, as the sampler makes it, not yet opened. */
    static Source source(SystemRoots roots, String name) {
        return Sources.discover(roots).stream()
                .filter(s -> s.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no source " + name + " under " + roots));
    }

    /** The source {@code name} of {@code board}, not yet opened. */
    static Source source(String board, String name) {
        return source(roots(board), name);
    }

    static Source opened(Source s) {
        Presence p = s.open();
        assertTrue(p.present(), () -> s.name() + " absent: " + p.reason());
        return s;
    }

    /** Asserts that a second parse of identical text reuses every key String of the first (no new keys). */
    static void assertKeysReused(ValueTable first, ValueTable second) {
        assertEquals(first.size(), second.size());
        for (int i = 0; i < first.size(); i++) {
            if (first.key(i) != second.key(i)) {
                fail("key " + i + " (" + first.key(i) + ") was rebuilt instead of reused");
            }
        }
    }

    /** The uid of this JVM process. */
    static int uid() throws IOException {
        return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
    }

    /** Under CI=true a test whose need is unmet fails (the rule is {@link Prerequisites}). */
    static boolean ci() {
        return Prerequisites.ci();
    }
}
