package dev.tickbench.core.trigger;

import dev.tickbench.core.source.SystemRoots;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code psi RESOURCE some|full T in W [cgroup PATH]}: the kernel's own trigger. The poller's thread
 * counts the kernel's events (at most one per window, psi.rst); the next tick fires once for them, with
 * the pressure file's averages and total as they were at the last event.
 */
final class PsiTrigger extends Armed {
    private final AtomicInteger events = new AtomicInteger();
    private final PsiPoller poller;
    private final PsiMonitor monitor;

    PsiTrigger(String name, TriggerDefinition definition, SystemRoots roots, PsiPoller poller) {
        super(name, definition);
        this.poller = poller;
        PsiMonitor m = null;
        try {
            m = PsiMonitor.open(roots, (TriggerSpec.Psi) definition.spec(), events::incrementAndGet, this::absent);
        } catch (PsiMonitor.Unavailable e) {
            absent(e.getMessage());
        }
        this.monitor = m;
        if (m != null) {
            poller.add(m);
        }
    }

    @Override
    Fire evaluate(TickState tick, long monoNs) {
        int n = monitor == null ? 0 : events.getAndSet(0);
        if (n == 0) {
            return null;
        }
        TriggerSpec.Psi spec = (TriggerSpec.Psi) definition.spec();
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("events", n);
        values.put("file", monitor.file.toString());
        values.put("threshold_us", spec.thresholdUs());
        values.put("window_us", spec.windowUs());
        values.putAll(monitor.lastValues());
        return new Fire(values, -1);
    }

    @Override
    void close() {
        if (monitor != null) {
            poller.remove(monitor);
        }
    }
}
