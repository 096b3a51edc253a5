package dev.tickbench.core.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class MountInfoTest {
    @Test
    void parsesTheFieldsAroundTheSeparator() {
        MountInfo m = MountInfo.parseLine(
                "35 25 0:30 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid shared:14 - cgroup cgroup rw,cpu,cpuacct");
        assertEquals(new MountInfo("/", "/sys/fs/cgroup/cpu,cpuacct", "cgroup", List.of("rw", "cpu", "cpuacct")), m);
        assertTrue(m.hasOption("cpu"));
    }

    @Test
    void unescapesOctalAndKeepsOtherBackslashes() {
        MountInfo m = MountInfo.parseLine("40 1 8:1 /data /mnt/my\\040disk rw - ext4 /dev/sda1 rw");
        assertEquals("/mnt/my disk", m.mountPoint());
        assertEquals("a\\9b", MountInfo.unescape("a\\9b"));
        assertEquals("end\\04", MountInfo.unescape("end\\04"));
    }

    @Test
    void malformedLinesAreSkippedAndMissingSuperOptionsAreEmpty() {
        assertNull(MountInfo.parseLine("garbage"));
        assertNull(MountInfo.parseLine("1 2 3 / /x - ext4"));
        assertEquals(
                List.of(), MountInfo.parseLine("1 2 0:1 / /x rw - ext4 /dev/x").superOptions());
        assertEquals(
                1,
                MountInfo.parse("garbage\n1 2 0:1 / /x rw - ext4 /dev/x rw\n").size());
    }
}
