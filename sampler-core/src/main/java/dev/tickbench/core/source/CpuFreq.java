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

/**
 * cpufreq: {@code cpu<N>} = {@code /sys/devices/system/cpu/cpuN/cpufreq/scaling_cur_freq} (kHz) for every
 * CPU that has one, in either layout ({@link CpuFreqLayout}: a link into its policy's directory, or a
 * directory of its own). Attributes per CPU: governor and scaling min/max (kHz), read once at open (the
 * limits as they move are the {@code cpufreq_policy} source's). The rule is {@code policy} only while no
 * limit can move: every CPU is under the {@code userspace} governor (the clock cannot move without a
 * write) and no cooling device can lower a policy's {@code scaling_max_freq} (a {@code cpufreq-cpuN}
 * device, or an ACPI {@code Processor} one), which would move the clock with nobody writing
 * (docs/cadence.md); those devices are the attribute {@code limited_by}.
 */
public final class CpuFreq implements Source {
    private final Path cpuDir;
    private final Path thermalDir;
    private final ValueTable values = new ValueTable();
    private final NumberFiles files = new NumberFiles();
    private Map<String, Object> attributes = Map.of();
    private CadenceRule rule = new CadenceRule.CpuFreq(false);

    public CpuFreq(SystemRoots roots) {
        this.cpuDir = roots.sys("devices/system/cpu");
        this.thermalDir = roots.sys("class/thermal");
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
        Map<String, Object> a = new LinkedHashMap<>();
        boolean allUserspace = true;
        String firstFailure = null;
        for (CpuFreqLayout.Cpu c : CpuFreqLayout.of(cpuDir).cpus()) {
            int n = c.number();
            Path freqDir = c.dir();
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
        List<String> limiting = clockCoolingDevices(thermalDir);
        if (!limiting.isEmpty()) {
            a.put("limited_by", limiting);
        }
        attributes = Collections.unmodifiableMap(a);
        rule = new CadenceRule.CpuFreq(allUserspace && limiting.isEmpty());
        return Presence.PRESENT;
    }

    /**
     * The cooling devices that can lower a cpufreq policy's limit while the system runs, as
     * {@code cooling_deviceN (type)}: cpufreq cooling and ACPI processor cooling ({@link CpuFreqCooling}).
     */
    static List<String> clockCoolingDevices(Path thermalDir) {
        List<String> out = new ArrayList<>();
        List<Integer> devices;
        try {
            devices = SysAttr.numbered(thermalDir, "cooling_device");
        } catch (IOException e) {
            return out; // no cooling devices to tell
        }
        for (int n : devices) {
            String type = SysAttr.text(thermalDir.resolve("cooling_device" + n).resolve("type"));
            if (CpuFreqCooling.capsClock(type)) {
                out.add("cooling_device" + n + " (" + type + ")");
            }
        }
        return out;
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
