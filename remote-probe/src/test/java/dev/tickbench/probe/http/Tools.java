package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/** External tools the tests drive (promtool, prometheus, ssh): under CI=true a missing one fails the test. */
public final class Tools {
    private Tools() {}

    /** The tool's path; skips the test outside CI, fails it under CI=true, when it is not installed. */
    public static Path require(String name, String debianPackage) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        String msg = name + " is not installed (Debian package " + debianPackage + ")";
        if ("true".equals(System.getenv("CI"))) {
            fail(msg + ": CI must install it");
        }
        Assumptions.assumeTrue(false, msg + "; skipping outside CI");
        return null;
    }
}
