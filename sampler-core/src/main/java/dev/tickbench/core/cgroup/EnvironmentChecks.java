package dev.tickbench.core.cgroup;

import dev.tickbench.core.source.SystemRoots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The conditions under which a walk's numbers do not mean what they seem (docs/walk.md, "Warnings"). */
final class EnvironmentChecks {
    private EnvironmentChecks() {}

    static List<WalkWarning> check(SystemRoots roots, CgroupTarget target, List<WalkLevel> levels) {
        List<WalkWarning> w = new ArrayList<>();
        namespaceView(target, levels, w);
        String state = LevelReader.text(roots.sys("kernel/sched_ext/state"));
        if (state != null && state.trim().equals("enabled")) {
            String ops = LevelReader.text(roots.sys("kernel/sched_ext/root/ops"));
            w.add(new WalkWarning(
                    WalkWarning.Kind.SCHED_EXT,
                    "sched_ext is enabled"
                            + (ops == null ? "" : " (" + ops.trim() + ")")
                            + ": cpu.max and the throttling counters cover fair-class tasks only; a BPF scheduler"
                            + " enforces weight and bandwidth itself, if at all"));
        }
        if (target.version() == CgroupVersion.V1) {
            w.add(new WalkWarning(
                    WalkWarning.Kind.V1_UNITS,
                    "cgroup v1: throttled_time and burst_time (ns) are"
                            + " shown in us; cpu.shares is shown with the cpu.weight it maps to (OCI mapping)"));
        } else {
            String controllers = LevelReader.text(target.mount().mountPoint().resolve("cgroup.controllers"));
            if (controllers != null
                    && !List.of(controllers.trim().split("\\s+")).contains("cpu")) {
                w.add(new WalkWarning(
                        WalkWarning.Kind.NO_CPU_CONTROLLER,
                        "the cpu controller is not available in "
                                + target.mount().mountPoint() + " (cgroup.controllers: '" + controllers.trim()
                                + "'): no cpu.max and no throttling counters"));
            } else if (!levels.isEmpty()
                    && !levels.get(0).path().equals("/")
                    && levels.get(0).limits().cpuMax() == null) {
                // a v2 child gets cpu.* files only when its parent's cgroup.subtree_control has +cpu
                w.add(new WalkWarning(
                        WalkWarning.Kind.NO_CPU_CONTROLLER,
                        "the cpu controller is not enabled for "
                                + levels.get(0).path() + " (its parent's cgroup.subtree_control lacks cpu): its limits"
                                + " and throttling are those of the nearest ancestor that has cpu.max"));
            }
        }
        return w;
    }

    /**
     * A cgroup namespace or a bind-mounted subtree shows the container's own cgroup as the root. Signs:
     * the mount's root field is not {@code /}; or the visible root carries a bandwidth limit, which the
     * real root never has (v2 has no cpu.max there, v1 keeps the root at -1).
     */
    private static void namespaceView(CgroupTarget target, List<WalkLevel> levels, List<WalkWarning> w) {
        if (target.mount().subtreeOnly()) {
            w.add(new WalkWarning(
                    WalkWarning.Kind.NAMESPACE_VIEW,
                    "the cgroup mount shows only the subtree " + target.mount().root()
                            + ": ancestors above it, which may be the ones throttling, are not visible"));
            return;
        }
        WalkLevel root = levels.isEmpty() ? null : levels.get(levels.size() - 1);
        if (root == null || !root.path().equals("/")) {
            return;
        }
        boolean rootLimited = target.version() == CgroupVersion.V2
                ? root.limits().cpuMax() != null || root.limits().weight() != null
                : root.limits().cpuMax() != null && root.limits().cpuMax().quotaUs() != null;
        // Files the kernel puts only on a hierarchy's real root (v1: release_agent) or never on it
        // (v2: cgroup.type): a cgroup namespace shows the container's own cgroup as "/" even when it
        // has no quota, and these tell it apart (docs/container.md).
        Path mount = target.mount().mountPoint();
        boolean notTheRealRoot = target.version() == CgroupVersion.V1
                ? Files.isDirectory(mount) && !Files.exists(mount.resolve("release_agent"))
                : Files.exists(mount.resolve("cgroup.type"));
        if (!rootLimited && notTheRealRoot) {
            w.add(
                    new WalkWarning(
                            WalkWarning.Kind.NAMESPACE_VIEW,
                            "leaf-only view: the visible root "
                                    + (target.version() == CgroupVersion.V1
                                            ? "has no release_agent, which every real v1 root has"
                                            : "has cgroup.type, which a real v2 root never has")
                                    + ", so this is a container's cgroup"
                                    + " namespace; parent throttling is invisible here. Walk from the node to see the pod and QoS levels"));
        } else if (rootLimited) {
            w.add(new WalkWarning(
                    WalkWarning.Kind.NAMESPACE_VIEW,
                    "leaf-only view: the visible root has "
                            + (target.version() == CgroupVersion.V2 ? "cpu.max/cpu.weight" : "a cfs quota")
                            + ", so this is a container's cgroup namespace; parent throttling is invisible here."
                            + " Walk from the node to see the pod and QoS levels"));
        }
    }
}
