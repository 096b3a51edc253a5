package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** The mixin as {@code stream}/{@code record} will use it: optional target, source + limits attached. */
class CgroupTargetOptionsTest {
    @Command(name = "stream")
    static final class StreamLike implements Runnable {
        @Mixin
        CgroupTargetOptions cgroup;

        @Override
        public void run() {}
    }

    @TempDir
    Path tree;

    private StreamLike parse(String... args) {
        StreamLike s = new StreamLike();
        new CommandLine(s).parseArgs(args);
        return s;
    }

    private SystemRoots fixture() throws IOException {
        Files.createDirectories(tree.resolve("proc/self"));
        Files.writeString(tree.resolve("proc/self/mountinfo"), "30 25 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
        Path leaf = Files.createDirectories(tree.resolve("sys/fs/cgroup/app.slice/web.service"));
        Files.writeString(leaf.resolve("cpu.stat"), "usage_usec 7\nnr_periods 3\nnr_throttled 1\nthrottled_usec 50\n");
        Files.writeString(leaf.resolve("cpu.max"), "50000 100000\n");
        Files.writeString(tree.resolve("sys/fs/cgroup/cpu.stat"), "usage_usec 9\n");
        return SystemRoots.of(tree.resolve("proc"), tree.resolve("sys"));
    }

    @Test
    void noTargetAttachesNothing() throws IOException {
        assertNull(parse().cgroup.attach(fixture()));
    }

    @Test
    void aTargetAttachesTheSourceAndTheLimitsExtension() throws IOException {
        CgroupTargetOptions.Attached a = parse("--cgroup", "/app.slice/web.service").cgroup.attach(fixture());
        assertEquals("/app.slice/web.service", a.target().path());
        assertEquals("cgroup_cpu", a.source().name());
        assertTrue(a.source().open().present());
        assertEquals(50L, a.source().values().get("/app.slice/web.service|throttled_usec", -1));
        assertEquals(9L, a.source().values().get("/|usage_usec", -1));
        assertEquals(3, a.limits().readAll().size());
    }

    @Test
    void bothTargetsAreAUsageError() {
        StreamLike s = parse("--pid", "1", "--cgroup", "/x");
        assertThrows(CommandLine.ParameterException.class, () -> s.cgroup.attach(SystemRoots.live()));
    }

    @Test
    void anUnresolvableTargetIsAUserError() throws IOException {
        SystemRoots roots = fixture();
        UserError e = assertThrows(UserError.class, () -> parse("--cgroup", "/nope").cgroup.attach(roots));
        assertTrue(e.getMessage().contains("no such cgroup"), e.getMessage());
    }
}
