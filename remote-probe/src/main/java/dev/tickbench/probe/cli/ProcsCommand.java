package dev.tickbench.probe.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.tickbench.core.cgroup.ProcessCgroup;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.core.text.InertText;
import dev.tickbench.core.text.JsonOutput;
import dev.tickbench.probe.common.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code procs}: the processes a walk can target, with the cgroup each is in (the workbench's target
 * picker on a remote host). JSON: {@code {"processes":[{"pid","command","command_cut","cgroup","cgroup_v2",
 * "cgroup_v1_cpu"}…]}}, {@code cgroup} being the path a walk of that pid uses; a missing path is null.
 * A command line is read to {@value ProcessCgroup#COMMAND_BYTES} bytes ({@code command_cut} says it was
 * longer). Rows are read and written one at a time: the list of a host's processes is never held.
 */
@Command(
        name = "procs",
        mixinStandardHelpOptions = true,
        description = "List processes with their cgroup (v2 '0::' path and v1 cpu path), for picking a walk target.")
public final class ProcsCommand implements Callable<Integer> {
    private static final int TABLE_COMMAND = 40;
    /** JSON with no raw control or bidi character: command lines and cgroup names are anyone's text. */
    private static final JsonFactory JSON = JsonOutput.newFactory();

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--json", description = "print the list as JSON (for tools) instead of a table")
    boolean json;

    @Option(names = "--proc-root", paramLabel = "DIR", description = "proc root (default: /proc)")
    Path procRoot = SystemRoots.LIVE_PROC;

    @Override
    public Integer call() throws IOException {
        SystemRoots roots = SystemRoots.of(procRoot, SystemRoots.LIVE_SYS);
        long[] pids;
        try {
            pids = ProcessCgroup.pids(roots);
        } catch (IOException e) {
            throw new UserError("cannot list processes under " + procRoot + ": " + e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            json(roots, pids, out);
        } else {
            out.printf("%8s  %-" + TABLE_COMMAND + "s  %s%n", "PID", "COMMAND", "CGROUP");
            for (long pid : pids) {
                ProcessCgroup p = ProcessCgroup.read(roots, pid);
                if (p != null) {
                    out.print(row(p));
                }
            }
        }
        out.flush();
        return 0;
    }

    static String row(ProcessCgroup p) {
        // a command line or a cgroup name is anyone's text: escaped, it cannot forge a row or drive the terminal
        String cmd = InertText.line(p.command());
        if (cmd.length() > TABLE_COMMAND || p.commandCut()) {
            cmd = cmd.substring(0, Math.min(cmd.length(), TABLE_COMMAND - 1)) + "…";
        }
        return String.format(
                "%8d  %-" + TABLE_COMMAND + "s  %s%n",
                p.pid(),
                cmd,
                p.cgroup() == null ? "-" : InertText.line(p.cgroup()));
    }

    /** The JSON document, one process at a time. */
    static void json(SystemRoots roots, long[] pids, Writer out) throws IOException {
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.disable(
                    JsonGenerator.Feature.AUTO_CLOSE_TARGET); // stdout, or an SSH channel: not the generator's to close
            g.writeStartObject();
            g.writeArrayFieldStart("processes");
            for (long pid : pids) {
                ProcessCgroup p = ProcessCgroup.read(roots, pid);
                if (p == null) {
                    continue;
                }
                g.writeStartObject();
                g.writeNumberField("pid", p.pid());
                g.writeStringField("command", p.command());
                g.writeBooleanField("command_cut", p.commandCut());
                g.writeStringField("cgroup", p.cgroup());
                g.writeStringField("cgroup_v2", p.cgroupV2());
                g.writeStringField("cgroup_v1_cpu", p.cgroupV1Cpu());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.write('\n');
    }
}
