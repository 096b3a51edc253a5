package dev.tickbench.app.connect;

import java.util.ArrayList;
import java.util.List;

/**
 * What to ask the probe's {@code stream} command for: rate, FLOOR_HZ, cgroup targets and the
 * throttle ceiling (null = the probe's default).
 */
public record StreamRequest(int rateHz, int floorHz, List<Long> pids, List<String> cgroups, Integer ceiling) {
    public StreamRequest {
        pids = List.copyOf(pids);
        cgroups = List.copyOf(cgroups);
    }

    public static StreamRequest of(int rateHz, int floorHz) {
        return new StreamRequest(rateHz, floorHz, List.of(), List.of(), null);
    }

    /** The arguments after {@code stream}, each a separate word. */
    public List<String> streamArgs() {
        List<String> args = new ArrayList<>(List.of("stream", "--rate", Integer.toString(rateHz),
                "--floor-hz", Integer.toString(floorHz)));
        for (long pid : pids) {
            args.add("--pid");
            args.add(Long.toString(pid));
        }
        for (String cgroup : cgroups) {
            args.add("--cgroup");
            args.add(cgroup);
        }
        if (ceiling != null) {
            args.add("--ceiling");
            args.add(ceiling.toString());
        }
        return args;
    }

    /** Words joined into one remote shell command line, each quoted where the shell would split it. */
    static String shellJoin(List<String> words) {
        StringBuilder b = new StringBuilder();
        for (String w : words) {
            if (!b.isEmpty()) {
                b.append(' ');
            }
            b.append(shellQuote(w));
        }
        return b.toString();
    }

    static String shellQuote(String word) {
        if (!word.isEmpty() && word.chars().allMatch(c -> Character.isLetterOrDigit(c) || "-_./=:,+@%".indexOf(c) >= 0)) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
