package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The catalogue's {@code cpufreq}: {@code cpu<N>} = {@code /sys/devices/system/cpu/cpuN/cpufreq/scaling_cur_freq} (kHz) for every
 * CPU that has one, in either layout ({@link CpuFreqLayout}: a link into its policy's directory, or a
 * directory of its own). Attributes per CPU: governor and scaling min/max (kHz), read once at open (the
 * limits as they move are the {@code cpufreq_policy} source's). The rule is {@code policy} only while no
 * limit can move: every CPU is under the {@code userspace} governor (the clock cannot move without a
 * write) and no cooling device can lower a policy's {@code scaling_max_freq} (a {@code cpufreq-cpuN}
 * device, or an ACPI {@code Processor} one), which would move the clock with nobody writing
 * (docs/cadence.md); those devices are the attribute {@code limited_by}.
 */
final class CpuFreq extends CatalogueSource {
    private CadenceRule rule = new CadenceRule.CpuFreq(false);

    CpuFreq(Member member) {
        super(member);
    }

    /** Each CPU's {@code scaling_cur_freq}, in whichever layout the CPU has it ({@link CpuFreqLayout}). */
    @Override
    protected List<FileSetPaths.Found> find() {
        List<FileSetPaths.Found> out = new ArrayList<>();
        for (CpuFreqLayout.Cpu c :
                CpuFreqLayout.of(roots.sys("devices/system/cpu")).cpus()) {
            out.add(new FileSetPaths.Found(
                    c.dir().resolve("scaling_cur_freq"), Map.of("cpu", Integer.toString(c.number()))));
        }
        return out;
    }

    /** Each read CPU's governor and limits at open, the cooling devices that can move them, and so the rule. */
    @Override
    protected void opened(Map<String, Object> a) {
        boolean allUserspace = true;
        for (CpuFreqLayout.Cpu c :
                CpuFreqLayout.of(roots.sys("devices/system/cpu")).cpus()) {
            String key = Keys.cpu(c.number());
            if (values.indexOf(key, -1) < 0) {
                continue; // its clock could not be read
            }
            Path freqDir = c.dir();
            Map<String, Object> cpu = new LinkedHashMap<>();
            String governor = SysAttr.text(freqDir.resolve("scaling_governor"));
            Attributes.putIfPresent(cpu, "governor", governor);
            Attributes.putIfPresent(cpu, "min_khz", SysAttr.number(freqDir.resolve("scaling_min_freq")));
            Attributes.putIfPresent(cpu, "max_khz", SysAttr.number(freqDir.resolve("scaling_max_freq")));
            a.put(key, cpu);
            allUserspace &= "userspace".equals(governor);
        }
        List<String> limiting = clockCoolingDevices(roots.sys("class/thermal"));
        if (!limiting.isEmpty()) {
            a.put("limited_by", limiting);
        }
        rule = new CadenceRule.CpuFreq(allUserspace && limiting.isEmpty());
    }

    @Override
    public CadenceRule cadenceRule() {
        return rule;
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
}
