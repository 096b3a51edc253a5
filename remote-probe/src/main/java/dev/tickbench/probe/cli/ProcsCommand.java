package dev.tickbench.probe.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.tickbench.core.cgroup.ProcessCgroup;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.core.text.InertText;
import dev.tickbench.probe.common.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code procs}: the processes a walk can target, with the cgroup each is in (the workbench's target
 * picker on a remote host). JSON: {@code {"processes":[{"pid","command","cgroup","cgroup_v2","cgroup_v1_cpu"}…]}},
 * {@code cgroup} being the path a walk of that pid uses; a missing path is null.
 */
@Command(name = "procs", mixinStandardHelpOptions = true,
        description = "List processes with their cgroup (v2 '0::' path and v1 cpu path), for picking a walk target.")
public final class ProcsCommand implements Callable<Integer> {
    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--json", description = "print the list as JSON (for tools) instead of a table")
    boolean json;

    @Option(names = "--proc-root", paramLabel = "DIR", description = "proc root (default: /proc)")
    Path procRoot = SystemRoots.LIVE_PROC;

    @Override
    public Integer call() throws IOException {
        List<ProcessCgroup> procs;
        try {
            procs = ProcessCgroup.list(SystemRoots.of(procRoot, SystemRoots.LIVE_SYS));
        } catch (IOException e) {
            throw new UserError("cannot list processes under " + procRoot + ": " + e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.print(json(procs) + "\n");
        } else {
            out.printf("%8s  %-40s  %s%n", "PID", "COMMAND", "CGROUP");
            for (ProcessCgroup p : procs) {
                // a command line or a cgroup name is anyone's text: escaped, it cannot forge a row or drive the terminal
                String cmd = InertText.line(p.command());
                cmd = cmd.length() > 40 ? cmd.substring(0, 39) + "…" : cmd;
                out.printf("%8d  %-40s  %s%n", p.pid(), cmd, p.cgroup() == null ? "-" : InertText.line(p.cgroup()));
            }
        }
        out.flush();
        return 0;
    }

    static String json(List<ProcessCgroup> procs) throws IOException {
        java.io.StringWriter w = new java.io.StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(w)) {
            g.writeStartObject();
            g.writeArrayFieldStart("processes");
            for (ProcessCgroup p : procs) {
                g.writeStartObject();
                g.writeNumberField("pid", p.pid());
                g.writeStringField("command", p.command());
                g.writeStringField("cgroup", p.cgroup());
                g.writeStringField("cgroup_v2", p.cgroupV2());
                g.writeStringField("cgroup_v1_cpu", p.cgroupV1Cpu());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        return w.toString();
    }
}
