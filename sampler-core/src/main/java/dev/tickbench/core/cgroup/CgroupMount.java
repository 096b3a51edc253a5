package dev.tickbench.core.cgroup;

import java.nio.file.Path;

/**
 * One cgroup filesystem from mountinfo.
 *
 * @param version v1 ({@code cgroup} with {@code cpu} in its super options) or v2 ({@code cgroup2})
 * @param mountPoint where its files are read (resolved under the fixture root for a fixture tree)
 * @param root the mountinfo root field: {@code /} unless only a subtree of the hierarchy is mounted
 * @param cpuacct v1 only: the mount carries {@code cpuacct} (with {@code cpu}, or alone)
 */
public record CgroupMount(CgroupVersion version, Path mountPoint, String root, boolean cpuacct) {
    /** True when the mount shows only a subtree (a container's bind mount): ancestors above it are hidden. */
    public boolean subtreeOnly() {
        return !"/".equals(root);
    }
}
