package dev.tickbench.probe.cli;

import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.text.InertText;
import dev.tickbench.core.trigger.TriggerDefinition;
import dev.tickbench.core.trigger.TriggerParser;
import dev.tickbench.core.trigger.TriggerSet;
import dev.tickbench.core.trigger.TriggerState;
import dev.tickbench.core.trigger.TriggerStatus;
import dev.tickbench.core.trigger.TriggerSyntaxException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --trigger EXPR} (repeatable), for {@code stream}, {@code record} and {@code serve}: parsed
 * before anything starts (a bad one is a usage error naming its column, exit 2), armed on the session
 * (docs/triggers.md).
 */
public final class TriggerOptions {
    @Spec(Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--trigger",
            paramLabel = "EXPR",
            description =
                    "arm a trigger (repeatable; docs/triggers.md): 'psi cpu some 150ms in 1s [cgroup PATH]',"
                            + " 'kmsg ~ /REGEX/', 'SERIES > N [for 2s]', 'SERIES rising [after 10s flat]'; 'NAME: EXPR' names it")
    List<String> expressions = new ArrayList<>();

    private List<TriggerDefinition> parsed;

    public boolean given() {
        return !expressions.isEmpty();
    }

    /** Parses every expression: the first bad one is a usage error with its column and a pointer. */
    public void validate() {
        List<TriggerDefinition> out = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        if (expressions.size() > TriggerSet.MAX_TRIGGERS) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "at most " + TriggerSet.MAX_TRIGGERS + " --trigger at once, got " + expressions.size());
        }
        for (String e : expressions) {
            try {
                TriggerDefinition d = TriggerParser.parse(e, SeriesCatalogue.standard());
                if (d.label() != null && !labels.add(d.label())) {
                    throw new TriggerSyntaxException(
                            e, e.indexOf(d.label()), "two triggers are named '" + d.label() + "'");
                }
                out.add(d);
            } catch (TriggerSyntaxException x) {
                List<String> lines = new ArrayList<>();
                lines.add("--trigger '" + x.expression().replaceAll("\\p{Cntrl}", "?") + "': " + x.getMessage());
                lines.addAll(List.of(x.pointer().split("\n", -1)));
                throw new PointedUsageError(spec.commandLine(), lines);
            }
        }
        parsed = out;
    }

    /**
     * Arms the triggers on {@code set}; one that can never fire here gets a warning with the reason.
     *
     * @return how many can fire
     */
    public int arm(TriggerSet set, PrintWriter err, String command) {
        return arm(set, err, command, true);
    }

    /** As {@link #arm(TriggerSet, PrintWriter, String)}; {@code tell} false: only the warnings. */
    public int arm(TriggerSet set, PrintWriter err, String command, boolean tell) {
        if (parsed == null) {
            validate();
        }
        int live = 0;
        for (TriggerDefinition d : parsed) {
            TriggerStatus s;
            try {
                s = set.arm(d);
            } catch (TriggerSyntaxException e) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(), "--trigger '" + d.text() + "': " + e.getMessage());
            }
            if (s.state() == TriggerState.ABSENT) {
                err.println("tickbench-probe " + command + ": warning: trigger " + s.name() + " ("
                        + InertText.line(s.expression()) + ") can never fire here: " + InertText.line(s.absent()));
            } else {
                if (tell) {
                    err.println("tickbench-probe " + command + ": armed " + InertText.line(s.labelled()));
                }
                live++;
            }
        }
        err.flush();
        return live;
    }
}
