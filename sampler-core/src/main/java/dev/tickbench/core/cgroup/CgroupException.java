package dev.tickbench.core.cgroup;

/**
 * A target that cannot be walked or sampled: a pid that does not exist, a path outside the cgroup
 * mount, no CPU controller, a cgroup removed while it was read. The message is one line that says
 * what and where, for the user.
 */
public final class CgroupException extends Exception {
    public CgroupException(String message) {
        super(message);
    }
}
