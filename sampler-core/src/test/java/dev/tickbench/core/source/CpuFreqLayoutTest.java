package dev.tickbench.core.source;

import static dev.tickbench.core.source.Boards.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.catalogue.FileSet;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SourceEntry;
import dev.tickbench.core.catalogue.ValueKind;
import dev.tickbench.testkit.CpufreqLayouts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * cpufreq's two sysfs layouts (docs/clock.md, "Both layouts"): the policies found in
 * {@code cpufreq/policyN} or, without those, grouped from {@code cpuN/cpufreq} by {@code related_cpus};
 * and every reader of a policy's files (the limits, the transitions, the time per frequency, the
 * per-CPU clock) reading the same values in both.
 */
class CpuFreqLayoutTest {
    @TempDir
    Path tmp;

    private Path copy(String board) throws IOException {
        Path to = tmp.resolve(board);
        dev.tickbench.testkit.Boards.copyTree(Boards.dir(board), to);
        return to;
    }

    private static SystemRoots roots(Path board) {
        return SystemRoots.of(board.resolve("proc"), board.resolve("sys"));
    }

    private static CpuFreqLayout layout(Path board) {
        return CpuFreqLayout.of(board.resolve("sys/devices/system/cpu"));
    }

    private static Source opened(SystemRoots roots, String name) {
        return Boards.opened(Boards.source(roots, name));
    }

    private static String policies(CpuFreqLayout l, Path board) {
        StringBuilder b = new StringBuilder();
        for (CpuFreqLayout.Policy p : l.policies()) {
            b.append(p.name())
                    .append(' ')
                    .append(p.cpus())
                    .append(' ')
                    .append(board.relativize(p.dir()))
                    .append('\n');
        }
        return b.toString();
    }

    @Test
    void policiesInTheirOwnDirectoriesAndFromEachCpusCopy() throws IOException {
        Path arm = copy(Boards.ARM_COOLING);
        CpuFreqLayout since43 = layout(arm);
        assertTrue(since43.policyLayout());
        assertEquals(
                "policy0 [0, 1, 2, 3] sys/devices/system/cpu/cpufreq/policy0\npolicy4 [4, 5] sys/devices/system/cpu/cpufreq/policy4\n",
                policies(since43, arm));
        assertEquals(
                List.of(0, 1, 2, 3, 4, 5),
                since43.cpus().stream().map(CpuFreqLayout.Cpu::number).toList());

        CpufreqLayouts.toCpuLayout(arm);
        CpuFreqLayout before43 = layout(arm);
        assertFalse(before43.policyLayout());
        assertEquals(
                "policy0 [0, 1, 2, 3] sys/devices/system/cpu/cpu0/cpufreq\npolicy4 [4, 5] sys/devices/system/cpu/cpu4/cpufreq\n",
                policies(before43, arm),
                "named after their first CPU, read from its copy");

        Path router = copy(Boards.ROUTER);
        assertEquals(
                "policy0 [0, 1] sys/devices/system/cpu/cpu0/cpufreq\npolicy2 [2, 3] sys/devices/system/cpu/cpu2/cpufreq\n",
                policies(layout(router), router),
                "related_cpus \"0 1\" and \"2 3\": two clusters");
        Path sbc = copy(Boards.SBC);
        assertEquals(
                List.of("policy0", "policy1", "policy2", "policy3"),
                layout(sbc).policies().stream().map(CpuFreqLayout.Policy::name).toList(),
                "no related_cpus nor affected_cpus: each CPU is its own policy");
        assertTrue(layout(copy(Boards.DT)).policies().isEmpty());
    }

    @Test
    void copiesThatDisagreeAndPoliciesThatNameNoCpus() throws IOException {
        Path cpu = tmp.resolve("sys/devices/system/cpu");
        String[] related = {"0 1", "0 1 2", "1 2", "3"};
        for (int n = 0; n < related.length; n++) {
            Path d = Files.createDirectories(cpu.resolve("cpu" + n + "/cpufreq"));
            Files.writeString(d.resolve("related_cpus"), related[n] + "\n");
        }
        Files.writeString(cpu.resolve("cpu3/cpufreq/related_cpus"), "garbage\n");
        Files.writeString(cpu.resolve("cpu3/cpufreq/affected_cpus"), "3\n");
        assertEquals(
                "policy0 [0, 1] sys/devices/system/cpu/cpu0/cpufreq\npolicy2 [2] sys/devices/system/cpu/cpu2/cpufreq\n"
                        + "policy3 [3] sys/devices/system/cpu/cpu3/cpufreq\n",
                policies(CpuFreqLayout.of(cpu), tmp),
                "CPU 1 stays with the first policy that names it; related_cpus that names none falls back to affected_cpus");

        Path p = Files.createDirectories(cpu.resolve("cpufreq/policy6"));
        Files.writeString(p.resolve("scaling_max_freq"), "1000\n");
        assertEquals(
                "policy6 [6] sys/devices/system/cpu/cpufreq/policy6\n",
                policies(CpuFreqLayout.of(cpu), tmp),
                "with a policyN directory the per-CPU copies are not policies; one that names no CPU has its own");
    }

    @Test
    void everyPolicyReaderReadsTheSameInBothLayouts() throws IOException {
        Path policyN = copy(Boards.ARM_COOLING);
        Path cpuN = tmp.resolve("cpuN");
        dev.tickbench.testkit.Boards.copyTree(policyN, cpuN);
        CpufreqLayouts.toCpuLayout(cpuN);
        for (String name : List.of("cpufreq_policy", "cpufreq_trans")) {
            Source a = opened(roots(policyN), name);
            Source b = opened(roots(cpuN), name);
            assertEquals(a.values().toString(), b.values().toString(), name);
            assertEquals(a.attributes(), b.attributes(), name);
            a.close();
            b.close();
        }
        Source limits = opened(roots(cpuN), "cpufreq_policy");
        assertEquals(1_200_000, value(limits.values(), "policy4.scaling_max_freq"));
        assertEquals(
                Map.of("governor", "schedutil", "driver", "cpufreq-dt", "related_cpus", "4 5", "affected_cpus", "4 5"),
                limits.attributes().get("policy4"));
        Source trans = opened(roots(cpuN), "cpufreq_trans");
        assertEquals(
                2, trans.values().size(), "policy0 and policy4: one stats/total_trans each, not one per CPU's copy");

        Source a = Boards.opened(Boards.source(roots(policyN), "cpufreq_time_in_state"));
        Source b = Boards.opened(Boards.source(roots(cpuN), "cpufreq_time_in_state"));
        assertEquals(14, b.values().size(), "6 OPPs of policy0 and 8 of policy4, from cpu0/cpufreq and cpu4/cpufreq");
        assertEquals(a.values().toString(), b.values().toString());
        Source fa = Boards.opened(Boards.source(roots(policyN), "cpufreq"));
        Source fb = Boards.opened(Boards.source(roots(cpuN), "cpufreq"));
        assertEquals(fa.values().toString(), fb.values().toString());
        assertEquals(fa.attributes(), fb.attributes());
    }

    @Test
    void aBoardWithoutCpufreqSaysWhereItLooked() {
        SystemRoots dt = Boards.roots(Boards.DT);
        Presence p = Boards.source(dt, "cpufreq_policy").open();
        String cpu = dt.sys("devices/system/cpu").toString();
        assertEquals(
                "no " + cpu + "/cpufreq/policy*/{scaling_max_freq,scaling_min_freq,cpuinfo_max_freq,cpuinfo_min_freq,"
                        + "scaling_setspeed} nor " + cpu
                        + "/cpu*/cpufreq/{scaling_max_freq,scaling_min_freq,cpuinfo_max_freq,"
                        + "cpuinfo_min_freq,scaling_setspeed} on this system",
                p.reason());
        assertEquals(
                "<sys>/devices/system/cpu/cpufreq/policy*/stats/total_trans (or cpu*/cpufreq/stats/total_trans)",
                SeriesCatalogue.standard().source("cpufreq_trans").orElseThrow().origin());
    }

    @Test
    void aPolicyFileSetTakesItsNumberFromThePolicyOnly() {
        assertThrows(
                IllegalArgumentException.class,
                () -> FileSet.cpufreqPolicy("x{policy:\\d+}", "policy{policy}"),
                "the path may not capture the policy's number");
        assertThrows(
                IllegalArgumentException.class,
                () -> SourceEntry.fileSet("x", ValueKind.LEVEL, FileSet.cpufreqPolicy("scaling_max_freq", "max"), "z"),
                "the key must name the policy");
        assertThrows(
                IllegalArgumentException.class,
                () -> FileSet.cpufreqPolicy("{f:a|b}", "policy{policy}.{f}").where("related_cpus", "0"),
                "no condition");
        assertEquals(
                List.of("policy", "f"),
                FileSet.cpufreqPolicy("{f:a|b}", "policy{policy}.{f}").key().captures());
    }

    @Test
    void coolingDevicesThatCapTheClockAndTheCpuTheirTypeNames() {
        assertTrue(CpuFreqCooling.capsClock("cpufreq-cpu4"));
        assertTrue(CpuFreqCooling.capsClock("thermal-cpufreq-0"));
        assertTrue(CpuFreqCooling.capsClock("Processor"));
        assertFalse(CpuFreqCooling.capsClock("intel_powerclamp"));
        assertFalse(CpuFreqCooling.capsClock(null));
        assertEquals(4, CpuFreqCooling.cpu("cpufreq-cpu4"));
        assertEquals(-1, CpuFreqCooling.cpu("thermal-cpufreq-1"), "numbered in registration order, not by CPU");
        assertEquals(-1, CpuFreqCooling.cpu("cpufreq-cpux"));
        assertEquals(1, CpuFreqCooling.registered("thermal-cpufreq-1"));
        assertEquals(-1, CpuFreqCooling.registered("cpufreq-cpu1"));
    }

    @Test
    void cpuListsInBothOfTheKernelsFormats() {
        assertEquals(List.of(0, 1, 2, 3), CpuList.parse("0 1 2 3\n"));
        assertEquals(List.of(0, 1, 2, 3, 6), CpuList.parse("6,0-3"));
        assertEquals(List.of(4), CpuList.parse("x 4 -1 3-1 9-"), "what is not a CPU or a range names none");
        assertEquals(List.of(), CpuList.parse(null));
        assertEquals(List.of(), CpuList.parse("0-4000000000"), "more CPUs than a list may name");
        assertEquals(
                65_536,
                CpuList.parse("0-65535 ".repeat(10_000)).size(),
                "a hostile list is read up to its bound, once");
    }
}
