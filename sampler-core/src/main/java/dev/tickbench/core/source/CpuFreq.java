package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * cpufreq: {@code cpu<N>} = {@code /sys/devices/system/cpu/cpuN/cpufreq/scaling_cur_freq} (kHz) for every
 * CPU that has one. Attributes per CPU: governor and scaling min/max (kHz), read once at open. The
 * rule is {@code policy} only when every CPU is under the {@code userspace} governor (the clock cannot
 * move without a write).
 */
public final class CpuFreq implements Source {
    private final Path cpuDir;
    private final ValueTable values = new ValueTable();
    private final NumberFiles files = new NumberFiles();
    private Map<String, Object> attributes = Map.of();
    private CadenceRule rule = new CadenceRule.CpuFreq(false);

    public CpuFreq(SystemRoots roots) {
        this.cpuDir = roots.sys("devices/system/cpu");
    }

    @Override
    public String name() {
        return "cpufreq";
    }

    @Override
    public SourceKind kind() {
        return SourceKind.LEVEL;
    }

    @Override
    public Presence open() {
        close(); // re-opening starts afresh
        List<Integer> cpus = new ArrayList<>();
        if (Files.isDirectory(cpuDir)) {
            try (Stream<Path> s = Files.list(cpuDir)) {
                s.map(p -> SysAttr.suffixNumber(p.getFileName().toString(), "cpu"))
                        .filter(n -> n >= 0)
                        .sorted()
                        .forEach(cpus::add);
            } catch (IOException e) {
                return Presence.absent("cannot list " + cpuDir + ": " + e.getMessage());
            }
        }
        Map<String, Object> a = new LinkedHashMap<>();
        boolean allUserspace = true;
        String firstFailure = null;
        for (int n : cpus) {
            Path freqDir = cpuDir.resolve("cpu" + n).resolve("cpufreq");
            Path cur = freqDir.resolve("scaling_cur_freq");
            if (!Files.exists(cur)) {
                continue;
            }
            try {
                files.add(Keys.cpu(n), cur);
            } catch (IOException e) {
                firstFailure = firstFailure != null ? firstFailure : FileSource.reason(cur, e, "no " + cur);
                continue;
            }
            Map<String, Object> cpu = new LinkedHashMap<>();
            String governor = SysAttr.text(freqDir.resolve("scaling_governor"));
            putIfPresent(cpu, "governor", governor);
            putIfPresent(cpu, "min_khz", SysAttr.number(freqDir.resolve("scaling_min_freq")));
            putIfPresent(cpu, "max_khz", SysAttr.number(freqDir.resolve("scaling_max_freq")));
            a.put(Keys.cpu(n), Collections.unmodifiableMap(cpu));
            allUserspace &= "userspace".equals(governor);
        }
        if (files.isEmpty()) {
            return Presence.absent(firstFailure != null ? firstFailure
                    : "no cpufreq on this board (no " + cpuDir + "/cpuN/cpufreq/scaling_cur_freq)");
        }
        try {
            read();
        } catch (IOException e) {
            close();
            return Presence.absent("cannot read cpufreq: " + e.getMessage());
        }
        attributes = Collections.unmodifiableMap(a);
        rule = new CadenceRule.CpuFreq(allUserspace);
        return Presence.PRESENT;
    }

    private static void putIfPresent(Map<String, Object> m, String key, Object value) {
        if (value != null) {
            m.put(key, value);
        }
    }

    @Override
    public CadenceRule cadenceRule() {
        return rule;
    }

    @Override
    public void read() throws IOException {
        files.read(values);
    }

    @Override
    public ValueTable values() {
        return values;
    }

    @Override
    public Map<String, Object> attributes() {
        return attributes;
    }

    @Override
    public void close() {
        files.close();
    }
}
