package dev.tickbench.core.sampler;

import dev.tickbench.core.source.HostInfo;
import dev.tickbench.core.source.Presence;
import dev.tickbench.core.source.Source;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the sampler found on this system: present sources, absent ones with reasons, kmsg, limits, host. */
final class SamplerEnvironment implements AutoCloseable {
    private final List<Source> present;
    private final Map<String, String> absent;
    private final KmsgFeed kmsg;
    private final LimitValue memoryMax;
    private final HostInfo host;

    SamplerEnvironment(
            List<Source> present, Map<String, String> absent, KmsgFeed kmsg, LimitValue memoryMax, HostInfo host) {
        this.present = List.copyOf(present);
        this.absent = new LinkedHashMap<>(absent);
        this.kmsg = kmsg;
        this.memoryMax = memoryMax;
        this.host = host;
    }

    /** Opens every candidate source; the ones that cannot be read are absent with the reason. */
    static SamplerEnvironment open(
            List<Source> candidates, Map<String, String> absent, KmsgFeed kmsg, LimitValue memoryMax, HostInfo host) {
        List<Source> ok = new ArrayList<>();
        Map<String, String> missing = new LinkedHashMap<>(absent);
        for (Source s : candidates) {
            Presence p = s.open();
            if (p.present()) {
                ok.add(s);
            } else {
                missing.put(s.name(), p.reason());
                closeQuietly(s);
            }
        }
        return new SamplerEnvironment(ok, missing, kmsg, memoryMax, host);
    }

    List<Source> present() {
        return present;
    }

    Map<String, String> absent() {
        return absent;
    }

    KmsgFeed kmsg() {
        return kmsg;
    }

    LimitValue memoryMax() {
        return memoryMax;
    }

    HostInfo host() {
        return host;
    }

    @Override
    public void close() {
        for (Source s : present) {
            closeQuietly(s);
        }
        if (kmsg != null) {
            kmsg.close();
        }
    }

    private static void closeQuietly(Source s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing a kernel file cannot lose data
        }
    }
}
