package dev.tickbench.core.cgroup;

import java.nio.file.Path;

/**
 * One level of a target's path: the target itself or one of its ancestors.
 *
 * @param path the cgroup path relative to the mount, {@code /} for the mount's root
 * @param dir the directory of the level's cpu files
 * @param acctDir v1 with a separately mounted cpuacct: the same path under that mount (usage
 *     counters); {@code null} otherwise
 */
public record CgroupLevel(String path, Path dir, Path acctDir) {}
