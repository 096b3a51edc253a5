package dev.tickbench.core.clock;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.source.CpuFreqCooling;
import dev.tickbench.core.source.CpuList;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * What the capabilities say about the clock's machinery, read once per session: the cpufreq policies
 * and their CPUs, the cooling devices and which CPU each caps, the thermal zones with their trips and
 * bindings, and the RAPL package zones with their constraints (FORMAT.md, the attributes of
 * {@code cpufreq_policy}, {@code cooling}, {@code thermal_zoneN}, {@code rapl} and {@code rapl_limits}).
 */
record ClockTopology(List<Policy> policies, List<Cooling> cooling, List<Zone> zones, List<RaplZone> rapl) {

    /** A cpufreq policy ({@code policy4}), or one CPU when the stream has no policies ({@code cpu4}). */
    record Policy(String name, List<Integer> cpus, String governor, String driver) {}

    /** A cooling device; {@code cpu} is the CPU it caps, -1 when it caps no one CPU we know. */
    record Cooling(String name, String type, int cpu) {
        /** A device that lowers a cpufreq policy's maximum (cpufreq cooling, ACPI processor cooling). */
        boolean capsClock() {
            return CpuFreqCooling.capsClock(type);
        }
    }

    record Trip(int index, String type, Long tempMc, Long hystMc) {}

    /** A binding of a cooling device to a zone: the trip it acts at (-1: none). */
    record Binding(String device, int trip) {}

    record Zone(String name, String type, List<Trip> trips, List<Binding> bindings) {
        Trip trip(int index) {
            for (Trip t : trips) {
                if (t.index() == index) {
                    return t;
                }
            }
            return null;
        }
    }

    /** A RAPL zone; {@code constraints} by index → name; {@code cpus} empty when not a package zone. */
    record RaplZone(String zone, String name, List<Integer> cpus, Map<Integer, String> constraints, boolean enabled) {
        boolean isPackage() {
            return name != null && name.startsWith("package-");
        }
    }

    static ClockTopology of(JsonNode capabilities) {
        JsonNode attrs = capabilities == null ? null : capabilities.path("attributes");
        if (attrs == null || !attrs.isObject()) {
            return new ClockTopology(List.of(), List.of(), List.of(), List.of());
        }
        List<Policy> policies = policies(attrs);
        return new ClockTopology(policies, cooling(attrs.path("cooling"), policies), zones(attrs), rapl(attrs));
    }

    /**
     * The policies of {@code cpufreq_policy} (read in either sysfs layout, docs/clock.md): their CPUs are
     * {@code related_cpus}, else {@code affected_cpus}, else CPU N of {@code policyN} alone, as the probe
     * grouped them. Without policies (a stream of an older probe), each CPU of {@code cpufreq} is its own.
     */
    private static List<Policy> policies(JsonNode attrs) {
        List<Policy> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it =
                        attrs.path("cpufreq_policy").fields();
                it.hasNext(); ) {
            Map.Entry<String, JsonNode> p = it.next();
            JsonNode a = p.getValue();
            List<Integer> cpus = CpuList.parse(text(a, "related_cpus"));
            if (cpus.isEmpty()) {
                cpus = CpuList.parse(text(a, "affected_cpus"));
            }
            int n = policyNumber(p.getKey());
            if (cpus.isEmpty() && n >= 0) {
                cpus = List.of(n);
            }
            out.add(new Policy(p.getKey(), cpus, text(a, "governor"), text(a, "driver")));
        }
        if (!out.isEmpty()) {
            return out;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = attrs.path("cpufreq").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> c = it.next();
            int cpu = cpuNumber(c.getKey());
            if (cpu >= 0) {
                out.add(new Policy(c.getKey(), List.of(cpu), text(c.getValue(), "governor"), null));
            }
        }
        return out;
    }

    /**
     * The cooling devices, each with the CPU whose policy it caps when the stream tells: an ACPI device's
     * physical node, the {@code cpufreq-cpuN} of its type, or, for an older kernel's
     * {@code thermal-cpufreq-N}, its place among them when there is one per policy: cpufreq-dt registers
     * a policy's cooling device as the policy comes up, in CPU order, so with as many devices as policies
     * the Nth in number is the Nth policy's. With fewer, which policies have one is unknown: -1.
     */
    private static List<Cooling> cooling(JsonNode cooling, List<Policy> policies) {
        List<Cooling> out = new ArrayList<>();
        List<Cooling> numbered = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = cooling.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> d = it.next();
            String type = text(d.getValue(), "type");
            int cpu = cpuNumber(text(d.getValue(), "cpu"));
            Cooling c = new Cooling(d.getKey(), type, cpu >= 0 ? cpu : CpuFreqCooling.cpu(type));
            out.add(c);
            if (c.cpu() < 0 && CpuFreqCooling.registered(type) >= 0) {
                numbered.add(c);
            }
        }
        List<Policy> byCpu = policies.stream()
                .filter(p -> !p.cpus().isEmpty())
                .sorted(java.util.Comparator.comparingInt(p -> p.cpus().get(0)))
                .toList();
        if (!numbered.isEmpty() && numbered.size() == byCpu.size()) {
            numbered.sort(java.util.Comparator.comparingInt(c -> CpuFreqCooling.registered(c.type())));
            for (int i = 0; i < numbered.size(); i++) {
                Cooling c = numbered.get(i);
                out.set(
                        out.indexOf(c),
                        new Cooling(c.name(), c.type(), byCpu.get(i).cpus().get(0)));
            }
        }
        return out;
    }

    private static List<Zone> zones(JsonNode attrs) {
        List<Zone> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = attrs.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> z = it.next();
            if (!z.getKey().matches("thermal_zone\\d+")) {
                continue;
            }
            List<Trip> trips = new ArrayList<>();
            List<Binding> bindings = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> f = z.getValue().fields(); f.hasNext(); ) {
                Map.Entry<String, JsonNode> e = f.next();
                JsonNode v = e.getValue();
                if (e.getKey().matches("trip\\d+")) {
                    trips.add(new Trip(
                            Integer.parseInt(e.getKey().substring(4)),
                            text(v, "type"),
                            number(v, "temp_mc"),
                            number(v, "hyst_mc")));
                } else if (e.getKey().matches("cdev\\d+") && v.hasNonNull("device")) {
                    bindings.add(
                            new Binding(v.get("device").asText(), v.path("trip").asInt(-1)));
                }
            }
            out.add(new Zone(z.getKey(), text(z.getValue(), "type"), trips, bindings));
        }
        return out;
    }

    private static List<RaplZone> rapl(JsonNode attrs) {
        List<RaplZone> out = new ArrayList<>();
        JsonNode limits = attrs.path("rapl_limits");
        for (Iterator<Map.Entry<String, JsonNode>> it = attrs.path("rapl").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> z = it.next();
            JsonNode l = limits.path(z.getKey());
            Map<Integer, String> constraints = new java.util.TreeMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> f = l.fields(); f.hasNext(); ) {
                Map.Entry<String, JsonNode> e = f.next();
                if (e.getKey().matches("constraint\\d+_name")) {
                    constraints.put(
                            Integer.parseInt(e.getKey().substring(10, e.getKey().indexOf('_'))),
                            e.getValue().asText());
                }
            }
            out.add(new RaplZone(
                    z.getKey(),
                    text(z.getValue(), "name"),
                    CpuList.parse(text(z.getValue(), "cpus")),
                    constraints,
                    l.path("enabled").asInt(1) != 0));
        }
        return out;
    }

    /** The policy a CPU belongs to, or null. */
    Policy policyOf(int cpu) {
        for (Policy p : policies) {
            if (p.cpus().contains(cpu)) {
                return p;
            }
        }
        return null;
    }

    /** {@code cpu4} → 4; -1 when not a CPU name. */
    static int cpuNumber(String name) {
        return numbered(name, "cpu");
    }

    /** {@code policy4} → 4; -1 when not a policy name. */
    static int policyNumber(String name) {
        return numbered(name, "policy");
    }

    private static int numbered(String name, String prefix) {
        if (name == null
                || !name.startsWith(prefix)
                || !name.substring(prefix.length()).matches("\\d{1,6}")) {
            return -1;
        }
        return Integer.parseInt(name.substring(prefix.length()));
    }

    private static String text(JsonNode o, String field) {
        JsonNode v = o.get(field);
        return v == null || v.isNull() || v.isContainerNode() ? null : v.asText();
    }

    private static Long number(JsonNode o, String field) {
        JsonNode v = o.get(field);
        return v != null && v.isNumber() ? v.asLong() : null;
    }
}
