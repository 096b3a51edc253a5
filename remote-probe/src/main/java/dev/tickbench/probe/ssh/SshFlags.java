package dev.tickbench.probe.ssh;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * Over SSH a command may not be told to read or write a file on the probe host: the probe may run as
 * root (or with CAP_DAC_READ_SEARCH), so a flag naming a file would hand every file on the host to
 * whoever holds a key. The rule is by type, not by a list of names: any option or parameter whose
 * value is a path ({@code --proc-root}, {@code --sys-root}, {@code --out}, {@code --input}, …) is
 * refused, including ones added later. {@code throttle replay} reads its series from stdin instead.
 */
final class SshFlags {
    private SshFlags() {}

    /**
     * Null when the words name no file, else the refusal. A command line that does not parse is left to
     * the command itself (it prints the usage error, exit 2).
     */
    static String refusal(CommandLine cl, List<String> words) {
        ParseResult parsed;
        try {
            parsed = cl.parseArgs(words.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            return null;
        }
        for (ParseResult r = parsed; r != null; r = r.subcommand()) {
            for (ArgSpec arg : r.matchedArgs()) {
                if (namesAFile(arg)) {
                    String name = arg instanceof OptionSpec o ? o.longestName() : arg.paramLabel();
                    return "'" + name + "' is not offered over SSH: it names a file on the probe host"
                            + (isReplay(r) ? "; send the iowait series on stdin instead" : "");
                }
            }
        }
        return null;
    }

    private static boolean namesAFile(ArgSpec arg) {
        Class<?> t = arg.type();
        if (Path.class.isAssignableFrom(t) || File.class.isAssignableFrom(t)) {
            return true;
        }
        for (Class<?> aux : arg.auxiliaryTypes()) {
            if (Path.class.isAssignableFrom(aux) || File.class.isAssignableFrom(aux)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isReplay(ParseResult r) {
        return r.commandSpec().qualifiedName().endsWith("throttle replay");
    }
}
