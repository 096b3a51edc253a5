package dev.tickbench.app.connect;

import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A local user with a password and a home of its own under /tmp, made for one test by the real
 * useradd and chpasswd and removed (user, group, home, its JVMs' perf data) on close: the machine
 * is left as found. What a board with only a root password looks like, without touching root's.
 */
public final class TestUser implements AutoCloseable {
    public final String name;
    public final String password;
    public final Path home;

    private TestUser(String name, String password, Path home) {
        this.name = name;
        this.password = password;
        this.home = home;
    }

    public static TestUser create() throws Exception {
        Prerequisites.require(Prerequisites.root(), "creating a user with a password needs root (useradd)");
        Prerequisites.tool("useradd", "passwd");
        int id = ThreadLocalRandom.current().nextInt(10_000, 100_000);
        String name = "tbpw" + id;
        String password = "pw-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
        Path home = Path.of("/tmp", "tickbench-" + name);
        RealAgent.run(List.of("useradd", "-M", "-d", home.toString(), "-s", "/bin/sh", name), Map.of());
        TestUser u = new TestUser(name, password, home);
        try {
            RealAgent.run(List.of("chpasswd"), Map.of(), name + ":" + password + "\n");
            Files.createDirectories(
                    home, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            UserPrincipalLookupService users = home.getFileSystem().getUserPrincipalLookupService();
            Files.setOwner(home, users.lookupPrincipalByName(name));
        } catch (Exception | AssertionError e) {
            u.close();
            throw e;
        }
        return u;
    }

    /**
     * Removes the user once none of its processes is left (sshd's session processes end a moment
     * after sshd is stopped; userdel refuses a user still running), then its home.
     */
    @Override
    public void close() throws Exception {
        Waits.until(
                Waits.DEADLINE,
                () -> "the processes of " + name + " to end",
                () -> ProcessHandle.allProcesses()
                        .noneMatch(p -> name.equals(p.info().user().orElse(null))));
        RealAgent.run(List.of("userdel", name), Map.of());
        removeTree(home);
        // a JVM started as the user (the probe over SSH) leaves its perf-data directory (always /tmp)
        removeTree(Path.of("/tmp", "hsperfdata_" + name));
    }

    private static void removeTree(Path dir) throws java.io.IOException {
        if (Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            try (var files = Files.walk(dir)) {
                for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
