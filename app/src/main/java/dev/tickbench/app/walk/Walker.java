package dev.tickbench.app.walk;

import dev.tickbench.core.cgroup.CgroupException;
import dev.tickbench.core.cgroup.WalkResult;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * Where a walk runs: this machine's tree in-process ({@link LocalWalker}), or the probe on the
 * connected target ({@link RemoteWalker}). Both give the same {@link WalkResult}, worded by the same
 * rows and verdict.
 */
public interface Walker {
    /** The status line under the target picker: what is walked, and how. */
    String note(Duration window);

    /** True when listing and walking wait for a link (run them off the UI thread). */
    boolean remote();

    /** The processes a walk can target, by pid. */
    List<ProcessRow> processes() throws IOException;

    /**
     * One walk of a target: digits are a pid, anything else a cgroup path. Blocks for the window.
     *
     * @throws CgroupException the one-line reason the target cannot be walked
     */
    WalkResult walk(String spec, Duration window) throws CgroupException, InterruptedException;

    /** A pid (all digits) rather than a cgroup path. */
    static boolean isPid(String spec) {
        return !spec.isEmpty() && spec.chars().allMatch(Character::isDigit);
    }
}
