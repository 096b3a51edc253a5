package dev.tickbench.app;

import java.io.FilePermission;
import java.security.Permission;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Records every file the JVM is asked to look at, read, write or list under the roots given, with the
 * workbench's code that asked: both java.io and NIO's file system ask the security manager first (a
 * check only, here: everything is allowed). Kernel files the JDK or the test's toolkit read by
 * themselves are not the workbench's: the JDK's container support ({@code jdk.internal.platform},
 * which on macOS and Windows has other code), Monocle (the headless toolkit standing in for Cocoa's
 * or Win32's glass) and the test kit (its waits read the machine's CPU pressure) are told apart by
 * their frames.
 */
@SuppressWarnings("removal") // the security manager, deprecated in JDK 17, is still the one hook both file APIs call
final class FileAccessRecorder extends SecurityManager {
    private static final List<String> NOT_THE_WORKBENCH =
            List.of("jdk.internal.platform.", "com.sun.glass.ui.monocle.");
    /** The test kit's own reads: not the workbench's when its frame is the nearest (a wait's condition calling the workbench is). */
    private static final String TEST_KIT = "dev.tickbench.testkit.";

    private final List<String> roots;
    private final Set<String> seen = ConcurrentHashMap.newKeySet();

    /** {@code roots}: absolute paths; a file is recorded when it is one of them or under one. */
    FileAccessRecorder(List<String> roots) {
        this.roots = List.copyOf(roots);
    }

    @Override
    public void checkPermission(Permission perm) {
        if (perm instanceof FilePermission) {
            String path = perm.getName();
            for (String root : roots) {
                if (path.equals(root) || path.startsWith(root + "/")) {
                    String by = asker();
                    if (by != null) {
                        seen.add(path + " (" + perm.getActions() + ", from " + by + ")");
                    }
                    return;
                }
            }
        }
    }

    @Override
    public void checkPermission(Permission perm, Object context) {
        checkPermission(perm);
    }

    /** The workbench's frame nearest to the access; null when the JDK or the toolkit asked by itself. */
    private static String asker() {
        List<String> frames = StackWalker.getInstance()
                .walk(s ->
                        s.map(f -> f.getClassName() + "." + f.getMethodName()).collect(Collectors.toList()));
        if (frames.stream().anyMatch(f -> NOT_THE_WORKBENCH.stream().anyMatch(f::startsWith))) {
            return null;
        }
        return frames.stream()
                .filter(f -> f.startsWith("dev.tickbench.") && !f.startsWith(FileAccessRecorder.class.getName()))
                .findFirst()
                .filter(f -> !f.startsWith(TEST_KIT))
                .orElse(null);
    }

    /** What was recorded, sorted. */
    List<String> seen() {
        return seen.stream().sorted().toList();
    }
}
