package dev.tickbench.core.cgroup;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Kubernetes cgroup path says about the workload, for both kubelet cgroup drivers:
 * <ul>
 *   <li>systemd: {@code /kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod<uid with _>.slice/cri-containerd-<id>.scope}
 *       (also {@code docker-<id>.scope}, {@code crio-<id>.scope})</li>
 *   <li>cgroupfs: {@code /kubepods/burstable/pod<uid>/<id>}</li>
 * </ul>
 * Guaranteed pods have no QoS level: their pod level sits directly under kubepods. Fields a path does
 * not reach (an ancestor above the pod) are null.
 *
 * @param qos null for the kubepods level itself
 * @param podUid with dashes (the systemd driver writes them as underscores)
 * @param runtime {@code containerd}, {@code docker}, {@code cri-o}; null for the cgroupfs driver (its
 *     leaf names only the id)
 * @param containerId the container id (64 hex digits usually)
 */
public record K8sPath(QosClass qos, String podUid, String runtime, String containerId) {
    /** Kubernetes QoS classes, as written in pod status. */
    public enum QosClass {
        GUARANTEED("Guaranteed"),
        BURSTABLE("Burstable"),
        BEST_EFFORT("BestEffort");

        private final String label;

        QosClass(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    // kind and some distributions nest the tree under a prefix: kubelet-kubepods-burstable-pod….slice
    private static final Pattern SYSTEMD_POD =
            Pattern.compile("(?:[a-z0-9]+-)*kubepods(?:-(burstable|besteffort))?-pod([0-9a-fA-F_]+)\\.slice");
    private static final Pattern SYSTEMD_QOS =
            Pattern.compile("(?:[a-z0-9]+-)*kubepods-(burstable|besteffort)\\.slice");
    private static final Pattern SYSTEMD_SCOPE = Pattern.compile("(cri-containerd|docker|crio)-([0-9a-zA-Z]+)\\.scope");
    private static final Pattern CGROUPFS_POD = Pattern.compile("pod([0-9a-fA-F-]+)");

    /** Decodes a cgroup path; empty when no {@code kubepods} level is in it. */
    public static Optional<K8sPath> decode(String path) {
        String[] parts = path.split("/");
        for (int i = 0; i < parts.length; i++) {
            if (parts[i].equals("kubepods.slice") || parts[i].endsWith("-kubepods.slice")) {
                return Optional.of(systemd(parts, i + 1));
            }
            if (parts[i].equals("kubepods")) {
                return Optional.of(cgroupfs(parts, i + 1));
            }
        }
        return Optional.empty();
    }

    private static K8sPath systemd(String[] parts, int i) {
        QosClass qos = null;
        String uid = null;
        String runtime = null;
        String id = null;
        for (; i < parts.length; i++) {
            Matcher m;
            if ((m = SYSTEMD_POD.matcher(parts[i])).matches()) {
                qos = qos(m.group(1));
                uid = m.group(2).replace('_', '-');
            } else if ((m = SYSTEMD_QOS.matcher(parts[i])).matches()) {
                qos = qos(m.group(1));
            } else if (uid != null && (m = SYSTEMD_SCOPE.matcher(parts[i])).matches()) {
                runtime = switch (m.group(1)) {
                    case "cri-containerd" -> "containerd";
                    case "crio" -> "cri-o";
                    default -> m.group(1);
                };
                id = m.group(2);
                break;
            }
        }
        return new K8sPath(qos, uid, runtime, id);
    }

    private static K8sPath cgroupfs(String[] parts, int i) {
        QosClass qos = null;
        String uid = null;
        String id = null;
        for (; i < parts.length; i++) {
            Matcher m;
            if (uid == null && (parts[i].equals("burstable") || parts[i].equals("besteffort"))) {
                qos = qos(parts[i]);
            } else if (uid == null && (m = CGROUPFS_POD.matcher(parts[i])).matches()) {
                uid = m.group(1);
                if (qos == null) {
                    qos = QosClass.GUARANTEED;
                }
            } else if (uid != null) {
                id = parts[i];
                break;
            }
        }
        return new K8sPath(qos, uid, null, id);
    }

    /** "burstable"/"besteffort" name a QoS level; a pod level with none is Guaranteed. */
    private static QosClass qos(String name) {
        if (name == null) {
            return QosClass.GUARANTEED;
        }
        return name.equals("burstable") ? QosClass.BURSTABLE : QosClass.BEST_EFFORT;
    }

    /** A short label for the level's row: {@code container containerd 3f2a…}, {@code pod <uid> (Burstable)}. */
    public String label() {
        if (containerId != null) {
            String shortId = containerId.length() > 12 ? containerId.substring(0, 12) : containerId;
            return "container " + (runtime == null ? "" : runtime + " ") + shortId;
        }
        if (podUid != null) {
            return "pod " + podUid + " (" + qos.label() + ")";
        }
        if (qos != null) {
            return "QoS " + qos.label();
        }
        return "kubepods";
    }
}
