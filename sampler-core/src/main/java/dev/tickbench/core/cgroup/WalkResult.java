package dev.tickbench.core.cgroup;

import java.util.List;

/**
 * A throttling path walk: the target and its ancestors leaf first, the level that enforced, the
 * Kubernetes reading of the path, and what limits the conclusion.
 *
 * @param enforcing the path of the level whose throttled time grew most, null when none grew
 * @param k8s the decoded leaf path, null outside Kubernetes
 * @param vanished paths of levels that disappeared during the window (left out of {@code levels})
 * @param systemPsi {@code <proc>/pressure/cpu}, null when missing
 */
public record WalkResult(
        CgroupVersion version,
        String target,
        long windowNs,
        List<WalkLevel> levels,
        String enforcing,
        K8sPath k8s,
        List<WalkWarning> warnings,
        List<String> vanished,
        Psi systemPsi) {

    public WalkResult {
        levels = List.copyOf(levels);
        warnings = List.copyOf(warnings);
        vanished = List.copyOf(vanished);
    }

    /** True when the target itself was removed during the window. */
    public boolean targetVanished() {
        return vanished.contains(target);
    }

    public WalkLevel level(String path) {
        return levels.stream().filter(l -> l.path().equals(path)).findFirst().orElse(null);
    }

    public boolean hasWarning(WalkWarning.Kind kind) {
        return warnings.stream().anyMatch(w -> w.kind() == kind);
    }
}
