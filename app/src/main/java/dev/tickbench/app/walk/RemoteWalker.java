package dev.tickbench.app.walk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.app.connect.ProbeCommands;
import dev.tickbench.core.cgroup.CgroupException;
import dev.tickbench.core.cgroup.WalkJson;
import dev.tickbench.core.cgroup.WalkResult;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Walks the connected target through its probe: {@code procs --json} for the process list and
 * {@code walk --pid P|--cgroup PATH --window W --json} for each window, run on the current session.
 * The probe's own one-line error (pid gone, path refused) is what the view shows.
 */
public final class RemoteWalker implements Walker {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ProbeCommands probe;

    public RemoteWalker(ProbeCommands probe) {
        this.probe = probe;
    }

    @Override
    public String note(Duration window) {
        return "walks " + probe.title() + " through its probe (walk --json over SSH), one " + window.toSeconds()
                + " s window after the other";
    }

    @Override
    public boolean remote() {
        return true;
    }

    @Override
    public List<ProcessRow> processes() throws IOException {
        ProbeCommands.Output o = probe.runProbe(List.of("procs", "--json"));
        if (o.exitStatus() == null || o.exitStatus() != 0) {
            throw new IOException(failure(o, "procs"));
        }
        JsonNode list = JSON.readTree(o.out()).path("processes");
        if (!list.isArray()) {
            throw new IOException("the process list from " + probe.title() + " has no \"processes\" array");
        }
        List<ProcessRow> rows = new ArrayList<>();
        for (JsonNode p : list) {
            JsonNode cgroup = p.path("cgroup");
            rows.add(new ProcessRow(
                    p.path("pid").asLong(),
                    p.path("command").asText("?"),
                    cgroup.isTextual() ? cgroup.asText() : null));
        }
        return rows;
    }

    @Override
    public WalkResult walk(String spec, Duration window) throws CgroupException, InterruptedException {
        List<String> args = new ArrayList<>(List.of(
                "walk",
                Walker.isPid(spec) ? "--pid" : "--cgroup",
                spec,
                "--window",
                window.toMillis() % 1000 == 0 ? window.toSeconds() + "s" : window.toMillis() + "ms",
                "--json"));
        ProbeCommands.Output o;
        try {
            o = probe.runProbe(args);
        } catch (IOException e) {
            throw new CgroupException("cannot walk on " + probe.title() + ": " + e.getMessage());
        }
        if (Thread.interrupted()) {
            throw new InterruptedException(); // stopped while the remote window ran
        }
        // a target removed during the window still prints what was read (and exits 1): show that
        if (o.exitStatus() != null && (o.exitStatus() == 0 || !o.out().isBlank())) {
            return WalkJson.read(o.out(), probe.title());
        }
        throw new CgroupException(failure(o, "walk"));
    }

    /** The probe's one-line message (its first stderr line), or what is known about the exit. */
    private String failure(ProbeCommands.Output o, String command) {
        String err = o.err().strip();
        if (!err.isEmpty()) {
            return err.lines().findFirst().orElse(err);
        }
        return o.exitStatus() == null
                ? "'" + command + "' on " + probe.title() + " did not finish in time"
                : "'" + command + "' on " + probe.title() + " exited with status " + o.exitStatus();
    }
}
