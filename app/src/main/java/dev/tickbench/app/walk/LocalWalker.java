package dev.tickbench.app.walk;

import dev.tickbench.core.cgroup.CgroupException;
import dev.tickbench.core.cgroup.CgroupTarget;
import dev.tickbench.core.cgroup.PathWalk;
import dev.tickbench.core.cgroup.ProcessCgroup;
import dev.tickbench.core.cgroup.TargetResolver;
import dev.tickbench.core.cgroup.WalkResult;
import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/** Walks this machine's (or a fixture's) {@code /proc} and cgroup tree in-process with {@link PathWalk}. */
public final class LocalWalker implements Walker {
    private final SystemRoots roots;
    private final PathWalk.Window window;

    public LocalWalker(SystemRoots roots, PathWalk.Window window) {
        this.roots = roots;
        this.window = window;
    }

    @Override
    public String note(Duration w) {
        return "walks this machine's /proc and cgroup tree, one " + w.toSeconds() + " s window after the other";
    }

    @Override
    public boolean remote() {
        return false;
    }

    @Override
    public List<ProcessRow> processes() throws IOException {
        try {
            return ProcessCgroup.list(roots).stream().map(ProcessRow::of).toList();
        } catch (IOException e) {
            throw new IOException("cannot list processes under " + roots.proc() + ": " + e.getMessage(), e);
        }
    }

    /** Resolves a non-blank target: digits are a pid, anything else a cgroup path. */
    public CgroupTarget resolve(String spec) throws CgroupException {
        TargetResolver resolver = TargetResolver.of(roots);
        return Walker.isPid(spec) ? resolver.forPid(Long.parseLong(spec)) : resolver.forPath(spec);
    }

    public WalkResult walk(CgroupTarget t, Duration d) throws CgroupException, InterruptedException {
        return new PathWalk(roots, window).walk(t, d);
    }

    @Override
    public WalkResult walk(String spec, Duration d) throws CgroupException, InterruptedException {
        return walk(resolve(spec), d);
    }
}
