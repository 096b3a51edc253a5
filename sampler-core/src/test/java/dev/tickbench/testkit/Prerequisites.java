package dev.tickbench.testkit;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assertions;
import org.opentest4j.TestAbortedException;

/**
 * What a test needs from the machine (a tool, root, a writable cgroup mount). One rule for all of them:
 * with {@code CI=true} an unmet need FAILS the test (CI must provide it); elsewhere the test is skipped
 * and the reason is reported. {@link RequiresTool} applies it declaratively.
 */
public final class Prerequisites {
    /** Where tools are looked for besides PATH: sshd lives in /usr/sbin, which a non-root PATH may lack. */
    private static final List<String> EXTRA_DIRS = List.of("/usr/local/sbin", "/usr/sbin", "/sbin");

    private Prerequisites() {}

    /** True under {@code CI=true}: every need must be met. */
    public static boolean ci() {
        return "true".equals(System.getenv("CI"));
    }

    /**
     * Fails the test (CI=true) or skips it (elsewhere) because {@code problem}. Never returns normally. A
     * skip is also printed with the test's name, so that the build's output says what was skipped and why
     * (Maven's summary only counts skips, and a class skipped in its set-up is not counted at all).
     */
    public static RuntimeException unmet(String problem) {
        if (ci()) {
            Assertions.fail("CI=true but " + problem);
        }
        System.err.println("SKIPPED " + caller() + ": " + problem);
        throw new TestAbortedException("skipped: " + problem + " (under CI=true this fails)");
    }

    /** Set by {@link RequiresToolExtension} while it checks a test class or method: the test JUnit runs. */
    static final ThreadLocal<String> CHECKING = new ThreadLocal<>();

    /**
     * The test that asked: the one the extension checks, else the first test class's frame (a name ending
     * in Test or IT) on the stack, else the first frame outside the test kit and JUnit (a helper).
     */
    private static String caller() {
        String checking = CHECKING.get();
        if (checking != null) {
            return checking;
        }
        List<StackWalker.StackFrame> frames = StackWalker.getInstance()
                .walk(s -> s.filter(f -> !f.getClassName().startsWith(Prerequisites.class.getPackageName() + ".")
                                && !f.getClassName().startsWith("org.junit.")
                                && !f.getClassName().startsWith("java.")
                                && !f.getClassName().startsWith("jdk."))
                        .toList());
        return frames.stream()
                .filter(f -> f.getClassName().matches(".*(Test|IT)(\\$.*)?"))
                .findFirst()
                .or(() -> frames.stream().findFirst())
                .map(f -> f.getClassName().substring(f.getClassName().lastIndexOf('.') + 1) + "." + f.getMethodName())
                .orElse("a test");
    }

    /** Applies the rule when {@code met} is false. */
    public static void require(boolean met, String problem) {
        if (!met) {
            throw unmet(problem);
        }
    }

    /** The tool's path; fails (CI=true) or skips the test when it is not installed. */
    public static Path tool(String name, String debianPackage) {
        return find(name).orElseThrow(() -> unmet(name + " is not installed (Debian package " + debianPackage + ")"));
    }

    /** The tool's path on PATH or in the sbin directories, if installed. */
    public static Optional<Path> find(String name) {
        List<String> dirs = new ArrayList<>(
                List.of(System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)));
        dirs.addAll(EXTRA_DIRS);
        for (String dir : dirs) {
            Path p = Path.of(dir, name);
            if (!dir.isEmpty() && Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** True when this JVM runs as root (uid 0). */
    public static boolean root() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0;
        } catch (Exception e) {
            return false;
        }
    }
}
