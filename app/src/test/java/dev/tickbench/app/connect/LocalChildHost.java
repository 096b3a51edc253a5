package dev.tickbench.app.connect;

import dev.tickbench.core.source.SystemRoots;
import java.util.Map;

/**
 * A stand-in for the workbench's JVM, run as a process of its own by {@link LocalProbeProcessTest}:
 * starts "this machine" as a probe process, prints {@code CHILD <pid>} once it streams, then waits to
 * be killed.
 */
public final class LocalChildHost {
    private LocalChildHost() {}

    public static void main(String[] args) throws Exception {
        LocalConnection local = new LocalConnection(
                LocalConnection.config(SystemRoots.live(), 20, null), Map.of(), LocalConnection.Mode.PROBE_PROCESS);
        local.start((b, o, l) -> {}, e -> {
            if (e instanceof ConnectionEvent.Connected c) {
                System.out.println("CHILD " + c.detail().replaceAll(".*probe process (\\d+).*", "$1"));
                System.out.flush();
            } else if (e instanceof ConnectionEvent.Failed f) {
                System.out.println("FAILED " + f.message());
                System.out.flush();
            }
        });
        Thread.sleep(Long.MAX_VALUE);
    }
}
