package dev.tickbench.probe.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One in-process command line: exit status, stdout and stderr. */
record ProbeRun(int exit, String out, String err) {
    static ProbeRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = ProbeMain.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new ProbeRun(exit, out.toString(), err.toString());
    }
}
