package dev.tickbench.core.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code /proc/PID/cgroup} as the kernel writes it: each path byte for byte, whatever its name ends in. */
class PidCgroupTest {
    @Test
    void hybridLinesGiveTheV1ControllersAndTheUnifiedPath() {
        PidCgroup c = PidCgroup.parse(
                "12:memory:/m\n4:cpu,cpuacct:/kubepods/pod1/abc\n1:name=systemd:/y\n0::/unified/path\n");
        assertEquals("/kubepods/pod1/abc", c.v1("cpu"));
        assertEquals("/kubepods/pod1/abc", c.v1("cpuacct"));
        assertEquals("/m", c.v1("memory"));
        assertNull(c.v1("pids"));
        assertEquals("/unified/path", c.unified());
        assertEquals(List.of("name=systemd"), c.lines().get(2).controllers());
        assertNull(PidCgroup.parse("2:cpuacct:/x\n").v1("cpu"), "cpuacct alone is not cpu");
    }

    @Test
    void aNameEndingInASpaceOrAControlCharacterIsKept() {
        // as the kernel prints them for mkdir 'tb-space ' and $'tb-bell\a' and $'\etb-esc'
        assertEquals("/tb-space ", PidCgroup.parse("0::/tb-space \n").unified());
        assertEquals(
                "/tb-bell\u0007",
                PidCgroup.parse("1:cpu:/tb-bell\u0007\n0::/\n").v1("cpu"));
        assertEquals("/\u001btb-esc", PidCgroup.parse("0::/\u001btb-esc\n").unified());
        assertEquals("/tab\t", PidCgroup.parse("0::/tab\t\n").unified());
        assertEquals(
                "/a/ (deleted)", PidCgroup.parse("0::/a/ (deleted)\n").unified(), "said by the reader, not cut here");
    }

    @Test
    void aNameHoldingANewlineContinuesItsLine() {
        PidCgroup c = PidCgroup.parse("1:cpu:/two\nlines\n0::/ends-in-newline\n\n");
        assertEquals("/two\nlines", c.v1("cpu"));
        assertEquals("/ends-in-newline\n", c.unified());
        assertEquals(2, c.lines().size());
    }

    @Test
    void textWithoutLinesHasNoPaths() {
        assertNull(PidCgroup.parse("").unified());
        assertNull(PidCgroup.parse("garbage\n").v1("cpu"));
        assertNull(PidCgroup.parse("x:cpu:/a\n").v1("cpu"), "an id is digits");
    }
}
