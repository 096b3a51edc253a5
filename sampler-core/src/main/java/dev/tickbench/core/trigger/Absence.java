package dev.tickbench.core.trigger;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Why a trigger can never fire on this session, from the sampler's capabilities (FORMAT.md): the source
 * it reads is absent (with the sampler's own reason), or it reads a cgroup the session does not sample.
 * A PSI trigger's reason is the kernel's, when it refuses (PsiMonitor).
 */
final class Absence {
    private Absence() {}

    /** The reason, or null when it can fire (or there are no capabilities to tell). */
    static String of(TriggerSpec spec, JsonNode capabilities) {
        if (capabilities == null) {
            return null;
        }
        if (spec instanceof TriggerSpec.Kmsg) {
            return source("kmsg", capabilities);
        }
        SeriesRef ref = spec instanceof TriggerSpec.Condition c
                ? c.series()
                : spec instanceof TriggerSpec.Change ch ? ch.series() : null;
        if (ref == null) {
            return null;
        }
        if (ref.source().equals("cgroup_cpu")) {
            String path = ref.subject() != null
                    ? ref.subject()
                    : ref.key().contains("|") ? ref.key().substring(0, ref.key().lastIndexOf('|')) : ref.key();
            JsonNode cgroup = capabilities.get("cgroup");
            if (cgroup == null) {
                return "the session samples no cgroup: start it with --cgroup " + path
                        + " (or a cgroup below it, or --pid) to read " + ref.name();
            }
            for (JsonNode level : cgroup.path("levels")) {
                if (level.asText().equals(path)) {
                    return source("cgroup_cpu", capabilities);
                }
            }
            return "the session samples the cgroup " + cgroup.path("target").asText() + " and its ancestors, not "
                    + path + ": start it with --cgroup " + path + " or a cgroup below it";
        }
        return source(ref.source(), capabilities);
    }

    private static String source(String source, JsonNode capabilities) {
        JsonNode present = capabilities.path("sources").get(source);
        if (present == null) {
            return "this machine has no source " + source;
        }
        if (present.asBoolean()) {
            return null;
        }
        return source + " is absent: "
                + capabilities.path("absent").path(source).asText("the sampler gave no reason");
    }
}
