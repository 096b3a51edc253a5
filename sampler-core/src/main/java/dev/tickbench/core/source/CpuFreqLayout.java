package dev.tickbench.core.source;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where cpufreq keeps its files, in either of the kernel's sysfs layouts (docs/clock.md, "Both
 * layouts"). Since Linux 4.3 each policy has its directory {@code devices/system/cpu/cpufreq/policyN}
 * (N: the CPU that brought the policy up, its first) and each CPU's {@code cpuN/cpufreq} links to it.
 * Before 4.3, in many vendor kernels, and in snapshots copied with their links dereferenced, there is
 * only {@code cpuN/cpufreq}: a directory per CPU (or a copy of it), and a policy is the group of CPUs
 * its {@code related_cpus} names. This is the one place that knows both: the per-CPU clock
 * ({@link CpuFreq}), the policies' limits and counters (the catalogue's policy file sets) and their
 * time per frequency ({@link TimeInState}) all find their files here.
 *
 * @param policyLayout true when the policies have their own directories ({@code cpufreq/policyN})
 * @param cpus each CPU that has a {@code cpuN/cpufreq} directory, ascending
 * @param policies the policies, ascending by number
 */
public record CpuFreqLayout(boolean policyLayout, List<Cpu> cpus, List<Policy> policies) {
    /** A CPU's own cpufreq directory ({@code cpuN/cpufreq}: a link into {@code policyM}, or a directory of its own). */
    public record Cpu(int number, Path dir) {}

    /**
     * A cpufreq policy.
     *
     * @param number its N: the {@code policyN} directory's, or, without those, its lowest CPU
     * @param dir where its files are: {@code cpufreq/policyN}, or the {@code cpuK/cpufreq} of its first CPU that has one
     * @param cpus the CPUs that share its clock: {@code related_cpus}, else {@code affected_cpus}, else CPU N alone
     */
    public record Policy(int number, Path dir, List<Integer> cpus) {
        public Policy {
            cpus = List.copyOf(cpus);
        }

        /** {@code policy4}: the stream's name for it in both layouts. */
        public String name() {
            return "policy" + number;
        }
    }

    public CpuFreqLayout {
        cpus = List.copyOf(cpus);
        policies = List.copyOf(policies);
    }

    /** The layout under {@code cpuDir} ({@code <sys>/devices/system/cpu}); empty where there is no cpufreq. */
    public static CpuFreqLayout of(Path cpuDir) {
        List<Cpu> cpus = new ArrayList<>();
        for (int n : listed(cpuDir, "cpu")) {
            Path dir = cpuDir.resolve("cpu" + n).resolve("cpufreq");
            if (Files.isDirectory(dir)) {
                cpus.add(new Cpu(n, dir));
            }
        }
        Path policyDir = cpuDir.resolve("cpufreq");
        List<Policy> policies = new ArrayList<>();
        for (int n : listed(policyDir, "policy")) {
            Path dir = policyDir.resolve("policy" + n);
            if (Files.isDirectory(dir)) {
                policies.add(new Policy(n, dir, sharing(dir, n)));
            }
        }
        if (!policies.isEmpty()) {
            return new CpuFreqLayout(true, cpus, policies);
        }
        Set<Integer> grouped = new HashSet<>();
        for (Cpu c : cpus) {
            if (grouped.contains(c.number())) {
                continue; // a CPU of a policy already found through an earlier CPU's copy
            }
            List<Integer> group = new ArrayList<>(sharing(c.dir(), c.number()));
            group.removeIf(grouped::contains); // copies that disagree: a CPU stays with the first policy that names it
            if (!group.contains(c.number())) {
                group.add(c.number()); // its own directory makes it one of the policy's CPUs
                group.sort(null);
            }
            grouped.addAll(group);
            policies.add(new Policy(group.get(0), c.dir(), group));
        }
        return new CpuFreqLayout(false, cpus, policies);
    }

    /** The CPUs a policy's directory says share its clock; CPU {@code n} alone when it names none. */
    private static List<Integer> sharing(Path dir, int n) {
        List<Integer> related = CpuList.parse(SysAttr.text(dir.resolve("related_cpus")));
        if (related.isEmpty()) {
            related = CpuList.parse(SysAttr.text(dir.resolve("affected_cpus")));
        }
        return related.isEmpty() ? List.of(n) : related;
    }

    private static List<Integer> listed(Path dir, String prefix) {
        try {
            return SysAttr.numbered(dir, prefix);
        } catch (IOException e) {
            return List.of(); // an unreadable directory holds nothing we can read
        }
    }

    /** Where the layout was looked for, for a reason that says what is missing. */
    public static String describe(Path cpuDir) {
        return cpuDir.resolve("cpufreq") + "/policyN nor " + cpuDir + "/cpuN/cpufreq";
    }
}
