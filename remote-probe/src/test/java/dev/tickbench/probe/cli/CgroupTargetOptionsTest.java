package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.session.Session;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.probe.common.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** The mixin as {@code stream}/{@code record} use it: optional target; the session attaches source + limits. */
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

    @Command(name = "stream")
    static final class SessionLike implements Runnable {
        @Mixin
        SamplerOptions sampling;

        @Mixin
        SessionOptions session;

        @Override
        public void run() {}
    }

    private SessionLike session(SystemRoots roots, String... args) {
        SessionLike s = new SessionLike();
        java.util.List<String> all = new java.util.ArrayList<>(java.util.List.of(
                "--proc-root",
                roots.proc().toString(),
                "--sys-root",
                roots.sys().toString()));
        all.addAll(java.util.List.of(args));
        new CommandLine(s).parseArgs(all.toArray(String[]::new));
        return s;
    }

    @Test
    void noTargetAttachesNothing() throws IOException {
        assertNull(parse().cgroup.choice());
        SessionLike parsed = session(fixture());
        try (Session s = parsed.session.createSession(parsed.sampling)) {
            assertTrue(s.cgroupTarget().isEmpty());
            assertFalse(s.sampler().capabilities().has("cgroup"));
            assertTrue(s.sampler().capabilities().has("throttle"), "the throttle runs in every session");
        }
    }

    @Test
    void aTargetAttachesTheSourceAndTheLimitsExtension() throws IOException {
        SessionLike parsed = session(fixture(), "--cgroup", "/app.slice/web.service");
        try (Session s = parsed.session.createSession(parsed.sampling)) {
            assertEquals(
                    "/app.slice/web.service", s.cgroupTarget().orElseThrow().path());
            var caps = s.sampler().capabilities();
            assertTrue(caps.path("sources").path("cgroup_cpu").asBoolean(), caps.toString());
            assertEquals(
                    "[\"/app.slice/web.service\",\"/app.slice\",\"/\"]",
                    caps.path("cgroup").path("levels").toString());
        }
    }

    @Test
    void bothTargetsAreAUsageError() {
        StreamLike s = parse("--pid", "1", "--cgroup", "/x");
        assertThrows(CommandLine.ParameterException.class, () -> s.cgroup.choice());
    }

    @Test
    void anUnresolvableTargetIsAUserError() throws IOException {
        SessionLike parsed = session(fixture(), "--cgroup", "/nope");
        UserError e = assertThrows(UserError.class, () -> parsed.session.createSession(parsed.sampling));
        assertTrue(e.getMessage().contains("no such cgroup"), e.getMessage());
    }
}
