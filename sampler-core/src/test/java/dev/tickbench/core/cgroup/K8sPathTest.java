package dev.tickbench.core.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.cgroup.K8sPath.QosClass;
import org.junit.jupiter.api.Test;

class K8sPathTest {
    private static final String UID = "1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d";
    private static final String UID_ = UID.replace('-', '_');
    private static final String ID = "3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a19";

    @Test
    void systemdBurstableContainerd() {
        K8sPath k = K8sPath.decode("/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod" + UID_
                        + ".slice/cri-containerd-" + ID + ".scope")
                .orElseThrow();
        assertEquals(new K8sPath(QosClass.BURSTABLE, UID, "containerd", ID), k);
    }

    @Test
    void systemdGuaranteedHasNoQosLevel() {
        K8sPath k = K8sPath.decode("/kubepods.slice/kubepods-pod" + UID_ + ".slice/crio-" + ID + ".scope")
                .orElseThrow();
        assertEquals(new K8sPath(QosClass.GUARANTEED, UID, "cri-o", ID), k);
    }

    @Test
    void systemdBestEffortDocker() {
        K8sPath k = K8sPath.decode("/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod" + UID_
                        + ".slice/docker-" + ID + ".scope")
                .orElseThrow();
        assertEquals(new K8sPath(QosClass.BEST_EFFORT, UID, "docker", ID), k);
    }

    @Test
    void ancestorsDecodePartially() {
        assertEquals(
                new K8sPath(QosClass.BURSTABLE, null, null, null),
                K8sPath.decode("/kubepods.slice/kubepods-burstable.slice").orElseThrow());
        assertEquals(
                new K8sPath(null, null, null, null),
                K8sPath.decode("/kubepods.slice").orElseThrow());
        assertEquals(
                "pod " + UID + " (Burstable)",
                K8sPath.decode("/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod" + UID_ + ".slice")
                        .orElseThrow()
                        .label());
    }

    @Test
    void cgroupfsDriver() {
        assertEquals(
                new K8sPath(QosClass.BURSTABLE, UID, null, ID),
                K8sPath.decode("/kubepods/burstable/pod" + UID + "/" + ID).orElseThrow());
        assertEquals(
                new K8sPath(QosClass.GUARANTEED, UID, null, ID),
                K8sPath.decode("/kubepods/pod" + UID + "/" + ID).orElseThrow());
        assertEquals(
                new K8sPath(QosClass.BEST_EFFORT, UID, null, null),
                K8sPath.decode("/kubepods/besteffort/pod" + UID).orElseThrow());
    }

    @Test
    void kindNodesNestKubepodsUnderAPrefix() {
        K8sPath k = K8sPath.decode("/kubelet.slice/kubelet-kubepods.slice/kubelet-kubepods-burstable.slice/"
                        + "kubelet-kubepods-burstable-pod" + UID_ + ".slice/cri-containerd-" + ID + ".scope")
                .orElseThrow();
        assertEquals(ID, k.containerId());
        assertEquals("containerd", k.runtime());
    }

    @Test
    void notKubernetes() {
        assertTrue(K8sPath.decode("/system.slice/sshd.service").isEmpty());
        assertTrue(K8sPath.decode("/").isEmpty());
        assertNull(K8sPath.decode("/tbtest/c").orElse(null));
    }
}
